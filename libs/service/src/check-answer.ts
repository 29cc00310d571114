/**
 * `POST /api/v1/verify/<command>`: re-checks a caller's `{problem, answer}` independently of
 * any engine (commands.md "Other routes we add"): answer shape, the objective recomputed from the
 * request JSON, the declared objective, the warm start, a declared bound, a declared certified
 * optimum (by exhaustion for small n), and the receipt. Free: nothing is solved or charged.
 * With a certificate (the body's `certificate`, else the result document's) @svc/certificates
 * checks it too (docs/certificates.md) and the report is a `formal_proof`.
 * Each command's own checks are its module's `checker` (commands/<command>/check-answer.ts); this is
 * not the re-score of the engine's answer a solve makes (commands/<command>/rescore.ts).
 */
import { SvcError } from '@svc/errors';
import { validateProblem, assertNestingDepth } from '@svc/contracts';
import type { Command } from '@svc/engine-ts';
import { receipt } from './receipt';
import { resolveVersion } from './versions';
import type { Principal } from './principal';
import { assertSolvable } from './solve/plan';
import { ADAPTERS, CHECKERS, type PreparedSolve, type VerifyCheck } from './commands';
import { checkCertificate, type CertificateReport } from '@svc/certificates';

/** Defined with the command modules (commands/command-module.ts, commands/index.ts, commands/shared/exact-caps.ts). */
export type { AnswerChecker, CheckInput, VerifyCheck } from './commands';
export { CHECKERS } from './commands';
export { EXHAUSTIVE_RECHECK_MAX_N } from './commands/shared/exact-caps';

/** The answer of `POST /api/v1/verify/<command>`. */
export interface VerifyReport {
  /** Every check passed. */
  ok: boolean;
  command: Command;
  checks: VerifyCheck[];
  /** The objective recomputed from the problem (null when the answer is not even well-formed). */
  objective: number | null;
  /** Name of the command's objective field (`energy`, `cut_value`, …). */
  objective_field: string;
  /**
   * `formal_proof` when a certificate was checked (docs/certificates.md), else `service_recheck`
   * (interface §1 verification classes).
   */
  verification: 'service_recheck' | 'formal_proof';
  /** The certificate checker's report (bound, optimal, failed_step …) when a certificate was given. */
  certificate?: CertificateReport;
}

const RECEIPT_FIELDS = ['seed', 'effort', 'version', 'engine'] as const;

function receiptCheck(command: Command, prep: PreparedSolve, declared: Readonly<Record<string, unknown>>, answer: unknown): VerifyCheck | null {
  if (typeof declared.receipt !== 'string') return null;
  const missing = RECEIPT_FIELDS.filter((k) => declared[k] === undefined);
  if (missing.length > 0) {
    return { name: 'receipt', ok: false, detail: `the receipt cannot be recomputed without ${missing.join(', ')} of the result` };
  }
  let version: string;
  try {
    version = resolveVersion(String(declared.version));
  } catch {
    return { name: 'receipt', ok: false, detail: `unknown model version ${JSON.stringify(declared.version)}` };
  }
  const again = receipt({
    command,
    problem: prep.receiptProblem,
    seed: Number(declared.seed),
    effort: declared.effort as never,
    version,
    engine: String(declared.engine),
    answer,
  });
  const ok = again === declared.receipt;
  return { name: 'receipt', ok, detail: ok ? 'the receipt matches the problem, answer, seed, effort, version and engine' : `the receipt differs: recomputed ${again}` };
}

/**
 * Verifies `{problem, answer}` for `command`. `answer` is the bare answer or a result document
 * carrying it (`{answer, energy, certainty, receipt, …}`). Input faults of the problem are the
 * same errors a solve would give; a wrong answer is a report with `ok: false`, never an error.
 */
