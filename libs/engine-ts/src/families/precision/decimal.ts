/**
 * Decimal rounding and the answer's text (the C++ twin is core/precision/decimal.cc): a positive
 * rational rounded half-even to D significant digits, and the one spelling of an answer both
 * engines give, byte for byte.
 */

const LOG10_2 = Math.log10(2);

/** 10^k as a BigInt, memoised (k ≥ 0). */
const POW10 = new Map<number, bigint>();
export function pow10(k: number): bigint {
  if (k < 0) throw new RangeError(`pow10 of a negative exponent ${k}`);
  let v = POW10.get(k);
  if (v === undefined) {
    v = 10n ** BigInt(k);
    if (k <= 20_000) POW10.set(k, v);
  }
  return v;
}

/** Bits of |n| (0 for 0). */
export function bitLength(n: bigint): number {
  if (n < 0n) n = -n;
  if (n === 0n) return 0;
  const h = n.toString(16);
  return (h.length - 1) * 4 + (32 - Math.clz32(parseInt(h[0], 16)));
}

/** s without its trailing zeros (a loop: /0+$/ backtracks quadratically over long inner runs of zeros). */
export function dropTrailingZeros(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 48) end--;
  return s.slice(0, end);
}

/** Decimal digits of n > 0. */
export function decimalLength(n: bigint): number {
  return n.toString().length;
}

/**
 * A value rounded to D significant digits: `q` has exactly D digits (10^(D−1) ≤ q < 10^D) and
 * the value is q · 10^(E − D + 1), E the exponent of its leading digit; `exact` when no rounding
 * happened.
 */
export interface Rounded {
  readonly q: bigint;
  readonly E: number;
  readonly exact: boolean;
}

/** num · 10^(−E) compared with den (−1, 0, 1); num, den > 0. */
function cmpPow10(num: bigint, den: bigint, E: number): number {
  const a = E >= 0 ? num : num * pow10(-E);
  const b = E >= 0 ? den * pow10(E) : den;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** ⌊log10(num/den)⌋ for num, den > 0. */
export function floorLog10(num: bigint, den: bigint): number {
  let E = Math.floor((bitLength(num) - bitLength(den)) * LOG10_2) - 1;
  while (cmpPow10(num, den, E + 1) >= 0) E++;
  while (cmpPow10(num, den, E) < 0) E--;
  return E;
}

/** num/den (> 0) rounded half-even to D significant digits. */
export function roundRatio(num: bigint, den: bigint, D: number): Rounded {
  if (num <= 0n || den <= 0n) throw new RangeError('roundRatio needs a positive ratio');
  let E = floorLog10(num, den);
  const t = D - 1 - E;
  const N = t >= 0 ? num * pow10(t) : num;
  const Q = t >= 0 ? den : den * pow10(-t);
  let q = N / Q;
  const rem = N - q * Q;
  const twice = 2n * rem;
  if (twice > Q || (twice === Q && (q & 1n) === 1n)) q += 1n;
  if (q === pow10(D)) {
    q = pow10(D - 1);
    E += 1;
  }
  return { q, E, exact: rem === 0n };
}

/** m · 2^e (m > 0) rounded half-even to D significant digits, its exponent shifted by `dexp` (the value times 10^dexp). */
export function roundDyadic(m: bigint, e: number, D: number, dexp = 0): Rounded {
  const r = e >= 0 ? roundRatio(m << BigInt(e), 1n, D) : roundRatio(m, 1n << BigInt(-e), D);
  return dexp === 0 ? r : { ...r, E: r.E + dexp };
}

export const sameRounding = (a: Rounded, b: Rounded): boolean => a.q === b.q && a.E === b.E;

/**
 * The answer's spelling: the rounded value with trailing zeros dropped, plain when the leading
 * digit's exponent E is in −7 < E < 21 (as JavaScript prints numbers), else d.ddd…e±E.
 */
export function formatDecimal(negative: boolean, r: Rounded | null): string {
  if (r === null) return '0';
  const s = dropTrailingZeros(r.q.toString());
  const E = r.E;
  const sign = negative ? '-' : '';
  if (E > -7 && E < 21) {
    if (E < 0) return `${sign}0.${'0'.repeat(-E - 1)}${s}`;
    if (s.length <= E + 1) return `${sign}${s}${'0'.repeat(E + 1 - s.length)}`;
    return `${sign}${s.slice(0, E + 1)}.${s.slice(E + 1)}`;
  }
  const mant = s.length === 1 ? s : `${s[0]}.${s.slice(1)}`;
  return `${sign}${mant}e${E < 0 ? '-' : '+'}${Math.abs(E)}`;
}

/** The value midway between `a` and the next D-digit value above it, (q + ½) · 10^(E−D+1) = num · 10^exp10. */
export function nextMidpoint(a: Rounded, D: number): { num: bigint; exp10: number } {
  return { num: 5n * (2n * a.q + 1n), exp10: a.E - D };
}

/** The D-digit value just above `a`. */
export function successor(a: Rounded, D: number): Rounded {
  const q = a.q + 1n;
  return q === pow10(D) ? { q: pow10(D - 1), E: a.E + 1, exact: false } : { q, E: a.E, exact: false };
}
