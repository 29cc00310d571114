/**
 * Helpers the QUBO-family commands share (optimize, maxcut, feel, want, sample, and the
 * input-fault wrapper of every adapter): their certified caps, the enumeration certificate of
 * optimize and feel, what a job of optimize or maxcut knows before its engine starts, and the
 * receipt form of their canonical problems (shared by the JSON adapters and the SVCB lane).
 */
import { SvcError } from '@svc/errors';
import { evaluate, type CanonicalProblem, type Effort } from '@svc/engine-ts';
import { budgetFor, certifiedCaps, cutUpperBound, quboLowerBound } from '@svc/engine-ts/families/qubo';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';
import { enumeration } from './exact-caps';

/** Runs a canonical builder; it only rejects what contracts should have caught, so still an input fault. */
export function canonicalOrInvalid<T>(build: () => T): T {
  try {
    return build();
  } catch (e) {
    throw new SvcError('SVC_INVALID_INPUT', e instanceof Error ? e.message : String(e), { cause: e });
  }
}

export function warmStartOf(input: { warm_start?: readonly number[] }): Uint8Array | undefined {
  return Array.isArray(input.warm_start) ? Uint8Array.from(input.warm_start) : undefined;
}

/**
 * Typical certified sizes of the QUBO family per effort (enumeration, then branch and bound with
 * proven bounds), as measured for random instances by the engines' deterministic work budgets.
 * Typical, not a rule: certification depends on the method finishing (commands.md "Certified").
 */
export function quboExactCaps(command: 'optimize' | 'maxcut'): Record<Effort, number> {
  return certifiedCaps(command);
}

/** optimize and feel: every one of 2^n states is enumerated when n is at most the model's enumeration cap. */
export function quboSurely(prep: PreparedSolve, effort: Effort, version: string): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'qubo') return null;
  return enumeration(p.n, budgetFor('optimize', effort, 1, 0, version).exactMaxN, 'every assignment');
}

/** optimize's and maxcut's progress start (command-module.ts `progress`): the family's trivial proven bound and the warm start's objective. */
export function quboProgressStart(prep: PreparedSolve): { bound: number | null; warmObjective: number | null } {
  const p = prep.problem;
  const bound = p.kind === 'qubo' ? quboLowerBound(p) : p.kind === 'maxcut' ? cutUpperBound(p) : null;
  return { bound, warmObjective: prep.warmStart ? evaluate(p, prep.warmStart) : null };
}

const pairsOf = (p: { i: Int32Array; j: Int32Array; w: Float64Array }): number[][] => {
  const out: number[][] = new Array(p.i.length);
  for (let k = 0; k < p.i.length; k++) out[k] = [p.i[k], p.j[k], p.w[k]];
  return out;
};

/**
 * The receipt form of a canonical problem: `n` resolved, linear terms as an index-keyed map
 * (zero entries omitted, self-pairs already folded in), pairs i < j with duplicates summed and
 * sorted, plus `warm_start` when given. Built from the canonical form so every input lane
 * (JSON, SVCB) of the same problem yields the same receipt.
 */
export function receiptProblem(p: CanonicalProblem, warmStart?: ArrayLike<number>): Record<string, unknown> {
  if (p.kind !== 'qubo' && p.kind !== 'maxcut') throw new Error(`receiptProblem covers optimize and maxcut; ${p.kind} has its own adapter form`);
  const out: Record<string, unknown> = { n: p.n };
  if (p.kind === 'qubo') {
    const linear: Record<string, number> = {};
    for (let k = 0; k < p.linear.length; k++) if (p.linear[k] !== 0) linear[String(k)] = p.linear[k];
    out.linear = linear;
    out.quadratic = pairsOf(p.pairs);
  } else if (p.complete) {
    out.complete = true;
  } else {
    out.edges = p.edges ? pairsOf(p.edges) : [];
  }
  if (warmStart) out.warm_start = Array.from(warmStart);
  return out;
}
