/**
 * π, e, ln 2 and ln 10 as fixed-point integers ⌊c · 2^S⌋ within CONSTANT_ERROR units of 2^−S, by
 * binary splitting of exact series (π: Chudnovsky; e: Σ 1/k!; ln 2 and ln 10: the three-term
 * Machin-like atanh formulas over 1/31, 1/49, 1/161). Each is kept at the largest S asked so far;
 * a smaller S is a shift of it (answers never depend on what was asked before: every caller
 * rounds from a proven bracket).
 */
import { isqrt } from './bigfloat';

/** |value returned − c · 2^S| < CONSTANT_ERROR for every constant here. */
export const CONSTANT_ERROR = 2n;

type Name = 'pi' | 'e' | 'ln2' | 'ln10';
const CACHE = new Map<Name, { S: number; v: bigint }>();

/** Forgets every cached constant (the bench times cold calls with it). */
export function clearConstantCache(): void {
  CACHE.clear();
  ATANH.clear();
}

function cached(name: Name, S: number, compute: (S: number) => bigint): bigint {
  const c = CACHE.get(name);
  if (c !== undefined && c.S >= S) return c.v >> BigInt(c.S - S);
  // Eight more bits, then a shift: the error stays under CONSTANT_ERROR units.
  const v = compute(S + 8) >> 8n;
  CACHE.set(name, { S, v });
  return v;
}

/** ⌊π · 2^S⌋ within CONSTANT_ERROR. */
export const piFixed = (S: number): bigint => cached('pi', S, chudnovsky);
/** ⌊e · 2^S⌋ within CONSTANT_ERROR. */
export const eFixed = (S: number): bigint => cached('e', S, eSeries);
/** ⌊ln 2 · 2^S⌋ within CONSTANT_ERROR. */
export const ln2Fixed = (S: number): bigint => cached('ln2', S, (s) => atanhCombination(s, 14n, 10n, 6n));
/** ⌊ln 10 · 2^S⌋ within CONSTANT_ERROR. */
export const ln10Fixed = (S: number): bigint => cached('ln10', S, (s) => atanhCombination(s, 46n, 34n, 20n));

// π = 426880 √10005 / Σ_k (−1)^k (6k)! (13591409 + 545140134 k) / ((3k)! (k!)³ 640320^(3k)):
// each term adds about 47.1 bits, the tail after N terms is below the last term kept.
const C3_OVER_24 = 640320n ** 3n / 24n;

function chudnovskySplit(a: number, b: number): [bigint, bigint, bigint] {
  if (b - a === 1) {
    const k = BigInt(a);
    const P = a === 0 ? 1n : (6n * k - 5n) * (2n * k - 1n) * (6n * k - 1n);
    const Q = a === 0 ? 1n : k * k * k * C3_OVER_24;
    const T = P * (13591409n + 545140134n * k);
    return [P, Q, a & 1 ? -T : T];
  }
  const m = (a + b) >> 1;
  const [Pl, Ql, Tl] = chudnovskySplit(a, m);
  const [Pr, Qr, Tr] = chudnovskySplit(m, b);
  return [Pl * Pr, Ql * Qr, Qr * Tl + Pl * Tr];
}

function chudnovsky(S: number): bigint {
  const N = Math.ceil((S + 16) / 47) + 1;
  const [, Q, T] = chudnovskySplit(0, N);
  const root = isqrt(10005n << BigInt(2 * S));
  return (426880n * root * Q) / T;
}

// e = Σ_{k≥0} 1/k!: T/Q over [a, b) is Σ_{k=a}^{b−1} 1/(a(a+1)…k).
function eSplit(a: number, b: number): [bigint, bigint] {
  if (b - a === 1) return [BigInt(a), 1n];
  const m = (a + b) >> 1;
  const [Ql, Tl] = eSplit(a, m);
  const [Qr, Tr] = eSplit(m, b);
  return [Ql * Qr, Tl * Qr + Tr];
}

function eSeries(S: number): bigint {
  // Terms until (K+1)! > 2^(S+4): the tail Σ_{k>K} 1/k! < 2/(K+1)!.
  let K = 1;
  let log2fact = 0;
  while (log2fact <= S + 4) {
    K++;
    log2fact += Math.log2(K);
  }
  const [Q, T] = eSplit(1, K + 1);
  return (1n << BigInt(S)) + (T << BigInt(S)) / Q;
}

// atanh(1/q) = Σ_{n≥0} 1/((2n+1) q^(2n+1)) = q · T/(B·Q) with, over [a, b) and q2 = q²,
// T/(B·Q) = Σ_{n=a}^{b−1} 1/((2n+1) q2^(n−a+1)).
function atanhSplit(a: number, b: number, q2: bigint): [bigint, bigint, bigint] {
  if (b - a === 1) return [1n, BigInt(2 * a + 1), q2];
  const m = (a + b) >> 1;
  const [Tl, Bl, Ql] = atanhSplit(a, m, q2);
  const [Tr, Br, Qr] = atanhSplit(m, b, q2);
  return [Tl * Br * Qr + Bl * Tr, Bl * Br, Ql * Qr];
}

/** ⌊atanh(1/q) · 2^S⌋ within 1.25 units (the floor and a tail below a quarter unit), memoised by (q, S). */
const ATANH = new Map<string, bigint>();
function atanhInv(q: number, S: number): bigint {
  const key = `${q}:${S}`;
  const hit = ATANH.get(key);
  if (hit !== undefined) return hit;
  if (ATANH.size > 48) ATANH.clear();
  // The tail after N terms is below 2 / q^(2N+1) < 2^−(S+2).
  const N = Math.ceil((S + 4) / (2 * Math.log2(q))) + 1;
  const [T, B, Q] = atanhSplit(0, N, BigInt(q) * BigInt(q));
  const v = (BigInt(q) * T << BigInt(S)) / (B * Q);
  ATANH.set(key, v);
  return v;
}

/** ⌊(a·atanh(1/31) + b·atanh(1/49) + c·atanh(1/161)) · 2^S⌋ (ln 2: 14, 10, 6; ln 10: 46, 34, 20). */
function atanhCombination(S: number, a: bigint, b: bigint, c: bigint): bigint {
  // Eight more bits cover the (a + b + c) · 1.25 units of the three series (at most 125).
  const s = S + 8;
  return (a * atanhInv(31, s) + b * atanhInv(49, s) + c * atanhInv(161, s)) >> 8n;
}
