/** Shape readers for untrusted JSON: each refuses at a named step instead of throwing a TypeError. */
import { Refusal } from './report';
import { show } from './rational';

export type Obj = Record<string, unknown>;

export function isObj(x: unknown): x is Obj {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function arr(x: unknown, where: string, step = 'shape'): unknown[] {
  if (!Array.isArray(x)) throw new Refusal(step, `${where}: expected an array, got ${show(x)}`);
  return x;
}

export function obj(x: unknown, where: string, step = 'shape'): Obj {
  if (!isObj(x)) throw new Refusal(step, `${where}: expected an object, got ${show(x)}`);
  return x;
}

/** An index 0 ≤ i < n given as a JSON integer. */
export function index(x: unknown, n: number, where: string, step = 'shape'): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x >= n) throw new Refusal(step, `${where}: expected an index in 0..${n - 1}, got ${show(x)}`);
  return x;
}

/** Only the named keys (plus `kind`) may appear in a certificate object. */
export function onlyKeys(o: Obj, keys: readonly string[], where: string): void {
  for (const k of Object.keys(o)) if (k !== 'kind' && !keys.includes(k)) throw new Refusal('shape', `${where}: unknown field ${JSON.stringify(k)} (expected ${keys.join(', ')})`);
}

/**
 * Counts the values (numbers, strings, arrays, objects, …) of a JSON value without recursion and
 * stops at limit + 1: the size check made before any other work.
 */
export function countNodes(x: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [x];
  while (stack.length > 0) {
    const v = stack.pop();
    if (++count > limit) return count;
    if (Array.isArray(v)) { for (let i = 0; i < v.length && count + stack.length <= limit; i++) stack.push(v[i]); if (count + stack.length > limit) return limit + 1; }
    else if (isObj(v)) { for (const k in v) { stack.push(v[k]); if (count + stack.length > limit) return limit + 1; } }
  }
  return count;
}
