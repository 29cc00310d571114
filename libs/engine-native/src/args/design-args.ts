/**
 * The design part of a native solve: the canonical arrays (copied by src/binding/design_args.cc)
 * and the work budget from engine-ts, so both engines do the same work. Field order as
 * DesignBudget (core/design/solve.h).
 */
import { designBudgetFor, type DesignBudget, type DesignProblem, type Effort } from '@svc/engine-ts';

/** The `design` part of a problem handed to the addon. */
export interface NativeDesignArgs extends Pick<DesignProblem, 'K' | 'biasStart' | 'biasValue' | 'biasEnergy' | 'bondI' | 'bondJ' | 'bondMult' | 'cells'> {
  /** 0 none, 1 table, 2 circulant (core/design/problem.h Coupling). */
  readonly coupling: number;
  readonly budget: Float64Array;
}

/** DesignBudget fields in the order of core/design/solve.h DesignBudget. */
export const DESIGN_BUDGET_FIELDS = ['dpWork', 'bnbMaxSites', 'bnbNodes', 'tabuIters', 'tabuWork'] as const satisfies readonly (keyof DesignBudget)[];

const COUPLING = { none: 0, table: 1, circulant: 2 } as const;

/** design arguments; the value checks are the core's (ValidateDesign). */
export function designArgs(p: DesignProblem, effort: Effort): NativeDesignArgs {
  if (p.L !== p.n) throw new Error(`design n (${p.n}) must equal L (${p.L})`);
  const b = designBudgetFor(effort);
  return {
    K: p.K, coupling: COUPLING[p.coupling],
    biasStart: p.biasStart, biasValue: p.biasValue, biasEnergy: p.biasEnergy,
    bondI: p.bondI, bondJ: p.bondJ, bondMult: p.bondMult, cells: p.cells,
    budget: Float64Array.from(DESIGN_BUDGET_FIELDS, (f) => b[f]),
  };
}
