import { type EngineResult } from '@svc/engine-ts';
import { canonicalRank, type RankProblem } from '@svc/engine-ts/families/rank';
import type { RankInput } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { rankNamesOf, rescoreRank, type RankTerms } from './rescore';

/** rank: order the items so that as few [winner, loser] votes as possible are contradicted. */
export const rankAdapter: CommandAdapter = {
  command: 'rank',
  prepare(v) {
    const input = v.input as RankInput;
    const terms: RankTerms = { items: input.items, comparisons: input.comparisons };
    const problem = canonicalOrInvalid(() => canonicalRank(input.items.length, voteIndices(input)));
    return {
      problem,
      terms: votedPairs(problem),
      receiptProblem: rankReceiptProblem(input.items, problem),
      finish: (r, ctx) => finishRank(terms, r, ctx.deadlineFired),
    };
  },
};

/** The comparisons as [winner, loser] item indices (the contract checked every name). */
export function voteIndices(input: RankTerms): [number, number][] {
  const index = new Map<string, number>();
  input.items.forEach((name, i) => index.set(name, i));
  return (input.comparisons ?? []).map(([w, l]) => [index.get(w)!, index.get(l)!]);
}

/**
 * The receipt form (commands.md "Receipt"): `n`, the items in the caller's order (ties between
 * equally good orders are broken by it), and the votes summed per ordered pair as
 * [winner, loser, count] index triples, sorted; the order of the comparisons does not matter.
 */
export function rankReceiptProblem(items: readonly string[], p: RankProblem): Record<string, unknown> {
  const n = p.n;
  const votes: [number, number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (p.wins[i * n + j] !== 0) votes.push([i, j, p.wins[i * n + j]]);
  return { n, items, votes };
}

function votedPairs(p: RankProblem): number {
  const n = p.n;
  let count = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (p.wins[i * n + j] !== 0 || p.wins[j * n + i] !== 0) count++;
  return count;
}

/** The independent check of an engine result and the answer fields {answer, disagreements}. */
export function finishRank(terms: RankTerms, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  if (r.kind !== 'permutation') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for rank`);
  const names = rankNamesOf(r.answer, terms.items);
  const rescored = rescoreRank(terms, names);
  // Vote counts are integers: the re-score must agree exactly.
  if (r.objective !== rescored.value) {
    throw new SvcError('SVC_ENGINE_FAILURE', `engine reported ${r.objective} disagreements but the independent re-score gives ${rescored.value}`);
  }
  const stoppedAtDeadline = r.stoppedAtDeadline || (deadlineFired && r.proof === null);
  const proof = stoppedAtDeadline ? null : r.proof;
  const fields = { answer: names, disagreements: rescored.value };
  if (proof !== null || r.bound === undefined || !Number.isFinite(r.bound)) return { fields, proof, stoppedAtDeadline };
  if (r.bound > rescored.value) {
    throw new SvcError('SVC_ENGINE_FAILURE', `engine bound ${r.bound} is above its own answer's ${rescored.value} disagreements`);
  }
  const gap = (rescored.value - r.bound) / Math.max(1, rescored.value);
  return { fields, proof, stoppedAtDeadline, bound: r.bound, gap };
}
