/**
 * The independent re-check of a relation from the request JSON (never the engine's numbers): the
 * values are the exact rationals their decimals spell, each standing for any true value within one
 * unit u of its last written digit (0 for an integer written without a point or an exponent). With
 * S = Σ a_i·t_i (t_i the terms: the values, or the powers x^0..x^k of the value) and R the radius
 * of an interval evaluation of Σ a_i·t_i over those true values (values: Σ |a_i|·u_i; a
 * polynomial p: |p'(x)|·u plus the interval bound of the higher Taylor terms, firstOrderRadius),
 * a relation a passes when
 *   |S| ≤ R                                   (the interval contains 0: the digits sent do not refute it)
 *   a_0 ≠ 0 for a polynomial at a value whose interval excludes 0 (x ≠ 0: x·q is never the answer)
 *   |S| + R < 10^(E_a − ⌈D/2⌉)                (E_a = max ⌊log10 |a_i|·(|t_i| + δ_i)⌋, δ_i = u_i or (|x|+u)^j − |x|^j)
 *   (|S| + R)·h^(n−1) < 10^(E − ⌈D/4⌉)        (significant; h = max |a_i|, E = max ⌊log10 |t_i|⌋)
 * (docs/relation.md "What is checked, exactly").
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
const pow10 = new Map<number, bigint>();
const tenTo = (k: number): bigint => {
  let p = pow10.get(k);
  if (p === undefined) {
    p = 10n ** BigInt(k);
    if (pow10.size < 4096) pow10.set(k, p);
  }
  return p;
};
/** ⌊log10 |a|⌋: the digit count from the bit length (linear, unlike a decimal toString), corrected by one comparison. */
const lead = (a: Dec): number => {
  if (a.m === 0n) return -Infinity;
  const m = absB(a.m);
  const bits = m.toString(16).length * 4;
  let d = Math.max(0, Math.floor((bits - 4) * 0.3010299956639812) - 1);
  while (m >= tenTo(d + 1)) d++;
  return d + a.e;
};

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

/** The terms and their allowances: the values, or x^0..x^k (with x and its last digit's exponent). */
export interface CheckedTerms {
  terms: Dec[];
  allowance: Dec[];
  power: { x: Dec; ulp: number | null } | null;
}

