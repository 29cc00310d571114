/**
 * Exact rationals on BigInt (docs/certificates.md "Numbers"): a number is a JSON number (read as the
 * decimal of its shortest round-trip form, `String(x)`) or a decimal string; nothing else. Kept
 * small on purpose (add, subtract, multiply, compare, print): the checkers do their hot loops on
 * BigInt integers scaled to a common denominator, and the parser must refuse forms a general
 * fraction library accepts ("1/3", "0.(3)").
 */
import { Refusal } from './report';

/** A rational n/d, d > 0, in lowest terms. */
export interface Q { readonly n: bigint; readonly d: bigint }

const DECIMAL = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
/** A decimal string longer than this, or an exponent beyond ±MAX_EXP, is refused (docs: "Numbers"). */
export const MAX_DECIMAL_CHARS = 1100;
export const MAX_EXP = 1000;

export const ZERO: Q = { n: 0n, d: 1n };
export const ONE: Q = { n: 1n, d: 1n };

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function q(n: bigint, d: bigint = 1n): Q {
  if (d < 0n) { n = -n; d = -d; }
  if (d === 1n) return { n, d };
  const g = gcd(n, d);
  return g === 1n ? { n, d } : { n: n / g, d: d / g };
}

export const add = (a: Q, b: Q): Q => (a.d === b.d ? q(a.n + b.n, a.d) : q(a.n * b.d + b.n * a.d, a.d * b.d));
export const sub = (a: Q, b: Q): Q => (a.d === b.d ? q(a.n - b.n, a.d) : q(a.n * b.d - b.n * a.d, a.d * b.d));
export const mul = (a: Q, b: Q): Q => q(a.n * b.n, a.d * b.d);
export const neg = (a: Q): Q => ({ n: -a.n, d: a.d });
export const cmp = (a: Q, b: Q): number => { const x = a.n * b.d - b.n * a.d; return x > 0n ? 1 : x < 0n ? -1 : 0; };
export const isInt = (a: Q): boolean => a.d === 1n;
export const max0 = (a: Q): Q => (a.n > 0n ? a : ZERO);
export const min = (a: Q, b: Q): Q => (cmp(a, b) <= 0 ? a : b);

/** Parses a number by the rule of docs/certificates.md, or returns null (not a number of that rule). */
export function parseQ(x: unknown): Q | null {
  let s: string;
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) return null;
    if (Number.isSafeInteger(x)) return { n: BigInt(x), d: 1n };
    s = String(x);
  } else if (typeof x === 'string') {
    if (x.length > MAX_DECIMAL_CHARS) return null;
    s = x;
  } else return null;
  if (!DECIMAL.test(s)) return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(s)!;
  const frac = m[3] ?? '';
  const e = m[4] === undefined ? 0 : Number(m[4]);
  if (!Number.isSafeInteger(e) || Math.abs(e) > MAX_EXP) return null;
  let n = BigInt(m[2] + frac);
  if (m[1] === '-') n = -n;
  const exp = e - frac.length;
  return exp >= 0 ? q(n * 10n ** BigInt(exp), 1n) : q(n, 10n ** BigInt(-exp));
}

/** parseQ or a refusal at step `numbers` naming where. */
export function num(x: unknown, where: string): Q {
  const v = parseQ(x);
  if (v === null) throw new Refusal('numbers', `${where}: expected a JSON number or a decimal string such as "12.5", got ${show(x)}`);
  return v;
}

/** A JSON integer (safe) or an integer decimal string, as BigInt; or a refusal at `step`. */
export function int(x: unknown, where: string, step = 'numbers'): bigint {
  const v = parseQ(x);
  if (v === null || v.d !== 1n) throw new Refusal(step, `${where}: expected an integer, got ${show(x)}`);
  return v.n;
}

export function show(x: unknown): string {
  if (typeof x === 'string') return JSON.stringify(x.length > 40 ? `${x.slice(0, 37)}...` : x);
  if (typeof x === 'number' || typeof x === 'boolean' || x === null || x === undefined) return String(x);
  return Array.isArray(x) ? 'an array' : 'an object';
}

/** Writes a rational as a decimal string when it is a finite decimal, else "p/q". */
export function toText(a: Q): string {
  let d = a.d, twos = 0, fives = 0;
  while (d % 2n === 0n) { d /= 2n; twos++; }
  while (d % 5n === 0n) { d /= 5n; fives++; }
  if (d !== 1n) return `${a.n}/${a.d}`;
  const k = Math.max(twos, fives);
  if (k === 0) return a.n.toString();
  const scaled = a.n * (10n ** BigInt(k)) / a.d;
  const neg = scaled < 0n;
  const digits = (neg ? -scaled : scaled).toString().padStart(k + 1, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -k)}.${digits.slice(-k)}`;
}

/** The least common multiple of the denominators (the common scale of a list). */
export function lcmDen(xs: Iterable<Q>): bigint {
  let l = 1n;
  for (const x of xs) if (l % x.d !== 0n) l = l / gcd(l, x.d) * x.d;
  return l;
}

/** x · scale as an integer (scale a multiple of x.d). */
export const scaled = (x: Q, scale: bigint): bigint => x.n * (scale / x.d);

/** ⌊a⌋ and ⌈a⌉ as BigInt. */
export function floorQ(a: Q): bigint {
  const f = a.n / a.d;
  return a.n < 0n && f * a.d !== a.n ? f - 1n : f;
}
export const ceilQ = (a: Q): bigint => -floorQ(neg(a));
