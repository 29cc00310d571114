import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, COMMANDS, SERVED_COMMANDS } from '@svc/contracts/commands';
import { harness, problemReply } from '../test/harness';
import { firstJsonFault, jsonSyntaxDetail } from './internal/read-problem';
import { solveCommand } from './internal/commands/solve';
import { commandHelp, generalHelp } from './internal/help-text';

const ROOT = resolve(__dirname, '..', '..', '..');

describe('first contact', () => {
  it('`npm start` builds the svc bundle too, so `npx svc` works after the quick start', () => {
    const start = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start as string;
    expect(start).toMatch(/nx run-many -t build -p (http cli|cli http)\b/);
  });

  it('the launcher without a bundle says how to build it and exits 3, not 1 (retryable)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-launcher-'));
    try {
      mkdirSync(join(dir, 'bin'));
      copyFileSync(join(ROOT, 'apps', 'cli', 'bin', 'svc.mjs'), join(dir, 'bin', 'svc.mjs'));
      const r = spawnSync(process.execPath, [join(dir, 'bin', 'svc.mjs'), 'capabilities'], { encoding: 'utf8' });
      expect(r.status).toBe(3);
      expect(r.stderr).toContain('the CLI is not built');
      expect(r.stderr).toContain('npx nx run cli:build');
      expect(r.stderr).not.toMatch(/retry/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('first contact: messages a new user understands', () => {
  it('a fault found locally claims no HTTP status and says nothing was sent (exit and code unchanged)', async () => {
    const h = harness({ files: { 'p.json': '{"n": 3,}' } });
    const r = await h.run('maxcut', '--input', 'p.json');
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/^svc: SVC_INVALID_INPUT \(checked locally, nothing was sent\): /);
    expect(r.err).not.toContain('HTTP');
    expect(h.sent()).toEqual([]);
    const json = await h.run('maxcut', '--input', 'p.json', '--format', 'json');
    expect(json.json()).toMatchObject({ code: 'SVC_INVALID_INPUT' });
    expect('status' in json.json()).toBe(false);
    // CLI-local codes the catalogue gives no status carry none (was a made-up 400), and keep their exit code.
    const usage = await harness().run('maxcut', '--frobnicate', '--format', 'json');
    expect([usage.code, usage.json().code, 'status' in usage.json()]).toEqual([3, 'SVC_CLIENT', false]);
    const down = await harness({ stdin: '{"description":"a real decision here","n":3}', reply: () => new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }) }).run('maxcut', '--format', 'json');
    expect([down.code, down.json().code, 'status' in down.json()]).toEqual([1, 'SVC_NETWORK', false]);
    // Every document svc or its client builds links the configured service's reference page.
    expect([json.json().type, usage.json().type, down.json().type]).toEqual([
      'http://svc.test/errors/SVC_INVALID_INPUT', 'http://svc.test/errors/SVC_CLIENT', 'http://svc.test/errors/SVC_NETWORK',
    ]);
    const skipped = await harness({ files: { 'p.ndjson': '{"n": 3,}\n{"description":"a real decision here","n":3}\n' }, env: { SVC_BASE_URL: 'https://svc.example.org/' } })
      .run('batch', 'maxcut', '--input', 'p.ndjson', '--fail-fast', '--format', 'json');
    expect(skipped.out.trim().split('\n').map((l) => JSON.parse(l).error?.type)).toEqual([
      'https://svc.example.org/errors/SVC_INVALID_INPUT', 'https://svc.example.org/errors/SVC_SKIPPED',
    ]);
  });

  it('a key written twice is refused locally, naming it (JSON would keep only the last)', async () => {
    const h = harness({ files: { 'p.json': '{"description":"a real decision here","n":2,"edges":[],"n":3}' } });
    const r = await h.run('maxcut', '--input', 'p.json', '--format', 'json');
    expect([r.code, r.json().code, r.json().field]).toEqual([3, 'SVC_INVALID_INPUT', '(root)']);
    expect(r.json().detail).toContain('the key "n" is given twice');
    expect(h.sent()).toEqual([]);
  });

  it('a fault the service answered still names its HTTP status', async () => {
    const h = harness({ stdin: '{"description":"a real decision here","n":3}', reply: (c) => (c.url.pathname.startsWith('/api/v1/solve') ? problemReply(422, 'SVC_INVALID_INPUT') : undefined) });
    const r = await h.run('maxcut');
    expect(r.err).toMatch(/^svc: SVC_INVALID_INPUT \(HTTP 422\): /);
  });

  it('a JSON syntax error names the line and column', async () => {
    const r = await harness({ files: { 'p.json': '{\n  "n": 3\n  "edges": []\n}' } }).run('maxcut', '--input', 'p.json');
    expect(r.err).toContain("Expected ',' or '}' after property value (found \"\\\"\" at line 3, column 3)");
    const cut = await harness({ files: { 'p.json': '{"n": [1, 2\n' } }).run('maxcut', '--input', 'p.json');
    expect(cut.err).toContain('the text ends before the JSON is complete (line 1, column 12)');
  });

  it('a JSON syntax error Node reports without a position still gets its line and column', async () => {
    const text = '{"n": 3,\n "edges": [[0,1,1],]}';
    const r = await harness({ files: { 'p.json': text } }).run('maxcut', '--input', 'p.json');
    expect(r.err).toMatch(/ \(found "]" at line 2, column 20\)\.$/m);
    expect(r.err).not.toContain('[[0,1,1],]}" is not valid JSON'); // Node 20 echoes the text; only the token is kept
    const long = `{"description": "${'x'.repeat(60)}", "edges": [[0,1,1]] "n": 2}`;
    expect(jsonSyntaxDetail(long, new SyntaxError(`Unexpected string, ..."[0,1,1]] "n": 2}"... is not valid JSON`))).toBe('Unexpected string (found "\\"" at line 1, column 100)');
  });

  it('firstJsonFault finds where the grammar breaks, or null for valid JSON', () => {
    for (const ok of ['{}', ' [1, -2.5e3, "a\\u00e9", true, null, {"k": []}] ', '"x"']) expect(firstJsonFault(ok)).toBeNull();
    expect(firstJsonFault('[1,]')).toBe(3);
    expect(firstJsonFault('{"a" 1}')).toBe(5);
    expect(firstJsonFault("{'a': 1}")).toBe(1);
    expect(firstJsonFault('[01]')).toBe(2);
    expect(firstJsonFault('{"a": 1} x')).toBe(9);
    expect(firstJsonFault('"a\\q"')).toBe(3);
  });

  it('a missing --input file, empty stdin and a non-object say what to do', async () => {
    const missing = await harness().run('maxcut', '--input', 'nope.json');
    expect(missing.err).toContain('Cannot read --input nope.json: no such file (ENOENT).');
    expect(missing.err).toContain('help: Check the path (a relative one is read from the directory svc runs in)');
    expect(missing.err).not.toContain('Unknown flag or command');
    const empty = await harness({ stdin: '' }).run('maxcut');
    expect([empty.code, empty.err]).toEqual([3, expect.stringContaining('The problem from stdin is empty: nothing was piped in.')]);
    expect(empty.err).toContain("help: Give a JSON object, e.g. `echo '{");
    const array = await harness({ stdin: '[1]' }).run('maxcut');
    expect(array.err).toContain('must be one JSON object ({...}), got an array.');
  });

  it('SVC_BASE_URL that is not a URL is blamed, not the config file, with an example', async () => {
    const r = await harness({ stdin: '{}', env: { SVC_BASE_URL: 'notaurl' } }).run('optimize');
    expect(r.code).toBe(3);
    expect(r.err).toContain('SVC_BASE_URL is not a valid http(s) URL: "notaurl".');
    expect(r.err).toContain('export SVC_BASE_URL=http://127.0.0.1:8080');
    expect(r.err).not.toContain('config file');
    const json = await harness({ stdin: '{}', env: { SVC_BASE_URL: 'ftp://x' } }).run('optimize', '--format', 'json');
    expect(json.json()).toMatchObject({ code: 'SVC_CONFIG_INVALID', field: 'SVC_BASE_URL' });
  });

  it('a mistyped command or flag gets a suggestion', async () => {
    const cmd = await harness().run('optimze');
    expect([cmd.code, cmd.err]).toEqual([3, expect.stringContaining('Unknown command "optimze". Did you mean optimize?')]);
    const flag = await harness().run('maxcut', '--efort', 'high');
    expect([flag.code, flag.err]).toEqual([3, expect.stringContaining('Unknown flag --efort. Did you mean --effort?')]);
  });
});

