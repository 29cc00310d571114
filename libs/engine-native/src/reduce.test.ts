import { describe, expect, it } from 'vitest';
import { createTsEngine, type EngineRequest } from '@svc/engine-ts';
import { canonicalReduce, decimalTextOf, parseReduceAnswer } from '@svc/engine-ts/families/reduce';
import { basisJson, knapsackBasis, plainDeterminant, plainProduct, plainReducedFailure, uniformBasis } from '@svc/engine-ts/families/reduce/testing';
import { createEngine, createNativeEngine, loadNativeAddon, nativeLibraryDeclarations } from './index';
import { describeNative } from './testing';
import type { NativeAddon } from './load-native-addon';

const request = (b: bigint[][], delta = 0.99): EngineRequest => ({ command: 'reduce', problem: canonicalReduce({ basis: basisJson(b), delta }), effort: 'medium', seed: 0 });

describe('reduce runs natively only when the addon was built with fplll', () => {
  const stub = (commands: string[]): NativeAddon => ({
    version: '1.0.0', commands: () => commands, libraries: () => [], solve: () => Promise.reject(new Error('not called')),
  });
  it('is declared as needing fplll (libfplll-dev); without it engine-ts serves reduce', () => {
    const declared = nativeLibraryDeclarations().filter((d) => d.family === 'reduce');
    expect(declared.map((d) => [d.name, d.required, d.debian])).toEqual([['fplll', true, ['libfplll-dev', 'fplll-tools']]]);
    for (const kind of ['native', undefined] as const) expect(createEngine(kind, () => ({ addon: stub(['tsp']), error: null })).engineFor('reduce').kind).toBe('ts');
  });
});

const built = loadNativeAddon().addon?.commands().includes('reduce') ?? false;

describeNative('native reduce (fplll + exact pass): valid answers, checked plainly, beside engine-ts', () => {
  if (!built) {
    it('this addon was built without fplll: reduce is served by engine-ts', () => {
      expect(createEngine().engineFor('reduce').kind).toBe('ts');
    });
    return;
  }
  const native = createNativeEngine()!;
  const ts = createTsEngine();
  const flag = () => ({ flag: new Int32Array(new SharedArrayBuffer(4)) });

  it('names fplll among its libraries', () => {
    expect(loadNativeAddon().addon!.libraries!().filter((l) => l.family === 'reduce').map((l) => l.name)).toEqual(['fplll']);
  });

  it('both engines: reduced (plain fractions), U·B = B\', det U = ±1, on knapsack, uniform, dependent and 100+ digit bases', async () => {
    const bases = [
      knapsackBasis(1, 12, 100), knapsackBasis(2, 16, 64), uniformBasis(3, 8, 20), uniformBasis(4, 9, 10, 5), knapsackBasis(5, 6, 400),
      [[1n, 2n, 3n], [4n, 5n, 6n], [7n, 8n, 9n], [2n, 4n, 6n]],
    ];
    for (const b of bases) {
      for (const engine of [native, ts]) {
        const r = await engine.solve(request(b), flag());
        if (r.kind !== 'decimal') throw new Error(`not a decimal result: ${r.kind}`);
        const a = parseReduceAnswer(decimalTextOf(r.answer), b.length, b[0].length);
        expect(plainReducedFailure(a.basis, 0.99), engine.id).toBeNull();
        expect(plainProduct(a.u, b)).toEqual(a.basis);
        expect(plainProduct(a.v, a.basis)).toEqual(b);
        expect([1n, -1n]).toContain(plainDeterminant(a.u));
      }
    }
  }, 120_000);
});
