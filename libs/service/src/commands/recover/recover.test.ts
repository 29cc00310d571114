import { afterAll, describe, expect, it } from 'vitest';
import { CERTAINTY, REGISTRY, type ErasureManifest } from '@svc/contracts';
import { type EngineResult } from '@svc/engine-ts';
import { erasureData, everyErasurePattern, referenceShards } from '@svc/engine-ts/families/erasure/testing';
import { createNativeEngine } from '@svc/engine-native';
import { nativeOrFail } from '@svc/engine-native/testing';
import { adapterHarness, engineFailure, svcFault, TAG } from '../../../test/adapters';
import { closeServices, makeService } from '../../../test/services';

const DESCRIPTION = 'Restore the nightly backup from the disks that survived.';
const { prepare, run, check: checkWith } = adapterHarness(DESCRIPTION);
const fault = svcFault;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** protect's answer for `data` (through the adapter), as recover takes it. */
function protectedShards(data: Uint8Array, k: number, m: number): { manifest: ErasureManifest; shards: string[] } {
  const f = run('protect', { n: data.length, data: b64(data), data_shards: k, parity_shards: m }).done.fields as unknown as { manifest: ErasureManifest; shards: string[] };
  return { manifest: f.manifest, shards: f.shards };
}

/** One byte of a base64 shard changed. */
const corrupt = (s: string) => b64(Buffer.from(s, 'base64').map((x, i) => (i === 0 ? x ^ 0x80 : x)));


const check = (b: Record<string, unknown>, answer: unknown, declared: Record<string, unknown> | null = null) => checkWith('recover', b, answer, declared);

