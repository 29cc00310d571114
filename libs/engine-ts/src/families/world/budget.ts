/**
 * The work of `world` (never time): none to choose. Every op is exact or a fixed formula, the same for
 * every effort (an operation's answer must not depend on how hard one asks); the record exists so the
 * family is wired like every other (C++ core/world/solve.h kWorldBudget).
 *   leafSize  points per k-d tree leaf (speed only: the neighbours are exact whatever it is)
 */
import type { Effort } from '../../base';
import { LEAF_SIZE } from './kdtree';

export interface WorldBudget {
  readonly leafSize: number;
}

export function worldBudgetFor(effort: Effort): WorldBudget {
  if (effort !== 'flash' && effort !== 'medium' && effort !== 'high') throw new RangeError(`unknown effort "${String(effort)}"`);
  return { leafSize: LEAF_SIZE };
}
