/**
 * The exact re-check both engines apply to a candidate relation (the service repeats it on its own:
 * libs/service/src/commands/relation/rescore.ts). The values are the exact rationals the decimals
 * spell; a relation a is accepted when
 *     |Σ a_i·t_i| + Σ |a_i|·δ_i  <  10^(E − ⌈D/2⌉)
 * with t_i the terms (the values, or the powers x^0..x^k of the value), δ_i a bound on how far the
 * true term can be from the written one (one unit in the last written digit u of a value, or
 * (|x| + u)^j − |x|^j for a power; 0 for exact integers), E the largest decimal exponent
 * ⌊log10 |t_i|⌋ of the terms and D the working digits: whatever the true values consistent with
 * the written digits are, the relation holds on them with a residual below 10^(−⌈D/2⌉) of the
 * largest term's order of magnitude. It must also be significant:
 *     (|Σ a_i·t_i| + Σ |a_i|·δ_i) · h^(n−1)  <  10^(E − ⌈D/4⌉)
 * with h = max |a_i| and n the relation's length: n numbers have relations of height h with
 * residuals near h^−(n−1) by counting alone (pigeonhole), so a residual that is not ⌈D/4⌉ digits
 * below that is what any numbers would show, not evidence of a relation.
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
}

/** Terms of an integer relation among values (ulp: exponent of a value's last written digit, null when exact). */
export function valueTerms(values: readonly Dec[], ulp: readonly (number | null)[]): RelationTerms {
  return { terms: values, allowance: ulp.map((u) => (u === null ? { m: 0n, e: 0 } : { m: 1n, e: u })) };
}

/** Terms x^0..x^k of a polynomial relation, with (|x| + u)^j − |x|^j as allowances. */
export function powerTerms(x: Dec, ulp: number | null, k: number): RelationTerms {
  const terms: Dec[] = [];
  const allowance: Dec[] = [];
  const ax = decAbs(x);
  const hi = ulp === null ? ax : decAdd(ax, { m: 1n, e: ulp });
  for (let j = 0; j <= k; j++) {
    terms.push(decPow(x, j));
    allowance.push(ulp === null ? { m: 0n, e: 0 } : decAdd(decPow(hi, j), { m: -decPow(ax, j).m, e: ax.e * j }));
  }
  return { terms, allowance };
}

/** What the exact check found. */
export interface RelationCheck {
  readonly ok: boolean;
  /** |Σ a_i t_i| exactly. */
  readonly residual: Dec;
  /** Σ |a_i| δ_i. */
  readonly allowance: Dec;
  /** The largest ⌊log10 |t_i|⌋. */
  readonly scaleExponent: number;
  /** The bound: 10^(E − ⌈D/2⌉). */
  readonly limitExponent: number;
  /** The significance test passed. */
  readonly significant: boolean;
}

/** The exact check of the module comment, of coefficients a (same length as the terms) at D working digits. */
export function checkRelation(a: readonly bigint[], t: RelationTerms, workDigits: number): RelationCheck {
  let sum: Dec = { m: 0n, e: 0 };
  let allow: Dec = { m: 0n, e: 0 };
  let E = -Infinity;
  for (let i = 0; i < a.length; i++) {
    E = Math.max(E, adjustedExponent(t.terms[i]));
    if (a[i] === 0n) continue;
    sum = decAdd(sum, { m: a[i] * t.terms[i].m, e: t.terms[i].e });
    allow = decAdd(allow, { m: abs(a[i]) * t.allowance[i].m, e: t.allowance[i].e });
  }
  const residual = decAbs(sum);
  if (E === -Infinity) return { ok: false, residual, allowance: allow, scaleExponent: E, limitExponent: -Infinity, significant: false };
  const limitExponent = E - Math.ceil(workDigits / 2);
  const total = decAdd(residual, allow);
  let h = 1n;
  for (const c of a) if (abs(c) > h) h = abs(c);
  const significant = decCompare({ m: total.m * h ** BigInt(a.length - 1), e: total.e }, { m: 1n, e: E - Math.ceil(workDigits / 4) }) < 0;
  const ok = significant && decCompare(total, { m: 1n, e: limitExponent }) < 0;
  return { ok, residual, allowance: allow, scaleExponent: E, limitExponent, significant };
}
