import { describe, expect, it } from 'vitest';
import { CERTAINTY, validateProblem } from '@svc/contracts';
import { LATEST_BUDGET_MODEL, type EngineResult } from '@svc/engine-ts';
import { CHECKERS, sureCertificateOf } from '../index';
import { receipt } from '../../receipt';
import { adapterHarness, engineFailure, TAG } from '../../../test/adapters';
import { lcg } from '../../../test/brute-force';

const DESCRIPTION = 'Order the proposals from the pairwise votes of the team.';
const { prepare, run } = adapterHarness(DESCRIPTION);

/** A random rank body: n named items, votes biased towards a hidden order, duplicates included. */
function rankBody(n: number, seed: number, votes = 4 * n): { items: string[]; comparisons: [string, string][] } {
  const r = lcg(seed);
  const items = Array.from({ length: n }, (_, i) => `p${(i * 7 + seed) % 97}-${i}`);
  const comparisons: [string, string][] = [];
  if (n > 1) {
    for (let t = 0; t < votes; t++) {
      const a = Math.floor(r() * n);
      const b = (a + 1 + Math.floor(r() * (n - 1))) % n;
      const [hi, lo] = a < b ? [a, b] : [b, a];
      comparisons.push(r() < 0.65 ? [items[hi], items[lo]] : [items[lo], items[hi]]);
    }
  }
  return { items, comparisons };
}

/** Fewest contradicted votes over every permutation, straight from the body's names. */
function bruteRank(b: ReturnType<typeof rankBody>): number {
  const perm = [...b.items];
  let best = Infinity;
  const rec = (k: number): void => {
    if (k === perm.length) {
      const place = new Map(perm.map((name, i) => [name, i]));
      let d = 0;
      for (const [w, l] of b.comparisons) if (place.get(l)! < place.get(w)!) d++;
      best = Math.min(best, d);
      return;
    }
    for (let i = k; i < perm.length; i++) {
      [perm[k], perm[i]] = [perm[i], perm[k]];
      rec(k + 1);
      [perm[k], perm[i]] = [perm[i], perm[k]];
    }
  };
  rec(0);
  return best;
}

const check = (body: Record<string, unknown>, answer: unknown, declared: Record<string, unknown> | null) => {
  const v = validateProblem('rank', { tag: TAG, description: DESCRIPTION, ...body }, { sandbox: false });
  return CHECKERS.rank!.check({ v, prep: prepare('rank', body), answer, declared });
};

