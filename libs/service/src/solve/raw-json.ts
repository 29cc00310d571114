import type { MessagePort } from 'node:worker_threads';
import { SvcError } from '@svc/errors';
import type { CertificateMode } from '@svc/contracts';
import { DEADLINE_FLAG, type Command, type Effort } from '@svc/engine-ts';
import { parseJson } from '../door/json-body';
import { holdsPackedView } from '../door/packed-json';
import { errorData, type SvcErrorData } from '../door/body-check-task';
import { estimateWork, type WorkEstimate } from './work-model';
import type { Principal } from '../principal';
import { receipt } from '../receipt';
import { resultCacheKey } from '../result-cache';
import { requestFingerprint } from '../idempotency';
import { progressReadingOf } from '../commands';
import { assertRoutable, cacheKeyOf, idempotencyRequestOf, planSolve } from './plan';
import type { RecheckOutcome, SolveTask, SolveTaskResult } from './task';

/**
 * A large JSON solve body as it was read, unparsed: the HTTP solve route hands it to the service
 * as the problem, and the solve worker parses, validates, plans and solves it there, so the thread
 * that answers everyone else never parses it (docs/reliability.md "One caller never stalls the others").
 */
export class RawJson {
  constructor(readonly bytes: Buffer, readonly contentType?: string) {}
}

/** What the main thread needs of a plan made in the worker: admission, the result cache, the queue decision and a job's progress. */
export interface RawPlanSummary {
  readonly command: Command;
  readonly n: number;
  readonly units: number;
  readonly effort: Effort;
  readonly seed: number;
  readonly version: string;
  readonly maxLatencyMs: number;
  readonly terms: number;
  /** The result-cache key (result-cache.ts `resultCacheKey`). */
  readonly cacheKey: string;
  /** The work estimate of solve/work-model.ts (the queue threshold compares it; a job's progress and billed share use it). */
  readonly estimate: WorkEstimate;
  /** The command's progress start (command-module.ts `progress.start`), for a job's progress. */
  readonly start?: { readonly bound: number | null; readonly warmObjective: number | null };
  /** `?certificate=full|none` (SolvePlan.certificate). */
  readonly certificate?: CertificateMode;
}

/** The main thread's word once it has the summary: solve now, or end (cached, refused, queued: the bytes come back). */
export type RawDecision = { readonly go: { readonly stopAtEpochMs?: number } } | { readonly end: { readonly giveBack: boolean } };

/** A solve task whose problem is raw JSON bytes (transferred, not copied): the worker plans it and asks the main thread on `port`. */
export interface RawSolveTask {
  readonly raw: {
    readonly bytes: Uint8Array;
    readonly contentType?: string;
    readonly command: string;
    readonly query: Record<string, unknown>;
    readonly sandbox: boolean;
    readonly sandboxMaxN: number;
    /** The request carries an Idempotency-Key: the worker computes the key's fingerprint of the parsed body. */
    readonly keyed?: boolean;
    /** The engine kind the service selected for the command (cache key, work estimate, receipt). */
    readonly engine: 'native' | 'ts';
  };
  readonly cancel: Int32Array;
  /** The conversation: the worker posts `{ summary }` or `{ refused }`, the main thread answers one `RawDecision`. */
  readonly port: MessagePort;
}

/** What a raw task ends with. */
export type RawSolveResult =
  | { readonly refused: SvcErrorData }
  | { readonly bytes: Uint8Array }
  | { readonly ended: true }
  | { readonly solved: SolveTaskResult & { readonly receipt: string } };

/**
 * Posted on the port before the decision. A keyed task's `fingerprint` (idempotency.ts
 * `requestFingerprint` of the parsed request) comes with its plan or with a refusal of the plan;
 * a refusal without it (the body is not JSON, or nested too deep) comes before the key is claimed.
 */
export type RawMessage =
  | { readonly summary: RawPlanSummary; readonly fingerprint?: string }
  | { readonly refused: SvcErrorData; readonly fingerprint?: string }
  | { readonly fallback: true };

function nextMessage(port: MessagePort): Promise<RawDecision> {
  return new Promise((resolve) => port.once('message', resolve));
}

