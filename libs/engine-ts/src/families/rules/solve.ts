/**
 * rules: minimise (violated rules, objective) lexicographically over x ∈ {0,1}^n.
 * These comments are the algorithm's specification; the native engine (core/rules/solve.cc and its
 * twins of the same names) follows them. This file is the dispatch; the methods run on the
 * counting-rule form (encoding.ts, whose comment defines it): the penalty tabu search (tabu.ts)
 * and branch and bound (branch-bound.ts).
 *
 * Dispatch, searchFirst (model 2026-11-21 on): the tabu search runs its whole budget
 * (tabuMoves) and branch and bound runs from its answer; when it finishes within bbSteps it
 * proves its result ('branch_and_bound'), else its best assignment (never worse than the tabu
 * answer) is kept. A deadline therefore cuts the proof, never the search.
 * Dispatch, not searchFirst (model 2026-11-01): a first tabu run of min(tabuMoves,
 * max(1000, 10·n)) moves gives an incumbent; branch and bound runs from it and, when it finishes
 * within bbSteps, proves it. Otherwise the tabu search resumes from the best assignment so far
 * with the remaining moves (same generator) and the lexicographically better of the two is kept.
 * A search stopped by a limit (deadline, cancel) answers at least the greedy repair (greedy.ts),
 * so a 1 ms budget never answers the unconstrained start. Violations and energy of the answer are
 * recomputed by the independent evaluator.
 */
import type { CancelSignal, SolveRequest } from '../../base';
import type { RulesProblem, RulesResult } from './problem';
import { evaluateRules } from './evaluate';
import { Prng } from '../../prng';
import { rulesBudgetFor, rulesSizeOf } from './budget';
import { Limits } from '../../kernels/model';
import { encodeRules, epsilonFor } from './encoding';
import { rulesTabu } from './tabu';
import { rulesBranchAndBound } from './branch-bound';
import { rulesGreedy } from './greedy';

/** Solves a rules request synchronously. */
export function solveRules(req: SolveRequest<RulesProblem>, signal?: CancelSignal): RulesResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'rules' || p.kind !== 'rules') throw new Error('rules needs a rules problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const enc = encodeRules(p);
  const budget = rulesBudgetFor(req.effort, rulesSizeOf(p), req.model);
  const epsE = epsilonFor(enc);

  // A short tabu run gives the incumbent, branch and bound tries to prove it, and when it cannot
  // the tabu search resumes from the best assignment with the rest of its moves.
  const rng = new Prng(req.seed);
  const firstMoves = budget.searchFirst ? budget.tabuMoves : Math.min(budget.tabuMoves, Math.max(1000, 10 * p.n));
  const a = rulesTabu(enc, budget, firstMoves, rng, limits, epsE, null);
  let x = a.x;
  const work = { iterations: a.moves, nodes: 0, restarts: Math.max(0, a.phases - 1) };
  let complete = false;
  if (limits.stopped === null) {
    const s = evaluateRules(p, x);
    const b = rulesBranchAndBound(enc, x, s.violations, s.energy, budget.bbSteps, limits, epsE);
    x = b.x;
    complete = b.complete;
    work.nodes = b.steps;
    const rest = budget.tabuMoves - a.moves;
    if (!budget.searchFirst && !complete && limits.stopped === null && rest > 0) {
      const c = rulesTabu(enc, budget, rest, rng, limits, epsE, x);
      work.iterations += c.moves;
      work.restarts += c.phases;
      x = better(p, x, c.x);
    }
  }
  // A search cut by a limit answers at least the greedy repair (docs/contract.md "Latency budget").
  if (limits.stopped !== null) x = better(p, x, rulesGreedy(enc, epsE));
  const score = evaluateRules(p, x);
  return {
    kind: 'rules',
    answer: x,
    objective: score.energy,
    violations: score.violations,
    proof: complete ? 'branch_and_bound' : null,
    stoppedAtDeadline: limits.stopped !== null,
    work,
    engineMs: performance.now() - started,
  };
}

/** `b` when it is lexicographically better in (violations, energy) than `a`, else `a`. */
function better(p: RulesProblem, a: Uint8Array, b: Uint8Array): Uint8Array {
  const sa = evaluateRules(p, a);
  const sb = evaluateRules(p, b);
  return sb.violations < sa.violations || (sb.violations === sa.violations && sb.energy < sa.energy) ? b : a;
}
