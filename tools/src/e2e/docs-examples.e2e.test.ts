import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, COMMANDS, SERVED_COMMANDS } from '@svc/contracts/commands';
import { ROOT, svcSuite } from './svc-cli-harness';

// Every example the project ships runs with the PUBLIC SANDBOX TOKEN, as a first-time user runs it,
// and succeeds: the JSON problems and shell blocks of the docs pages (docs/*.md), every request
// example of the OpenAPI document (what /docs offers to Try it out), the engine-verified examples
// catalogue and the formulate worksheets' examples. The README runs in svc-readme.e2e.test.ts.
//
// Docs pages:
// - a ```json block carrying "tag" is a problem: it is piped to `svc <command>` (the page's
//   command, from the catalogue's `docs` field, or the one named by `<!-- example: <command> -->` on
//   the line before), with no key configured, so svc uses the sandbox token. When the text after the
//   block says `answers {…}`, the answer must contain those members (`…` stands for the rest).
// - a ```sh block runs in bash (`set -euo pipefail`) in a fresh directory, with `svc` on PATH and
//   BASE and TOKEN set as the README's "Calling it" sets them (the server and its sandbox token);
//   it must exit 0, and an `SVC_` code in its output must be one the block names (a shown fault).
// - a block marked `<!-- readme-test: skip (reason) -->` is not run; other blocks are not calls.
const suite = svcSuite('svc-docs-examples-', {
  onFault: () => {},
  access: { sandboxRatePerMinute: 100_000, computeUnitsPerMinute: 1_000_000 },
});

const DOCS = join(ROOT, 'docs');
const SKIP = /^<!-- readme-test: skip \(([^)]+)\) -->$/;
const EXAMPLE = /^<!-- example: ([a-z-]+) -->$/;

interface Block {
  readonly page: string;
  readonly line: number;
  readonly lang: string;
  readonly text: string;
  /** The marker on the line before: a skip reason, or the command of a problem. */
  readonly skip: string | null;
  readonly command: string | null;
  /** The `answers {…}` the text after the block promises, if any. */
  readonly answers: string | null;
}

function blocksOf(page: string): Block[] {
  const lines = readFileSync(join(DOCS, page), 'utf8').split('\n');
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`${page} line ${i + 1}: a fenced block is not closed`);
    const before = (lines.slice(0, i).reverse().find((l) => l.trim() !== '') ?? '').trim();
    const after = lines.slice(end + 1, end + 4).join('\n');
    out.push({
      page, line: i + 1, lang: open[1], text: lines.slice(i + 1, end).join('\n'),
      skip: SKIP.exec(before)?.[1] ?? null, command: EXAMPLE.exec(before)?.[1] ?? null,
      answers: /answers `(\{.*?\})`/.exec(after)?.[1] ?? null,
    });
    i = end;
  }
  return out;
}

/** The docs pages of the served commands, each with its commands (the catalogue's `docs` field). */
const COMMANDS_OF_PAGE = new Map<string, string[]>();
for (const c of COMMANDS) {
  const page = (CATALOGUE[c] as { docs?: string }).docs;
  if (page) COMMANDS_OF_PAGE.set(page.replace(/^docs\//, ''), [...(COMMANDS_OF_PAGE.get(page.replace(/^docs\//, '')) ?? []), c]);
}

const pages = readdirSync(DOCS).filter((f) => f.endsWith('.md')).sort();
const blocks = pages.flatMap(blocksOf).filter((b) => b.skip === null);
const problems = blocks.filter((b) => b.lang === 'json' && /"tag"\s*:/.test(b.text));
const shells = blocks.filter((b) => b.lang === 'sh');

function commandOf(b: Block): string {
  if (b.command) return b.command;
  const own = COMMANDS_OF_PAGE.get(b.page) ?? [];
  if (own.length !== 1) throw new Error(`docs/${b.page} line ${b.line}: say which command the problem is for with <!-- example: <command> --> on the line before (the page covers ${own.join(', ') || 'no command'})`);
  return own[0];
}

/** `answers {"a": 1, …}` as the members it promises (`…` and `...` stand for the rest). */
function promised(text: string): Record<string, unknown> {
  return JSON.parse(text.replace(/,\s*(…|\.\.\.)\s*\}$/, '}'));
}

function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (x) => { out += x; });
    child.stderr.on('data', (x) => { err += x; });
    child.on('error', fail);
    child.on('close', (code) => done({ code, out, err }));
  });
}

