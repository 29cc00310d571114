import { CERTAINTY, resolveRelation, type InputOf } from '@svc/contracts';
import type { EngineResult } from '@svc/engine-ts';
import { canonicalRelation, RELATION_STOPS, type RelationProblem } from '@svc/engine-ts/families/relation';
import { engineFault } from '../../internal/rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { irreducibleModPrime, relationTerms, verifyRelation } from './rescore';

/** The request's fields with the defaults resolved (contracts resolveRelation: digits, max_height). */
export interface RelationTerms {
  readonly values: readonly (string | number)[] | null;
  readonly value: string | number | null;
  /** 0 for values. */
  readonly degree: number;
  readonly maxHeight: number;
  readonly digits: number;
}

export function relationTermsOf(input: InputOf<'relation'>): RelationTerms {
  const r = resolveRelation(input as Record<string, unknown>);
  return { values: input.values ?? null, value: input.value ?? null, degree: r.degree, maxHeight: r.maxHeight, digits: r.digits };
}

/** What each stop means, for the `reason` field. */
export const RELATION_REASONS: Readonly<Record<(typeof RELATION_STOPS)[number], string>> = {
  found: 'found: a relation within max_height that passes the exact re-check',
  bound: 'bound: PSLQ proved that every relation has a norm above √n · max_height (no relation with coefficients at most max_height)',
  exhausted: 'exhausted: the working digits ran out before a relation, or cannot decide relations up to max_height (the bound is then stated only up to the norm they can decide)',
  iterations: 'iterations: the work cap of PSLQ was reached before a relation or the bound',
  limit: 'limit: the deadline stopped PSLQ before a relation or the bound',
  unverified: 'unverified: what the working digits show as a relation is over max_height or does not pass the exact re-check, and LLL on the lattice of candidates found none that does (more digits might tell)',
};

/** A norm bound as text, rounded down to three significant digits (a claim may only understate it). */
export function boundText(b: number): string {
  if (!(b > 0)) return '0';
  const [mant, exp] = b.toExponential(16).split('e');
  const digits = mant.replace('.', '').slice(0, 3);
  const e = Number(exp);
  if (e < 0 || e > 6) return `${digits[0]}.${digits.slice(1)}e${e >= 0 ? '+' : ''}${e}`;
  const s = digits.padEnd(e + 1, '0');
  return e >= 2 ? s : `${s.slice(0, e + 1)}.${s.slice(e + 1)}`;
}

/** N_D = ⌊10^⌊D/4⌋ / (2n)⌋: the largest relation norm D working digits can decide among n terms (docs/relation.md). */
export function decidableNorm(D: number, n: number): bigint {
  return 10n ** BigInt(Math.floor(D / 4)) / BigInt(2 * n);
}

/**
 * The certainty of "none" for relations of n terms: 'no relation within bounds' only when PSLQ's
 * bound excluded every relation with coefficients at most max_height (stop `bound`) and the digits
 * can decide that far (N_D² > n·max_height², checked here again); otherwise only the norm bound,
 * at most N_D.
 */
export function abstentionCertainty(stop: (typeof RELATION_STOPS)[number], bound: number, n: number, maxHeight: number, D: number): string {
  const cap = decidableNorm(D, n);
  if (stop === 'bound' && cap * cap > BigInt(n) * BigInt(maxHeight) ** 2n) return CERTAINTY.abstention;
  const capped = cap < BigInt(Math.floor(bound)) ? Number(cap) : bound;
  return CERTAINTY.abstentionNorm.replace('<t>', boundText(capped));
}

/** The abstention certainty, or the recorded one with its verified digits. */
const recorded = (d: number): string => CERTAINTY.recorded.replace('<d>', String(d));

/** The coefficients of an engine answer as integers, ascending with the terms; null when they are not integers. */
function coefficients(answer: ArrayLike<number>, poly: boolean): bigint[] | null {
  const a: bigint[] = [];
  for (let i = 0; i < answer.length; i++) {
    if (!Number.isSafeInteger(answer[i])) return null;
    a.push(BigInt(answer[i]));
  }
  return poly ? a.reverse() : a;
}

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
};

/** The polynomial's text, highest degree first ("x^2 - x - 1"). */
export function polynomialText(highFirst: readonly number[]): string {
  const k = highFirst.length - 1;
  const parts: string[] = [];
  highFirst.forEach((c, i) => {
    if (c === 0) return;
    const p = k - i;
    const mag = Math.abs(c);
    const coef = p === 0 ? String(mag) : mag === 1 ? '' : `${mag}*`;
    const mono = p === 0 ? '' : p === 1 ? 'x' : `x^${p}`;
    parts.push(`${parts.length === 0 ? (c < 0 ? '-' : '') : c < 0 ? ' - ' : ' + '}${coef}${mono}`);
  });
  return parts.join('') || '0';
}

