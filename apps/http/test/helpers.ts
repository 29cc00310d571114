import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { startServer, type RunningServer, type StartServerOptions } from '../src/index';

// libs/service's exhaustive optima and LCG: one copy of the independent brute force for the tests.
export { bruteMaxcut, bruteQubo, lcg, randomEdges, type Triple } from '../../../libs/service/test/brute-force';
// No sync window in test servers: a solve queued by the threshold answers 202 (libs/service's job-limits).
export { TEST_JOB_ENV, TEST_JOB_LIMITS } from '../../../libs/service/test/job-limits';
import { TEST_JOB_ENV, TEST_JOB_LIMITS } from '../../../libs/service/test/job-limits';
// libs/service's strict reader of the Prometheus text exposition.
export { parseExposition } from '../../../libs/service/test/exposition';

export const TAG = 'svc-cortex-v1';
export const DESC = 'Split the delivery fleet into two balanced shifts.';
export const PROBLEM = 'application/problem+json';
const here = path.dirname(fileURLToPath(import.meta.url));
export const slowWorker = path.resolve(here, 'fixtures/slow-worker.mjs');
export const verySlowWorker = path.resolve(here, 'fixtures/very-slow-worker.mjs');
/** Test-only engine faults: a worker thread that exits mid-solve, and one stuck ignoring its cancel flag. */
export const exitingWorker = path.resolve(here, 'fixtures/exiting-worker.mjs');
export const stuckWorker = path.resolve(here, 'fixtures/stuck-worker.mjs');
/** A solver that reaches its first answer 12 s after the call, reporting no progress until then. */
export const slowFirstAnswerWorker = path.resolve(here, 'fixtures/slow-first-answer-worker.mjs');
/** A solve worker whose answers fail the service's re-score (libs/service's fixture). */
export const lyingWorker = path.resolve(here, '../../../libs/service/test/fixtures/lying-worker.mjs');
/** The `npm start` artefact (apps/http's build target). */
export const mainBundle = path.resolve(here, '../dist/main.mjs');

/** A settable epoch-ms clock for the service (quota days, rate windows, token rotation, links). */
export class TestClock {
  constructor(public now: number = Date.UTC(2026, 10, 2, 12, 0, 0)) {}
  readonly fn = (): number => this.now;
  advance(ms: number): void {
    this.now += ms;
  }
}

export interface TestServer {
  readonly srv: RunningServer;
  readonly url: string;
  readonly dataDir: string;
}

const dirs: string[] = [];
const running: RunningServer[] = [];

/**
 * Starts a server on port 0 with the ts engine, one worker, no environment, no sync window, a silent fault hook and
 * the service's default limits, on a fresh data dir; `stopAll` closes it and removes the dir.
 */
export async function startWithDefaultLimits(opts: StartServerOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-http-'));
  dirs.push(dataDir);
  const srv = await startServer({ port: 0, dataDir, engine: 'ts', workers: 1, env: {}, onFault: () => {}, ...opts, jobs: { ...TEST_JOB_LIMITS, ...opts.jobs } });
  running.push(srv);
  return { srv, url: srv.url, dataDir };
}

/** `startWithDefaultLimits` with generous rates unless given. */
export async function start(opts: StartServerOptions = {}): Promise<TestServer> {
  return startWithDefaultLimits({
    ...opts,
    access: { sandboxRatePerMinute: 10_000, keyRatePerMinute: 10_000, computeUnitsPerMinute: 1_000_000, ...opts.access },
  });
}

