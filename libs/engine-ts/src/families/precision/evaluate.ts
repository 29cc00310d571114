/**
 * precision has no objective: its "re-score" is the answer's value as a double, read from the
 * answer's text given as character codes (the form a decimal crosses from C++ in). The service
 * checks answers on its own (libs/service/src/commands/precision/rescore.ts).
 */
import type { ProblemScore } from '../../base';
import type { PrecisionProblem } from './problem';

/** The value of a decimal answer's text (character codes) as a double. */
export function evaluatePrecision(_p: PrecisionProblem, text: ArrayLike<number>): number {
  let s = '';
  for (let i = 0; i < text.length; i++) s += String.fromCharCode(text[i]);
  return Number(s);
}

export const PRECISION_SCORE: ProblemScore<PrecisionProblem> = { evaluate: evaluatePrecision, weightSum: () => 0, minimise: false };
