import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '@svc/http';

// End to end: the BUNDLED `svc` (apps/cli/dist/svc.mjs) as a subprocess against a real server.
const ROOT = resolve(__dirname, '..', '..', '..');
const BIN = join(ROOT, 'apps', 'cli', 'dist', 'svc.mjs');

interface Run { code: number | null; stdout: string; stderr: string }

let server: { url: string; close(): Promise<void> };
let dataDir: string;
let work: string;

function svc(args: string[], opts: { stdin?: string; env?: Record<string, string>; baseUrl?: string } = {}): Promise<Run> {
  return new Promise((done, fail) => {
    // A clean environment: no SVC_API_KEY leaks in from the caller's shell.
    const env = { PATH: process.env.PATH ?? '', SVC_BASE_URL: opts.baseUrl ?? server.url, ...opts.env };
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd: work, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(opts.stdin ?? '');
  });
}

const OPTIMIZE = {
  description: 'pick which of four warehouses to open this quarter',
  n: 4,
  linear: { 0: -1, 1: 2 },
  quadratic: [[0, 1, 3], [2, 3, -2]],
};
const MAXCUT = {
  description: 'split four rival teams into two leagues',
  n: 4,
  edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 0, 1]],
};
const CERTIFIED = 'certified optimum (proven by exhaustion)';

