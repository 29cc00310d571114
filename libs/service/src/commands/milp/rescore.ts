import type { Rescored } from '../../internal/rescore';
import { dyadic, mul, sum, toDecimal } from './exact';

/** Validated JSON input of `milp` (the fields the re-score reads). */
export interface MilpTerms {
  readonly vars: readonly ({ readonly domain: 'binary' } | { readonly domain: 'continuous'; readonly lo?: number | null; readonly hi?: number | null })[];
  readonly linear?: Readonly<Record<string, number>>;
  readonly diag?: Readonly<Record<string, number>>;
  readonly quadratic?: readonly (readonly [number, number, number])[];
}

/** The first variable whose value leaves its domain, or −1. */
export function outOfDomain(t: MilpTerms, x: readonly number[]): number {
  for (let i = 0; i < t.vars.length; i++) {
    const v = t.vars[i];
    if (!Number.isFinite(x[i])) return i;
    if (v.domain === 'binary' ? x[i] !== 0 && x[i] !== 1 : (v.lo != null && x[i] < v.lo) || (v.hi != null && x[i] > v.hi)) return i;
  }
  return -1;
}

/** Σ ½ q_i x_i² + c_i x_i + Σ w x_i x_j from the request JSON, with a tolerance scale Σ|coefficients|·max(1, |x|)². */
export function rescoreMilp(t: MilpTerms, x: readonly number[]): Rescored {
  let value = 0;
  let coeff = 0;
  let big = 1;
  for (const v of x) big = Math.max(big, Math.abs(v));
  for (const [k, c] of Object.entries(t.linear ?? {})) {
    value += c * x[Number(k)];
    coeff += Math.abs(c);
  }
  for (const [k, q] of Object.entries(t.diag ?? {})) {
    value += 0.5 * q * x[Number(k)] * x[Number(k)];
    coeff += Math.abs(q);
  }
  for (const [i, j, w] of t.quadratic ?? []) {
    value += w * x[i] * x[j];
    coeff += Math.abs(w);
  }
  return { value, weightSum: coeff * big * big };
}

/** The objective of x computed exactly (no rounding at all), as a decimal of 40 significant digits. */
export function exactObjective(t: MilpTerms, x: readonly number[]): string {
  const half = dyadic(0.5);
  const terms = [];
  for (const [k, c] of Object.entries(t.linear ?? {})) terms.push(mul(dyadic(c), dyadic(x[Number(k)])));
  for (const [k, q] of Object.entries(t.diag ?? {})) {
    const xi = dyadic(x[Number(k)]);
    terms.push(mul(mul(half, dyadic(q)), mul(xi, xi)));
  }
  for (const [i, j, w] of t.quadratic ?? []) terms.push(mul(dyadic(w), mul(dyadic(x[i]), dyadic(x[j]))));
  return toDecimal(sum(terms));
}
