import { describe, expect, it } from 'vitest';
import { Prng } from '../../prng';
import { absentBytes, erasureData, everyErasurePattern, randomErasure, referenceShards, slowGfMul, withLost } from './testing';
import { canonicalProtect, canonicalRecover, erasureLayout } from './canonical';
import { ERASURE_MAX_SHARDS, rebuildRows } from './code';
import { erasureMismatches } from './evaluate';
import { gfInv, gfMul } from './gf256';
import { dotProduct, PAIR_KERNEL_MIN_BYTES, WORD_KERNEL_MIN_BYTES } from './kernel';
import type { ErasureProblem } from './problem';
import { solveErasure } from './solve';

const solve = (problem: ErasureProblem, command: 'protect' | 'recover' = 'recover') =>
  solveErasure({ command, problem, effort: 'medium', seed: 0 });

describe('erasure (engine-ts)', () => {
  it('the field is GF(2^8) mod 0x11D: every product equals shift-and-add, every non-zero element has its inverse', () => {
    for (let a = 0; a < 256; a++) for (let b = 0; b < 256; b++) expect(gfMul(a, b)).toBe(slowGfMul(a, b));
    for (let a = 1; a < 256; a++) expect(gfMul(a, gfInv(a))).toBe(1);
  });

  it('protect: the parity shards of the definition, for sizes that pad and sizes past the word kernel', () => {
    for (const [k, m, size] of [[1, 1, 1], [3, 2, 10], [10, 4, 1001], [4, 4, 4 * WORD_KERNEL_MIN_BYTES + 3], [5, 3, 5 * WORD_KERNEL_MIN_BYTES + 17], [4, 2, 4 * PAIR_KERNEL_MIN_BYTES + 9], [3, 3, 3 * PAIR_KERNEL_MIN_BYTES]] as const) {
      const data = erasureData(k * 100 + m, size);
      const shards = referenceShards(data, k, m);
      const problem = canonicalProtect(data, k, m);
      expect(problem.shardSize).toBe(erasureLayout(size, k).shardSize);
      const r = solve(problem, 'protect');
      expect(r.kind).toBe('bytes');
      expect(Array.from(r.blocks)).toEqual(Array.from({ length: m }, (_, q) => k + q));
      expect(Buffer.from(r.answer).equals(Buffer.from(absentBytes(shards, problem.present))), `k ${k} m ${m} size ${size}`).toBe(true);
    }
  });

  it('every erasure pattern of every (k, m) with k + m ≤ 8 rebuilds byte for byte; fewer than k shards are refused', () => {
    let rebuilt = 0;
    for (let n = 2; n <= 8; n++) {
      for (let k = 1; k < n; k++) {
        const m = n - k;
        for (const size of [1, 7, 40]) {
          const shards = referenceShards(erasureData(1000 * n + 10 * k + size, size * k - (size > 1 ? 1 : 0)), k, m);
          for (const present of everyErasurePattern(n)) {
            const given = present.reduce((s, x) => s + x, 0);
            if (given < k) {
              expect(() => canonicalRecover(k, m, shards[0].length, withLost(shards, present))).toThrow(/needed/);
              continue;
            }
            const problem = canonicalRecover(k, m, shards[0].length, withLost(shards, present));
            const r = solve(problem);
            expect(Buffer.from(r.answer).equals(Buffer.from(absentBytes(shards, present))), `k ${k} m ${m} present ${present.join('')}`).toBe(true);
            rebuilt++;
          }
        }
      }
    }
    expect(rebuilt).toBeGreaterThan(3000);
  });

  it('random erasures of up to m shards at k + m = 255 rebuild byte for byte (and one more is refused)', () => {
    const r = new Prng(7);
    for (const [k, m] of [[223, 32], [128, 127], [254, 1], [1, 254], [200, 55]]) {
      expect(k + m).toBe(ERASURE_MAX_SHARDS);
      const shards = referenceShards(erasureData(k, 31 * k - 5), k, m);
      for (let trial = 0; trial < 4; trial++) {
        const present = randomErasure(r, k + m, trial === 0 ? m : r.nextInt(m + 1));
        const out = solve(canonicalRecover(k, m, shards[0].length, withLost(shards, present)));
        expect(Buffer.from(out.answer).equals(Buffer.from(absentBytes(shards, present))), `k ${k} m ${m}`).toBe(true);
      }
      expect(() => canonicalRecover(k, m, shards[0].length, withLost(shards, randomErasure(r, k + m, m + 1)))).toThrow(/needed/);
    }
  });

  it('the word kernels (Uint32 views: four shifted tables, or two bytes per lookup) equal the definition, tails and unaligned views (the byte kernel) included', () => {
    const r = new Prng(3);
    for (const len of [WORD_KERNEL_MIN_BYTES, WORD_KERNEL_MIN_BYTES + 1, WORD_KERNEL_MIN_BYTES + 7, PAIR_KERNEL_MIN_BYTES, PAIR_KERNEL_MIN_BYTES + 3]) {
      const k = 3, rows = 2;
      const coef = Uint8Array.from({ length: k * rows }, () => r.nextInt(256));
      const inputs = Array.from({ length: k }, (_, i) => erasureData(i, len + 4).subarray(i === 1 ? 1 : 0, (i === 1 ? 1 : 0) + len));
      const want = Array.from({ length: rows }, () => new Uint8Array(len));
      for (let q = 0; q < rows; q++) for (let b = 0; b < len; b++) for (let i = 0; i < k; i++) want[q][b] ^= slowGfMul(coef[q * k + i], inputs[i][b]);
      const aligned = inputs.map((x) => x.slice());
      const got = Array.from({ length: rows }, () => new Uint8Array(len));
      dotProduct(k, rows, coef, aligned, got, len);
      for (let q = 0; q < rows; q++) expect(Buffer.from(got[q]).equals(Buffer.from(want[q]))).toBe(true);
      const viaBytes = Array.from({ length: rows }, () => new Uint8Array(len));
      dotProduct(k, rows, coef, inputs, viaBytes, len); // one unaligned input: the byte kernel
      for (let q = 0; q < rows; q++) expect(Buffer.from(viaBytes[q]).equals(Buffer.from(want[q]))).toBe(true);
    }
  });

  it('rebuild rows reproduce the sources they are given (a source as target is refused)', () => {
    expect(rebuildRows(3, [0, 1, 3], [2])).not.toBeNull();
    expect(rebuildRows(3, [0, 1, 3], [1])).toBeNull();
  });

  it('the independent check counts wrong bytes: 0 for the answer, more for a changed byte', () => {
    const data = erasureData(5, 999);
    const problem = canonicalProtect(data, 6, 3);
    const r = solve(problem, 'protect');
    expect(erasureMismatches(problem, r.answer)).toBe(0);
    const bad = r.answer.slice();
    bad[17] ^= 1;
    expect(erasureMismatches(problem, bad)).toBe(1);
  });

  it('refuses malformed problems with a plain message', () => {
    const p = canonicalProtect(erasureData(1, 10), 2, 2);
    expect(() => solve({ ...p, n: 5 })).toThrow(/n = k \+ m/);
    expect(() => solve({ ...p, shards: p.shards.subarray(1) })).toThrow(/shardSize bytes/);
    expect(() => canonicalProtect(erasureData(1, 10), 200, 56)).toThrow(/k \+ m <= 255/);
    expect(() => erasureLayout(0, 3)).toThrow(/at least one byte/);
  });
});