describe('first contact: svc --help lists the global flags of the contract', () => {
  it('lists the output flags and the solve flags interface §4 calls global', async () => {
    const help = (await harness().run('--help')).out;
    for (const f of ['--format', '--out', '--fields', '--compact', '--effort', '--seed', '--max-latency-ms', '--input', '--model', '--binary', '--dry-run', '--max-compute-units', '--no-wait']) {
      expect(help.split('Run `svc <command> --help`')[0].slice(help.indexOf('Global options:')), f).toContain(`  ${f} `);
    }
  });

  it('says on stderr when it waits for a Retry-After, and honours the service\'s 60 s one', async () => {
    let calls = 0;
    const h = harness({
      stdin: '{"description":"a real decision here","n":3}',
      reply: (c) => (c.url.pathname.startsWith('/api/v1/solve') ? (calls++ === 0 ? problemReply(429, 'SVC_COMPUTE_RATE_LIMIT', { retry_after: 60 }, { 'retry-after': '60' }) : Response.json({ answer: [0, 1, 1], cut_value: 2 })) : undefined),
    });
    const r = await h.run('maxcut', '--format', 'json');
    expect([r.code, calls]).toEqual([0, 2]);
    expect(r.err).toContain('svc: SVC_COMPUTE_RATE_LIMIT (HTTP 429); retry 1 of 2 in 60 s, as the service asked (Retry-After)');
  });
});