/**
 * Runs a raw task in the solve worker: parse → validate → plan (planSolve's precedence) → the
 * summary to the main thread → on `go`, solve, re-check and write the receipt here. A refusal is
 * an `SvcError` as data; a fault of ours while planning hands the bytes back to the main thread's path.
 */
export async function solveRaw(task: RawSolveTask, solve: (t: SolveTask) => Promise<SolveTaskResult>): Promise<RawSolveResult> {
  const { raw, port } = task;
  try {
    let plan;
    let fingerprint: string | undefined;
    try {
      const bytes = Buffer.from(raw.bytes.buffer, raw.bytes.byteOffset, raw.bytes.byteLength);
      // Packed (door/packed-json.ts): long lists of number triples are not built as 4 million JS arrays.
      let body = parseJson(bytes, raw.contentType, { packed: true });
      if (raw.keyed) {
        // The checks made before a key is claimed (solve/path.ts), then the key's fingerprint.
        assertRoutable({ lane: 'json', command: raw.command, body }, raw.query);
        fingerprint = requestFingerprint(idempotencyRequestOf({ lane: 'json', command: raw.command, body }, raw.query));
      }
      const principal = { kind: raw.sandbox ? 'sandbox' : 'account' } as Principal;
      plan = planSolve({ lane: 'json', command: raw.command, body }, principal, raw.query, { sandboxMaxN: raw.sandboxMaxN });
      if (holdsPackedView(plan.prep.problem) || holdsPackedView(plan.prep.warmStart)) {
        // A command whose engine problem keeps the list as it was given: planned again from plain arrays.
        body = parseJson(bytes, raw.contentType);
        plan = planSolve({ lane: 'json', command: raw.command, body }, principal, raw.query, { sandboxMaxN: raw.sandboxMaxN });
      }
    } catch (e) {
      if (e instanceof SvcError) {
        port.postMessage({ refused: errorData(e), ...(fingerprint !== undefined ? { fingerprint } : {}) } satisfies RawMessage);
        return { refused: errorData(e) };
      }
      port.postMessage({ fallback: true } satisfies RawMessage);
      return { bytes: raw.bytes };
    }
    const { command, prep } = plan;
    const estimate = estimateWork({ command, problem: prep.problem, effort: plan.effort, units: plan.units, maxLatencyMs: plan.maxLatencyMs, engine: raw.engine, version: plan.version });
    const start = progressReadingOf(command)?.start?.(prep);
    const summary: RawPlanSummary = {
      command, n: plan.n, units: plan.units, effort: plan.effort, seed: plan.seed, version: plan.version, maxLatencyMs: plan.maxLatencyMs,
      terms: prep.terms, cacheKey: resultCacheKey(cacheKeyOf(plan, raw.engine)), estimate,
      ...(start ? { start: { bound: start.bound, warmObjective: start.warmObjective } } : {}),
      ...(plan.certificate !== undefined ? { certificate: plan.certificate } : {}),
    };
    const decided = nextMessage(port);
    port.postMessage({ summary, ...(fingerprint !== undefined ? { fingerprint } : {}) } satisfies RawMessage);
    const d = await decided;
    if ('end' in d) return d.end.giveBack ? { bytes: raw.bytes } : { ended: true };
    const out = await solve({
      command, problem: prep.problem, effort: plan.effort, seed: plan.seed, model: plan.version,
      stopAtEpochMs: d.go.stopAtEpochMs, warmStart: prep.warmStart, cancel: task.cancel,
    });
    const deadlineFired = Atomics.load(task.cancel, 0) === DEADLINE_FLAG;
    let recheck: RecheckOutcome;
    let written = '';
    try {
      const done = prep.finish(out.result, { deadlineFired, certificate: plan.certificate });
      recheck = { done, deadlineFired };
      written = receipt({ command, problem: prep.receiptProblem, seed: plan.seed, effort: plan.effort, version: plan.version, engine: out.engine, answer: done.fields.answer });
    } catch (e) {
      recheck = e instanceof SvcError
        ? { fault: { code: e.code, message: e.message, extensions: { ...e.extensions } }, deadlineFired }
        : { fault: { message: e instanceof Error ? e.message : String(e) }, deadlineFired };
    }
    return { solved: { ...out, recheck, receipt: written } };
  } finally {
    port.close();
  }
}
