/** A decimal input as a fixed-point integer. */
import { adjustedExponent, significand } from './canonical';
import { pow10 } from './decimal';
import type { DecimalInput } from './problem';

/** x · 2^S within one unit (truncated toward zero), signed. */
export function fixedOf(x: DecimalInput, S: number): bigint {
  if (x.digits.length === 0) return 0n;
  // |x| · 2^S < 1: zero is within a unit.
  if (adjustedExponent(x) < -Math.ceil(S * Math.log10(2)) - 2) return 0n;
  const I = significand(x);
  const v = x.exponent >= 0 ? (I * pow10(x.exponent)) << BigInt(S) : (I << BigInt(S)) / pow10(-x.exponent);
  return x.negative ? -v : v;
}
