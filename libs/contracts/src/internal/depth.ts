import { SvcError } from '@svc/errors';
import { LIMITS } from '../limits';

/** Arrays known to hold only arrays of numbers (two levels deep), and how many were ever marked. */
const rowsOfNumbers = new WeakSet<object>();
let marked = 0;

/**
 * Marks `list` (an array view a parser built: a packed list of number triples, each element
 * a new array at every read) as holding only arrays of numbers, so the walks over a whole problem
 * (`assertNestingDepth`, the total magnitude) take its elements one at a time instead of stacking
 * them all.
 */
export function markRowsOfNumbers(list: readonly unknown[]): void {
  rowsOfNumbers.add(list);
  marked++;
}

/** Whether `v` was marked by `markRowsOfNumbers` (nothing is looked up until something was). */
export function isRowsOfNumbers(v: object): boolean {
  return marked > 0 && rowsOfNumbers.has(v);
}

function tooDeep(field: string, max: number): SvcError {
  return new SvcError('SVC_INVALID_INPUT', `"${field}" is nested more than ${max} levels deep; no problem needs that many (arrays of numbers, rows of a matrix, lists of rules)`, {
    extensions: { field },
  });
}

/**
 * Refuses JSON nested deeper than `LIMITS.maxNestingDepth` (no problem of any command needs more
 * than a handful of levels) before anything recursive touches it: fingerprints, canonical forms,
 * schema checks and sums would otherwise exhaust the stack (a 500). Iterative, O(size).
 */
export function assertNestingDepth(value: unknown, field = '(root)', max: number = LIMITS.maxNestingDepth): void {
  if (value === null || typeof value !== 'object') return;
  // Only containers are pushed (numbers, the bulk of a big problem, are skipped in place).
  const stack: object[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const v = stack.pop()!;
    const depth = depths.pop()!;
    if (depth > max) throw tooDeep(field, max);
    // A marked list is two levels deep, whatever its length.
    if (isRowsOfNumbers(v)) {
      if (depth + 1 > max) throw tooDeep(field, max);
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (x !== null && typeof x === 'object') {
          stack.push(x);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const k in v) {
        const x = (v as Record<string, unknown>)[k];
        if (x !== null && typeof x === 'object') {
          stack.push(x);
          depths.push(depth + 1);
        }
      }
    }
  }
}

/**
 * The deepest nesting of the JSON text (brackets outside strings), stopping as soon as it passes
 * `max`: lets a server refuse a deep body before parsing it. Returns the depth seen (≤ max + 1).
 */
export function jsonTextDepth(text: string, max: number = LIMITS.maxNestingDepth): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > max) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
