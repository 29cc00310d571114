import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type CanonicalProblem, type Command, type EngineRequest } from '@svc/engine-ts';
import { engineConformanceSuite, naiveObjective, randomMaxcut, randomQubo, tol } from '@svc/engine-ts/families/qubo/testing';
import { selectEngine } from './create-engine';
import { createEngine, createNativeEngine, loadNativeAddon, NATIVE_ENGINE_ID, nativeLoadFailureLine, nativeStatus } from './index';
import { nativeEngineFrom } from './native-engine';
import { describeNative } from './testing';
import type { NativeAddon, NativeLoadResult, NativeRawResult } from './load-native-addon';
import { loadFrom } from './load-native-addon';

const status = nativeStatus();
const libRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const addonPath = path.join(libRoot, 'build', 'Release', 'svc_native.node');

function req(p: CanonicalProblem, extra: Partial<EngineRequest> = {}): EngineRequest {
  return { command: p.kind === 'qubo' ? 'optimize' : 'maxcut', problem: p, effort: 'medium', seed: 0, ...extra };
}

describeNative('native engine', () => {
  engineConformanceSuite('native', () => {
    const e = createNativeEngine();
    if (e === null) throw new Error(nativeStatus().error);
    return e;
  });

  const native = () => createNativeEngine()!;
  const ts = createTsEngine();

  it('identifies itself as native-1.1.0', () => {
    const e = native();
    expect(e.id).toBe(NATIVE_ENGINE_ID);
    expect(e.id).toBe('native-1.1.0');
    expect(e.kind).toBe('native');
    expect(e.supports('not-a-command' as Command)).toBe(false);
  });

  it('certified objectives agree with the ts engine on random instances', async () => {
    const e = native();
    let checked = 0;
    for (let s = 0; s < 24; s++) {
      const n = 4 + (s % 17); // up to 20: exact at every effort
      const effort = (['flash', 'medium', 'high'] as const)[s % 3];
      const cases: CanonicalProblem[] = [
        randomQubo(5000 + s, n, { density: 0.5, weights: s % 2 ? 'real' : 'int' }),
        randomMaxcut(6000 + s, n, { density: 0.4, weights: (['unit', 'pm1', 'real', 'int'] as const)[s % 4] }),
      ];
      for (const p of cases) {
        const [a, b] = await Promise.all([e.solve(req(p, { effort, seed: s })), ts.solve(req(p, { effort, seed: s }))]);
        // A small sparse max-cut may be a balanced signed graph: certified by construction in both.
        expect(['exhaustive', 'bound_attained']).toContain(a.proof);
        expect(b.proof).toBe(a.proof);
        expect(Math.abs(a.objective - b.objective)).toBeLessThanOrEqual(tol(p));
        expect(a.work.nodes).toBe(b.work.nodes);
        checked++;
      }
    }
    expect(checked).toBe(48);
  });

  it('heuristic answers are at least as good as the ts engine with the same seed and budget', async () => {
    const e = native();
    const cases: CanonicalProblem[] = [
      randomQubo(71, 120, { density: 0.2, weights: 'int' }),
      randomQubo(72, 300, { density: 0.05, weights: 'real' }),
      randomMaxcut(73, 400, { pairs: 1600, weights: 'pm1' }),
      randomMaxcut(74, 3000, { pairs: 9000, weights: 'unit' }),
    ];
    for (const p of cases) {
      const [a, b] = await Promise.all([e.solve(req(p, { effort: 'flash', seed: 7 })), ts.solve(req(p, { effort: 'flash', seed: 7 }))]);
      expect(a.proof).toBeNull();
      const better = p.kind === 'qubo' ? a.objective <= b.objective + tol(p) : a.objective >= b.objective - tol(p);
      expect(better).toBe(true);
      expect(a.work.iterations).toBeLessThanOrEqual(b.work.iterations);
    }
  });

  it('a cancel flag set mid-run stops the search and reports it', async () => {
    const e = native();
    const p = randomMaxcut(81, 20000, { pairs: 80000, weights: 'pm1' });
    const signal = newCancelSignal();
    const t0 = performance.now();
    const pending = e.solve(req(p, { effort: 'high' }), signal);
    setTimeout(() => Atomics.store(signal.flag, 0, 1), 30);
    const r = await pending;
    expect(performance.now() - t0).toBeLessThan(1500);
    expect(r.stoppedAtDeadline).toBe(true);
    expect(r.proof).toBeNull();
    expect(Math.abs(naiveObjective(p, r.answer) - r.objective)).toBeLessThanOrEqual(tol(p));
  });

  it('runs solves off the event loop, several at once', async () => {
    const e = native();
    const p = randomQubo(91, 20, { density: 0.6 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const results = await Promise.all([1, 2, 3].map((seed) => e.solve(req(p, { seed }))));
    clearInterval(timer);
    for (const r of results) expect(r.objective).toBe(results[0].objective);
    expect(ticks).toBeGreaterThan(0);
  });

  it('rejects bad input before it reaches C++', async () => {
    const e = native();
    const p = randomQubo(1, 10);
    await expect(e.solve(req(p, { warmStart: new Uint8Array(9) }))).rejects.toThrow(/length/);
    await expect(e.solve(req(p, { seed: -1 }))).rejects.toThrow(RangeError);
    await expect(e.solve(req(p, { effort: 'ultra' as never }))).rejects.toThrow(/effort/);
    await expect(e.solve(req(p, { deadlineMs: Number.NaN }))).rejects.toThrow(/deadlineMs/);
    await expect(e.solve(req(p), { flag: new Int32Array(1) })).rejects.toThrow(/SharedArrayBuffer/);
    await expect(e.solve({ ...req(p), command: 'not-a-command' as Command })).rejects.toThrow(/does not support/);
    const bad = { ...p, pairs: { i: Int32Array.from([3]), j: Int32Array.from([2]), w: Float64Array.from([1]) } };
    await expect(e.solve(req(bad))).rejects.toThrow(/canonical/);
  });

  it('the addon itself refuses badly shaped arguments with a TypeError and unknown commands with a rejection', async () => {
    const addon = loadNativeAddon().addon!;
    const flag = newCancelSignal().flag;
    expect(() => addon.solve('maxcut', {} as never, {} as never, flag)).toThrow(TypeError);
    expect(() => (addon.solve as (...a: unknown[]) => unknown)('maxcut')).toThrow(TypeError);
    const problem = { kind: 'maxcut', n: 3, complete: true, edges: null } as const;
    const options = { seed: 0, deadlineMs: 0, warmStart: null };
    await expect(addon.solve('not-a-command', problem, options, flag)).rejects.toThrow(/does not support "not-a-command"/);
    const ok = await addon.solve('maxcut', problem, options, flag);
    expect(ok.objective).toBe(2);
    expect(ok.status).toBe('optimal');
  });

  it('loads in a worker thread (context-aware addon)', async () => {
    const code = `const { parentPort } = require('node:worker_threads');
      const a = require(${JSON.stringify(addonPath)});
      const flag = new Int32Array(new SharedArrayBuffer(4));
      a.solve('maxcut', { n: 9, complete: true, linear: null, i: new Int32Array(0), j: new Int32Array(0), w: new Float64Array(0) },
        { seed: 0, deadlineMs: 0, warmStart: null }, flag).then((r) => parentPort.postMessage(r.objective));`;
    const w = new Worker(code, { eval: true });
    const got = await new Promise((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
    });
    await w.terminate();
    expect(got).toBe(20);
  });

  it('resolves the addon through the package name from an esbuild bundle in another folder', async () => {
    const { build } = await import('esbuild');
    const dir = path.join(libRoot, 'build', 'bundle-test');
    mkdirSync(dir, { recursive: true });
    const entry = path.join(dir, 'entry.ts');
    writeFileSync(entry, `import { nativeStatus, createEngine } from '@svc/engine-native';
      const e = createEngine();
      console.log(JSON.stringify({ status: nativeStatus(), kind: e.kind }));\n`);
    const out = path.join(dir, 'main.mjs');
    await build({
      entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'silent',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    const printed = JSON.parse(execFileSync(process.execPath, [out], { encoding: 'utf8', env: { ...process.env, SVC_ENGINE: '' } }));
    expect(printed).toEqual({ status: { loaded: true }, kind: 'native' });
  });
});

describe('engine selection', () => {
  const saved = process.env.SVC_ENGINE;
  afterEach(() => {
    if (saved === undefined) delete process.env.SVC_ENGINE;
    else process.env.SVC_ENGINE = saved;
  });

  const missing = (): NativeLoadResult => ({ addon: null, error: 'native addon not loaded (test)' });
  const fake = (commands: string[]): (() => NativeLoadResult) => () => ({
    addon: { version: '1.0.0', commands: () => commands, solve: () => Promise.reject(new Error('fake addon')) } as NativeAddon,
    error: null,
  });

  it("createEngine('ts') and SVC_ENGINE=ts give the ts engine", () => {
    expect(createEngine('ts').kind).toBe('ts');
    process.env.SVC_ENGINE = 'ts';
    expect(createEngine().kind).toBe('ts');
    expect(createEngine().id).toBe('ts-1.1.0');
  });

  it('unset SVC_ENGINE prefers native when it loads, else ts', () => {
    delete process.env.SVC_ENGINE;
    expect(createEngine().kind).toBe(status.loaded ? 'native' : 'ts');
    expect(selectEngine(undefined, undefined, missing).kind).toBe('ts');
    expect(selectEngine(undefined, '', fake(['optimize', 'maxcut'])).kind).toBe('native');
  });

  it('SVC_ENGINE=native forces native and throws a clear error when the addon is missing', () => {
    expect(() => selectEngine(undefined, 'native', missing)).toThrow(/SVC_ENGINE=native.*unavailable.*native addon not loaded/);
    expect(() => selectEngine('native', undefined, missing)).toThrow(/createEngine\("native"\)/);
    expect(selectEngine(undefined, 'native', fake(['maxcut'])).kind).toBe('native');
    if (status.loaded) {
      process.env.SVC_ENGINE = 'native';
      expect(createEngine().id).toBe('native-1.1.0');
    }
  });

  it('an explicit kind wins over SVC_ENGINE; a bad SVC_ENGINE value throws', () => {
    expect(selectEngine('ts', 'native', missing).kind).toBe('ts');
    expect(() => selectEngine(undefined, 'gpu', missing)).toThrow(/SVC_ENGINE/);
  });

  it('routes commands the addon lacks to engine-ts and says so via engineFor', async () => {
    const e = selectEngine(undefined, undefined, fake(['maxcut']));
    expect(e.kind).toBe('native');
    expect(e.supports('optimize')).toBe(true);
    expect(e.engineFor('optimize').kind).toBe('ts');
    expect(e.engineFor('maxcut').kind).toBe('native');
    const p = randomQubo(3, 8);
    const r = await e.solve(req(p));
    expect(r.proof).toBe('exhaustive');
    await expect(e.solve(req(randomMaxcut(3, 8)))).rejects.toThrow(/fake addon/);
  });

  it('a missing addon is never quiet: selection falls back to engine-ts and keeps the cause', () => {
    const e = selectEngine(undefined, undefined, missing);
    expect(e.kind).toBe('ts');
    expect(e.nativeLoadError).toBe('native addon not loaded (test)');
    delete process.env.SVC_ENGINE;
    expect(createEngine(undefined, missing).nativeLoadError).toBe('native addon not loaded (test)');
    expect(selectEngine('ts', undefined, missing).nativeLoadError).toBeUndefined();
    expect(selectEngine(undefined, undefined, fake(['maxcut'])).nativeLoadError).toBeUndefined();
  });

  describe('a broken addon file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'svc-broken-addon-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('that dlopen refuses for an undefined symbol: loadFrom names the file and the symbol, and the loud line says it in one line', () => {
      // A real shared object that needs a symbol nothing defines (as an addon linked against a
      // core missing a function would): the loader must refuse it at dlopen, not at the first call.
      const src = path.join(dir, 'broken.cc');
      const file = path.join(dir, 'svc_native.node');
      writeFileSync(src, 'extern "C" int svc_test_missing_symbol;\nextern "C" int svc_test_probe() { return svc_test_missing_symbol; }\n');
      execFileSync(process.env.CXX || 'c++', ['-shared', '-fPIC', '-o', file, src]);
      const r = loadFrom([file]);
      expect(r.addon).toBeNull();
      const error = String(r.error);
      expect(error).toContain(file);
      expect(error).toMatch(/undefined symbol: svc_test_missing_symbol/);
      expect(error.split(file)).toHaveLength(2); // the file is named once, not twice
      const line = nativeLoadFailureLine(error);
      expect(line).not.toContain('\n');
      expect(line).toMatch(/^NATIVE ENGINE FAILED TO LOAD, every command is solved by the TypeScript engine: /);
      expect(line).toContain(`${file}: undefined symbol: svc_test_missing_symbol`);
      expect(line).toContain('nx run engine-native:build');
      // The engine the service would pick carries the same cause, for /healthz.
      expect(selectEngine(undefined, undefined, () => r).nativeLoadError).toBe(error);
    });

    it('that is not a shared object at all: the file and the loader message', () => {
      const file = path.join(dir, 'garbage.node');
      writeFileSync(file, 'not an ELF file\n'.repeat(8));
      const r = loadFrom([file]);
      expect(r.addon).toBeNull();
      const error = String(r.error);
      expect(error.startsWith(`${file}: `)).toBe(true);
      expect(error.length).toBeGreaterThan(file.length + 20);
      expect(nativeLoadFailureLine(error)).toContain(file);
    });
  });

  it('a missing or foreign addon file is reported, not thrown', () => {
    const gone = loadFrom([path.join(libRoot, 'build', 'does-not-exist.node')]);
    expect(gone.addon).toBeNull();
    expect(gone.error).toMatch(/does-not-exist\.node: not found; build it with: nx run engine-native:build$/);
    // A file that is there but refused is the cause: the candidates merely not found are left out then.
    const r = loadFrom([path.join(libRoot, 'build', 'does-not-exist.node'), path.join(libRoot, 'package.json')]);
    expect(r.addon).toBeNull();
    expect(r.error).toMatch(/package\.json: not the svc_native addon/);
    expect(r.error).not.toMatch(/does-not-exist/);
  });
});

describe('the result kinds the core names (core/common/request.h ResultKindName)', () => {
  const header = readFileSync(path.join(libRoot, 'src', 'core', 'common', 'request.h'), 'utf8');
  const names = [...header.matchAll(/case ResultKind::k\w+: return "([a-z_]+)";/g)].map((m) => m[1]);
  const raw = (kind: string): NativeRawResult => ({
    kind: kind as NativeRawResult['kind'], answer: new Uint8Array([1, 0, 1]), order: new Int32Array([0, 1, 2]), values: new Float64Array(3),
    extras: { violations: 2, plantedEnergy: -3, edges: 3, rank: 2, consistent: 1, convex: 1, exact: 1 }, objective: -3, proof: null,
    stoppedAtDeadline: false, status: 'work_limit', work: { iterations: 1, nodes: 0, restarts: 0 }, engineMs: 0,
    samples: [{ x: new Uint8Array([1, 0, 1]), objective: -3, count: 1 }],
  });
  const solveAs = (kind: string) => {
    const addon = { version: '1.0.0', commands: () => ['maxcut'], solve: () => Promise.resolve(raw(kind)) } as unknown as NativeAddon;
    return nativeEngineFrom(addon).solve(req(randomMaxcut(1, 3)));
  };

  it('every one is mapped by the native engine to an engine-ts result, with the fields of its shape', async () => {
    expect(names).toHaveLength(11);
    for (const k of names) await expect(solveAs(k), k).resolves.toHaveProperty('kind');
    expect((await solveAs('samples')) as object).toMatchObject({ kind: 'sample', samples: [{ objective: -3, count: 1 }] });
    expect((await solveAs('violations')) as object).toMatchObject({ kind: 'rules', violations: 2 });
    expect((await solveAs('known_optimum')) as object).toMatchObject({ kind: 'planted', plantedEnergy: -3, edges: 3 });
    expect((await solveAs('linear_system')) as object).toMatchObject({ kind: 'xorsat', rank: 2, consistent: true });
  });

  it('a kind the core does not name is refused', async () => {
    await expect(solveAs('xorsat')).rejects.toThrow(/unknown result kind "xorsat"/);
  });
});
