import { SvcError } from '@svc/errors';
import { LIMITS } from '../limits';

/** Containers whose depth is known without walking them (their own level included), and how many were ever marked. */
const knownDepths = new WeakMap<object, number>();
let marked = 0;

/**
 * Marks `container` (an array view a parser built: a packed list of number triples) as `depth`
 * levels deep, so `assertNestingDepth` counts it without reading every element.
 */
export function markKnownDepth(container: object, depth: number): void {
  knownDepths.set(container, depth);
  marked++;
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
    // A marked container is as deep as it was marked; nothing else is looked up until one was.
    const known = marked > 0 ? knownDepths.get(v) : undefined;
    if (known !== undefined) {
      if (depth + known - 1 > max) throw tooDeep(field, max);
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
