// Piscina worker entry, bundled by esbuild into dist/body-check-worker.mjs (door/body-check-pool.ts).
import { move } from 'piscina';
import { SvcError } from '@svc/errors';
import { validateProblem, type ValidateContext } from '@svc/contracts';
import { parseJson } from './json-body';
import { WireJson } from './wire-json';
import { analyzePlan, type PlanAnalysis } from '../preflight-report';
import { planSolve } from '../solve/plan';
import { estimateWork } from '../solve/work-model';
import type { Principal } from '../principal';
import { errorData, type BodyCheckResult, type BodyCheckTask } from './body-check-task';
import { checkAnswer } from '../check-answer';

/**
 * Parses a large body (and validates it as a problem when asked) on this thread, never on the
 * one that answers everyone else: a refusal comes back as data, a body that passes comes back as
 * its bytes (moved, not copied). Nothing parsed here outlives the task.
 */
export function checkBody(task: BodyCheckTask): { error: ReturnType<typeof errorData>; jsonBytes?: number } | { report: PlanAnalysis } | null {
  const buf = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  let jsonBytes: number | undefined;
  const p = task.problem;
  const a = task.analyze;
  const ctx: ValidateContext = p?.sandbox ? { sandbox: true, sandboxMaxN: p.sandboxMaxN } : { sandbox: false };
  try {
    let body: unknown;
    if (task.wire) {
      const w = new WireJson(buf, task.wire.kind, task.wire.field);
      // Measured first: the door compares this size with the caller's cap before any other fault.
      jsonBytes = w.jsonBytes();
      // A problem refused at its tag or description is not built (a 43 MiB Struct is hundreds of MB of objects).
      const head = p && !a ? w.headRefusal(p.command, ctx) : undefined;
      if (head) throw head;
      body = w.decode();
    } else {
      // Packed: the body is checked and planned here and dropped; only the bytes or a report leave.
      body = parseJson(buf, task.contentType, { packed: true });
    }
    if (p && a) {
      // The preflight's own steps (preflight.ts), with the service's settings it was given.
      const principal = { kind: p.sandbox ? 'sandbox' : 'account' } as Principal;
      const plan = planSolve({ lane: 'json', command: p.command, body }, principal, a.query, { sandboxMaxN: p.sandboxMaxN ?? 0 });
      const e = estimateWork({ command: plan.command, problem: plan.prep.problem, effort: plan.effort, units: plan.units, maxLatencyMs: plan.maxLatencyMs, engine: a.engine, version: plan.version });
      return { report: analyzePlan(plan, { ...e, queued: e.work >= a.queueThresholdWork }, a.queueThresholdWork) };
    }
    if (p) validateProblem(p.command, body, ctx);
    return null;
  } catch (e) {
    // Anything but a refusal (a fault of ours) is left to the main thread's own path to report.
    if (e instanceof SvcError) return { error: errorData(e), ...(jsonBytes === undefined ? {} : { jsonBytes }) };
    return null;
  }
}

/**
 * The verify route's check of a large body (check-answer.ts), here rather than on the thread that
 * answers everyone else. The certificate checker bounds its own work before doing any (docs/certificates.md
 * "Size"); a refusal of the problem comes back as data, a refused certificate is a report with `ok: false`.
 */
export function verifyBody(task: BodyCheckTask & { readonly verify: NonNullable<BodyCheckTask['verify']> }): BodyCheckResult {
  const buf = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const t = task.verify;
  try {
    const body = parseJson(buf, 'application/json');
    return { verified: checkAnswer(t.command, body, t.sandbox ? { sandbox: true, sandboxMaxN: t.sandboxMaxN } : { sandbox: false }) };
  } catch (e) {
    if (e instanceof SvcError) return { error: errorData(e) };
    return { fault: e instanceof Error ? e.message : String(e) };
  }
}

export default function check(task: BodyCheckTask): BodyCheckResult | ReturnType<typeof move> {
  if (task.verify) return verifyBody(task as Parameters<typeof verifyBody>[0]);
  const refused = checkBody(task);
  return refused ?? move(task.bytes);
}
