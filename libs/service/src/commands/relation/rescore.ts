/**
 * The independent re-check of a relation from the request JSON (never the engine's numbers): the
 * values are the exact rationals their decimals spell, and a relation a passes when
 *     |Σ a_i·t_i| + Σ |a_i|·δ_i  <  10^(E − ⌈D/2⌉)
 * t_i the terms (the values, or the powers x^0..x^k of the value), δ_i one unit in a value's last
 * written digit (0 for an integer written without a point or an exponent), for a power
 * (|x| + u)^j − |x|^j, E = max ⌊log10 |t_i|⌋ and D the working digits; and when it is significant,
 *     (|Σ a_i·t_i| + Σ |a_i|·δ_i) · h^(n−1)  <  10^(E − ⌈D/4⌉)
 * (h = max |a_i|, n the relation's length: by counting alone, n numbers have relations of height h
 * with residuals near h^−(n−1); docs/relation.md).
 */
import { RELATION_DECIMAL_PATTERN } from '@svc/contracts';

/** An exact decimal m·10^e. */
interface Dec {
  m: bigint;
  e: number;
}

const ZERO: Dec = { m: 0n, e: 0 };
const absB = (a: bigint): bigint => (a < 0n ? -a : a);

function add(a: Dec, b: Dec): Dec {
  if (a.m === 0n) return b;
  if (b.m === 0n) return a;
  const e = Math.min(a.e, b.e);
  return { m: a.m * 10n ** BigInt(a.e - e) + b.m * 10n ** BigInt(b.e - e), e };
}

const pow = (a: Dec, k: number): Dec => ({ m: a.m ** BigInt(k), e: a.e * k });
const lead = (a: Dec): number => (a.m === 0n ? -Infinity : absB(a.m).toString().length - 1 + a.e);

/** A value as written: its exact decimal and the exponent of its last written digit (null when exact). */
export function writtenDecimal(v: string | number): { x: Dec; ulp: number | null } {
  const s = typeof v === 'number' ? String(v) : v;
  if (!RELATION_DECIMAL_PATTERN.test(s)) throw new Error(`${JSON.stringify(s)} is not a decimal`);
  const [mant, exp] = s.split(/[eE]/);
  const neg = mant.startsWith('-');
  const body = mant.replace(/^[+-]/, '');
  const [ip, fp = ''] = body.split('.');
  const e = Number(exp ?? 0) - fp.length;
  const m = BigInt((ip + fp) || '0');
  return { x: { m: neg ? -m : m, e }, ulp: exp === undefined && !body.includes('.') ? null : e };
}

/** The terms and their allowances: the values, or x^0..x^k. */
export function relationTerms(values: readonly (string | number)[] | null, value: string | number | null, k: number): { terms: Dec[]; allowance: Dec[] } {
  if (values !== null) {
    const w = values.map(writtenDecimal);
    return { terms: w.map((d) => d.x), allowance: w.map((d) => (d.ulp === null ? ZERO : { m: 1n, e: d.ulp })) };
  }
  const { x, ulp } = writtenDecimal(value!);
  const ax = { m: absB(x.m), e: x.e };
  const hi = ulp === null ? ax : add(ax, { m: 1n, e: ulp });
  const terms: Dec[] = [];
  const allowance: Dec[] = [];
  for (let j = 0; j <= k; j++) {
    terms.push(pow(x, j));
    const lo = pow(ax, j);
    allowance.push(ulp === null ? ZERO : add(pow(hi, j), { m: -lo.m, e: lo.e }));
  }
  return { terms, allowance };
}

/** What the re-check found. */
export interface RelationVerdict {
  readonly ok: boolean;
  /** |Σ a_i t_i| / 10^E to two significant digits ("0" when exact). */
  readonly residual: string;
  /** The d of `verified to d digits`: (|Σ a_i t_i| + Σ|a_i|δ_i) < 10^(E − d). */
  readonly verifiedDigits: number;
  readonly detail: string;
}

/** r/10^E as "c.ce-N" (its first two significant digits). */
function relativeText(r: Dec, E: number): string {
  if (r.m === 0n) return '0';
  const digits = absB(r.m).toString();
  const exp = lead(r) - E;
  const mant = digits.length > 1 ? `${digits[0]}.${digits[1]}` : digits[0];
  return `${mant}e${exp}`;
}

/** The check of the module comment for coefficients a (ascending with the terms) at D working digits. */
export function verifyRelation(a: readonly bigint[], t: { terms: Dec[]; allowance: Dec[] }, D: number): RelationVerdict {
  if (a.length !== t.terms.length) return { ok: false, residual: 'NaN', verifiedDigits: 0, detail: `expected ${t.terms.length} coefficients, got ${a.length}` };
  if (a.every((c) => c === 0n)) return { ok: false, residual: 'NaN', verifiedDigits: 0, detail: 'the zero vector is not a relation' };
  let sum = ZERO;
  let allow = ZERO;
  let E = -Infinity;
  for (let i = 0; i < a.length; i++) {
    E = Math.max(E, lead(t.terms[i]));
    sum = add(sum, { m: a[i] * t.terms[i].m, e: t.terms[i].e });
    allow = add(allow, { m: absB(a[i]) * t.allowance[i].m, e: t.allowance[i].e });
  }
  const r = { m: absB(sum.m), e: sum.e };
  const total = add(r, allow);
  const limit = E - Math.ceil(D / 2);
  const diff = add(total, { m: -1n, e: limit });
  let h = 1n;
  for (const c of a) if (absB(c) > h) h = absB(c);
  const sigLimit = E - Math.ceil(D / 4);
  const significant = add({ m: total.m * h ** BigInt(a.length - 1), e: total.e }, { m: -1n, e: sigLimit }).m < 0n;
  const ok = diff.m < 0n && significant;
  const verifiedDigits = total.m === 0n ? D : E - lead(total) - 1;
  const residual = relativeText(r, E);
  return {
    ok,
    residual,
    verifiedDigits,
    detail: ok
      ? `|Σ a·x| / 10^${E} = ${residual} on the decimals as given; with the truncation allowance it stays below 10^-${Math.ceil(D / 2)}, and times h^${a.length - 1} below 10^-${Math.ceil(D / 4)} (significant)`
      : diff.m >= 0n
        ? `|Σ a·x| / 10^${E} = ${residual} on the decimals as given; with the truncation allowance (${relativeText(allow, E)}) it is not below 10^-${Math.ceil(D / 2)}`
        : `|Σ a·x| / 10^${E} = ${residual} is small, but not significant: times h^${a.length - 1} (h = ${h}, the residual any ${a.length} numbers have at that height) it is not below 10^-${Math.ceil(D / 4)}`,
  };
}
