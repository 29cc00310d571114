/** The canonical problem of `precision` (C++ core/precision/problem.h) and its decimal answer. */
import type { ResultBase } from '../../base';

/** The operations, in the order of their index on the wire (core/precision/problem.h kPrecisionOpNames). */
export const PRECISION_OPS = ['sqrt', 'nthroot', 'exp', 'ln', 'powq', 'pi', 'e', 'ln2'] as const;
export type PrecisionOp = (typeof PRECISION_OPS)[number];

/** The operations that take `x` (the constants take nothing). */
export const PRECISION_OPS_WITH_X: readonly PrecisionOp[] = ['sqrt', 'nthroot', 'exp', 'ln', 'powq'];

/**
 * Sizes the engines accept (the contract is narrower: digits 31 or 5240, libs/contracts
 * src/commands/precision.ts): every bound keeps the work of one call bounded before it starts.
 */
export const PRECISION_ENGINE_LIMITS = {
  /** Significant digits of the answer, 1..maxDigits. */
  maxDigits: 10_000,
  /** Significant digits of x (after leading and trailing zeros are dropped). */
  maxXDigits: 12_000,
  /** |decimal exponent of x's leading digit| at most this. */
  maxXExponent: 1_000_000,
  /** exp: |x| at most this. */
  maxExpArgument: 2_000_000,
  /** nthroot: k in 2..maxRoot; powq: q in 1..maxRoot, |p| <= maxRoot. */
  maxRoot: 1_000,
  /** |decimal exponent of the answer| at most this (powq checks it before computing). */
  maxResultExponent: 1_000_000,
} as const;

/**
 * A decimal number exactly: (−1)^negative · int(digits) · 10^exponent, `digits` the decimal digits
 * 0..9 (most significant first) with no leading or trailing zero; empty for zero (exponent 0).
 */
export interface DecimalInput {
  readonly negative: boolean;
  readonly digits: Uint8Array;
  readonly exponent: number;
}

/**
 * precision: `op` correctly rounded (half-even) to `digits` significant decimal digits. `x` for the
 * operations that take one (null for the constants), `k` for nthroot, `p`/`q` for powq (x^(p/q)).
 * n = digits.
 */
export interface PrecisionProblem {
  readonly kind: 'precision';
  readonly n: number;
  readonly op: PrecisionOp;
  readonly digits: number;
  readonly x: DecimalInput | null;
  /** nthroot's root index (0 for other ops). */
  readonly k: number;
  /** powq's exponent p/q (0 and 1 for other ops). */
  readonly p: number;
  readonly q: number;
}

/**
 * A decimal answer: the correctly rounded value's text as ASCII bytes (the form it crosses from
 * C++ in, and an answer array like every kind's: `decimalText` reads it), and whether it equals
 * the exact value.
 */
export interface DecimalResult extends ResultBase {
  readonly kind: 'decimal';
  /** The text of the value rounded half-even to `digits` significant digits, trailing zeros dropped (decimal.ts formatDecimal), one byte per character. */
  readonly answer: Uint8Array;
  /** The answer is the exact value (no rounding happened). */
  readonly exact: boolean;
  /** Always 0: an operation has no objective. */
  readonly objective: number;
}

/** The text of a decimal answer. */
export const decimalText = (r: { readonly answer: ArrayLike<number> }): string => Buffer.from(Uint8Array.from(r.answer)).toString('latin1');

/** A decimal answer's text as the bytes of DecimalResult.answer. */
export const decimalBytes = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'latin1'));
