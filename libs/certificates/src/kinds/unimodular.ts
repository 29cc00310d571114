/**
 * `unimodular` (reduce): U·B = B′ and V·B′ = B in integers, so B′ spans the lattice of B; and B′ is
 * LLL-reduced as docs/reduce.md defines it — zero vectors first, the rest independent, every
 * |μ_ij| ≤ ½ and the Lovász condition with the request's δ (its exact binary value), all checked in
 * integers through the integral Gram–Schmidt data d_i, λ_ij (docs/certificates.md "unimodular").
 */
import { need } from '../report';
import { arr, obj, onlyKeys } from '../shape';
import { intEntry, type Reduce } from '../problem';

function matrix(x: unknown, rows: number, cols: number, where: string): bigint[][] {
  const m = arr(x, where);
  need(m.length === rows, 'shape', `${where}: expected ${rows} rows, got ${m.length}`);
  return m.map((r, i) => {
    const row = arr(r, `${where}[${i}]`);
    need(row.length === cols, 'shape', `${where}[${i}]: expected ${cols} entries, got ${row.length}`);
    return row.map((v, j) => intEntry(v, `${where}[${i}][${j}]`, 'numbers'));
  });
}

/** The first (row, column) where X·A differs from C, or null. */
function productDiffers(X: bigint[][], A: bigint[][], C: bigint[][]): [number, number] | null {
  const m = X.length, dim = A[0].length;
  for (let i = 0; i < m; i++) {
    const acc = new Array<bigint>(dim).fill(0n);
    for (let k = 0; k < m; k++) {
      const x = X[i][k];
      if (x === 0n) continue;
      const row = A[k];
      for (let j = 0; j < dim; j++) acc[j] += x * row[j];
    }
    for (let j = 0; j < dim; j++) if (acc[j] !== C[i][j]) return [i, j];
  }
  return null;
}

export function readReducedBasis(answer: unknown, red: Reduce): bigint[][] {
  return matrix(answer, red.basis.length, red.basis[0].length, 'answer');
}

export function checkUnimodular(red: Reduce, Bp: bigint[][], cert: unknown, step: string): void {
  const o = obj(cert, step);
  onlyKeys(o, ['U', 'V'], step);
  const m = red.basis.length;
  const U = matrix(o.U, m, m, `${step}.U`);
  const V = matrix(o.V, m, m, `${step}.V`);
  const u = productDiffers(U, red.basis, Bp);
  need(u === null, `${step}.U`, () => `${step}.U: (U·B)[${u![0]}][${u![1]}] differs from the answer's entry`);
  const v = productDiffers(V, Bp, red.basis);
  need(v === null, `${step}.V`, () => `${step}.V: (V·B′)[${v![0]}][${v![1]}] differs from the problem's entry`);
  checkLll(Bp, red.delta.n, red.delta.d, `${step}.lll`);
}

const dot = (a: bigint[], b: bigint[]): bigint => { let s = 0n; for (let j = 0; j < a.length; j++) s += a[j] * b[j]; return s; };

/** Zero rows first, the rest independent, 2|λ_ij| ≤ d_{j+1}, d_{k+1}·d_{k−1} ≥ δ·d_k² − λ_{k,k−1}² (δ = dn/dd). */
export function checkLll(B: bigint[][], dn: bigint, dd: bigint, step: string): void {
  let z = 0;
  while (z < B.length && B[z].every((x) => x === 0n)) z++;
  const b = B.slice(z);
  const m = b.length;
  const d: bigint[] = [1n];
  const lam: bigint[][] = [];
  for (let i = 0; i < m; i++) {
    lam.push(new Array<bigint>(i).fill(0n));
    for (let j = 0; j <= i; j++) {
      let u = dot(b[i], b[j]);
      for (let k = 0; k < j; k++) u = (d[k + 1] * u - lam[i][k] * lam[j][k]) / d[k];
      if (j < i) lam[i][j] = u;
      else {
        need(u > 0n, step, `${step}: answer[${z + i}] depends on the vectors before it (zero vectors must come first, the rest be independent)`);
        d.push(u);
      }
    }
    for (let j = 0; j < i; j++) {
      const l = lam[i][j] < 0n ? -lam[i][j] : lam[i][j];
      need(2n * l <= d[j + 1], step, `${step}: |μ[${z + i}][${z + j}]| > 1/2 (not size-reduced)`);
    }
    if (i >= 1) {
      const l = lam[i][i - 1];
      need(dd * (d[i + 1] * d[i - 1] + l * l) >= dn * d[i] * d[i], step, `${step}: the Lovász condition fails at answer[${z + i}] with δ = ${dn}/${dd}`);
    }
  }
}
