import { describe, expect, it } from 'vitest';
import { engineConformanceSuite, randomMaxcut, randomQubo } from './families/qubo/testing';
import { createTsEngine, solveSync, TS_ENGINE_ID } from './ts-engine';
import { tabuSearch } from './kernels/tabu';
import { quboModel, Limits } from './kernels/model';
import { maxcutModel } from './families/qubo/model';
import { budgetFor } from './families/qubo/budget';
import { Prng } from './prng';
import type { Command } from './base';

engineConformanceSuite('ts', createTsEngine);

describe('ts engine specifics', () => {
  it('has the documented id and kind and supports only optimize and maxcut', () => {
    const e = createTsEngine();
    expect(e.id).toBe(TS_ENGINE_ID);
    expect(e.id).toBe('ts-1.1.0');
    expect(e.kind).toBe('ts');
    expect(e.supports('not-a-command' as Command)).toBe(false);
    expect(e.supports('rules')).toBe(true);
  });

  it('rejects a bad warm start', () => {
    const p = randomQubo(1, 30);
    expect(() => solveSync({ command: 'optimize', problem: p, effort: 'flash', seed: 0, warmStart: new Uint8Array(29) })).toThrow(/length/);
    expect(() => solveSync({ command: 'optimize', problem: p, effort: 'flash', seed: 0, warmStart: new Uint8Array(30).fill(2) })).toThrow(/0 or 1/);
  });

  it('tree selection makes exactly the same moves as the scan', () => {
    const cases = [
      { model: maxcutModel(randomMaxcut(5, 300, { pairs: 900, weights: 'pm1' })), cut: true },
      { model: quboModel(randomQubo(6, 200, { density: 0.05, weights: 'int' })), cut: false },
      { model: quboModel(randomQubo(7, 150, { density: 0.1, weights: 'real' })), cut: false },
    ];
    for (const { model, cut } of cases) {
      const b = budgetFor(cut ? 'maxcut' : 'optimize', 'flash', model.n, model.adj.neighbours.length / 2);
      const params = {
        maxMoves: 20000, maxPhases: 1000, stall: 500, tenureBase: b.tenureBase, tenureSpan: b.tenureSpan,
        annealSweeps: b.annealSweeps, shrinkRounds: b.shrinkRounds, elitePool: b.elitePool,
      };
      const scan = tabuSearch(model, params, new Prng(9), new Limits(null, Infinity), null, false);
      const tree = tabuSearch(model, params, new Prng(9), new Limits(null, Infinity), null, true);
      expect(tree.moves).toBe(scan.moves);
      expect(tree.phases).toBe(scan.phases);
      expect(tree.energy).toBe(scan.energy);
      expect(Array.from(tree.x)).toEqual(Array.from(scan.x));
      expect(scan.phases).toBeGreaterThan(3);
    }
  });

  it('different seeds explore differently on the heuristic path', () => {
    const p = randomMaxcut(3, 120, { density: 0.1, weights: 'real' });
    const answers = new Set<string>();
    for (let seed = 0; seed < 4; seed++) {
      const r = solveSync({ command: 'maxcut', problem: p, effort: 'flash', seed });
      answers.add(`${r.work.iterations}:${r.work.restarts}:${Array.from(r.answer).join('')}`);
    }
    expect(answers.size).toBeGreaterThan(1);
  });
});