export async function stopAll(): Promise<void> {
  for (const s of running.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

export interface Reply {
  status: number;
  type: string;
  retryAfter: string | null;
  headers: Headers;
  json: Record<string, any>;
  text: string;
}

/** One HTTP request; `body` is sent as JSON unless `raw` is given. */
export async function call(
  base: string,
  method: string,
  urlPath: string,
  opts: { body?: unknown; raw?: string | Uint8Array; auth?: string | null; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.auth) headers.authorization = opts.auth.startsWith('Bearer ') ? opts.auth : `Bearer ${opts.auth}`;
  let body: string | Uint8Array | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !('content-type' in headers)) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${urlPath}`, { method, headers, body });
  const text = await res.text();
  let json: Record<string, any> = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { unparsed: text };
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', retryAfter: res.headers.get('retry-after'), headers: res.headers, json, text };
}

export function expectProblem(r: Reply, status: number, code: string): void {
  expect({ status: r.status, code: r.json.code, detail: r.json.detail }).toMatchObject({ status, code });
  expect(r.type).toBe(PROBLEM);
  expect(r.json.error?.code).toBe(code);
  expect(Array.isArray(r.json.next_actions)).toBe(true);
  expect(r.json).not.toHaveProperty('tag');
}

export const actions = (r: Reply): string[] => (r.json.next_actions ?? []).map((a: { action: string }) => a.action);

export async function sandboxToken(base: string): Promise<string> {
  return (await call(base, 'GET', '/api/v1/sandbox')).json.token as string;
}

/** Compute units `auth` has used today (GET /api/v1/usage). */
export async function unitsUsed(base: string, auth: string): Promise<number> {
  return (await call(base, 'GET', '/api/v1/usage', { auth })).json.compute_units_used as number;
}

/** The JSON lines of `<dataDir>/outbox/outbox.jsonl`. */
export function outbox(dataDir: string): Record<string, any>[] {
  const file = path.join(dataDir, 'outbox', 'outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

/** Registers `email` and returns the registration (with the initial key). */
export async function register(t: TestServer, email: string): Promise<Record<string, any>> {
  const r = await call(t.url, 'POST', '/api/v1/accounts', { body: { email } });
  expect(r.status).toBe(201);
  return r.json;
}

/** Registers and confirms the newest link mailed to `email`; returns the initial key. */
export async function verifiedKey(t: TestServer, email: string): Promise<string> {
  const reg = await register(t, email);
  const mail = outbox(t.dataDir).filter((m) => m.to === email).at(-1)!;
  const v = await call(t.url, 'POST', '/api/v1/email/verify', { body: { token: mail.token } });
  expect(v.status).toBe(200);
  return reg.key.token as string;
}

export function solveBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { tag: TAG, description: DESC, n: 8, complete: true, ...extra };
}

export async function solve(base: string, auth: string, body: unknown, query = '', headers: Record<string, string> = {}): Promise<Reply> {
  return call(base, 'POST', `/api/v1/solve/maxcut${query ? `?${query}` : ''}`, { body, auth, headers });
}

/**
 * Spawns `node dist/main.mjs` with `env` (stdout and stderr piped) and resolves with its base URL,
 * group 1 of `listen` on stdout (and the whole match); rejects if it exits first, or kills it and
 * rejects after 15 s. Without GRPC_PORT in `env` the gRPC door is off (its default port is fixed).
 * `stderr()` is what the process has written to stderr so far.
 */
export async function bootMain(env: NodeJS.ProcessEnv, listen: RegExp = /listening on (http:\/\/\S+)/): Promise<{ child: ChildProcess; url: string; match: RegExpExecArray; stderr: () => string }> {
  env = { GRPC_PORT: 'off', ...TEST_JOB_ENV, ...env };
  const child = spawn(process.execPath, [mainBundle], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no listen line; stderr: ${err}`));
    }, 15_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = listen.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}; stderr: ${err}`)));
  });
  return { child, url: match[1], match, stderr: () => err };
}

/**
 * POSTs only the request head, declaring a body of `declared` bytes (no body byte is sent), and
 * resolves with the reply: a door that caps bodies on the declared length answers at once; one that
 * waits for the body never answers (rejected after 30 s, generous: the server answers in ms).
 */
export function headersOnly(url: string, declared: number, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers, 'content-length': String(declared) } });
    const guard = setTimeout(() => {
      req.destroy();
      reject(new Error('no reply while the body was withheld: the server waited for it'));
    }, 30_000);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        clearTimeout(guard);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text });
      });
    });
    req.on('error', (e) => {
      clearTimeout(guard);
      reject(e);
    });
    req.flushHeaders();
  });
}