let token = '';
beforeAll(async () => {
  token = ((await (await fetch(`${suite.server.url}/api/v1/sandbox`)).json()) as { token: string }).token;
});

describe('docs pages', () => {
  it('the examples are there to run: a problem on every page that has one, a command for each', () => {
    expect(problems.length).toBeGreaterThanOrEqual(6);
    for (const b of problems) expect(SERVED_COMMANDS as readonly string[]).toContain(commandOf(b));
  });

  it.each(problems.map((b) => [`docs/${b.page}:${b.line}`, b] as const))('%s: the problem, piped to svc with the sandbox token, is answered', async (_where, b) => {
    const command = commandOf(b);
    const r = await suite.svc([command, '--format', 'json'], { stdin: b.text });
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    const result = r.json();
    expect(result.certainty).toEqual(expect.any(String));
    if (b.answers !== null && !b.answers.includes('[...]')) expect(result).toMatchObject(promised(b.answers));
  });

  it.each(shells.map((b) => [`docs/${b.page}:${b.line}`, b] as const))('%s: the shell block runs with BASE and TOKEN set', async (where, b) => {
    const cwd = join(suite.work, where.replace(/[/:.]/g, '-'));
    mkdirSync(cwd, { recursive: true });
    const r = await bash(b.text, cwd, {
      PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`, HOME: cwd,
      BASE: suite.server.url, TOKEN: token, SVC_BASE_URL: suite.server.url,
    });
    expect(r.code, `${b.text}\n--- stdout ---\n${r.out}\n--- stderr ---\n${r.err}`).toBe(0);
    // An answer that is a fault must be one the block says it shows.
    for (const [, code] of r.out.matchAll(/"code":"(SVC_[A-Z_]+)"/g)) expect(b.text, `the block answered ${code}:\n${r.out}`).toContain(code);
  });
});

describe('the OpenAPI document (/docs)', () => {
  it('every request example is answered with the sandbox token', async () => {
    const doc = (await (await fetch(`${suite.server.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, any>> };
    const failures: string[] = [];
    let sent = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const example = op?.requestBody?.content?.['application/json']?.example;
        if (example === undefined) continue;
        const r = await fetch(`${suite.server.url}${path}`, {
          method: method.toUpperCase(), body: JSON.stringify(example),
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        });
        sent++;
        if (r.status !== 200 && r.status !== 202) failures.push(`${method.toUpperCase()} ${path}: ${r.status} ${(await r.text()).slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(4 * SERVED_COMMANDS.length);
  }, 120_000);
});

describe('the catalogue documents', () => {
  it('every engine-verified example and every worksheet example is answered with the sandbox token', async () => {
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const { examples } = (await (await fetch(`${suite.server.url}/api/v1/examples`)).json()) as { examples: { id: string; available: boolean; request: { method: string; path: string; query?: Record<string, string>; body: unknown } }[] };
    const failures: string[] = [];
    for (const e of examples.filter((x) => x.available)) {
      const qs = new URLSearchParams(e.request.query ?? {}).toString();
      const r = await fetch(`${suite.server.url}${e.request.path}${qs ? `?${qs}` : ''}`, { method: e.request.method, headers: auth, body: JSON.stringify(e.request.body) });
      if (r.status !== 200 && r.status !== 202) failures.push(`example ${e.id}: ${r.status} ${(await r.text()).slice(0, 300)}`);
    }
    for (const c of SERVED_COMMANDS) {
      const w = (await (await fetch(`${suite.server.url}/api/v1/formulate/${c}`)).json()) as { example?: { problem: unknown } };
      if (!w.example) continue;
      const r = await fetch(`${suite.server.url}/api/v1/solve/${c}`, { method: 'POST', headers: auth, body: JSON.stringify(w.example.problem) });
      if (r.status !== 200 && r.status !== 202) failures.push(`formulate ${c}: ${r.status} ${(await r.text()).slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
    expect(examples.length).toBeGreaterThanOrEqual(SERVED_COMMANDS.length);
  }, 120_000);
});