/** The independent check of an engine result and the answer fields. */
export function finishRelation(t: RelationTerms, r: EngineResult): FinishedSolve {
  if (r.kind !== 'numeric') throw engineFault(`engine returned a ${r.kind} result for relation`);
  const stop = RELATION_STOPS[r.extras.stop];
  if (stop === undefined) throw engineFault(`engine stop code ${r.extras.stop} is not one of relation's`);
  const bound = r.extras.bound;
  if (!(bound >= 0 && Number.isFinite(bound))) throw engineFault(`engine bound ${bound} is not a finite number >= 0`);
  const poly = t.degree > 0;
  const base = { bound, digits: t.digits, reason: RELATION_REASONS[stop] };
  if (r.extras.found !== 1) {
    if (r.answer.length !== 0 || stop === 'found') throw engineFault('engine says no relation but answered coefficients (or stop "found")');
    return {
      fields: { answer: 'none', residual: null, ...base },
      proof: null, stoppedAtDeadline: r.stoppedAtDeadline, certainty: abstentionCertainty(stop, bound, poly ? t.degree + 1 : t.values!.length, t.maxHeight, t.digits),
    };
  }
  if (stop !== 'found') throw engineFault(`engine answered a relation with stop "${stop}"`);
  const a = coefficients(r.answer, poly);
  if (a === null || a.length < 2) throw engineFault(`engine coefficients ${JSON.stringify(Array.from(r.answer))} are not a relation of integers`);
  if (a.some((c) => (c < 0n ? -c : c) > BigInt(t.maxHeight))) throw engineFault(`engine relation has a coefficient above max_height ${t.maxHeight}`);
  if (a.reduce(gcd, 0n) !== 1n) throw engineFault('engine relation is not primitive');
  const leading = poly ? a[a.length - 1] : a.find((c) => c !== 0n)!;
  if (leading <= 0n) throw engineFault(`engine relation's ${poly ? 'leading' : 'first nonzero'} coefficient is not positive`);
  if (poly ? a.length > t.degree + 1 || r.extras.degree !== a.length - 1 : a.length !== t.values!.length) {
    throw engineFault(`engine relation has ${a.length} coefficients for ${poly ? `degree ${r.extras.degree} (at most ${t.degree})` : `${t.values!.length} values`}`);
  }
  const verdict = verifyRelation(a, relationTerms(t.values, t.value, poly ? a.length - 1 : 0), t.digits);
  if (!verdict.ok) throw engineFault(`engine relation fails the exact re-check: ${verdict.detail}`);
  if (poly && r.extras.irreducible === 1 && !irreducibleModPrime(a)) throw engineFault('engine says the polynomial is irreducible, and no prime up to 181 proves it (docs/relation.md)');
  const answer = Array.from(r.answer);
  return {
    fields: {
      answer,
      residual: verdict.residual,
      ...base,
      ...(poly ? { degree: a.length - 1, irreducible: r.extras.irreducible === 1, polynomial: polynomialText(answer) } : {}),
    },
    proof: null,
    stoppedAtDeadline: r.stoppedAtDeadline,
    certainty: recorded(verdict.verifiedDigits),
  };
}

/** The receipt form: the values (or value and degree) as sent, max_height and digits resolved. */
export function relationReceiptProblem(p: RelationProblem, t: RelationTerms): Record<string, unknown> {
  const values = t.values === null ? null : t.values.map(String);
  return { n: p.n, ...(values !== null ? { values } : { value: String(t.value), degree: t.degree }), max_height: t.maxHeight, digits: t.digits };
}

/** relation: PSLQ in the engine; every relation re-checked exactly here (rescore.ts). */
export const relationAdapter: CommandAdapter = {
  command: 'relation',
  recheckInWorker: true,
  prepare(v) {
    const t = relationTermsOf(v.input as InputOf<'relation'>);
    const problem = canonicalOrInvalid(() => canonicalRelation({
      ...(t.values !== null ? { values: t.values } : { value: t.value!, degree: t.degree }), max_height: t.maxHeight, digits: t.digits,
    }));
    return {
      problem,
      terms: problem.n,
      receiptProblem: relationReceiptProblem(problem, t),
      finish: (r) => finishRelation(t, r),
    };
  },
};
