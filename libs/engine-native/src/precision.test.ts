import { describe, expect, it } from 'vitest';
import { createTsEngine, type EngineRequest } from '@svc/engine-ts';
import { canonicalPrecision, decimalText, type PrecisionProblem } from '@svc/engine-ts/families/precision';
import { hasPython, pythonPrecision, randomPrecisionCases, squareOf, type PrecisionCase } from '@svc/engine-ts/families/precision/testing';
import { createEngine, createNativeEngine, loadNativeAddon, nativeLibraryDeclarations } from './index';
import { describeNative } from './testing';
import type { NativeAddon } from './load-native-addon';

const request = (c: PrecisionCase): EngineRequest => ({ command: 'precision', problem: canonicalPrecision(c), effort: 'medium', seed: 0 });

describe('precision runs natively only when the addon was built with MPFR', () => {
  const stub = (commands: string[]): NativeAddon => ({
    version: '1.0.0', commands: () => commands, libraries: () => [], solve: () => Promise.reject(new Error('not called')),
  });

  it('is declared as needing MPFR and GMP (libmpfr-dev, libgmp-dev) in its folder (core/precision/library.cmake)', () => {
    const declared = nativeLibraryDeclarations().filter((d) => d.family === 'precision');
    expect(declared.map((d) => [d.name, d.required, d.debian])).toEqual([['mpfr', true, ['libmpfr-dev']], ['gmp', true, ['libgmp-dev']]]);
  });

  it('an addon built without it leaves precision to engine-ts, also under SVC_ENGINE=native; every other command stays native', () => {
    for (const kind of ['native', undefined] as const) {
      const e = createEngine(kind, () => ({ addon: stub(['tsp']), error: null }));
      expect(e.engineFor('precision').kind).toBe('ts');
      expect(e.engineFor('tsp').kind).toBe('native');
      expect(e.supports('precision')).toBe(true);
    }
    // A command with no optional library is never handed over under SVC_ENGINE=native.
    expect(createEngine('native', () => ({ addon: stub(['tsp']), error: null })).engineFor('qap').kind).toBe('native');
  });

  it('an addon that has MPFR but not precision is a wiring fault: under SVC_ENGINE=native it is not handed to engine-ts', () => {
    const e = createEngine('native', () => ({ addon: { ...stub(['tsp']), libraries: () => [{ name: 'mpfr', version: '4.2.0', family: 'precision' }] }, error: null }));
    expect(e.engineFor('precision').kind).toBe('native');
    expect(e.supports('precision')).toBe(false);
  });

  it('an addon built with it answers precision itself and names its libraries', () => {
    const e = createEngine(undefined, () => ({ addon: { ...stub(['precision']), libraries: () => [{ name: 'mpfr', version: '4.2.0', family: 'precision' }] }, error: null }));
    expect(e.engineFor('precision').kind).toBe('native');
    expect(e.libraries.map((l) => l.name)).toEqual(['mpfr']);
  });
});

// The real addon: when it was built with MPFR, both engines give the same bytes on every input.
const built = loadNativeAddon().addon?.commands().includes('precision') ?? false;

