import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Piscina } from 'piscina';
import { SvcError } from '@svc/errors';
import type { PlanAnalysis } from '../preflight-report';
import { errorFromData, type BodyCheckResult, type BodyCheckTask } from './body-check-task';
import { intSetting, MIB } from '../config';
import type { VerifyReport } from '../check-answer';
import { trimAfterThreadsEnd } from '../solve/heap-trim';

/** Bodies at least this large are parsed and validated off the event loop by default (`SVC_OFFLOOP_BODY_BYTES`). */
export const DEFAULT_OFFLOOP_BODY_BYTES = 1 * MIB;
/**
 * Verify bodies (their JSON) at least this large are checked on a worker thread by default
 * (`SVC_OFFLOOP_VERIFY_BYTES`): a few milliseconds of checking on the event loop at most.
 */
export const DEFAULT_OFFLOOP_VERIFY_BYTES = 16 * 1024;
/** Verifies running or waiting for the verify thread at once, by default (`SVC_VERIFY_IN_FLIGHT`); past it, SVC_BUSY. */
export const DEFAULT_VERIFY_IN_FLIGHT = 4;
/**
 * The wall time one large verify may take, waiting included (`SVC_VERIFY_DEADLINE_MS`): the
 * checker's own work caps keep a check to seconds on a loaded core; past this the thread is ended
 * and the answer is 503 SVC_BUSY `verify_deadline`, never a 5xx.
 */
export const DEFAULT_VERIFY_DEADLINE_MS = 60_000;

export interface BodyCheckOptions {
  readonly contentType?: string;
  /** Validate the document as this command's problem too (contracts' checks, sandbox caps included). */
  readonly problem?: BodyCheckTask['problem'];
}

/**
 * The large-body checker every door shares: a body of at least `thresholdBytes` is parsed (UTF-8,
 * depth, JSON) and, where the route names the command, validated on a worker thread; a refusal is
 * thrown as the `SvcError` the main thread would have made, without the main thread parsing
 * anything. A body that passes is handed back to be parsed where it is used.
 */
export interface BodyChecker {
  readonly thresholdBytes: number;
  /** Resolves to the same bytes (moved back from the worker) when they pass; rejects with the refusal. */
  check(bytes: Buffer, opts?: BodyCheckOptions): Promise<Buffer>;
  /**
   * The free preflight's plan part of a large problem, computed on the worker (the body never
   * reaches the main thread); rejects with the refusal. The bytes come back instead (to take the
   * main thread's path) only if the worker met something other than a refusal.
   */
  analyze(bytes: Buffer, opts: BodyCheckOptions & { readonly problem: NonNullable<BodyCheckTask['problem']>; readonly analyze: NonNullable<BodyCheckTask['analyze']> }): Promise<{ report: PlanAnalysis } | { bytes: Buffer }>;
  /**
   * The same for a Struct or Value still in its wire bytes (gRPC): the bytes when it passes, else
   * the refusal and, when the bytes could be measured, their JSON size (the door compares it with
   * the caller's cap first, as it does on the main thread). The bytes are copied to the worker, or
   * with `move` their whole ArrayBuffer is moved there and back (the caller's views of it are
   * detached meanwhile, and after a refusal).
   */
  checkWire(bytes: Buffer, wire: NonNullable<BodyCheckTask['wire']>, problem?: BodyCheckTask['problem'], opts?: { readonly move?: boolean }): Promise<{ error: SvcError; jsonBytes?: number } | { bytes: Buffer }>;
  /** Verify bodies whose JSON is at least this many bytes go to `verify` (check-answer.ts `createVerify`). */
  readonly verifyThresholdBytes: number;
  /**
   * The verify route's whole check (check-answer.ts `checkAnswer`) of a body given as its JSON text,
   * on a thread of its own (never the body checks' thread, which a check of seconds would hold
   * up): the report, or the refusal the main thread would have thrown. At most `verifyInFlight`
   * run or wait at once; past it SVC_BUSY (503, Retry-After) before any work.
   */
  verify(json: string, task: NonNullable<BodyCheckTask['verify']>): Promise<VerifyReport>;
  /** Verifies running or waiting now. */
  readonly verifying: number;
  close(): Promise<void>;
}

// See solve/pool.ts: a worker loaded by require(esm) and terminated while loading aborts the process.
const WORKER_EXEC_ARGV: string[] | undefined = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module')
  ? ['--no-experimental-require-module']
  : undefined;

/** The bundled worker (dist/body-check-worker.mjs), found through this package's package.json. */
export function defaultBodyCheckWorkerFile(): string {
  const req = createRequire(import.meta.url);
  return path.join(path.dirname(req.resolve('@svc/service/package.json')), 'dist', 'body-check-worker.mjs');
}

