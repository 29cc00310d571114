import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nativeStatus } from '@svc/engine-native';
import { nativeOrFail } from '@svc/engine-native/testing';
import { BUDGET_MODELS, LATEST_BUDGET_MODEL } from '@svc/engine-ts';
import { MODEL_VERSION, MODEL_VERSIONS, type Service } from './index';
import { randomGraph, randomQubo } from '../test/brute-force';
import { closeServices, makeService, tempDir } from '../test/services';

/**
 * Golden receipts of every frozen model version, per engine (commands.md "Engines and versions"):
 * a frozen version's math is byte-stable, so these receipts must never change. Each version has
 * its own fixture, test/golden/receipts-<version>.json.
 * Adding cases: SVC_GOLDEN_WRITE=1 npx vitest run --root libs/service golden — it appends the
 * cases a fixture lacks and FAILS if any existing line would change (it never rewrites one).
 *
 * The rule: a change to engine answers (a receipt, objective or certainty here moving) needs a
 * NEW model version id in versions.ts with its own engine budget table (engine-ts effort.ts
 * BUDGET_MODELS) and fixture, while the old version keeps answering to its id as before.
 * The one exception was made before any version was released: the fixture of 2026-11-01 was
 * regenerated once, while the engines were still being built (branch and bound certifying n = 40).
 */
const FROZEN_VERSIONS = MODEL_VERSIONS.filter((m) => m.frozen).map((m) => m.id);
const fixtureFile = (version: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), `../test/golden/receipts-${version}.json`);
const TAG = 'svc-cortex-v1';
const desc = 'Pin the receipts of the frozen model version.';

interface GoldenCase {
  name: string;
  engine: 'ts' | 'native';
  command: 'optimize' | 'maxcut';
  problem: Record<string, unknown>;
  seed: number;
  effort: 'flash' | 'medium' | 'high';
  receipt: string;
  objective: number;
  certainty: string;
}

/** The case list; problems are stored literally in the fixture, so generators may change freely. */
function cases(): Omit<GoldenCase, 'engine' | 'receipt' | 'objective' | 'certainty'>[] {
  const q12 = randomQubo(12, 0.4, 7);
  const q40 = randomQubo(40, 0.15, 3);
  return [
    { name: 'optimize n=12 certified', command: 'optimize', problem: { tag: TAG, description: desc, n: 12, ...q12 }, seed: 0, effort: 'medium' },
    { name: 'optimize n=40 heuristic', command: 'optimize', problem: { tag: TAG, description: desc, n: 40, ...q40 }, seed: 11, effort: 'flash' },
    { name: 'maxcut n=14 certified', command: 'maxcut', problem: { tag: TAG, description: desc, n: 14, edges: randomGraph(14, 0.4, 5) }, seed: 5, effort: 'high' },
    { name: 'maxcut n=60 heuristic', command: 'maxcut', problem: { tag: TAG, description: desc, n: 60, edges: randomGraph(60, 0.1, 1) }, seed: 1, effort: 'medium' },
    { name: 'maxcut complete n=9', command: 'maxcut', problem: { tag: TAG, description: desc, n: 9, complete: true }, seed: 0, effort: 'flash' },
    // Large enough for the budget tables of the versions to give different answers.
    { name: DISTINCT_CASE, command: 'maxcut', problem: { tag: TAG, description: desc, n: 200, edges: randomGraph(200, 0.03, 9) }, seed: 1, effort: 'medium' },
  ];
}
const DISTINCT_CASE = 'maxcut n=200 heuristic (budget-sensitive)';

// Without the addon the native half fails under CI=true (a warning elsewhere), never a quiet skip.
const engines: ('ts' | 'native')[] = nativeOrFail('golden receipts on the native engine') ? ['ts', 'native'] : ['ts'];
function serviceFor(engine: 'ts' | 'native'): Promise<Service> {
  // No result cache: every receipt here comes from a real solve.
  return makeService({ dataDir: tempDir('svc-golden-'), engine, access: { resultCacheBytes: 0 } });
}