describe('first contact: help says which commands this version serves', () => {
  it('svc --help marks exactly the commands the catalogue does not serve', async () => {
    const help = (await harness().run('--help')).out;
    for (const c of COMMANDS) {
      const row = help.split('\n').find((l) => l.startsWith(`  ${c} `));
      expect(row, c).toBeDefined();
      expect(row!.endsWith('(not available yet)'), c).toBe(CATALOGUE[c].status !== 'served');
    }
    expect(help.match(/\(not available yet\)/g) ?? []).toHaveLength(COMMANDS.length - SERVED_COMMANDS.length);
  });

  it('svc <served command> --help does not say "not available yet"', async () => {
    for (const c of SERVED_COMMANDS) expect((await harness().run(c, '--help')).out, c).not.toContain('not available yet');
  });

  it('a command the catalogue declares not available yet is marked in svc --help and its own --help says the service answers 404', () => {
    // An injected catalogue: every command is served today, so the first is made unserved here.
    const unserved = solveCommand(COMMANDS[0], CATALOGUE[COMMANDS[0]].purpose, false);
    const row = generalHelp([unserved]).split('\n').find((l) => l.startsWith(`  ${COMMANDS[0]} `));
    expect(row).toMatch(/\(not available yet\)$/);
    const own = commandHelp(unserved);
    expect(own).toContain('(not available yet)');
    expect(own).toContain(`${COMMANDS[0]} is not available yet on this version of the service: the request is still sent, and the service answers 404 SVC_UNSUPPORTED (exit 3).`);
    expect(commandHelp(solveCommand(COMMANDS[0], CATALOGUE[COMMANDS[0]].purpose))).not.toContain('not available yet');
  });
});

describe('first contact: SVC_RETRY_MAX_WAIT caps the wait for a Retry-After', () => {
  it('a Retry-After past the cap ends the retries at once (exit 1); a bad value is SVC_CONFIG_INVALID', async () => {
    let calls = 0;
    const h = harness({
      stdin: '{"description":"a real decision here","n":3}', env: { SVC_RETRY_MAX_WAIT: '15' },
      reply: (c) => (c.url.pathname.startsWith('/api/v1/solve') ? (calls++, problemReply(429, 'SVC_COMPUTE_RATE_LIMIT', { retry_after: 60 }, { 'retry-after': '60' })) : undefined),
    });
    const r = await h.run('maxcut', '--format', 'json');
    expect([r.code, r.json().code, calls]).toEqual([1, 'SVC_COMPUTE_RATE_LIMIT', 1]);
    const bad = await harness({ stdin: '{"description":"a real decision here","n":3}', env: { SVC_RETRY_MAX_WAIT: 'soon' } }).run('maxcut', '--format', 'json');
    expect([bad.code, bad.json().code]).toEqual([3, 'SVC_CONFIG_INVALID']);
  });
});
