/**
 * relation: PSLQ (pslq.ts) at the working digits D on the exact values the decimals spell.
 *   values: one run on the values. value + degree: runs on (1, x, …, x^k) for k = 1, 2, …, degree,
 *   stopping at the first k with a relation, so the answer is the lowest-degree relation found (a
 *   degree-6 request for the golden ratio answers x² − x − 1).
 * Each run scales its terms by 10^−(E+1) (E the largest ⌊log10 |t_i|⌋) to fixed point with
 * prec = ⌈D·log2 10⌉ + 32 bits (floor), candidates at |y| < 2^−⌊3/4·⌈D·log2 10⌉⌋. A candidate is made
 * primitive and signed (first nonzero coefficient positive; for a polynomial the leading one) and
 * accepted only when its largest |coefficient| is at most max_height and it passes the exact check
 * of exact.ts (a polynomial at a value proven non-zero is first divided by x^m). When PSLQ's
 * candidate is refused or its precision runs out, LLL on the embedding lattice searches on
 * (embedding.ts). A polynomial is `irreducible` when irreducible.ts proves it exactly (irreducible
 * modulo a prime). The native twin (core/relation/solve.cc) does the same, number for number.
 */
import type { CancelSignal, NumericResult, SolveRequest } from '../../base';
import { Limits } from '../../kernels/model';
import { problemValues, checkRelationProblem, type Dec } from './canonical';
import { embeddingSearch } from './embedding';
import { provenIrreducible } from './irreducible';
import { adjustedExponent, checkRelation, pow10, powerTerms, provenNonzero, sliceTerms, valueTerms, type RelationTerms } from './exact';
import { RELATION_STOPS, type RelationProblem, type RelationStop } from './problem';
import { isqrt } from '../precision/bigfloat';
import { boundOf, decidableNorm, digitBits, fdiv, PSLQ_GUARD_BITS, pslq } from './pslq';

const abs = (a: bigint): bigint => (a < 0n ? -a : a);
const gcd = (a: bigint, b: bigint): bigint => {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
};

/** A relation made primitive, its first nonzero coefficient positive (for a polynomial in ascending order: its last). */
export function normaliseRelation(col: readonly bigint[], leadingLast: boolean): bigint[] {
  let g = 0n;
  for (const c of col) g = gcd(g, c);
  if (g === 0n) return [...col];
  const out = col.map((c) => c / g);
  const order = leadingLast ? [...out.keys()].reverse() : [...out.keys()];
  const lead = order.find((i) => out[i] !== 0n)!;
  return out[lead] < 0n ? out.map((c) => -c) : out;
}

/** The fixed-point vector of the terms: ⌊t_i · 2^prec / 10^(E+1)⌋. */
export function fixedTerms(terms: readonly Dec[], prec: number): bigint[] {
  let E = -Infinity;
  for (const t of terms) E = Math.max(E, adjustedExponent(t));
  const P = BigInt(prec);
  return terms.map((t) => {
    const k = t.e - (E + 1);
    return k >= 0 ? (t.m * pow10(k)) << P : fdiv(t.m << P, pow10(-k));
  });
}

const minB = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/**
 * c of embedding.ts: how far, in units of X_i = ⌊x_i / 2^(prec − Dbits)⌋, a term of the true values
 * can be from X_i: below 2 for the two floors, plus ⌈δ_i·2^Dbits / 10^(E+1)⌉ for the largest allowance.
 */
export function embeddingSlack(t: RelationTerms, dbits: number): bigint {
  let E = -Infinity;
  for (const v of t.terms) E = Math.max(E, adjustedExponent(v));
  let worst = 0n;
  for (const a of t.allowance) {
    if (a.m === 0n) continue;
    const k = a.e - (E + 1);
    const num = (a.m < 0n ? -a.m : a.m) << BigInt(dbits);
    const units = k >= 0 ? num * pow10(k) : (num + pow10(-k) - 1n) / pow10(-k);
    if (units > worst) worst = units;
  }
  return 2n + worst;
}

/** What solveRelation found (before it becomes a NumericResult). */
export interface RelationOutcome {
  /** The coefficients in the order of the terms (ascending powers for a polynomial), null when none. */
  readonly relation: bigint[] | null;
  readonly stop: RelationStop;
  readonly bound: number;
  readonly iterations: number;
  /** The polynomial's degree (0 for values). */
  readonly degree: number;
  readonly irreducible: boolean;
}

