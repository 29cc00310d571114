import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nativeStatus } from '@svc/engine-native';
import { MODEL_VERSIONS, type Service } from './index';
import { randomGraph, randomQubo } from '../test/brute-force';
import { closeServices, makeService, tempDir } from '../test/services';

/**
 * Golden receipts of the frozen model version, per engine (commands.md "Engines and versions"):
 * a frozen version's math is byte-stable, so these receipts must never change.
 * Writing the fixture: SVC_GOLDEN_WRITE=1 npx vitest run --root libs/service golden
 *
 * The rule from now on: a change to engine answers (a receipt, objective or certainty here
 * moving) needs a NEW model version id in versions.ts, with the old frozen version's behaviour
 * kept and still answering to its id, plus a fixture of its own — never a regenerated fixture.
 * The one exception was made before any version was released: the fixture of 2026-11-01 was
 * regenerated once, while the engines were still being built (branch and bound certifying n = 40).
 * Writing is otherwise only for adding cases, and must leave every existing line unchanged.
 */
const FROZEN = '2026-11-01';
const fixtureFile = path.join(path.dirname(fileURLToPath(import.meta.url)), `../test/golden/receipts-${FROZEN}.json`);
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
  ];
}

const engines: ('ts' | 'native')[] = nativeStatus().loaded ? ['ts', 'native'] : ['ts'];
function serviceFor(engine: 'ts' | 'native'): Promise<Service> {
  // No result cache: every receipt here comes from a real solve.
  return makeService({ dataDir: tempDir('svc-golden-'), engine, access: { resultCacheBytes: 0 } });
}

afterAll(closeServices);

describe(`golden receipts of frozen model ${FROZEN}`, () => {
  it('the version is frozen in the catalogue', () => {
    expect(MODEL_VERSIONS.find((m) => m.id === FROZEN)?.frozen).toBe(true);
  });

  if (process.env.SVC_GOLDEN_WRITE === '1') {
    it('writes the fixture', async () => {
      const out: GoldenCase[] = [];
      for (const engine of ['ts', 'native'] as const) {
        if (engine === 'native' && !nativeStatus().loaded) throw new Error('build the native addon before writing golden receipts');
        const svc = await serviceFor(engine);
        const principal = await svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip: '192.0.2.1' });
        for (const c of cases()) {
          const env = await svc.solve(c.command, c.problem, { principal, query: { seed: String(c.seed), effort: c.effort, version: FROZEN } });
          const objective = (c.command === 'optimize' ? env.energy : env.cut_value) as number;
          out.push({ ...c, engine, receipt: env.receipt, objective, certainty: env.certainty });
        }
      }
      fs.mkdirSync(path.dirname(fixtureFile), { recursive: true });
      // One case per line: diffs show exactly which receipt moved.
      fs.writeFileSync(fixtureFile, `[\n${out.map((c) => JSON.stringify(c)).join(',\n')}\n]\n`);
    }, 120_000);
    return;
  }

  const golden = JSON.parse(fs.readFileSync(fixtureFile, 'utf8')) as GoldenCase[];

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
    it.each(golden.filter((g) => g.engine === engine).map((g) => [g.name, g] as const))('%s keeps its receipt (pinned and via latest)', async (_name, g) => {
      const svc = await serviceFor(engine);
      const principal = await svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip: '192.0.2.1' });
      const pinned = await svc.solve(g.command, g.problem, { principal, query: { seed: String(g.seed), effort: g.effort, version: FROZEN } });
      expect(pinned.version).toBe(FROZEN);
      expect(pinned.engine).toBe(engine);
      expect(pinned.receipt).toBe(g.receipt);
      expect(g.command === 'optimize' ? pinned.energy : pinned.cut_value).toBe(g.objective);
      expect(pinned.certainty).toBe(g.certainty);
      const latest = await svc.solve(g.command, { ...g.problem, version: 'latest' }, { principal, query: { seed: String(g.seed), effort: g.effort } });
      expect(latest.version).toBe(FROZEN);
      expect(latest.receipt).toBe(g.receipt);
    }, 60_000);
  });
});
