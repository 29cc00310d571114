/** The canonical `xorsat` problem (problem.ts) from the request's n and equations. */
import type { XorsatProblem } from './problem';

export interface XorsatEquation {
  readonly vars: readonly number[];
  readonly rhs: number;
}

/**
 * Sorts each equation's variables and cancels repeated ones in pairs (x ⊕ x = 0). Throws a plain
 * Error naming a bad entry (the contract has checked before).
 */
export function canonicalXorsat(n: number, equations: readonly XorsatEquation[]): XorsatProblem {
  if (!(Number.isInteger(n) && n >= 1)) throw new Error('xorsat needs n >= 1 variables');
  const m = equations.length;
  if (m < 1) throw new Error('xorsat needs at least one equation');
  const start = new Int32Array(m + 1);
  const rhs = new Uint8Array(m);
  const parts: Int32Array[] = [];
  for (let e = 0; e < m; e++) {
    const eq = equations[e];
    if (eq.rhs !== 0 && eq.rhs !== 1) throw new Error(`equations[${e}].rhs is ${eq.rhs}, not 0 or 1`);
    rhs[e] = eq.rhs;
    const s = Int32Array.from(eq.vars).sort();
    let k = 0;
    for (let q = 0; q < s.length; q++) {
      const i = s[q];
      if (!(Number.isInteger(i) && i >= 0 && i < n)) throw new Error(`equations[${e}].vars holds ${i}, not a variable 0..${n - 1}`);
      if (k > 0 && s[k - 1] === i) k--; // a pair cancels
      else s[k++] = i;
    }
    parts.push(s.subarray(0, k));
    start[e + 1] = start[e] + k;
  }
  const vars = new Int32Array(start[m]);
  for (let e = 0; e < m; e++) vars.set(parts[e], start[e]);
  return { kind: 'xorsat', n, start, vars, rhs };
}