describeNative('native precision (MPFR and GMP): byte-identical to engine-ts', () => {
  if (!built) {
    it('this addon was built without MPFR: precision is served by engine-ts (nothing native to compare)', () => {
      expect(createEngine().engineFor('precision').kind).toBe('ts');
    });
    return;
  }
  const native = createNativeEngine()!;
  const ts = createTsEngine();
  const both = async (c: PrecisionCase) => {
    const req = request(c);
    const [a, b] = await Promise.all([ts.solve(req), native.solve(req)]);
    if (a.kind !== 'decimal' || b.kind !== 'decimal') throw new Error(`not a decimal result: ${a.kind}, ${b.kind}`);
    return { ts: decimalText(a), native: decimalText(b), exact: [a.exact, b.exact] };
  };

  it('reports the libraries it was built with', () => {
    // Other families' libraries (erasure: ISA-L) may be listed beside them.
    expect(loadNativeAddon().addon!.libraries!().filter((l) => l.family === 'precision').map((l) => `${l.name}:${l.family}`)).toEqual(['mpfr:precision', 'gmp:precision']);
  });

  it('4000 random cases at 1..80 digits: the same text and exactness', async () => {
    const cases = [...randomPrecisionCases(7, 2000, 40), ...randomPrecisionCases(8, 2000, 80)];
    const wrong: string[] = [];
    for (const c of cases) {
      const r = await both(c);
      if (r.ts !== r.native || r.exact[0] !== r.exact[1]) wrong.push(`${JSON.stringify(c)}: ts ${r.ts} (${r.exact[0]}), native ${r.native} (${r.exact[1]})`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  }, 300_000);

  it('31 and 5240 digits on every operation: the same text, and the reference\'s where python3 runs', async () => {
    const cases: PrecisionCase[] = [];
    for (const digits of [31, 5240]) {
      cases.push(
        { op: 'sqrt', x: '3', digits }, { op: 'exp', x: '-2.75', digits }, { op: 'exp', x: '123456.789', digits }, { op: 'ln', x: '0.001234', digits },
        { op: 'ln', x: '1.0000000000000000000001', digits }, { op: 'nthroot', x: '5', k: 5, digits }, { op: 'powq', x: '1.5', p: -7, q: 3, digits },
        { op: 'pi', digits }, { op: 'e', digits }, { op: 'ln2', digits },
      );
    }
    const got = await Promise.all(cases.map(both));
    for (const [i, r] of got.entries()) expect(r.native, JSON.stringify(cases[i])).toBe(r.ts);
    if (hasPython()) {
      const ref = pythonPrecision(cases);
      for (const [i, r] of got.entries()) expect(r.native, `reference ${JSON.stringify(cases[i])}`).toBe(ref[i]);
    }
  }, 300_000);

  it('exact cases, ties and a root a hair from a midpoint (settled exactly) agree', async () => {
    const m3 = BigInt(squareOf('1.00005', 3).split('e')[0]);
    const cases: PrecisionCase[] = [
      { op: 'sqrt', x: '1.5625', digits: 2 }, { op: 'nthroot', x: '3.375', k: 3, digits: 1 }, { op: 'powq', x: '2.25', p: 3, q: 2, digits: 2 },
      { op: 'powq', x: '0.0625', p: -3, q: 4, digits: 31 }, { op: 'exp', x: '0', digits: 5240 }, { op: 'ln', x: '1', digits: 31 },
      { op: 'nthroot', x: `${m3 * 10n ** 65n + 1n}e-80`, k: 3, digits: 5 }, { op: 'nthroot', x: `${m3 * 10n ** 65n - 1n}e-80`, k: 3, digits: 5 },
      { op: 'powq', x: '-8', p: 2, q: 6, digits: 31 }, { op: 'sqrt', x: '1e-999999', digits: 31 }, { op: 'exp', x: '-2000000', digits: 31 },
    ];
    for (const c of cases) {
      const r = await both(c);
      expect(r.native, JSON.stringify(c)).toBe(r.ts);
      expect(r.exact[1]).toBe(r.exact[0]);
    }
  });

  it('refuses what engine-ts refuses (the core validates on its own)', async () => {
    const problem = canonicalPrecision({ op: 'sqrt', x: '2', digits: 31 });
    const bad: PrecisionProblem[] = [
      { ...problem, x: { ...problem.x!, negative: true } },
      { ...problem, digits: 10_001, n: 10_001 },
      { ...problem, n: 30 },
      { ...problem, op: 'ln', x: { negative: false, digits: new Uint8Array(0), exponent: 0 } },
      { ...problem, op: 'exp', x: { negative: false, digits: Uint8Array.from([3]), exponent: 6 } },
      { ...problem, op: 'nthroot', k: 4, x: { ...problem.x!, negative: true } },
      { ...problem, op: 'pi' },
    ];
    for (const p of bad) {
      await expect(native.solve({ command: 'precision', problem: p, effort: 'medium', seed: 0 }), JSON.stringify({ ...p, x: p.x && { ...p.x, digits: Array.from(p.x.digits) } })).rejects.toThrow();
      await expect(ts.solve({ command: 'precision', problem: p, effort: 'medium', seed: 0 })).rejects.toThrow();
    }
  });
});
