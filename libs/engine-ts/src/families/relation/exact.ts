/**
 * The exact re-check both engines apply to a candidate relation (the service repeats it on its own:
 * libs/service/src/commands/relation/rescore.ts). The values are the exact rationals the decimals
 * spell, each standing for any true value within one unit u of its last written digit (0 for an
 * exact integer). With S = Σ a_i·t_i (t_i the terms: the values, or the powers x^0..x^k of the
 * value) and R the radius of an interval evaluation of Σ a_i·t_i over those true values
 * (values: Σ |a_i|·u_i, exactly the range; a polynomial p: Σ_{j≥1} |p^(j)(x)/j!|·u^j, the Taylor
 * enclosure of p over [x − u, x + u]), a relation a is accepted when all hold:
 *   consistent   |S| ≤ R: the interval contains 0, so the digits as sent do not refute it (every
 *                digit the caller sent is used, whatever the working digits D);
 *   not x^m·q    for a polynomial of a value whose interval excludes 0: a_0 ≠ 0 (x ≠ 0, so a
 *                polynomial divisible by x is never the answer; the engines divide x^m out first);
 *   precise      |S| + R < 10^(E_a − ⌈D/2⌉), E_a = max ⌊log10 |a_i|·(|t_i| + δ_i)⌋ the scale of the
 *                largest term of the relation (δ_i how far a true term can be from the written one:
 *                u_i, or (|x| + u)^j − |x|^j), so the terms cancel to ⌈D/2⌉ digits whatever the
 *                true values are;
 *   significant  (|S| + R)·h^(n−1) < 10^(E − ⌈D/4⌉), h = max |a_i|, n the relation's length, E the
 *                largest ⌊log10 |t_i|⌋: n numbers have relations of height h with residuals near
 *                h^−(n−1) by counting alone (pigeonhole), so a residual that is not ⌈D/4⌉ digits
 *                below that is what any numbers would show, not evidence of a relation.
 * The verified digits d are E_a − ⌊log10(|S| + R)⌋ − 1 (D when |S| + R = 0): for every true value,
 * |Σ a_i·t_i| < 10^(E_a − d).
 */
import type { Dec } from './canonical';

const pow10Cache: bigint[] = [1n];
export function pow10(k: number): bigint {
  if (k < 0) throw new RangeError('negative power of ten');
  if (k < 4096) {
    while (pow10Cache.length <= k) pow10Cache.push(pow10Cache[pow10Cache.length - 1] * 10n);
    return pow10Cache[k];
  }
  return 10n ** BigInt(k);
}

const abs = (a: bigint): bigint => (a < 0n ? -a : a);

/** ⌊log10 |d|⌋ (−Infinity for 0). */
export function adjustedExponent(d: Dec): number {
  if (d.m === 0n) return -Infinity;
  return abs(d.m).toString().length - 1 + d.e;
}

/** a + b exactly. */
export function decAdd(a: Dec, b: Dec): Dec {
  if (a.m === 0n) return b;
  if (b.m === 0n) return a;
  const e = Math.min(a.e, b.e);
  return { m: a.m * pow10(a.e - e) + b.m * pow10(b.e - e), e };
}

export const decMul = (a: Dec, b: Dec): Dec => ({ m: a.m * b.m, e: a.e + b.e });
export const decAbs = (a: Dec): Dec => ({ m: abs(a.m), e: a.e });

/** a^k exactly. */
export const decPow = (a: Dec, k: number): Dec => ({ m: a.m ** BigInt(k), e: a.e * k });

/** The sign of a − b. */
export function decCompare(a: Dec, b: Dec): number {
  const d = decAdd(a, { m: -b.m, e: b.e });
  return d.m === 0n ? 0 : d.m < 0n ? -1 : 1;
}

/** The terms a relation multiplies and how far each true term may be from the written one. */
export interface RelationTerms {
  readonly terms: readonly Dec[];
  readonly allowance: readonly Dec[];
  /** For a polynomial: the value x and the exponent of its last written digit (null when exact). */
  readonly power?: { readonly x: Dec; readonly ulp: number | null };
}

const ZERO: Dec = { m: 0n, e: 0 };

/** Terms of an integer relation among values (ulp: exponent of a value's last written digit, null when exact). */
export function valueTerms(values: readonly Dec[], ulp: readonly (number | null)[]): RelationTerms {
  return { terms: values, allowance: ulp.map((u) => (u === null ? ZERO : { m: 1n, e: u })) };
}

/** Terms x^0..x^k of a polynomial relation, with (|x| + u)^j − |x|^j as allowances. */
export function powerTerms(x: Dec, ulp: number | null, k: number): RelationTerms {
  const terms: Dec[] = [];
  const allowance: Dec[] = [];
  const ax = decAbs(x);
  const hi = ulp === null ? ax : decAdd(ax, { m: 1n, e: ulp });
  for (let j = 0; j <= k; j++) {
    terms.push(decPow(x, j));
    allowance.push(ulp === null ? ZERO : decAdd(decPow(hi, j), { m: -decPow(ax, j).m, e: ax.e * j }));
  }
  return { terms, allowance, power: { x, ulp } };
}