export function checkAnswer(command: string, body: unknown, ctx: { readonly sandbox: boolean; readonly sandboxMaxN?: number }): VerifyReport {
  assertSolvable(command);
  const checker = CHECKERS[command];
  if (!checker) throw new SvcError('SVC_UNSUPPORTED', `verify is not available for '${command}' yet.`);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SvcError('SVC_INVALID_INPUT', 'the body must be a JSON object {problem, answer}', { extensions: { field: '(root)' } });
  }
  const b = body as Record<string, unknown>;
  for (const k of Object.keys(b)) {
    if (k !== 'problem' && k !== 'answer' && k !== 'certificate') throw new SvcError('SVC_INVALID_INPUT', `unknown field "${k}"; the body is {problem, answer, certificate?}`, { extensions: { field: k } });
  }
  if (b.answer === undefined) throw new SvcError('SVC_INVALID_INPUT', 'answer: missing; send the answer or the result document', { extensions: { field: 'answer' } });
  const v = validateProblem(command, b.problem, ctx.sandbox ? { sandbox: true, sandboxMaxN: ctx.sandboxMaxN } : { sandbox: false });
  const prep = ADAPTERS[command]!.prepare(v);
  const doc = typeof b.answer === 'object' && b.answer !== null && !Array.isArray(b.answer) ? (b.answer as Record<string, unknown>) : null;
  if (doc && doc.answer === undefined) {
    throw new SvcError('SVC_INVALID_INPUT', 'answer: a result document must carry its "answer" field', { extensions: { field: 'answer.answer' } });
  }
  const answer = doc ? doc.answer : b.answer;
  const { checks, objective } = checker.check({ v, prep, answer, declared: doc });
  if (doc && checks[0]?.ok) {
    const rc = receiptCheck(command, prep, doc, answer);
    if (rc) checks.push(rc);
  }
  // A certificate: the body's, else the result document's. @svc/certificates bounds its own work
  // before any (10⁶ values, one_tree ≤ 5000 cities, tree leaf work ≤ 5·10⁷, SDP proof n ≤ 80 exact,
  // ≤ 1000 floating: seconds at worst on a loaded core), so a large body is checked off the request
  // thread (createVerify below).
  const cert = b.certificate ?? doc?.certificate;
  if (cert !== undefined && cert !== null) {
    const report = checkCertificate(command, b.problem, doc ?? answer, cert);
    checks.push({
      name: 'certificate', ok: report.ok,
      detail: report.ok ? `${report.kind}: ${report.detail}` : `refused at step ${report.failed_step}: ${report.detail}`,
    });
    return { ok: checks.every((c) => c.ok), command, checks, objective, objective_field: checker.objectiveField, verification: 'formal_proof', certificate: report };
  }
  return { ok: checks.every((c) => c.ok), command, checks, objective, objective_field: checker.objectiveField, verification: 'service_recheck' };
}

/** The old name of `checkAnswer`. */
export const verifyAnswer = checkAnswer;

export interface VerifyApi {
  /**
   * Independent re-check of `{problem, answer}` (free). A body whose JSON is at least the
   * off-loop threshold is checked on a worker thread (SVC_BUSY when too many are already).
   */
  verify(command: string, body: unknown, principal: Principal): Promise<VerifyReport>;
}

/** Where large verify bodies are checked (door/body-check-pool.ts `BodyChecker`). */
export interface VerifyOffloop {
  readonly verifyThresholdBytes: number;
  verify(json: string, task: { readonly command: string; readonly sandbox: boolean; readonly sandboxMaxN?: number }): Promise<VerifyReport>;
}

export function createVerify(deps: { readonly sandboxMaxN: number; readonly offloop?: VerifyOffloop }): VerifyApi {
  return {
    async verify(command, body, principal) {
      assertNestingDepth(body);
      const ctx = { sandbox: principal.kind === 'sandbox', sandboxMaxN: deps.sandboxMaxN };
      const off = deps.offloop;
      if (off) {
        // Known command first: an unknown one is refused here without a thread's round trip.
        assertSolvable(command);
        // Measured as the JSON the worker reads (the doors already measured it against the caller's cap).
        const json = JSON.stringify(body) ?? '';
        if (Buffer.byteLength(json, 'utf8') >= off.verifyThresholdBytes) return off.verify(json, { command, ...ctx });
      }
      return checkAnswer(command, body, ctx);
    },
  };
}
