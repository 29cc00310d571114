import { afterAll, describe, expect, it } from 'vitest';
import { CERTAINTY, ERASURE_CONSTRUCTION, ERASURE_LIMITS, type ErasureManifest } from '@svc/contracts';
import { type EngineResult } from '@svc/engine-ts';
import { ERASURE_CONSTRUCTION as ENGINE_CONSTRUCTION } from '@svc/engine-ts/families/erasure';
import { erasureData, referenceShards } from '@svc/engine-ts/families/erasure/testing';
import { createNativeEngine } from '@svc/engine-native';
import { nativeOrFail } from '@svc/engine-native/testing';
import { adapterHarness, engineFailure, svcFault, TAG } from '../../../test/adapters';
import { closeServices, makeService } from '../../../test/services';

const DESCRIPTION = 'Spread the nightly backup over disks so that any two may fail.';
const { prepare, run, check: checkWith } = adapterHarness(DESCRIPTION);
const fault = svcFault;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const body = (data: Uint8Array, k?: number, m?: number) => ({ n: data.length, data: b64(data), ...(k ? { data_shards: k } : {}), ...(m ? { parity_shards: m } : {}) });

const check = (b: Record<string, unknown>, answer: unknown, declared: Record<string, unknown> | null = null) => checkWith('protect', b, answer, declared);