/** The first k + 1 terms (a relation of length k + 1). */
export function sliceTerms(t: RelationTerms, length: number): RelationTerms {
  return { terms: t.terms.slice(0, length), allowance: t.allowance.slice(0, length), ...(t.power ? { power: t.power } : {}) };
}

/** Whether the value x (known to one unit in 10^ulp) is proven non-zero: its interval excludes 0. */
export function provenNonzero(x: Dec, ulp: number | null): boolean {
  if (x.m === 0n) return false;
  return ulp === null || decCompare(decAbs(x), { m: 1n, e: ulp }) > 0;
}

/**
 * The radius of the Taylor enclosure of p (ascending coefficients a) over [x − u, x + u]:
 * Σ_{j≥1} |c_j|·u^j with c_j = Σ_{i≥j} a_i·C(i, j)·x^(i−j) = p^(j)(x)/j!, exactly.
 */
export function taylorRadius(a: readonly bigint[], x: Dec, ulp: number | null): Dec {
  if (ulp === null) return ZERO;
  let r = ZERO;
  const k = a.length - 1;
  for (let j = 1; j <= k; j++) {
    let c = ZERO;
    let binom = 1n; // C(i, j), from i = j
    for (let i = j; i <= k; i++) {
      if (i > j) binom = (binom * BigInt(i)) / BigInt(i - j);
      if (a[i] !== 0n) c = decAdd(c, { m: a[i] * binom * x.m ** BigInt(i - j), e: x.e * (i - j) });
    }
    if (c.m !== 0n) r = decAdd(r, { m: abs(c.m), e: c.e + ulp * j });
  }
  return r;
}

/** What the exact check found. */
export interface RelationCheck {
  readonly ok: boolean;
  /** |Σ a_i t_i| exactly. */
  readonly residual: Dec;
  /** R: the radius of the interval evaluation over the true values the digits allow. */
  readonly allowance: Dec;
  /** E_a: the largest ⌊log10 |a_i|·(|t_i| + δ_i)⌋ over the relation's terms (−Infinity when all are 0). */
  readonly scaleExponent: number;
  /** |S| ≤ R: the digits do not refute the relation. */
  readonly consistent: boolean;
  /** A polynomial with a_0 = 0 at a value proven non-zero. */
  readonly divisibleByX: boolean;
  /** |S| + R < 10^(E_a − ⌈D/2⌉). */
  readonly precise: boolean;
  /** The significance test passed. */
  readonly significant: boolean;
  /** d with |S| + R < 10^(E_a − d) (D when it is 0). */
  readonly verifiedDigits: number;
}

/** The exact check of the module comment, of coefficients a (length at most the terms') at D working digits. */
export function checkRelation(a: readonly bigint[], t: RelationTerms, workDigits: number): RelationCheck {
  let sum: Dec = ZERO;
  let allow: Dec = ZERO;
  let E = -Infinity;
  let Ea = -Infinity;
  for (let i = 0; i < a.length; i++) {
    E = Math.max(E, adjustedExponent(t.terms[i]));
    if (a[i] === 0n) continue;
    sum = decAdd(sum, { m: a[i] * t.terms[i].m, e: t.terms[i].e });
    allow = decAdd(allow, { m: abs(a[i]) * t.allowance[i].m, e: t.allowance[i].e });
    Ea = Math.max(Ea, adjustedExponent(decAdd(decAbs({ m: a[i] * t.terms[i].m, e: t.terms[i].e }), { m: abs(a[i]) * t.allowance[i].m, e: t.allowance[i].e })));
  }
  const residual = decAbs(sum);
  const radius = t.power ? taylorRadius(a, t.power.x, t.power.ulp) : allow;
  const consistent = decCompare(residual, radius) <= 0;
  const divisibleByX = t.power !== undefined && a.length > 1 && a[0] === 0n && provenNonzero(t.power.x, t.power.ulp);
  const total = decAdd(residual, radius);
  let h = 1n;
  for (const c of a) if (abs(c) > h) h = abs(c);
  const nonzero = a.some((c) => c !== 0n);
  const zeroTotal = total.m === 0n;
  const precise = nonzero && (zeroTotal || (Ea > -Infinity && decCompare(total, { m: 1n, e: Ea - Math.ceil(workDigits / 2) }) < 0));
  const significant = nonzero && (zeroTotal || (E > -Infinity && decCompare({ m: total.m * h ** BigInt(a.length - 1), e: total.e }, { m: 1n, e: E - Math.ceil(workDigits / 4) }) < 0));
  const verifiedDigits = zeroTotal ? workDigits : Ea - adjustedExponent(total) - 1;
  const ok = consistent && !divisibleByX && precise && significant;
  return { ok, residual, allowance: radius, scaleExponent: Ea, consistent, divisibleByX, precise, significant, verifiedDigits };
}
