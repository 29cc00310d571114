/**
 * reduce has no objective: its "re-score" is 0 (the answer is a basis, checked exactly by the
 * service: libs/service/src/commands/reduce/rescore.ts with verify.ts).
 */
import type { ProblemScore } from '../../base';
import type { ReduceProblem } from './problem';

export const evaluateReduce = (_p: ReduceProblem, _answer: ArrayLike<number>): number => 0;

export const REDUCE_SCORE: ProblemScore<ReduceProblem> = { evaluate: evaluateReduce, weightSum: () => 0, minimise: false };
