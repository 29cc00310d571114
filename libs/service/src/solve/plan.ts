import { createHash } from 'node:crypto';
import { SvcError } from '@svc/errors';
import { SOLVE_QUERY_KEYS, assertNestingDepth, validateProblem, parseSolveOptions, type CertificateMode, type SolveOptions } from '@svc/contracts';
import { COMMANDS, type Command, type Effort } from '@svc/engine-ts';
import { computeUnits } from '../compute-units';
import { resolveVersion } from '../versions';
import type { Principal } from '../principal';
import { ADAPTERS, certifyingPrep, type PreparedSolve } from '../commands';
import { decodeSvcb, prepareSvcb } from '../commands/shared/svcb';
import type { CacheKeyInput } from '../result-cache';
import type { WorkEstimate } from './work-model';
import { stageMark } from './stage-marks';

/** Commands this build can solve (one adapter each); the other known commands answer SVC_UNSUPPORTED. */
export const SOLVABLE_COMMANDS: readonly Command[] = Object.freeze(COMMANDS.filter((c) => ADAPTERS[c] !== undefined));

/** Throws 404 SVC_UNSUPPORTED for an unknown or not-yet-available command. */
export function assertSolvable(command: string): asserts command is Command {
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new SvcError('SVC_UNSUPPORTED', `Unknown command '${command}'; GET /api/v1/capabilities lists the commands.`);
  }
  if (!SOLVABLE_COMMANDS.includes(command as Command)) {
    throw new SvcError('SVC_UNSUPPORTED', `The command '${command}' is not available yet on this service; available now: ${SOLVABLE_COMMANDS.join(', ')}.`);
  }
}

/** Throws 404 SVC_UNSUPPORTED naming the first query parameter a solve does not know. */
export function assertKnownQuery(query: Readonly<Record<string, unknown>> | undefined): void {
  for (const key of Object.keys(query ?? {})) {
    if (!(SOLVE_QUERY_KEYS as readonly string[]).includes(key)) {
      throw new SvcError('SVC_UNSUPPORTED', `Unknown query parameter '${key}'; a solve takes ${SOLVE_QUERY_KEYS.join(', ')}.`, {
        extensions: { field: key },
      });
    }
  }
}

/** One solve request as it arrived, in the form a job persists and replays. */
export type SolveRequest =
  | { readonly lane: 'json'; readonly command: string; readonly body: unknown }
  | { readonly lane: 'svcb'; readonly bytes: Uint8Array };

/** A validated, canonicalised, priced solve: everything needed to run it, nothing charged yet. */
export interface SolvePlan {
  readonly command: Command;
  readonly lane: SolveRequest['lane'];
  /** The resolved problem size. */
  readonly n: number;
  readonly prep: PreparedSolve;
  readonly effort: Effort;
  readonly seed: number;
  /** Resolved model version id. */
  readonly version: string;
  /** Wall-clock budget of the whole call in ms, from the request's arrival (solve/deadline.ts); 0 = none. */
  readonly maxLatencyMs: number;
  /** Compute units of this solve (the same figure analyze reports). */
  readonly units: number;
  /**
   * The work estimate, when it was made where the plan was made (a large JSON body planned on its
   * solve worker, solve/raw-json.ts, whose problem never reaches this thread); else it is
   * estimated from `prep.problem`.
   */
  readonly estimate?: WorkEstimate;
  /** `?certificate=full|none`; absent: attached up to CERTIFICATE_CAP_BYTES (solve/certificate-fields.ts). */
  readonly certificate?: CertificateMode;
}

/**
 * The cheap checks every front door makes before anything else, including before an
 * Idempotency-Key is claimed: the command (JSON lane) and the query keys (404 SVC_UNSUPPORTED).
 */
export function assertRoutable(req: SolveRequest, query: Readonly<Record<string, unknown>> | undefined): void {
  if (req.lane === 'json') assertSolvable(req.command);
  assertKnownQuery(query);
  // Before the Idempotency-Key fingerprint (JSON.stringify) or anything recursive sees the body.
  if (req.lane === 'json') assertNestingDepth(req.body);
}