export function createBodyChecker(opts: {
  threads?: number; thresholdBytes?: number; env?: NodeJS.ProcessEnv; workerFile?: string;
  verifyThresholdBytes?: number; verifyThreads?: number; verifyInFlight?: number; verifyDeadlineMs?: number;
} = {}): BodyChecker {
  const env = opts.env ?? process.env;
  const thresholdBytes = opts.thresholdBytes ?? intSetting(env, 'SVC_OFFLOOP_BODY_BYTES', DEFAULT_OFFLOOP_BODY_BYTES);
  const verifyThresholdBytes = opts.verifyThresholdBytes ?? intSetting(env, 'SVC_OFFLOOP_VERIFY_BYTES', DEFAULT_OFFLOOP_VERIFY_BYTES);
  const verifyInFlight = Math.max(1, opts.verifyInFlight ?? intSetting(env, 'SVC_VERIFY_IN_FLIGHT', DEFAULT_VERIFY_IN_FLIGHT));
  const verifyDeadlineMs = Math.max(1, opts.verifyDeadlineMs ?? intSetting(env, 'SVC_VERIFY_DEADLINE_MS', DEFAULT_VERIFY_DEADLINE_MS));
  const filename = opts.workerFile ?? defaultBodyCheckWorkerFile();
  if (!fs.existsSync(filename)) throw new Error(`body check worker bundle not found at ${filename}; run \`npx nx run service:build\``);
  const pool = new Piscina<BodyCheckTask, BodyCheckResult>({
    filename,
    ...(WORKER_EXEC_ARGV ? { execArgv: WORKER_EXEC_ARGV } : {}),
    minThreads: 0,
    maxThreads: Math.max(1, opts.threads ?? 1),
    // An idle thread is ended, so the heap a large parse grew is given back to the system.
    idleTimeout: 10_000,
  });
  trimAfterThreadsEnd(pool);
  // The verify checks' own threads (the same worker bundle): one check may take seconds of CPU.
  const verifyPool = new Piscina<BodyCheckTask, BodyCheckResult>({
    filename,
    ...(WORKER_EXEC_ARGV ? { execArgv: WORKER_EXEC_ARGV } : {}),
    minThreads: 0,
    maxThreads: Math.max(1, opts.verifyThreads ?? 1),
    idleTimeout: 10_000,
  });
  trimAfterThreadsEnd(verifyPool);
  let verifying = 0;
  let closed = false;
  /** A fault of the checking thread (it died, the pool closed) is the server's, retryable: never a 500 for the caller. */
  const run = (task: BodyCheckTask, transferList: ArrayBuffer[]): Promise<BodyCheckResult> =>
    pool.run(task, { transferList }).catch((e: unknown) => {
      throw new SvcError('SVC_BUSY', 'The server could not check this body just now (its checking thread stopped); retry in a moment.', {
        cause: e, extensions: { reason: 'body_check_unavailable' },
      });
    });
  return {
    thresholdBytes,
    async check(bytes, o = {}) {
      // Its own ArrayBuffer, so moving it to the worker detaches nothing else (Buffer.concat of a large body already is).
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : Buffer.from(bytes);
      const task: BodyCheckTask = { bytes: own, contentType: o.contentType, ...(o.problem ? { problem: o.problem } : {}) };
      const out = await run(task, [own.buffer as ArrayBuffer]);
      if (out instanceof Uint8Array) return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
      if ('error' in out) throw errorFromData(out.error);
      throw new Error('body check: a report where none was asked for');
    },
    async analyze(bytes, o) {
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : Buffer.from(bytes);
      const task: BodyCheckTask = { bytes: own, contentType: o.contentType, problem: o.problem, analyze: o.analyze };
      const out = await run(task, [own.buffer as ArrayBuffer]);
      if (out instanceof Uint8Array) return { bytes: Buffer.from(out.buffer, out.byteOffset, out.byteLength) };
      if ('error' in out) throw errorFromData(out.error);
      if (!('report' in out)) throw new Error('body check: not a plan report');
      return { report: out.report };
    },
    async checkWire(bytes, wire, problem, o = {}) {
      let sent: Uint8Array;
      if (o.move) sent = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      else {
        sent = new Uint8Array(bytes.byteLength);
        sent.set(bytes);
      }
      const task: BodyCheckTask = { bytes: sent, wire, ...(problem ? { problem } : {}) };
      const out = await run(task, [sent.buffer as ArrayBuffer]);
      if (out instanceof Uint8Array) return { bytes: Buffer.from(out.buffer, out.byteOffset, out.byteLength) };
      if (!('error' in out)) throw new Error('body check: a report where none was asked for');
      return { error: errorFromData(out.error), ...(out.jsonBytes === undefined ? {} : { jsonBytes: out.jsonBytes }) };
    },
    verifyThresholdBytes,
    get verifying() {
      return verifying;
    },
    async verify(json, t) {
      if (closed) throw new SvcError('SVC_BUSY', 'The service is shutting down.', { extensions: { reason: 'verify_unavailable' } });
      if (verifying >= verifyInFlight) {
        throw new SvcError('SVC_BUSY', `The server is checking ${verifying} other large verify bodies, its bound on them at once; retry in a moment.`, {
          retryAfter: 1, extensions: { reason: 'verify_in_flight', in_flight: verifying, limit: verifyInFlight },
        });
      }
      verifying++;
      try {
        // Its own ArrayBuffer (never Buffer's shared pool), moved to the worker.
        const bytes = new TextEncoder().encode(json);
        const task: BodyCheckTask = { bytes, verify: t };
        const deadline = AbortSignal.timeout(verifyDeadlineMs);
        const out = await verifyPool.run(task, { transferList: [bytes.buffer as ArrayBuffer], signal: deadline }).catch((e: unknown) => {
          if (deadline.aborted) {
            throw new SvcError('SVC_BUSY', `The check did not finish within the server's ${verifyDeadlineMs} ms for one verify (its thread was stopped); retry when the server is less busy.`, {
              cause: e, retryAfter: 5, extensions: { reason: 'verify_deadline', deadline_ms: verifyDeadlineMs },
            });
          }
          throw new SvcError('SVC_BUSY', 'The server could not run this check just now (its checking thread stopped); retry in a moment.', {
            cause: e, extensions: { reason: 'verify_unavailable' },
          });
        });
        if (out instanceof Uint8Array || 'report' in out) throw new Error('verify check: not a verify report');
        if ('error' in out) throw errorFromData(out.error);
        if ('fault' in out) throw new Error(`verify check: ${out.fault}`);
        return out.verified;
      } finally {
        verifying--;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.destroy(), verifyPool.destroy()]);
    },
  };
}