/** The relation of a canonical problem (the work of solveRelation, for tests and the bench). */
export function findRelation(p: RelationProblem, limits: Limits = new Limits(null, Infinity)): RelationOutcome {
  checkRelationProblem(p);
  const { values, ulp } = problemValues(p);
  const D = p.workDigits;
  const dbits = digitBits(D);
  const prec = dbits + PSLQ_GUARD_BITS;
  const tolBits = Math.floor((3 * dbits) / 4);
  const H = BigInt(p.maxHeight);
  const poll = () => limits.check();
  const nonzeroX = p.degree > 0 && provenNonzero(values[0], ulp[0]);
  const run = (t: RelationTerms, poly: boolean, final: boolean) => {
    const n = t.terms.length;
    const x = fixedTerms(t.terms, prec);
    // The relation a candidate column stands for, or null: primitive and signed; a polynomial
    // without its zero top coefficients and, at a value proven non-zero, divided by x^m; at most
    // max_height; passing the exact check on every digit sent (exact.ts).
    const judge = (col: bigint[]): bigint[] | null => {
      let a = normaliseRelation(col, poly);
      if (poly) {
        let top = a.length - 1;
        while (top > 0 && a[top] === 0n) top--;
        let low = 0;
        if (nonzeroX) while (low < top && a[low] === 0n) low++;
        a = a.slice(low, top + 1);
        if (a.length < 2) return null;
      }
      if (a.some((c) => abs(c) > H)) return null;
      return checkRelation(a, sliceTerms(t, a.length), D).ok ? a : null;
    };
    let accepted: bigint[] | null = null;
    const accept = (col: bigint[]): boolean => {
      accepted = judge(col);
      return accepted !== null;
    };
    const out = pslq(x, prec, BigInt(n) * H * H, tolBits, accept, poll);
    let iterations = out.iterations;
    let stop = out.stop;
    let relation = out.stop === 'found' ? (accepted as bigint[] | null) : null;
    // The bound excludes max_height only where the digits can decide it: N_D² > n·max_height².
    const cap = decidableNorm(D, n);
    if (stop === 'bound' && !(cap * cap > BigInt(n) * H * H)) stop = 'exhausted';
    // A claim needs LLL's rigorous bound (embedding.ts): every run whose candidate was refused or
    // whose precision ran out, and the last run when it ends without a relation.
    let lattice = 0n;
    if (stop === 'unverified' || stop === 'exhausted' || stop === 'iterations' || (final && stop === 'bound')) {
      const e = embeddingSearch(x, prec, dbits, tolBits, embeddingSlack(t, dbits), judge, poll);
      iterations += e.swaps;
      lattice = e.normSquaredBound;
      if (e.relation !== null) {
        relation = e.relation;
        stop = 'found';
      } else if (e.stopped) stop = 'limit';
      else if (stop === 'bound' && !(lattice > BigInt(n) * H * H)) stop = 'exhausted';
    }
    // The norm bound stated: PSLQ's, at most N_D and at most ⌊√M⌋ (0 without LLL's).
    const bound = relation !== null ? 0 : boundOf(out.maxDiagonal, prec, minB(cap, isqrt(lattice)));
    return { stop, relation, iterations, bound };
  };
  if (p.degree === 0) {
    const out = run(valueTerms(values, ulp), false, true);
    return { relation: out.relation, stop: out.stop, bound: out.bound, iterations: out.iterations, degree: 0, irreducible: false };
  }
  let iterations = 0;
  let last: ReturnType<typeof run> | null = null;
  for (let k = 1; k <= p.degree; k++) {
    last = run(powerTerms(values[0], ulp[0], k), true, k === p.degree);
    iterations += last.iterations;
    if (last.stop === 'found' || last.stop === 'limit') break;
  }
  const rel = last!.relation;
  const degree = rel === null ? 0 : rel.length - 1;
  // An exact proof (irreducible.ts): p irreducible over ℚ with root x is its minimal polynomial.
  const irreducible = rel !== null && provenIrreducible(rel);
  return { relation: rel, stop: last!.stop, bound: last!.bound, iterations, degree, irreducible };
}

/** The answer layout of problem.ts: coefficients (a polynomial highest degree first) and extras. */
export function relationResult(p: RelationProblem, o: RelationOutcome, engineMs: number): NumericResult {
  const coeffs = o.relation === null ? [] : p.degree > 0 ? [...o.relation].reverse() : o.relation;
  const answer = Float64Array.from(coeffs, (c) => Number(c));
  return {
    kind: 'numeric',
    answer,
    ints: new Int32Array(0),
    extras: { found: o.relation === null ? 0 : 1, stop: RELATION_STOPS.indexOf(o.stop), bound: o.bound, iterations: o.iterations, degree: o.degree, irreducible: o.irreducible ? 1 : 0 },
    objective: answer.reduce((a, c) => Math.max(a, Math.abs(c)), 0),
    proof: null,
    stoppedAtDeadline: o.stop === 'limit',
    work: { iterations: o.iterations, nodes: 0, restarts: 0 },
    engineMs,
  };
}

export function solveRelation(req: SolveRequest<RelationProblem>, signal?: CancelSignal): NumericResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'relation' || p.kind !== 'relation') throw new Error('relation needs a relation problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const o = findRelation(p, limits);
  return relationResult(p, o, performance.now() - started);
}