describe('protect through the service adapter', () => {
  afterAll(closeServices);

  it('answers the shards of the definition, their SHA-256 and a manifest recover can use (defaults k = 10, m = 4)', () => {
    for (const [size, k, m] of [[1, 1, 1], [41, 4, 2], [1000, undefined, undefined], [70_001, 3, 5], [3, 10, 4]] as const) {
      const data = erasureData(size, size);
      const { done } = run('protect', body(data, k, m));
      const kk = k ?? ERASURE_LIMITS.defaultDataShards;
      const mm = m ?? ERASURE_LIMITS.defaultParityShards;
      const want = referenceShards(data, kk, mm);
      const f = done.fields as unknown as Record<string, unknown> & { manifest: ErasureManifest; shards: string[] };
      expect(f.shards).toEqual(want.map(b64));
      expect(f.answer).toEqual(f.manifest);
      expect(f.manifest).toMatchObject({ version: 1, construction: ERASURE_CONSTRUCTION, size, data_shards: kk, parity_shards: mm, shard_size: Math.ceil(size / kk), padding: kk * Math.ceil(size / kk) - size });
      expect(f.sha256).toEqual(f.manifest.sha256);
      expect(f.size).toBe(size);
      expect(done.certainty).toBe(CERTAINTY.operationExact);
      expect(check(body(data, k, m), f.answer, f).checks.every((c) => c.ok)).toBe(true);
    }
    expect(ENGINE_CONSTRUCTION).toBe(ERASURE_CONSTRUCTION);
  });

  it('rejects an engine whose parity, shard list or kind is wrong', () => {
    const { prep, r } = run('protect', body(erasureData(1, 500), 5, 3));
    const finish = (x: Partial<EngineResult>) => () => prep.finish({ ...r, ...x } as EngineResult, { deadlineFired: false });
    const flipped = (r.answer as Uint8Array).slice();
    flipped[150] ^= 0x40;
    expect(engineFailure(finish({ answer: flipped }))).toMatch(/parity shard 6 differs from the service's own encoding/);
    expect(engineFailure(finish({ blocks: Int32Array.of(5, 6, 8) } as Partial<EngineResult>))).toMatch(/expected the parity shards 5..7/);
    expect(engineFailure(finish({ answer: flipped.subarray(1) }))).toMatch(/bytes of parity/);
    expect(engineFailure(finish({ kind: 'binary' } as Partial<EngineResult>))).toMatch(/binary result for protect/);
  });

  it('the native engine answers the same fields (and the same receipt form)', async () => {
    if (!nativeOrFail('protect on the native engine')) return;
    const native = createNativeEngine()!;
    for (const [size, k, m] of [[41, 4, 2], [300_007, 10, 4], [5000, 200, 55]] as const) {
      const data = erasureData(size + 1, size);
      const { prep, done } = run('protect', body(data, k, m));
      const r = await native.solve({ command: 'protect', problem: prep.problem, effort: 'flash', seed: 0 });
      expect(prep.finish(r, { deadlineFired: false }).fields).toEqual(done.fields);
    }
  });

  it('receipt form: the data by its SHA-256 with k and m, whatever its size', () => {
    const data = erasureData(9, 1234);
    const prep = prepare('protect', body(data, 6, 2));
    expect(prep.receiptProblem).toEqual({ n: 1234, data_sha256: expect.stringMatching(/^[0-9a-f]{64}$/), data_shards: 6, parity_shards: 2 });
    expect(prep.terms).toBe(0);
  });

  it('refuses bad inputs with the field and the reason', () => {
    const good = body(erasureData(2, 100), 4, 2);
    const err = (b: Record<string, unknown>) => fault(() => prepare('protect', b));
    expect(err({ ...good, data: 'not base64!' })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/^data: expected standard base64/) });
    expect(err({ ...good, data: 'QUJD\nREVG' })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/no line breaks/) });
    expect(err({ ...good, data: '', n: undefined })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/holds no bytes/) });
    expect(err({ ...good, n: 99 })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/n \(99\) disagrees with the number of data bytes \(100\)/) });
    expect(err({ ...good, data_shards: 200, parity_shards: 56 })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/= 256 is over 255/) });
    expect(err({ ...good, parity_shards: 0 })).toMatchObject({ code: 'SVC_INVALID_INPUT' });
    // 255 shards of 1.1 MB: over the cap on the shards of one request.
    const big = erasureData(3, 1_100_000);
    expect(err({ n: big.length, data: b64(big), data_shards: 1, parity_shards: 254 })).toMatchObject({ code: 'SVC_DIMENSION_LIMIT' });
  });

  it('verify: a manifest of another encoding, a changed shard, a wrong size or certainty each fail their check', () => {
    const data = erasureData(4, 333);
    const b = body(data, 4, 3);
    const { done } = run('protect', b);
    const f = done.fields as unknown as Record<string, unknown> & { manifest: ErasureManifest; shards: string[] };
    const bad = (answer: unknown, declared: Record<string, unknown> | null = null) => check(b, answer, declared).checks.filter((c) => !c.ok).map((c) => c.name);
    expect(bad(f.manifest)).toEqual([]);
    expect(bad({ ...f.manifest, sha256: f.manifest.sha256.map((h, i) => (i === 5 ? h.replace(/^./, h[0] === 'a' ? 'b' : 'a') : h)) })).toEqual(['manifest_hashes']);
    expect(bad({ ...f.manifest, parity_shards: 2, sha256: f.manifest.sha256.slice(0, 6) })).toEqual(['answer_shape']);
    expect(bad({ ...f.manifest, extra: 1 })).toEqual(['answer_shape']);
    const shards = [...f.shards];
    shards[6] = b64(Buffer.from(shards[6], 'base64').map((x, i) => (i === 0 ? x ^ 1 : x)));
    expect(bad(f.manifest, { ...f, shards })).toEqual(['shards']);
    expect(bad(f.manifest, { ...f, size: 332 })).toEqual(['declared_objective']);
    expect(bad(f.manifest, { ...f, certainty: CERTAINTY.certified })).toEqual(['certainty']);
  });

  it('through the service on the TS engine: an envelope with the operation certainty, and the verify route accepts it', async () => {
    const svc = await makeService({ engine: 'ts' });
    const me = await svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip: '203.0.113.40' });
    const problem = { tag: TAG, description: DESCRIPTION, ...body(erasureData(5, 2000), 6, 3) };
    const env = await svc.solve('protect', problem, { principal: me, query: { effort: 'flash' } }) as Record<string, unknown>;
    expect(env.certainty).toBe(CERTAINTY.operationExact);
    expect(env.receipt).toMatch(/^svcr_[0-9a-f]{64}$/);
    expect((env.shards as string[]).length).toBe(9);
    const report = await svc.verify('protect', { problem, answer: env }, me);
    expect(report.ok, JSON.stringify(report.checks)).toBe(true);
    expect(report.checks.map((c) => c.name)).toEqual(['answer_shape', 'manifest_hashes', 'shards', 'sha256', 'declared_objective', 'receipt']);
  });
});
