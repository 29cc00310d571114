/** Shared machinery of every re-score of an engine answer (commands/<command>/rescore.ts): tolerance, shape, agreement. */
import { SvcError } from '@svc/errors';

/** An objective recomputed from the request JSON, with Σ|weights| for the tolerance. */
export interface Rescored {
  readonly value: number;
  readonly weightSum: number;
}

/** Re-scoring tolerance of commands.md: 1e-9 · (1 + Σ|weights|). */
export function rescoreTolerance(weightSum: number): number {
  return 1e-9 * (1 + weightSum);
}

/** The error of an engine answer that fails its re-score (never a wrong answer). */
export function engineFault(detail: string): SvcError {
  return new SvcError('SVC_ENGINE_FAILURE', detail);
}

/**
 * The proven lower bound of a heuristic minimisation and its gap, or null when the engine gave
 * none; a bound above the answer's own value (`what` names it) is SVC_ENGINE_FAILURE.
 */
export function lowerBoundOf(r: { readonly objective: number; readonly bound?: number }, tol: number, what: string): { bound: number; gap: number } | null {
  if (r.bound === undefined || !Number.isFinite(r.bound)) return null;
  if (r.bound > r.objective + tol) throw engineFault(`engine bound ${r.bound} is above its own ${what} ${r.objective}`);
  return { bound: r.bound, gap: Math.abs(r.objective - r.bound) / Math.max(1, Math.abs(r.objective)) };
}

/** Fails unless `answer` is a 0/1 vector of length n (the engine's claim is checked, not trusted). */
export function checkBinaryAnswer(answer: ArrayLike<number>, n: number): void {
  if (answer.length !== n) throw engineFault(`engine answer has length ${answer.length}, expected ${n}`);
  for (let k = 0; k < n; k++) {
    if (answer[k] !== 0 && answer[k] !== 1) throw engineFault(`engine answer entry ${k} is ${answer[k]}, expected 0 or 1`);
  }
}

/**
 * The engine's answer as a plain array when it is a permutation of 0..n−1 (rank's order, tsp's
 * tour, qap's assignment); anything else is SVC_ENGINE_FAILURE naming the `noun` and the `unit`
 * (the engine's claim is checked, not trusted).
 */
export function permutationOf(answer: ArrayLike<number>, n: number, noun: string, unit: string): number[] {
  if (answer.length !== n) throw engineFault(`engine ${noun} has length ${answer.length}, expected ${n} ${unit}s`);
  const a = /^[aeiou]/.test(unit) ? 'an' : 'a';
  const seen = new Uint8Array(n);
  const out: number[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const v = answer[k];
    if (!Number.isInteger(v) || v < 0 || v >= n) throw engineFault(`engine ${noun} entry ${k} is ${v}, not ${a} ${unit} index`);
    if (seen[v]) throw engineFault(`engine ${noun} places ${unit} ${v} twice`);
    seen[v] = 1;
    out[k] = v;
  }
  return out;
}

/** Fails with SVC_ENGINE_FAILURE when the engine's objective disagrees with the re-score. */
export function assertAgrees(what: string, engineValue: number, rescored: Rescored): void {
  const tol = rescoreTolerance(rescored.weightSum);
  if (!Number.isFinite(engineValue) || Math.abs(engineValue - rescored.value) > tol) {
    throw engineFault(`engine reported ${what} ${engineValue} but the independent re-score gives ${rescored.value} (tolerance ${tol})`);
  }
}
