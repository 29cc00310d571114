/**
 * The solver registry of the pure-TypeScript engine: one line per command. A new family is a
 * folder under families/ (problem, canonical, evaluate, budget, solve) plus its lines here.
 */
import type { CancelSignal, CanonicalProblem, Command, EngineRequest, EngineResult } from '../engine';
import { coverBudgetFor } from './cover/budget';
import { designBudgetFor } from './design/budget';
import { tspBudgetFor } from './tsp/budget';
import { milpBudgetFor } from './milp/budget';
import type { NativeBudget } from './native-budget';
import { quantumScaleBudget } from './planted/budget';
import { checkPlantedArgs } from './planted/generate';
import { maxcutBudget, quboCommandBudget } from './qubo/command-budget';
import { qapBudgetFor } from './qap/budget';
import { rankBudgetFor } from './rank/budget';
import { rulesBudgetFor, rulesSizeOf } from './rules/budget';
import { selectBudgetFor } from './select/budget';
import { solvePlantedIsing } from './planted/solve';
import { solveFeel } from './qubo/feel';
import { solveWant } from './qubo/pinned';
import { solveSample } from './qubo/sample';
import { solveQuboFamily } from './qubo/solve';
import { solveRules } from './rules/solve';
import { solveSelect } from './select/solve';
import { solveRank } from './rank/solve';
import { solveTsp } from './tsp/solve';
import { solveQap } from './qap/solve';
import { solveDesign } from './design/solve';
import { solveCover } from './cover/solve';
import { solveMilp } from './milp/solve';

/** A synchronous solver of one command. */
export type SyncSolver = (req: EngineRequest, signal?: CancelSignal) => EngineResult;

/** A command's solver and the kind of canonical problem it takes. */
export interface CommandSolver {
  readonly kind: CanonicalProblem['kind'];
  readonly solve: SyncSolver;
}

/** The commands this engine solves, the problem kind each takes, and how. */
export const SOLVERS: Readonly<Partial<Record<Command, CommandSolver>>> = {
  optimize: { kind: 'qubo', solve: solveQuboFamily },
  maxcut: { kind: 'maxcut', solve: solveQuboFamily },
  feel: { kind: 'qubo', solve: solveFeel },
  want: { kind: 'qubo', solve: solveWant },
  sample: { kind: 'qubo', solve: solveSample },
  select: { kind: 'select', solve: solveSelect },
  rules: { kind: 'rules', solve: solveRules },
  'quantum-scale': { kind: 'planted-ising', solve: solvePlantedIsing },
  rank: { kind: 'rank', solve: solveRank },
  tsp: { kind: 'tsp', solve: solveTsp },
  qap: { kind: 'qap', solve: solveQap },
  design: { kind: 'design', solve: solveDesign },
  cover: { kind: 'cover', solve: solveCover },
  milp: { kind: 'milp', solve: solveMilp },
};

/** The kind of canonical problem a command takes (undefined for a command no family solves). */
export function problemKindOf(command: Command): CanonicalProblem['kind'] | undefined {
  return SOLVERS[command]?.kind;
}

/**
 * The budget each family hands the native engine with its canonical problem (the addon reads the
 * problem's fields and the budget by the family's records, libs/engine-native/src/core/<family>).
 */
export const NATIVE_BUDGETS: { readonly [K in CanonicalProblem['kind']]: (p: Extract<CanonicalProblem, { kind: K }>, req: EngineRequest) => NativeBudget } = {
  qubo: (p, req) => quboCommandBudget(req.command, p, req.effort, req.model),
  maxcut: (p, req) => maxcutBudget(p, req.effort, req.model),
  'planted-ising': (p, req) => {
    checkPlantedArgs(p.n, p.degree, p.instanceSeed);
    return { family: quantumScaleBudget(req.effort, p.n) };
  },
  select: (p, req) => ({ family: selectBudgetFor(req.effort, p.n, p.k) }),
  rules: (p, req) => ({ family: rulesBudgetFor(req.effort, rulesSizeOf(p), req.model) }),
  rank: (_p, req) => ({ family: rankBudgetFor(req.effort) }),
  qap: (_p, req) => ({ family: qapBudgetFor(req.effort) }),
  design: (_p, req) => ({ family: designBudgetFor(req.effort) }),
  cover: (_p, req) => ({ family: coverBudgetFor(req.effort) }),
  tsp: (_p, req) => ({ family: tspBudgetFor(req.effort) }),
  milp: (_p, req) => ({ family: milpBudgetFor(req.effort) }),
};
