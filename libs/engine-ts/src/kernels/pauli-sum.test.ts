import { describe, expect, it } from 'vitest';
import { canonicalPauliTerms } from '../families/spectrum/canonical';
import { denseHamiltonian, randomPauliTerms, tfimTerms, xxzTerms } from '../families/spectrum/testing';
import { detectSymmetry, hadamardTerms, pauliOperator, popcount, SectorBasis, SectorOperator, sectorsFor, walshHadamard } from './pauli-sum';

describe('pauli-sum', () => {
  it('popcount and sector bases: every state once, index ∘ state = identity', () => {
    for (let v = 0; v < 1 << 12; v += 7) expect(popcount(v)).toBe(v.toString(2).split('').filter((c) => c === '1').length);
    for (const n of [1, 2, 5, 8]) {
      for (const sym of ['none', 'z-parity', 'u1'] as const) {
        const seen = new Set<number>();
        for (const b of sectorsFor(n, sym)) {
          for (let i = 0; i < b.dim; i++) {
            const s = b.state(i);
            expect(b.contains(s)).toBe(true);
            expect(b.index(s)).toBe(i);
            expect(seen.has(s)).toBe(false);
            seen.add(s);
          }
        }
        expect(seen.size).toBe(2 ** n);
      }
    }
  });

  it('detects U(1) for XXZ, X-parity for the Ising chain, Z-parity for XX-only sums, none for random ones', () => {
    expect(detectSymmetry(pauliOperator(canonicalPauliTerms(6, xxzTerms(6, 1, 0.3, true))))).toBe('u1');
    expect(detectSymmetry(pauliOperator(canonicalPauliTerms(6, tfimTerms(6, 1, 0.5, false))))).toBe('x-parity');
    expect(detectSymmetry(pauliOperator(canonicalPauliTerms(4, [{ coeff: 1, ops: 'XXII' }, { coeff: 0.5, ops: 'IYYI' }, { coeff: 2, ops: 'XIIX' }])))).toBe('z-parity');
    // XX alone flips two bits without conserving their count.
    expect(detectSymmetry(pauliOperator(canonicalPauliTerms(2, [{ coeff: 1, ops: 'XX' }, { coeff: 1, ops: 'ZI' }])))).toBe('z-parity');
    expect(detectSymmetry(pauliOperator(canonicalPauliTerms(5, randomPauliTerms(1, 5, 12))))).toBe('none');
  });

  it('sector application equals the dense Kronecker matrix (real, complex, every symmetry)', () => {
    const cases = [
      [6, xxzTerms(6, 1, 0.7, true)], [5, tfimTerms(5, 0.8, 1.3, true)], [4, randomPauliTerms(9, 4, 9)],
      [5, [{ coeff: 1, ops: 'XYIII' }, { coeff: -0.5, ops: 'IIYXZ' }, { coeff: 0.25, ops: 'ZZIII' }]],
    ] as const;
    for (const [n, json] of cases) {
      const terms = canonicalPauliTerms(n, json as { coeff: number; ops: string }[]);
      const sym = detectSymmetry(pauliOperator(terms));
      const t = sym === 'x-parity' ? hadamardTerms(terms) : terms;
      const op = pauliOperator(t);
      const H = denseHamiltonian(n, Array.from(t.coeff, (c, k) => ({ coeff: c, ops: opsOf(n, t.x[k], t.z[k]) })));
      for (const basis of sectorsFor(n, sym)) {
        const so = new SectorOperator(op, basis);
        const s = op.complex ? 2 : 1;
        for (let j = 0; j < so.dim; j++) {
          const v = new Float64Array(so.dim * s);
          v[j * s] = 1;
          const w = new Float64Array(so.dim * s);
          so.apply(v, w);
          for (let i = 0; i < so.dim; i++) {
            const [re, im] = H[basis.state(i)][basis.state(j)];
            expect(w[i * s]).toBeCloseTo(re, 12);
            if (s === 2) expect(w[i * s + 1]).toBeCloseTo(im, 12);
          }
        }
        const D = so.dense();
        for (let i = 0; i < so.dim; i++) for (let j = 0; j < so.dim; j++) expect(D[(i * so.dim + j) * s]).toBeCloseTo(H[basis.state(i)][basis.state(j)][0], 12);
      }
    }
  });

  it('the Hadamard transform maps X-parity to Z-parity with the same matrix up to W', () => {
    const terms = canonicalPauliTerms(3, [{ coeff: 1, ops: 'XYZ' }, { coeff: 0.3, ops: 'ZIX' }]);
    const H = denseHamiltonian(3, Array.from(terms.coeff, (c, k) => ({ coeff: c, ops: opsOf(3, terms.x[k], terms.z[k]) })));
    const h = hadamardTerms(terms);
    const G = denseHamiltonian(3, Array.from(h.coeff, (c, k) => ({ coeff: c, ops: opsOf(3, h.x[k], h.z[k]) })));
    // G = W H W: apply W to each column of H as a vector, then to rows.
    for (let j = 0; j < 8; j++) {
      const col = new Float64Array(16);
      for (let i = 0; i < 8; i++) [col[2 * i], col[2 * i + 1]] = H[i][j];
      walshHadamard(col, 3, true);
      for (let i = 0; i < 8; i++) [H[i][j][0], H[i][j][1]] = [col[2 * i], col[2 * i + 1]];
    }
    for (let i = 0; i < 8; i++) {
      const row = new Float64Array(16);
      for (let j = 0; j < 8; j++) [row[2 * j], row[2 * j + 1]] = H[i][j];
      walshHadamard(row, 3, true);
      for (let j = 0; j < 8; j++) {
        expect(row[2 * j]).toBeCloseTo(G[i][j][0], 12);
        expect(row[2 * j + 1]).toBeCloseTo(G[i][j][1], 12);
      }
    }
  });

  it('Lin tables index the ones sector of 24 qubits', () => {
    const b = new SectorBasis(24, 'ones', 12);
    expect(b.dim).toBe(2704156);
    for (let i = 0; i < b.dim; i += 9973) expect(b.index(b.state(i))).toBe(i);
  });
});

function opsOf(n: number, x: number, z: number): string {
  let s = '';
  for (let q = 0; q < n; q++) s += (x >> q) & 1 ? ((z >> q) & 1 ? 'Y' : 'X') : (z >> q) & 1 ? 'Z' : 'I';
  return s;
}
