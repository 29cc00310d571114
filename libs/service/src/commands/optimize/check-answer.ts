import type { OptimizeInput } from '@svc/contracts';
import type { AnswerChecker } from '../command-module';
import { binaryChecker } from '../shared/binary-checker';
import { rescoreOptimize, type OptimizeTerms } from './rescore';

/** optimize: a 0/1 vector, energy minimised. */
export const optimizeChecker: AnswerChecker = binaryChecker({ objectiveField: 'energy', minimise: true, rescore: (v, x) => rescoreOptimize(v.input as OptimizeInput as OptimizeTerms, x) });