describe('rank through the service adapter', () => {
  it('certified disagreements equal brute force over the JSON; the answer names every item once', () => {
    for (let s = 0; s < 60; s++) {
      const n = 1 + (s % 7);
      const body = rankBody(n, s);
      const { done } = run('rank', body, { seed: s, effort: (['flash', 'medium', 'high'] as const)[s % 3] });
      expect(done.proof, `seed ${s}`).not.toBeNull();
      expect(done.fields.disagreements).toBe(bruteRank(body));
      expect([...(done.fields.answer as string[])].sort()).toEqual([...body.items].sort());
    }
  });

  it('a heuristic answer carries a bound below it and a gap; a fired deadline is never a proof', () => {
    const body = rankBody(120, 3, 6000);
    const { done, prep, r } = run('rank', body, { effort: 'flash' });
    if (done.proof === null) {
      expect(done.bound!).toBeLessThanOrEqual(done.fields.disagreements as number);
      expect(done.gap!).toBeGreaterThanOrEqual(0);
    }
    const cut = prep.finish({ ...r, proof: 'branch_and_bound', stoppedAtDeadline: false } as EngineResult, { deadlineFired: true });
    expect(cut.proof).not.toBeNull(); // an engine that finished its proof before the deadline keeps it
    const cutShort = prep.finish({ ...r, proof: null, stoppedAtDeadline: true } as EngineResult, { deadlineFired: true });
    expect(cutShort.proof).toBeNull();
    expect(cutShort.stoppedAtDeadline).toBe(true);
  });

  it('rejects an engine answer that is not an order of every item, or whose count or bound is wrong', () => {
    const body = rankBody(6, 11);
    const { prep, r } = run('rank', body);
    const finish = (x: Partial<EngineResult>) => () => prep.finish({ ...r, ...x } as EngineResult, { deadlineFired: false });
    expect(engineFailure(finish({ objective: r.objective + 1 }))).toMatch(/re-score/);
    expect(engineFailure(finish({ answer: Int32Array.from([0, 1, 2, 3, 4, 4]) }))).toMatch(/twice/);
    expect(engineFailure(finish({ answer: Int32Array.from([0, 1, 2, 3, 4]) }))).toMatch(/length/);
    expect(engineFailure(finish({ answer: Int32Array.from([0, 1, 2, 3, 4, 6]) }))).toMatch(/not an item index/);
    expect(engineFailure(finish({ kind: 'binary' } as Partial<EngineResult>))).toMatch(/binary result for rank/);
    expect(engineFailure(finish({ proof: null, bound: r.objective + 1 }))).toMatch(/bound/);
  });

  it('the receipt form sums repeated votes and ignores the order of the comparisons', () => {
    const body = rankBody(5, 2);
    const shuffled = { ...body, comparisons: [...body.comparisons].reverse() };
    expect(prepare('rank', shuffled).receiptProblem).toEqual(prepare('rank', body).receiptProblem);
    const ctx = { command: 'rank' as const, seed: 0, effort: 'medium' as const, version: 'v', engine: 'ts' as const, answer: body.items };
    expect(receipt({ ...ctx, problem: prepare('rank', shuffled).receiptProblem })).toBe(receipt({ ...ctx, problem: prepare('rank', body).receiptProblem }));
    const twice = prepare('rank', { items: ['a', 'b'], comparisons: [['a', 'b'], ['b', 'a'], ['a', 'b']] }).receiptProblem;
    expect(twice).toEqual({ n: 2, items: ['a', 'b'], votes: [[0, 1, 2], [1, 0, 1]] });
    // The items' order is part of the problem (it breaks ties).
    expect(prepare('rank', { items: ['b', 'a'] }).receiptProblem).not.toEqual(prepare('rank', { items: ['a', 'b'] }).receiptProblem);
  });

  it('verify: a right order passes; a wrong shape, count, bound or certified claim fails', () => {
    const body = rankBody(7, 5);
    const { done } = run('rank', body);
    const answer = done.fields.answer as string[];
    const d = done.fields.disagreements as number;
    const ok = check(body, answer, { disagreements: d, certainty: CERTAINTY.certified });
    expect(ok.objective).toBe(d);
    expect(ok.checks.every((c) => c.ok), JSON.stringify(ok.checks)).toBe(true);
    expect(ok.checks.map((c) => c.name)).toContain('certified_optimum');
    const bad = (a: unknown, declared: Record<string, unknown> | null = null) => check(body, a, declared).checks.filter((c) => !c.ok).map((c) => c.name);
    expect(bad(answer.slice(1))).toEqual(['answer_shape']);
    expect(bad([...answer.slice(1), answer[1]])).toEqual(['answer_shape']);
    expect(bad([...answer.slice(1), 'nobody'])).toEqual(['answer_shape']);
    expect(bad(answer, { disagreements: d + 1 })).toEqual(['declared_objective']);
    expect(bad(answer, { bound: d + 1 })).toEqual(['bound']);
    // The reversed order claimed as certified: the exact re-check finds better.
    const worse = [...answer].reverse();
    if (check(body, worse, null).objective! > d) expect(bad(worse, { certainty: CERTAINTY.certified })).toEqual(['certified_optimum']);
  });

  it('the estimate promises a certificate only when every majority component fits the DP', () => {
    const chain = { items: Array.from({ length: 40 }, (_, i) => `c${i}`), comparisons: [] as string[][] };
    for (let i = 0; i + 1 < 40; i++) chain.comparisons.push([`c${i}`, `c${i + 1}`]);
    expect(sureCertificateOf('rank', prepare('rank', chain), 'flash', LATEST_BUDGET_MODEL)).not.toBeNull();
    const tangled = rankBody(30, 4, 2000);
    const comps = sureCertificateOf('rank', prepare('rank', tangled), 'flash', LATEST_BUDGET_MODEL);
    const { done } = run('rank', tangled, { effort: 'flash' });
    if (comps !== null) expect(done.proof).not.toBeNull();
  });
});