/**
 * What an Idempotency-Key is bound to: the request as sent (JSON: command, query, body; SVCB:
 * the bytes' SHA-256 and the query). Equal values replay; different ones conflict.
 */
export function idempotencyRequestOf(req: SolveRequest, query: Readonly<Record<string, unknown>> | undefined): unknown {
  if (req.lane === 'json') return { command: req.command, query: sameQuery(query), body: req.body };
  return { lane: 'svcb', sha256: createHash('sha256').update(req.bytes).digest('hex'), query: sameQuery(query) };
}

/**
 * The options as every door means them, for the key's fingerprint: keys sorted, scalar values as
 * their text. HTTP sends `seed=5` as '5', gRPC and MCP as 5: the identical request through another
 * door (or node) replays its answer instead of a 409 conflict.
 */
function sameQuery(query: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(query ?? {}).sort()) {
    const v = query![k];
    out[k] = typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : v;
  }
  return out;
}

/**
 * The result-cache key of a plan answered by `engine` (commands.md "Receipt": everything the answer
 * is a function of). A `certificate=none` solve made no certificate (and keeps the engine's bound),
 * so it is kept apart from the answers that carry one.
 */
export function cacheKeyOf(plan: SolvePlan, engine: 'native' | 'ts'): CacheKeyInput {
  return {
    command: plan.command, problem: plan.prep.receiptProblem, seed: plan.seed, effort: plan.effort, version: plan.version, engine,
    ...(plan.certificate === 'none' ? { certificate: 'none' as const } : {}),
  };
}

/**
 * Validates and prices one request in the precedence of commands.md: command (404) → query
 * keys (404) → body checks of contracts (tag, description, sandbox n, schema, sizes,
 * contradictions) → query values → version. Auth, rate limits, body size, quota and capacity
 * are the caller's. Every failure is an `SvcError`.
 */
export function planSolve(
  req: SolveRequest,
  principal: Principal,
  query: Readonly<Record<string, unknown>> | undefined,
  limits: { readonly sandboxMaxN: number },
): SolvePlan {
  const sandbox = principal.kind === 'sandbox';
  if (req.lane === 'json') {
    assertSolvable(req.command);
    assertKnownQuery(query);
    const command: Command = req.command;
    // Contracts checks in spec precedence, including the sandbox n cap (403 SVC_SANDBOX_LIMIT).
    const v = validateProblem(command, req.body, sandbox ? { sandbox, sandboxMaxN: limits.sandboxMaxN } : { sandbox });
    stageMark('validated');
    const o = parseSolveOptions({ ...(query ?? {}) }, v.version);
    const version = resolveVersion(o.version ?? v.version);
    const adapter = ADAPTERS[command];
    if (!adapter) throw new SvcError('SVC_UNSUPPORTED', `The command '${command}' is not available yet on this service.`);
    const prep = adapter.prepare(v);
    stageMark('planned');
    return finishPlan(command, 'json', v.n, adapter.recheckInWorker ? { ...prep, recheck: v, finish: prep.finish.bind(prep) } : prep, o, version);
  }
  assertKnownQuery(query);
  // Framing, description, schema and sizes of the bytes, in the same precedence as JSON.
  const b = decodeSvcb(req.bytes, sandbox ? { sandboxMaxN: limits.sandboxMaxN } : {});
  const o = parseSolveOptions({ ...(query ?? {}) });
  const version = resolveVersion(o.version);
  return finishPlan(b.command, 'svcb', b.n, certifyingPrep(b.command, prepareSvcb(b)), o, version);
}

function finishPlan(command: Command, lane: SolveRequest['lane'], n: number, prep: PreparedSolve, o: SolveOptions, version: string): SolvePlan {
  return {
    command,
    lane,
    n,
    prep,
    effort: o.effort,
    seed: o.seed,
    version,
    maxLatencyMs: o.maxLatencyMs > 0 ? o.maxLatencyMs : 0,
    units: computeUnits({ n, terms: prep.terms }, o.effort),
    ...(o.certificate !== undefined ? { certificate: o.certificate } : {}),
  };
}
