import { describe, expect, it } from 'vitest';
import { basisJson, knapsackBasis, plainDeterminant, plainProduct, plainReducedFailure, uniformBasis } from './testing';
import { canonicalReduce } from './canonical';
import { lllReduce } from './lll';
import { parseReduceAnswer } from './problem';
import { solveReduce } from './solve';
import { checkReduced, checkSameLattice } from './verify';

const B = (rows: (number | string)[][]): bigint[][] => rows.map((r) => r.map((x) => BigInt(x)));

/** The independent check of the test: plain fractions, U·B = B', det U = ±1. */
function expectValid(b: bigint[][], delta: number): bigint[][] {
  const r = lllReduce(b, delta);
  expect(plainReducedFailure(r.basis, delta)).toBeNull();
  expect(plainProduct(r.u, b)).toEqual(r.basis);
  expect(plainProduct(r.v, r.basis)).toEqual(b);
  const det = plainDeterminant(r.u);
  expect(det === 1n || det === -1n).toBe(true);
  return r.basis;
}

describe('reduce: exact LLL (engine-ts)', () => {
  it('reduces hand-known bases', () => {
    expect(lllReduce(B([[1, 0], [1, 1]]), 0.99).basis).toEqual(B([[1, 0], [0, 1]]));
    // Wikipedia's LLL example with delta = 3/4.
    expect(lllReduce(B([[1, 1, 1], [-1, 0, 2], [3, 5, 6]]), 0.75).basis).toEqual(B([[0, 1, 0], [1, 0, 1], [-1, 0, 2]]));
  });

  it('finds the shortest vectors of 2-D lattices (LLL with delta near 1 is Lagrange–Gauss there)', () => {
    // det [[13,21],[21,34]] = 442 − 441 = 1: the lattice is Z², a reduced basis two unit vectors.
    expect(lllReduce(B([[13, 21], [21, 34]]), 0.99).basis.map((v) => v[0] * v[0] + v[1] * v[1])).toEqual([1n, 1n]);
    expect(lllReduce(B([[5, 8], [8, 13]]), 0.99).basis.map((v) => v[0] * v[0] + v[1] * v[1])).toEqual([1n, 1n]);
    // (1, 0), (7, 5): μ = 7, so (7, 5) − 7·(1, 0) = (0, 5).
    expect(lllReduce(B([[1, 0], [7, 5]]), 0.99).basis).toEqual(B([[1, 0], [0, 5]]));
  });

  it('reports dependent vectors as zero vectors first (the rank), not an error', () => {
    const a = expectValid(B([[2, 4], [3, 6]]), 0.99);
    expect(a[0]).toEqual([0n, 0n]);
    expect(a[1].map((x) => (x < 0n ? -x : x))).toEqual([1n, 2n]);
    const g = expectValid(B([[6], [10], [15]]), 0.99);
    expect(g.slice(0, 2)).toEqual([[0n], [0n]]);
    expect(g[2][0] === 1n || g[2][0] === -1n).toBe(true);
    const d = expectValid(B([[1, 2, 3], [4, 5, 6], [7, 8, 9], [2, 4, 6]]), 0.99);
    expect(d.filter((r) => r.every((x) => x === 0n)).length).toBe(2);
    expect(lllReduce(B([[0, 0], [0, 0]]), 0.99).rank).toBe(0);
  });

  it('reduces random knapsack and uniform bases, checked by plain fractions', () => {
    for (let seed = 1; seed <= 6; seed++) {
      expectValid(knapsackBasis(seed, 8, 60), 0.99);
      expectValid(uniformBasis(seed, 6, 20), 0.75 + seed / 100);
      expectValid(uniformBasis(seed, 5, 12, 8), 0.99);
    }
  });

  it('takes 100+ digit entries exactly', () => {
    const b = knapsackBasis(7, 6, 400);
    expect(b[0][0].toString().length).toBeGreaterThanOrEqual(100);
    const r = expectValid(b, 0.99);
    expect(r.flat().every((x) => x.toString().length < 40)).toBe(true);
  });

  it('the verifier refuses what is not reduced or not the same lattice', () => {
    expect(checkReduced(B([[1, 0], [5, 1]]), 0.99).ok).toBe(false); // |μ| = 5
    expect(checkReduced(B([[0, 3], [1, 0]]), 0.99).ok).toBe(false); // Lovász
    expect(checkReduced(B([[1, 0], [0, 0]]), 0.99).ok).toBe(false); // zero vector after a nonzero one
    expect(checkReduced(B([[1, 0], [2, 0]]), 0.99).ok).toBe(false); // dependent
    expect(checkReduced(B([[0, 0], [1, 0], [0, 1]]), 0.99)).toMatchObject({ ok: true, rank: 2, shortestSquared: 1n });
    const b = B([[1, 0], [0, 2]]);
    // 2·Z × Z is not the lattice of [[1,0],[0,1]]: U = I but V·B' ≠ B.
    expect(checkSameLattice(b, B([[1, 0], [0, 1]]), B([[1, 0], [0, 1]]), B([[1, 0], [0, 1]]), 2).ok).toBe(false);
    expect(checkSameLattice(b, B([[1, 0], [0, 2]]), B([[1, 0], [0, 1]]), B([[1, 0], [0, 1]]), 2).ok).toBe(true);
  });

  it('solves a canonical problem and answers B\'; U; V', () => {
    const p = canonicalReduce({ basis: basisJson(knapsackBasis(3, 10, 120)), delta: 0.99 });
    const r = solveReduce({ command: 'reduce', problem: p, effort: 'medium', seed: 0 });
    const text = Buffer.from(r.answer).toString('latin1');
    const { basis, u } = parseReduceAnswer(text, 10, 11);
    expect(plainReducedFailure(basis, 0.99)).toBeNull();
    expect(plainProduct(u, knapsackBasis(3, 10, 120))).toEqual(basis);
    expect(r.exact).toBe(true);
  });

  it('canonical form: numbers must be safe integers, strings integers, rows even', () => {
    expect(() => canonicalReduce({ basis: [[2 ** 60, 1]] })).toThrow(/basis\[0\]\[0\].*safe integer/);
    expect(() => canonicalReduce({ basis: [['1.5', 1]] })).toThrow(/basis\[0\]\[0\]/);
    expect(() => canonicalReduce({ basis: [[1, 2], [3]] })).toThrow(/basis\[1\]/);
    expect(() => canonicalReduce({ basis: [] })).toThrow(/basis/);
    expect(() => canonicalReduce({ basis: [[1]], delta: 1 })).toThrow(/delta/);
    expect(Buffer.from(canonicalReduce({ basis: [['-007', '+0', 3]] }).text).toString()).toBe('-7 0 3');
  });
});