async function solveCase(svc: Service, c: Omit<GoldenCase, 'engine' | 'receipt' | 'objective' | 'certainty'>, version?: string) {
  const principal = await svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip: '192.0.2.1' });
  return version === undefined
    ? svc.solve(c.command, { ...c.problem, version: 'latest' }, { principal, query: { seed: String(c.seed), effort: c.effort } })
    : svc.solve(c.command, c.problem, { principal, query: { seed: String(c.seed), effort: c.effort, version } });
}

afterAll(closeServices);

it('every frozen model version has an engine budget table, and latest is the newest', () => {
  expect(FROZEN_VERSIONS.length).toBeGreaterThanOrEqual(2);
  for (const v of FROZEN_VERSIONS) expect(BUDGET_MODELS).toContain(v);
  expect(MODEL_VERSION).toBe(FROZEN_VERSIONS[FROZEN_VERSIONS.length - 1]);
  expect(LATEST_BUDGET_MODEL).toBe(MODEL_VERSION);
});

it.each(engines)('versions are really distinct on engine %s: the budget-sensitive case answers differently', async (engine) => {
  const svc = await serviceFor(engine);
  const c = cases().find((x) => x.name === DISTINCT_CASE)!;
  const answers = new Set<string>();
  for (const v of FROZEN_VERSIONS) answers.add(JSON.stringify((await solveCase(svc, c, v)).answer));
  expect(answers.size).toBe(FROZEN_VERSIONS.length);
}, 60_000);

describe.each(FROZEN_VERSIONS)('golden receipts of frozen model %s', (version) => {
  const file = fixtureFile(version);
  if (process.env.SVC_GOLDEN_WRITE === '1') {
    it('appends missing cases, never changing an existing line', async () => {
      const old: GoldenCase[] = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as GoldenCase[]) : [];
      const out = [...old];
      for (const engine of ['ts', 'native'] as const) {
        if (engine === 'native' && !nativeStatus().loaded) throw new Error('build the native addon before writing golden receipts');
        const svc = await serviceFor(engine);
        for (const c of cases()) {
          const env = await solveCase(svc, c, version);
          const objective = (c.command === 'optimize' ? env.energy : env.cut_value) as number;
          const got: GoldenCase = { ...c, engine, receipt: env.receipt, objective, certainty: env.certainty };
          const had = old.find((g) => g.engine === engine && g.name === c.name);
          if (had) expect(JSON.stringify(got), `${version} ${engine} ${c.name} would change`).toBe(JSON.stringify(had));
          else out.push(got);
        }
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // One case per line: diffs show exactly which receipt moved.
      fs.writeFileSync(file, `[\n${out.map((c) => JSON.stringify(c)).join(',\n')}\n]\n`);
    }, 120_000);
    return;
  }

  const golden = JSON.parse(fs.readFileSync(file, 'utf8')) as GoldenCase[];

  it('covers every case on both engines', () => {
    for (const engine of ['ts', 'native']) {
      expect(golden.filter((g) => g.engine === engine).map((g) => g.name).sort()).toEqual(cases().map((c) => c.name).sort());
    }
  });

  it('certified objectives agree across engines', () => {
    for (const g of golden.filter((x) => x.engine === 'ts' && x.certainty.startsWith('certified'))) {
      expect(golden.find((x) => x.engine === 'native' && x.name === g.name)?.objective).toBe(g.objective);
    }
  });

  describe.each(engines)('engine %s', (engine) => {
    it.each(golden.filter((g) => g.engine === engine).map((g) => [g.name, g] as const))('%s keeps its receipt', async (_name, g) => {
      const svc = await serviceFor(engine);
      const pinned = await solveCase(svc, g, version);
      expect(pinned.version).toBe(version);
      expect(pinned.engine).toBe(engine);
      expect(pinned.receipt).toBe(g.receipt);
      expect(g.command === 'optimize' ? pinned.energy : pinned.cut_value).toBe(g.objective);
      expect(pinned.certainty).toBe(g.certainty);
      if (version === MODEL_VERSION) {
        const latest = await solveCase(svc, g);
        expect(latest.version).toBe(version);
        expect(latest.receipt).toBe(g.receipt);
      }
    }, 60_000);
  });
});
