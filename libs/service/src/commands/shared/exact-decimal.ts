/**
 * Exact decimals of dyadic rationals, as certificates write their numbers (docs/certificates.md
 * "Numbers": a decimal string is read exactly as written).
 */

/** 5^s by s (certificates write many values on one grid). */
const POW5: bigint[] = [];

/** The exact decimal of n / (2^s · 10^k), n ≥ 0: n · 5^s / 10^(s+k). */
export function exactDecimal(n: bigint, s: number, k: number): string {
  if (n === 0n) return '0';
  const places = s + k;
  const pow = POW5[s] ?? (POW5[s] = 5n ** BigInt(s));
  const digits = (n * pow).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const frac = digits.slice(digits.length - places).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** The exact decimal of a / 2²⁰ (a an integer, either sign). */
export function dyadicDecimal(a: number): string {
  return `${a < 0 ? '-' : ''}${exactDecimal(BigInt(Math.abs(a)), 20, 0)}`;
}