describe('recover through the service adapter', () => {
  afterAll(closeServices);

  it('every pattern of missing and corrupted shards (k + m ≤ 5): up to m lost gives the data back byte for byte and rebuilds the lost shards; more is 422 saying how many more are needed', () => {
    let recovered = 0;
    for (let n = 2; n <= 5; n++) {
      for (let k = 1; k < n; k++) {
        const m = n - k;
        const data = erasureData(n * 10 + k, 3 * k + 1);
        const { manifest, shards } = protectedShards(data, k, m);
        // Each shard kept, missing (null) or corrupted: 3^n patterns.
        for (let code = 0; code < 3 ** n; code++) {
          const states = Array.from({ length: n }, (_, i) => Math.floor(code / 3 ** i) % 3);
          const given = shards.map((s, i) => (states[i] === 0 ? s : states[i] === 1 ? null : corrupt(s)));
          const lost = states.flatMap((x, i) => (x === 0 ? [] : [i]));
          const b = { n: data.length, manifest, shards: given };
          if (lost.length > m) {
            const e = fault(() => run('recover', b));
            expect(e.code).toBe('SVC_INVALID_INPUT');
            // The contract counts the missing ones (at least this many more); the adapter, after hashing, every lost one.
            const missing = states.filter((x) => x === 1).length;
            const more = missing > m ? missing - m : lost.length - m;
            expect(e.detail).toContain(`${missing > m ? 'at least ' : ''}${more} more shard${more === 1 ? ' is' : 's are'} needed`);
            continue;
          }
          const { done } = run('recover', b);
          const f = done.fields as unknown as { answer: string; repaired: number[]; corrupted: number[]; repaired_shards: string[]; size: number };
          expect(Buffer.from(f.answer, 'base64').equals(Buffer.from(data)), states.join('')).toBe(true);
          expect(f.repaired).toEqual(lost);
          expect(f.corrupted).toEqual(states.flatMap((x, i) => (x === 2 ? [i] : [])));
          expect(f.repaired_shards).toEqual(lost.map((i) => shards[i]));
          expect(done.certainty).toBe(CERTAINTY.operationExact);
          recovered++;
        }
      }
    }
    expect(recovered).toBeGreaterThan(300);
  });

  it('the example: shard 1 missing, shard 4 corrupted, both rebuilt', () => {
    const ex = REGISTRY.recover.example as Record<string, unknown>;
    const { tag: _t, description: _d, ...b } = ex;
    const { done } = run('recover', b);
    expect(done.fields).toMatchObject({ repaired: [1, 4], corrupted: [4], size: 41 });
    expect(Buffer.from(done.fields.answer as string, 'base64').toString()).toBe('rack-7: replicas=3 zone=eu-west quorum=2\n');
  });

  it('the native engine gives the same fields on the same lost shards', async () => {
    if (!nativeOrFail('recover on the native engine')) return;
    const native = createNativeEngine()!;
    const data = erasureData(77, 250_003);
    const { manifest, shards } = protectedShards(data, 10, 4);
    const given = shards.map((s, i) => (i === 0 || i === 5 ? null : i === 11 ? corrupt(s) : s));
    const { prep, done } = run('recover', { n: data.length, manifest, shards: given });
    const r = await native.solve({ command: 'recover', problem: prep.problem, effort: 'flash', seed: 0 });
    expect(prep.finish(r, { deadlineFired: false }).fields).toEqual(done.fields);
  });

  it('too many missing shards are refused by the contract, before any hashing, with the count still needed', () => {
    const { manifest, shards } = protectedShards(erasureData(1, 100), 4, 2);
    const e = fault(() => prepare('recover', { n: 100, manifest, shards: shards.map((s, i) => (i < 4 ? null : s)) }));
    expect(e).toEqual({ code: 'SVC_INVALID_INPUT', detail: 'shards: 4 of 6 shards are missing (0, 1, 2, 3) but parity covers only 2: recovery needs any 4 intact shards, at least 2 more shards are needed' });
  });

  it('refuses a manifest that disagrees with itself and shards that are not base64', () => {
    const { manifest, shards } = protectedShards(erasureData(2, 100), 4, 2);
    const err = (b: Record<string, unknown>) => fault(() => prepare('recover', { n: 100, manifest, shards, ...b }));
    expect(err({ manifest: { ...manifest, shard_size: 26 } }).detail).toMatch(/^manifest.shard_size: is 26, but 100 bytes in 4 data shards make shards of ceil\(100 \/ 4\) = 25 bytes/);
    expect(err({ manifest: { ...manifest, sha256: manifest.sha256.slice(1) } }).detail).toMatch(/has 5 entries, expected one per shard \(6\)/);
    expect(err({ manifest: { ...manifest, construction: 'reed-solomon/vandermonde' } }).code).toBe('SVC_INVALID_INPUT');
    expect(err({ shards: shards.slice(1) }).detail).toMatch(/has 5 entries, expected one per shard of the manifest \(6\)/);
    expect(err({ shards: [...shards.slice(0, 5), 'a-b_'] }).detail).toMatch(/^shards\[5\]: expected standard base64/);
    expect(err({ n: 99 }).detail).toMatch(/disagrees with the number of data bytes \(manifest.size\) \(100\)/);
  });

  it('shards of two different protect calls mixed under one manifest: 422 (the input is inconsistent), not an engine failure', () => {
    const a = protectedShards(erasureData(5, 400), 4, 2);
    const b = protectedShards(erasureData(6, 400), 4, 2);
    // The manifest lists a's hashes for shards 0..3 and b's for 4..5; b's parity shards are given, a's data shard 0 missing.
    const manifest = { ...a.manifest, sha256: [...a.manifest.sha256.slice(0, 4), ...b.manifest.sha256.slice(4)] };
    const e = fault(() => run('recover', { n: 400, manifest, shards: [null, ...a.shards.slice(1, 4), ...b.shards.slice(4)] }));
    expect(e.code).toBe('SVC_INVALID_INPUT');
    expect(e.detail).toMatch(/does not match its SHA-256 in the manifest; were shards of different protect calls mixed/);
  });

  it('rejects an engine whose rebuilt shards, list or kind are wrong', () => {
    const { manifest, shards } = protectedShards(erasureData(8, 600), 5, 3);
    const { prep, r } = run('recover', { n: 600, manifest, shards: shards.map((s, i) => (i === 2 || i === 6 ? null : s)) });
    const finish = (x: Partial<EngineResult>) => () => prep.finish({ ...r, ...x } as EngineResult, { deadlineFired: false });
    const flipped = (r.answer as Uint8Array).slice();
    flipped[3] ^= 1;
    expect(engineFailure(finish({ answer: flipped }))).toMatch(/not a code word/);
    expect(engineFailure(finish({ blocks: Int32Array.of(2, 7) } as Partial<EngineResult>))).toMatch(/expected the lost ones \[2, 6\]/);
    expect(engineFailure(finish({ kind: 'vector' } as Partial<EngineResult>))).toMatch(/vector result for recover/);
  });

  it('receipt form: the manifest and each given shard\'s SHA-256 (null for a missing one)', () => {
    const { manifest, shards } = protectedShards(erasureData(9, 90), 3, 2);
    const prep = prepare('recover', { n: 90, manifest, shards: [null, ...shards.slice(1)] });
    expect(prep.receiptProblem).toEqual({ n: 90, manifest, shards: [null, ...manifest.sha256.slice(1)] });
  });

  it('verify: the right data passes; other data, a wrong repaired list or rebuilt shard fail their checks', () => {
    const data = erasureData(10, 500);
    const { manifest, shards } = protectedShards(data, 4, 3);
    const b = { n: 500, manifest, shards: shards.map((s, i) => (i === 1 ? null : i === 5 ? corrupt(s) : s)) };
    const { done } = run('recover', b);
    const bad = (answer: unknown, declared: Record<string, unknown> | null = null) => check(b, answer, declared).checks.filter((c) => !c.ok).map((c) => c.name);
    expect(bad(done.fields.answer, done.fields)).toEqual([]);
    const other = b64(erasureData(11, 500));
    expect(bad(other)).toEqual(['data_sha256', 'codeword']);
    expect(bad(b64(erasureData(11, 499)))).toEqual(['answer_shape']);
    expect(bad(done.fields.answer, { ...done.fields, repaired: [1] })).toEqual(['repaired']);
    expect(bad(done.fields.answer, { ...done.fields, repaired_shards: [shards[1], shards[4]] })).toEqual(['repaired_shards']);
  });

  it('through the service on both engines: the same answer and the verify route accepts it', async () => {
    const engines = nativeOrFail('recover through the native service') ? (['ts', 'native'] as const) : (['ts'] as const);
    const data = erasureData(12, 5000);
    const { manifest, shards } = protectedShards(data, 6, 3);
    const problem = { tag: TAG, description: DESCRIPTION, n: 5000, manifest, shards: shards.map((s, i) => (i === 0 || i === 7 ? null : s)) };
    const answers: unknown[] = [];
    for (const engine of engines) {
      const svc = await makeService({ engine });
      const me = await svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip: '203.0.113.41' });
      const env = await svc.solve('recover', problem, { principal: me, query: { effort: 'flash' } }) as Record<string, unknown>;
      expect(env.engine).toBe(engine);
      expect(Buffer.from(env.answer as string, 'base64').equals(Buffer.from(data))).toBe(true);
      const report = await svc.verify('recover', { problem, answer: env }, me);
      expect(report.ok, JSON.stringify(report.checks)).toBe(true);
      answers.push(env.answer);
    }
    expect(new Set(answers).size).toBe(1);
  });
});
