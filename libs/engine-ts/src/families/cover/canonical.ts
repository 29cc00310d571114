/** The canonical `cover` problem (problem.ts) from the request's universe, sets and costs. */
import type { CoverProblem } from './problem';

/** Throws a plain Error naming a bad entry or an element in no set (the contract has checked before). */
export function canonicalCover(universe: number, sets: readonly (readonly number[])[], costs?: readonly number[]): CoverProblem {
  const n = sets.length;
  if (!(Number.isInteger(universe) && universe >= 1)) throw new Error('cover needs a universe of at least one element');
  if (n < 1) throw new Error('cover needs at least one set');
  if (costs !== undefined && costs.length !== n) throw new Error(`costs has ${costs.length} entries, expected ${n}`);
  const start = new Int32Array(n + 1);
  const parts: Int32Array[] = [];
  const seen = new Uint8Array(universe);
  for (let j = 0; j < n; j++) {
    const s = Int32Array.from(sets[j]).sort();
    let m = 0;
    for (let k = 0; k < s.length; k++) {
      const e = s[k];
      if (!(e >= 0 && e < universe)) throw new Error(`sets[${j}] holds ${e}, not an element 0..${universe - 1}`);
      if (k > 0 && e === s[k - 1]) continue;
      s[m++] = e;
      seen[e] = 1;
    }
    parts.push(s.subarray(0, m));
    start[j + 1] = start[j] + m;
  }
  const missing = seen.indexOf(0);
  if (missing >= 0) throw new Error(`element ${missing} is in no set`);
  const elems = new Int32Array(start[n]);
  for (let j = 0; j < n; j++) elems.set(parts[j], start[j]);
  const cost = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const c = costs === undefined ? 1 : costs[j];
    if (!Number.isFinite(c)) throw new Error(`costs[${j}] is not a finite number`);
    cost[j] = c;
  }
  return { kind: 'cover', n, universe, start, elems, cost };
}
