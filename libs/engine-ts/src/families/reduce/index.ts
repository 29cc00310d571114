/** @svc/engine-ts/families/reduce — the reduce family's public surface (the service, engine-native's tests, the bench). */
export { REDUCE_ENGINE_LIMITS, decimalTextOf, parseReduceAnswer, problemBasis, reduceAnswerText, type IntMatrix, type ReduceProblem, type ReduceResult } from './problem';
export { REDUCE_DEFAULT_DELTA, canonicalEntry, canonicalReduce, deltaFraction, type ReduceInput } from './canonical';
export { lllReduce, type Reduction } from './lll';
export { checkReduced, checkSameLattice, multiply, sqrtToDouble, type ReducedCheck } from './verify';
export { evaluateReduce, REDUCE_SCORE } from './evaluate';
export { solveReduce } from './solve';
export { REDUCE_FAMILY } from './family';
export { decimalBytes } from '../precision/problem';