beforeAll(async () => {
  // Always bundle fresh, so a stale dist never passes for current source (takes ~0.2 s).
  execFileSync(process.execPath, [join(ROOT, 'apps', 'cli', 'build.mjs')], { stdio: 'pipe' });
  work = mkdtempSync(join(tmpdir(), 'svc-cli-e2e-'));
  dataDir = join(work, 'data');
  // The TS engine and one worker: this tests the CLI, not the native addon, on a shared 2-core box.
  server = await startServer({ host: '127.0.0.1', port: 0, dataDir, engine: 'ts', workers: 1 });
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('svc (bundled) against the real server', () => {
  it('optimize in every format, problem on stdin', async () => {
    const human = await svc(['optimize'], { stdin: JSON.stringify(OPTIMIZE) });
    expect(human.stderr).toBe('');
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe(`optimize: ${CERTIFIED}`);
    expect(human.stdout).toMatch(/energy\s+-3\n/);
    expect(human.stdout).toMatch(/answer\s+\[1,0,1,1\]\n/);
    expect(human.stdout).toMatch(/receipt\s+\S+/);
    expect(human.stdout).toMatch(/elapsed\s+\d+(\.\d+)? ms/);

    const json = await svc(['optimize', '--format', 'json', '--seed', '3'], { stdin: JSON.stringify(OPTIMIZE) });
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(result).toMatchObject({ answer: [1, 0, 1, 1], energy: -3, certainty: CERTIFIED, tag: 'svc-cortex-v1' });
    expect(typeof result.receipt).toBe('string');
    expect(typeof result.compute_units).toBe('number');

    const env = await svc(['optimize', '--format=envelope', '--seed', '3', '--effort', 'low'], { stdin: JSON.stringify(OPTIMIZE) });
    expect(env.code).toBe(0);
    const doc = JSON.parse(env.stdout);
    expect(doc.problem).toEqual({ tag: 'svc-cortex-v1', ...OPTIMIZE });
    expect(doc.result).toMatchObject({ answer: [1, 0, 1, 1], energy: -3 });
  });

  it('maxcut in every format, problem from --input; solve <command> long form', async () => {
    const file = join(work, 'maxcut.json');
    writeFileSync(file, JSON.stringify(MAXCUT));
    const human = await svc(['maxcut', '--input', file]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/cut_value\s+4\n/);
    expect(human.stdout.split('\n')[0]).toBe(`maxcut: ${CERTIFIED}`);

    const json = await svc(['--format', 'json', 'maxcut', '--input', 'maxcut.json', '--effort', 'flash']);
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(result).toMatchObject({ cut_value: 4, certainty: CERTIFIED });
    const side = result.answer as number[];
    expect(side[0]).not.toBe(side[1]);
    expect(side[0]).toBe(side[2]);

    const env = await svc(['solve', 'maxcut', '--format', 'envelope'], { stdin: JSON.stringify({ description: 'split five players into two practice squads', n: 5, complete: true }) });
    expect(env.code).toBe(0);
    const doc = JSON.parse(env.stdout);
    expect(doc.problem.tag).toBe('svc-cortex-v1');
    expect(doc.result.cut_value).toBe(6);
  });

  it('exit 3: the service rejects the problem (422), the document goes to stdout with --format json', async () => {
    const r = await svc(['maxcut', '--format', 'json'], { stdin: JSON.stringify({ description: 'split nobody into two empty leagues', n: 3, edges: [] }) });
    expect(r.code).toBe(3);
    const doc = JSON.parse(r.stdout);
    expect(doc.status).toBe(422);
    expect(doc.code).toMatch(/^SVC_/);
    expect(r.stderr).toContain(`svc: ${doc.code} (HTTP 422)`);

    const noDescription = await svc(['optimize', '--format', 'envelope'], { stdin: JSON.stringify({ n: 2 }) });
    expect(noDescription.code).toBe(3);
    expect(JSON.parse(noDescription.stdout)).toMatchObject({ problem: { tag: 'svc-cortex-v1', n: 2 }, error: { code: 'SVC_MISSING_DESCRIPTION', status: 422 } });
  });

  it('exit 3: bad JSON, unknown flag and unknown command never reach the service', async () => {
    const bad = await svc(['optimize', '--format', 'json'], { stdin: '{"n": 3,' });
    expect(bad.code).toBe(3);
    expect(JSON.parse(bad.stdout)).toMatchObject({ code: 'SVC_INVALID_INPUT' });
    const flag = await svc(['optimize', '--frobnicate']);
    expect([flag.code, flag.stdout]).toEqual([3, '']);
    expect(flag.stderr).toContain('SVC_CLIENT');
    const cmd = await svc(['frobnicate']);
    expect(cmd.code).toBe(3);
    expect(cmd.stderr).toContain('Unknown command "frobnicate"');
  });

  it('exit 2: an invalid SVC_API_KEY is 401', async () => {
    const r = await svc(['optimize', '--format', 'json'], { stdin: JSON.stringify(OPTIMIZE), env: { SVC_API_KEY: 'svc_not_a_real_key' } });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 401, code: 'SVC_UNAUTHENTICATED' });
  });

  it('exit 1: the service is down (SVC_NETWORK)', async () => {
    const closedPort = await new Promise<number>((done) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => done(port));
      });
    });
    const r = await svc(['optimize', '--format', 'envelope'], { stdin: JSON.stringify(OPTIMIZE), baseUrl: `http://127.0.0.1:${closedPort}` });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ problem: { description: OPTIMIZE.description }, error: { code: 'SVC_NETWORK', retryable: true } });
    expect(r.stderr).toContain('SVC_NETWORK');
  });

  it('--help and --version need no service', async () => {
    const help = await svc(['--help'], { baseUrl: 'http://127.0.0.1:1' });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: svc <command> [options]');
    const sub = await svc(['maxcut', '--help']);
    expect(sub.code).toBe(0);
    expect(sub.stdout).toContain('Usage: svc maxcut [options]');
    const version = await svc(['--version']);
    expect([version.code, version.stdout]).toEqual([0, '1.0.0\n']);
  });

  it('the bundle is one file with zero runtime dependencies (only node: builtins imported)', () => {
    const src = readFileSync(BIN, 'utf8');
    expect(src.startsWith('#!/usr/bin/env node\n')).toBe(true);
    const specifiers = [...src.matchAll(/(?:^|[\s;])(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]|\brequire\(\s*['"]([^'"]+)['"]/gm)]
      .map((m) => m[1] ?? m[2] ?? m[3]);
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((s) => !s.startsWith('node:'))).toEqual([]);
  });

  it('the npm bin launcher (bin/svc.mjs) runs the bundle with its arguments', async () => {
    const out = execFileSync(process.execPath, [join(ROOT, 'apps', 'cli', 'bin', 'svc.mjs'), '--version'], { encoding: 'utf8' });
    expect(out).toBe('1.0.0\n');
  });
});
