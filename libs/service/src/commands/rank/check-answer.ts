import { CERTAINTY, type RankInput } from '@svc/contracts';
import { EXHAUSTIVE_RECHECK_MAX_N } from '../shared/exact-caps';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { declaredObjective } from '../shared/binary-checker';
import { voteIndices } from './adapter';
import { rescoreRank, type RankTerms } from './rescore';

/** rank: every item named once, best first; disagreements minimised. */
export const rankChecker: AnswerChecker = {
  objectiveField: 'disagreements',
  minimise: true,
  check({ v, answer, declared }) {
    const input = v.input as RankInput;
    const terms: RankTerms = { items: input.items, comparisons: input.comparisons };
    const n = input.items.length;
    const reason = orderProblem(answer, input.items);
    if (reason !== null) return { checks: [{ name: 'answer_shape', ok: false, detail: reason }], objective: null };
    const order = answer as string[];
    const r = rescoreRank(terms, order);
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `every one of the ${n} items once, best first` },
      { name: 'objective_recomputed', ok: true, detail: `disagreements = ${r.value} of ${r.weightSum} votes, recomputed from the comparisons` },
    ];
    if (declared?.disagreements !== undefined) checks.push(declaredObjective('disagreements', declared.disagreements, r.value, 0));
    if (typeof declared?.bound === 'number') {
      const ok = declared.bound <= r.value;
      checks.push({ name: 'bound', ok, detail: ok ? `the declared bound ${declared.bound} is on the right side of ${r.value}` : `the declared bound ${declared.bound} is above the answer's ${r.value} disagreements` });
    }
    if (declared?.certainty === CERTAINTY.certified && n <= EXHAUSTIVE_RECHECK_MAX_N) {
      const best = fewestDisagreements(n, voteIndices(terms));
      const ok = !(best < r.value);
      checks.push({ name: 'certified_optimum', ok, detail: ok ? `no order of the ${n} items contradicts fewer than ${r.value} votes (exact re-check over every subset)` : `an order contradicts only ${best} votes, fewer than the declared certified ${r.value}` });
    }
    return { checks, objective: r.value };
  },
};

/** Why `answer` is not an order of `items` (every name once), or null. */
function orderProblem(answer: unknown, items: readonly string[]): string | null {
  if (!Array.isArray(answer)) return `expected an array of the ${items.length} item names, best first`;
  if (answer.length !== items.length) return `the answer has ${answer.length} entries, expected all ${items.length} items`;
  const known = new Set(items);
  const seen = new Set<string>();
  for (let k = 0; k < answer.length; k++) {
    const name = answer[k];
    if (typeof name !== 'string' || !known.has(name)) return `entry ${k} is ${JSON.stringify(name)}, not one of the items`;
    if (seen.has(name)) return `the answer names ${JSON.stringify(name)} twice`;
    seen.add(name);
  }
  return null;
}

/**
 * The fewest disagreements of any order (n ≤ EXHAUSTIVE_RECHECK_MAX_N), by a subset DP written
 * independently of the engines' solvers: best[S] is the fewest votes contradicted among the items
 * of S when S is placed first, and an item v placed right after S contradicts every vote "v beats
 * u" for u in S.
 */
function fewestDisagreements(n: number, votes: readonly (readonly [number, number])[]): number {
  const wins = new Float64Array(n * n);
  for (const [a, b] of votes) wins[a * n + b]++;
  const best = new Float64Array(1 << n).fill(Infinity);
  best[0] = 0;
  for (let S = 0; S < 1 << n; S++) {
    if (best[S] === Infinity) continue;
    for (let v = 0; v < n; v++) {
      if (S & (1 << v)) continue;
      // Placing v after S contradicts every vote "v beats u" for u already in S.
      let cost = 0;
      for (let u = 0; u < n; u++) if (S & (1 << u)) cost += wins[v * n + u];
      const T = S | (1 << v);
      if (best[S] + cost < best[T]) best[T] = best[S] + cost;
    }
  }
  return best[(1 << n) - 1];
}
