import { LIMITS } from '../limits';
import { InputIssue } from './issue';
import { isRowsOfNumbers } from './depth';

/** Top-level fields that are not coefficients of the objective. */
const NOT_COEFFICIENTS = new Set(['tag', 'description', 'version', 'n']);

/** Σ|x| over every number inside `v` (arrays and objects, any depth; iterative, numbers summed in place). */
function magnitude(v: unknown): number {
  if (typeof v === 'number') return Math.abs(v);
  if (v === null || typeof v !== 'object') return 0;
  let s = 0;
  const stack: object[] = [v];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (isRowsOfNumbers(x)) {
      // Its rows in the order the stack would pop them (last first), each summed in order: the
      // same additions as pushing them all, without holding them all.
      const rows = x as ArrayLike<ArrayLike<number>>;
      for (let i = rows.length - 1; i >= 0; i--) {
        const row = rows[i];
        for (let j = 0; j < row.length; j++) s += Math.abs(row[j]);
      }
    } else if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        const y: unknown = x[i];
        if (typeof y === 'number') s += Math.abs(y);
        else if (y !== null && typeof y === 'object') stack.push(y);
      }
    } else {
      for (const k in x) {
        const y = (x as Record<string, unknown>)[k];
        if (typeof y === 'number') s += Math.abs(y);
        else if (y !== null && typeof y === 'object') stack.push(y);
      }
    }
  }
  return s;
}

/**
 * Numbers finite one by one can still overflow together: three edges of 1e308 make a cut of
 * Infinity. Every energy, bound and intermediate sum of the engines stays finite (squares
 * included) when the magnitudes of all numbers of a problem add up to at most
 * `LIMITS.maxTotalMagnitude` (1e150); above it the input is refused at validation, naming the
 * field that carries the most.
 */
export function checkTotalMagnitude(v: Readonly<Record<string, unknown>>): void {
  let total = 0;
  let biggest = '';
  let biggestSum = -1;
  for (const k of Object.keys(v)) {
    if (NOT_COEFFICIENTS.has(k)) continue;
    const s = magnitude(v[k]);
    total += s;
    if (s > biggestSum) {
      biggestSum = s;
      biggest = k;
    }
  }
  if (!(total <= LIMITS.maxTotalMagnitude)) {
    const sum = Number.isFinite(biggestSum) ? biggestSum.toExponential(3) : 'more than the largest double';
    throw new InputIssue([biggest], `the magnitudes of the numbers in "${biggest}" add up to ${sum}; all of a problem's numbers together must add up to at most ${LIMITS.maxTotalMagnitude.toExponential(0)} in absolute value (so no energy or sum overflows): divide every weight by a common factor (the optimum is the same answer)`, true);
  }
}