export function relationTerms(values: readonly (string | number)[] | null, value: string | number | null, k: number): CheckedTerms {
  if (values !== null) {
    const w = values.map(writtenDecimal);
    return { terms: w.map((d) => d.x), allowance: w.map((d) => (d.ulp === null ? ZERO : { m: 1n, e: d.ulp })), power: null };
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
  return { terms, allowance, power: { x, ulp } };
}

/**
 * An enclosure radius of p over [x − u, x + u] for the consistency test, in O(k) products (this
 * runs on the thread that answers everyone): |p'(x)|·u exactly, plus the rest of the interval
 * bound, Σ_{j≥2} (Σ_i |a_i|·C(i,j)·|x|^(i−j))·u^j = Σ|a_i|·((|x|+u)^i − |x|^i) − u·Σ i·|a_i|·|x|^(i−1).
 * It is at least the engines' Taylor radius Σ_{j≥1} |p^(j)(x)/j!|·u^j (equal to first order), so
 * every relation they accept passes, and a relation refuted at first order is refused.
 */
function firstOrderRadius(a: readonly bigint[], t: CheckedTerms, allow: Dec): Dec {
  const { ulp } = t.power!;
  if (ulp === null || a.length < 2) return ZERO;
  let d1 = ZERO;
  let lin = ZERO;
  for (let i = 1; i < a.length; i++) {
    if (a[i] === 0n) continue;
    const p = t.terms[i - 1];
    d1 = add(d1, { m: BigInt(i) * a[i] * p.m, e: p.e });
    lin = add(lin, { m: BigInt(i) * absB(a[i]) * absB(p.m), e: p.e });
  }
  const first = { m: absB(d1.m), e: d1.e + ulp };
  return add(first, add(allow, { m: -lin.m, e: lin.e + ulp }));
}

const sign = (a: Dec, b: Dec): number => {
  const d = add(a, { m: -b.m, e: b.e });
  return d.m === 0n ? 0 : d.m < 0n ? -1 : 1;
};

/** What the re-check found. */
export interface RelationVerdict {
  readonly ok: boolean;
  /** |Σ a_i t_i| / 10^E_a to two significant digits ("0" when exact). */
  readonly residual: string;
  /** The d of `verified to d digits`: |S| + R < 10^(E_a − d). */
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
export function verifyRelation(a: readonly bigint[], t: CheckedTerms, D: number): RelationVerdict {
  const fail = (detail: string): RelationVerdict => ({ ok: false, residual: 'NaN', verifiedDigits: 0, detail });
  if (a.length !== t.terms.length) return fail(`expected ${t.terms.length} coefficients, got ${a.length}`);
  if (a.every((c) => c === 0n)) return fail('the zero vector is not a relation');
  let sum = ZERO;
  let allow = ZERO;
  let E = -Infinity;
  let Ea = -Infinity;
  for (let i = 0; i < a.length; i++) {
    E = Math.max(E, lead(t.terms[i]));
    if (a[i] === 0n) continue;
    const term = { m: a[i] * t.terms[i].m, e: t.terms[i].e };
    const slack = { m: absB(a[i]) * t.allowance[i].m, e: t.allowance[i].e };
    sum = add(sum, term);
    allow = add(allow, slack);
    Ea = Math.max(Ea, lead(add({ m: absB(term.m), e: term.e }, slack)));
  }
  const r = { m: absB(sum.m), e: sum.e };
  const radius = t.power === null ? allow : firstOrderRadius(a, t, allow);
  const total = add(r, radius);
  const zero = total.m === 0n;
  const residual = Ea === -Infinity ? '0' : relativeText(r, Ea);
  const verifiedDigits = zero ? D : Ea - lead(total) - 1;
  if (t.power !== null && a.length > 1 && a[0] === 0n) {
    const { x, ulp } = t.power;
    const nonzero = x.m !== 0n && (ulp === null || sign({ m: absB(x.m), e: x.e }, { m: 1n, e: ulp }) > 0);
    if (nonzero) return { ok: false, residual, verifiedDigits, detail: 'the polynomial is divisible by x while the value\'s digits prove x ≠ 0: x is no root of it, so it is not a relation of x (its quotient by x may be)' };
  }
  if (sign(r, radius) > 0) {
    return { ok: false, residual, verifiedDigits, detail: `|Σ a·x| = ${relativeText(r, Ea)}·10^${Ea} on the decimals as given exceeds ${relativeText(radius, Ea)}·10^${Ea}, the most the true values within one unit of each last digit sent can move it: the digits sent refute the relation` };
  }
  let h = 1n;
  for (const c of a) if (absB(c) > h) h = absB(c);
  const precise = zero || sign(total, { m: 1n, e: Ea - Math.ceil(D / 2) }) < 0;
  if (!precise) {
    return { ok: false, residual, verifiedDigits, detail: `|Σ a·x| / 10^${Ea} = ${residual} on the decimals as given; with the truncation allowance (${relativeText(radius, Ea)}) it is not below 10^-${Math.ceil(D / 2)} of its largest term` };
  }
  const significant = zero || sign({ m: total.m * h ** BigInt(a.length - 1), e: total.e }, { m: 1n, e: E - Math.ceil(D / 4) }) < 0;
  if (!significant) {
    return { ok: false, residual, verifiedDigits, detail: `|Σ a·x| / 10^${Ea} = ${residual} is small, but not significant: times h^${a.length - 1} (h = ${h}, the residual any ${a.length} numbers have at that height) it is not below 10^${E - Math.ceil(D / 4)}` };
  }
  return {
    ok: true,
    residual,
    verifiedDigits,
    detail: `|Σ a·x| / 10^${Ea} = ${residual} on the decimals as given, within the ${relativeText(radius, Ea)} that one unit in each last digit sent allows (the digits do not refute it); with it below 10^-${Math.ceil(D / 2)} of the largest term, and times h^${a.length - 1} below 10^${E - Math.ceil(D / 4)} (significant)`,
  };
}

/**
 * The service's own proof that a claimed `irreducible` polynomial (ascending, primitive) is
 * irreducible over ℚ: degree 1, or, for one of the primes 2..181 not dividing the leading
 * coefficient, irreducible over GF(q) by Ben-Or's test (gcd(p, x^(q^i) − x) = 1 for i ≤ d/2).
 * A claim it cannot prove this way is refused (docs/relation.md: the engines claim no other).
 */
export function irreducibleModPrime(p: readonly bigint[]): boolean {
  const d = p.length - 1;
  if (d === 1) return true;
  const primes: number[] = [];
  for (let q = 2; q <= 181; q++) if (primes.every((r) => q % r !== 0)) primes.push(q);
  for (const q of primes) {
    // Numbers suffice: every product is below 181² and every sum of them below 2^53.
    const md = (a: number): number => ((a % q) + q) % q;
    const inv = (a: number): number => {
      let r = 1;
      for (let k = 0; k < q - 2; k++) r = (r * a) % q;
      return r;
    };
    const lead = Number(((p[d] % BigInt(q)) + BigInt(q)) % BigInt(q));
    if (lead === 0) continue;
    const li = inv(lead);
    const f = p.map((c) => md(Number(((c % BigInt(q)) + BigInt(q)) % BigInt(q)) * li)); // monic mod q
    const rem = (a: number[], g: number[]): number[] => {
      const r = [...a];
      const dg = g.length - 1;
      const gi = inv(g[dg]);
      for (let k = r.length - 1; k >= dg; k--) {
        const c = md(r[k] * gi);
        if (c !== 0) for (let j = 0; j <= dg; j++) r[k - dg + j] = md(r[k - dg + j] - c * g[j]);
      }
      const out = r.slice(0, dg);
      while (out.length > 0 && out[out.length - 1] === 0) out.pop();
      return out;
    };
    const mul = (a: number[], b: number[]): number[] => {
      if (a.length === 0 || b.length === 0) return [];
      const r = new Array<number>(a.length + b.length - 1).fill(0);
      a.forEach((x, i) => b.forEach((y, j) => (r[i + j] = (r[i + j] + x * y) % q)));
      return rem(r, f);
    };
    let h = [0, 1];
    let ok = true;
    for (let i = 1; i <= d / 2 && ok; i++) {
      let acc = [1];
      let base = h;
      for (let e = q; e > 0; e = Math.floor(e / 2)) {
        if (e % 2 === 1) acc = mul(acc, base);
        base = mul(base, base);
      }
      h = acc;
      let a = [...f];
      let b = [...h];
      while (b.length < 2) b.push(0);
      b[1] = md(b[1] - 1);
      while (b.length > 0 && b[b.length - 1] === 0) b.pop();
      while (b.length > 0) [a, b] = [b, rem(a, b)];
      if (a.length > 1) ok = false;
    }
    if (ok) return true;
  }
  return false;
}
