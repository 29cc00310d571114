/**
 * relation has no objective to optimise: its "re-score" is the height (largest |coefficient|) of
 * a relation given as numbers. The service checks relations exactly on its own
 * (libs/service/src/commands/relation/rescore.ts).
 */
import type { ProblemScore } from '../../base';
import type { RelationProblem } from './problem';

export function evaluateRelation(_p: RelationProblem, a: ArrayLike<number>): number {
  let h = 0;
  for (let i = 0; i < a.length; i++) h = Math.max(h, Math.abs(a[i]));
  return h;
}

export const RELATION_SCORE: ProblemScore<RelationProblem> = { evaluate: evaluateRelation, weightSum: () => 0, minimise: true };
