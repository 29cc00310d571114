/** @svc/engine-ts/families/precision — the precision family's public surface (imported by the service and the tests). */
export type { DecimalInput, DecimalResult, PrecisionOp, PrecisionProblem } from './problem';
export { PRECISION_ENGINE_LIMITS, PRECISION_OPS, PRECISION_OPS_WITH_X, decimalBytes, decimalText } from './problem';
export {
  DECIMAL_PATTERN, adjustedExponent, canonicalPrecision, checkPrecisionProblem, expArgumentTooLarge, gcd, log10Abs, parseDecimal,
  powqExponentTooLarge, significand, type PrecisionInput,
} from './canonical';
export { dropTrailingZeros, formatDecimal, roundRatio, type Rounded } from './decimal';
export { isqrt, iroot } from './bigfloat';
export { clearConstantCache } from './constants';
export { evaluatePrecision } from './evaluate';
export { answerText, firstBits, precisionAnswer, solvePrecision, type PrecisionAnswer } from './solve';
