/**
 * Independent evaluator of a `world` answer's objective from the answer itself (its layout in
 * problem.ts): the reach (kinematics), the highest point (terrain), the sum of the distances
 * (neighbors), the speed (predict). Only the summary: the service re-checks the answer in full.
 */
import type { ProblemScore } from '../../base';
import { WORLD_LAYOUT, type WorldProblem } from './problem';

export function evaluateWorld(p: WorldProblem, x: ArrayLike<number>): number {
  switch (p.op) {
    case 'kinematics': {
      const w = p.chain === 'dh' ? WORLD_LAYOUT.dhPose : WORLD_LAYOUT.planarPose;
      const last = p.n * w;
      if (p.chain === 'dh') return Math.hypot(x[last], x[last + 1], x[last + 2]);
      return Math.hypot(x[last] - x[0], x[last + 1] - x[1]);
    }
    case 'terrain': {
      let best = -Infinity;
      for (let i = 0; i < p.n; i++) best = Math.max(best, x[5 * i]);
      return best;
    }
    case 'neighbors': {
      let s = 0;
      for (let i = 0; i < x.length; i++) s += x[i];
      return s;
    }
    case 'predict':
      return Math.hypot(x[4], x[5], x[6]);
  }
  throw new Error(`unknown world op "${String(p.op)}"`);
}

export function worldWeightSum(_p: WorldProblem): number {
  return 0;
}

export const WORLD_SCORE: ProblemScore<WorldProblem> = { evaluate: evaluateWorld, weightSum: worldWeightSum, minimise: false };
