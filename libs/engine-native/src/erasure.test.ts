import { describe, expect, it } from 'vitest';
import { createTsEngine, Prng, type EngineRequest, type EngineResult } from '@svc/engine-ts';
import { canonicalProtect, canonicalRecover, type ErasureProblem } from '@svc/engine-ts/families/erasure';
import { absentBytes, erasureData, everyErasurePattern, randomErasure, referenceShards, withLost } from '@svc/engine-ts/families/erasure/testing';
import { createNativeEngine } from './index';
import { describeNative } from './testing';

/** The native erasure kernels by their code in the result's extra "kernel" (core/erasure/kernel.h). */
const KERNELS = ['scalar', 'ssse3', 'avx2', 'isa-l', 'gfni'];

const bytesOf = (r: EngineResult) => {
  if (r.kind !== 'bytes') throw new Error(`expected a bytes result, got ${r.kind}`);
  return r;
};

describeNative('native erasure (protect, recover)', () => {
  const native = () => createNativeEngine()!;
  const ts = createTsEngine();
  const both = async (command: 'protect' | 'recover', problem: ErasureProblem) => {
    const req: EngineRequest = { command, problem, effort: 'medium', seed: 0 };
    const [a, b] = await Promise.all([ts.solve(req), native().solve(req)]);
    return [bytesOf(a), bytesOf(b)] as const;
  };

  it('protect: identical parity shards from both engines, equal to the definition, on shard sizes across the vector widths and the TS word kernel', async () => {
    for (const [k, m, size] of [[1, 1, 1], [2, 1, 33], [10, 4, 10_000], [10, 4, 1_000_003], [17, 5, 641], [100, 30, 70_001], [223, 32, 5000], [3, 252, 99]] as const) {
      const data = erasureData(size + k, size);
      const problem = canonicalProtect(data, k, m);
      const [a, b] = await both('protect', problem);
      const want = absentBytes(referenceShards(data, k, m), problem.present);
      expect(Array.from(b.blocks)).toEqual(Array.from(a.blocks));
      expect(Buffer.from(b.answer).equals(Buffer.from(a.answer)), `k ${k} m ${m} size ${size}: native vs ts`).toBe(true);
      expect(Buffer.from(a.answer).equals(Buffer.from(want)), `k ${k} m ${m} size ${size}: ts vs the definition`).toBe(true);
      expect(KERNELS).toContain(KERNELS[b.extras?.kernel ?? -1]);
      expect(b.proof).toBeNull();
    }
  }, 120_000);

  it('recover: every erasure pattern of k + m ≤ 6 and random ones at k + m = 255 rebuild the same bytes on both engines', async () => {
    let patterns = 0;
    for (let n = 2; n <= 6; n++) {
      for (let k = 1; k < n; k++) {
        const shards = referenceShards(erasureData(n * 10 + k, 45 * k - 2), k, n - k);
        for (const present of everyErasurePattern(n)) {
          if (present.reduce((s, x) => s + x, 0) < k) continue;
          const [a, b] = await both('recover', canonicalRecover(k, n - k, shards[0].length, withLost(shards, present)));
          expect(Buffer.from(b.answer).equals(Buffer.from(a.answer)), `k ${k} n ${n} ${present.join('')}`).toBe(true);
          expect(Buffer.from(a.answer).equals(Buffer.from(absentBytes(shards, present)))).toBe(true);
          patterns++;
        }
      }
    }
    expect(patterns).toBeGreaterThan(150);
    const r = new Prng(11);
    for (const [k, m] of [[223, 32], [128, 127], [1, 254]]) {
      const shards = referenceShards(erasureData(k + m, 77 * k), k, m);
      for (let t = 0; t < 3; t++) {
        const present = randomErasure(r, k + m, t === 0 ? m : r.nextInt(m + 1));
        const [a, b] = await both('recover', canonicalRecover(k, m, 77, withLost(shards, present)));
        expect(Buffer.from(b.answer).equals(Buffer.from(a.answer)), `k ${k} m ${m}`).toBe(true);
        expect(Buffer.from(b.answer).equals(Buffer.from(absentBytes(shards, present)))).toBe(true);
      }
    }
  }, 120_000);

  it('refuses what the core cannot rebuild: fewer than k shards, a shard of the wrong length', async () => {
    const p = canonicalProtect(erasureData(1, 100), 4, 2);
    const req = (problem: ErasureProblem): EngineRequest => ({ command: 'recover', problem, effort: 'flash', seed: 0 });
    await expect(native().solve(req({ ...p, present: Uint8Array.from([1, 1, 1, 0, 0, 0]), shards: p.shards.subarray(0, 75) }))).rejects.toThrow(/at least k present/);
    await expect(native().solve(req({ ...p, shards: p.shards.subarray(0, 99) }))).rejects.toThrow(/shard_size bytes/);
  });
});
