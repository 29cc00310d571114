/**
 * Every exact cap of the service in one place: what capabilities quote (`certified_caps`), what
 * analyze reports (`would_certify`, `exact_caps`) and how far POST /verify re-checks a certified
 * claim by enumeration. Each command module points its `exactCaps` at one of these.
 */
import { certifiedCaps, EFFORTS, sampleBudget, type Effort } from '@svc/engine-ts';

/** Largest n (m for select) whose certified claim POST /verify re-checks by enumerating every 0/1 assignment. */
export const EXHAUSTIVE_RECHECK_MAX_N = 16;

/**
 * Typical certified sizes of the QUBO family per effort (enumeration, then branch and bound with
 * proven bounds), as measured for random instances by the engines' deterministic work budgets.
 * Typical, not a rule: certification depends on the method finishing (commands.md "Certified").
 */
export function quboExactCaps(command: 'optimize' | 'maxcut'): Record<Effort, number> {
  return certifiedCaps(command);
}

/** sample certifies when the engine enumerates every state: the engine's own enumeration cap per effort. */
export function sampleExactCaps(): Record<Effort, number> {
  return Object.fromEntries(EFFORTS.map((e) => [e, sampleBudget(e, 1, 0, 1).exactMaxN])) as Record<Effort, number>;
}

/**
 * Typical m certified by branch and bound per effort (measured: every random instance of density
 * 0.5 with k = m/4 or m/2 at this m; about half of them at m + 10 to m + 30);
 * capabilities quotes them as sizes, not rules: any m is certified when the search finishes,
 * and without redundancy every m is (the top k by affinity).
 */
export const SELECT_TYPICAL_EXACT_M = { flash: 30, medium: 40, high: 40 } as const;

/**
 * Typical n certified by branch and bound per effort (measured on random mixed-rule instances, 0.5n
 * to n rules, with a quadratic objective: all certified at this n, some up to n = 100);
 * capabilities quotes them as sizes, not rules: any n is certified when the search finishes
 * (a pure satisfaction problem with a satisfying answer is, at any n).
 */
export const RULES_TYPICAL_EXACT_N = { flash: 40, medium: 50, high: 60 } as const;
