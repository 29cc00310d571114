/** The QUBO family (families/family.ts): optimize, feel, want and sample on a QUBO, and maxcut. */
import type { BinaryResult } from '../../base';
import type { Family } from '../family';
import { maxcutBudget, quboCommandBudget } from './command-budget';
import { MAXCUT_SCORE, QUBO_SCORE } from './evaluate';
import { solveFeel } from './feel';
import { solveWant } from './pinned';
import type { MaxcutProblem, QuboProblem, SampleResult } from './problem';
import { solveSample } from './sample';
import { solveQuboFamily } from './solve';
import { maxcutWork, quboWork } from './work-model';

export const QUBO_FAMILY: Family<QuboProblem, BinaryResult | SampleResult> = {
  kind: 'qubo',
  score: QUBO_SCORE,
  nativeBudget: (p, req) => quboCommandBudget(req.command, p, req.effort, req.model, req.exactMethod),
  solvers: { optimize: solveQuboFamily, feel: solveFeel, want: solveWant, sample: solveSample },
  workModel: quboWork,
};

export const MAXCUT_FAMILY: Family<MaxcutProblem, BinaryResult> = {
  kind: 'maxcut',
  score: MAXCUT_SCORE,
  nativeBudget: (p, req) => maxcutBudget(p, req.effort, req.model, req.exactMethod),
  solvers: { maxcut: solveQuboFamily },
  workModel: maxcutWork,
};
