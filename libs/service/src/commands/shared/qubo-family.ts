/**
 * Helpers the QUBO-family commands share (optimize, maxcut, feel, want, sample, and the
 * input-fault wrapper of every adapter): their certified caps, the enumeration certificate of
 * optimize and feel, and what a job of optimize or maxcut knows before its engine starts.
 */
import { SvcError } from '@svc/errors';
import { budgetFor, certifiedCaps, cutUpperBound, evaluate, quboLowerBound, type Effort } from '@svc/engine-ts';
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
