/** The canonical `qap` problem (problem.ts) from the flow and distance matrices. */
import type { QapProblem } from './problem';

function square(rows: readonly (readonly number[])[], n: number, what: string): Float64Array {
  // Shared memory: worker threads and the native addon read it in place.
  const m = new Float64Array(new SharedArrayBuffer(n * n * Float64Array.BYTES_PER_ELEMENT));
  if (rows.length !== n) throw new Error(`${what} has ${rows.length} rows, expected ${n}`);
  for (let i = 0; i < n; i++) {
    if (rows[i].length !== n) throw new Error(`${what} row ${i} has ${rows[i].length} entries, expected ${n}`);
    for (let j = 0; j < n; j++) {
      const v = rows[i][j];
      if (!Number.isFinite(v)) throw new Error(`${what}[${i}][${j}] is not a finite number`);
      m[i * n + j] = v;
    }
  }
  return m;
}

/** From n×n `flow` and `dist` (rows of finite numbers). Throws a plain Error naming a bad entry. */
export function canonicalQap(flow: readonly (readonly number[])[], dist: readonly (readonly number[])[]): QapProblem {
  const n = flow.length;
  if (n < 1) throw new Error('qap needs at least one facility');
  return { kind: 'qap', n, flow: square(flow, n, 'flow'), dist: square(dist, n, 'dist') };
}
