/**
 * The work of `frequency` (never time): the same for every effort, since an operation's answer
 * must not depend on how hard one asks.
 *   newtonSteps  Newton steps per refinement of one peak
 *   sweeps       rounds of re-fitting every peak against the others after a new one is found
 *   polishSweeps rounds after the last peak, until no frequency moves by 10⁻¹⁰ bin (the joint fit converged)
 */
import type { Effort } from '../../base';

export interface FrequencyBudget {
  readonly newtonSteps: number;
  readonly sweeps: number;
  readonly polishSweeps: number;
}

const BUDGET: FrequencyBudget = { newtonSteps: 40, sweeps: 8, polishSweeps: 200 };

export function frequencyBudgetFor(effort: Effort): FrequencyBudget {
  if (effort !== 'flash' && effort !== 'medium' && effort !== 'high') throw new RangeError(`unknown effort "${String(effort)}"`);
  return BUDGET;
}
