/**
 * Builders of the canonical `select` problem (problem.ts `SelectProblem`) from validated JSON or
 * from flat arrays. The contracts layer validates first; these still throw a plain `Error` on
 * input that would make the canonical form meaningless (k outside 1..m, wrong lengths,
 * non-finite numbers, an asymmetric redundancy matrix).
 *
 * Canonical redundancy: one m·m row-major Float64Array over a SharedArrayBuffer (shared, never
 * copied, by worker threads and the native engine), diagonal set to 0 (ignored by the spec),
 * or null when every off-diagonal entry is 0 (the answer is then the top k by affinity).
 */
import type { SelectProblem } from './problem';

/** Largest m·m a Float64Array can hold comfortably (2^31 − 1 elements). */
const MAX_CELLS = 0x7fffffff;

/**
 * select: `m` items, choose exactly `k`, `affinity` [m], optional `redundancy` [m][m] (symmetric;
 * diagonal ignored). The JSON rows are read once into the shared matrix: one m² copy in total.
 */
export function canonicalSelect(
  m: number,
  k: number,
  affinity: ArrayLike<number>,
  redundancy?: ReadonlyArray<ArrayLike<number>> | null,
): SelectProblem {
  checkSizes(m, k);
  const a = affinityOf(affinity, m);
  if (redundancy === undefined || redundancy === null) return { kind: 'select', n: m, k, affinity: a, redundancy: null };
  if (redundancy.length !== m) throw new Error(`redundancy has ${redundancy.length} rows, expected ${m}`);
  const r = sharedMatrix(m);
  let nonZero = false;
  for (let i = 0; i < m; i++) {
    const row = redundancy[i];
    if (row === null || typeof row !== 'object' || row.length !== m) throw new Error(`redundancy row ${i} must have ${m} entries`);
    const base = i * m;
    for (let j = 0; j < m; j++) {
      const v = row[j];
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`redundancy[${i}][${j}] must be a finite number`);
      if (j === i) continue;
      if (j < i && r[j * m + i] !== v) {
        throw new Error(`redundancy must be symmetric: [${j}][${i}] = ${r[j * m + i]} but [${i}][${j}] = ${v}`);
      }
      r[base + j] = v;
      if (v !== 0) nonZero = true;
    }
  }
  return { kind: 'select', n: m, k, affinity: a, redundancy: nonZero ? r : null };
}

/**
 * The same canonical problem from a dense row-major matrix (length m·m, or null). The matrix is
 * copied into shared memory with its diagonal zeroed; symmetry is checked.
 */
export function canonicalSelectFromArrays(
  m: number,
  k: number,
  affinity: ArrayLike<number>,
  redundancy: ArrayLike<number> | null,
): SelectProblem {
  checkSizes(m, k);
  const a = affinityOf(affinity, m);
  if (redundancy === null) return { kind: 'select', n: m, k, affinity: a, redundancy: null };
  if (redundancy.length !== m * m) throw new Error(`redundancy has ${redundancy.length} entries, expected ${m * m}`);
  const r = sharedMatrix(m);
  let nonZero = false;
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      const v = redundancy[i * m + j];
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`redundancy[${i}][${j}] must be a finite number`);
      if (i === j) continue;
      if (v !== redundancy[j * m + i]) throw new Error(`redundancy must be symmetric at (${i}, ${j})`);
      r[i * m + j] = v;
      if (v !== 0) nonZero = true;
    }
  }
  return { kind: 'select', n: m, k, affinity: a, redundancy: nonZero ? r : null };
}

function checkSizes(m: number, k: number): void {
  if (!Number.isInteger(m) || m < 1) throw new Error(`m must be a positive integer, got ${m}`);
  if (m * m > MAX_CELLS) throw new Error(`m = ${m} is too large for a dense redundancy matrix`);
  if (!Number.isInteger(k) || k < 1 || k > m) throw new Error(`k must be an integer in 1..${m}, got ${k}`);
}

function affinityOf(affinity: ArrayLike<number>, m: number): Float64Array {
  if (affinity.length !== m) throw new Error(`affinity has length ${affinity.length}, expected ${m}`);
  const a = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    const v = affinity[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`affinity[${i}] must be a finite number`);
    a[i] = v;
  }
  return a;
}

function sharedMatrix(m: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(m * m * Float64Array.BYTES_PER_ELEMENT));
}
