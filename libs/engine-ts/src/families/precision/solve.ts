/**
 * precision's solver (the C++ twin is core/precision/solve.cc; both answer byte for byte the same):
 * the exact value rounded half-even to D significant digits. Exact cases are found first and
 * computed exactly (sqrt always; exp 0, ln 1; x^(p/q) with a short decimal value: roots.ts). Every
 * other value is transcendental or irrational or has more than D + 1 digits, so it is neither a
 * D-digit number nor a midpoint, and Ziv's loop ends: a proven bracket at W bits, rounded at both
 * ends; W doubles until both round alike (roots: settled exactly after three tries).
 */
import type { CancelSignal, SolveRequest } from '../../base';
import { decide, bracketOfBall, type Bracket } from './bracket';
import { checkPrecisionProblem } from './canonical';
import { CONSTANT_ERROR, eFixed, ln2Fixed, piFixed } from './constants';
import { formatDecimal, nextMidpoint, roundRatio, successor, type Rounded } from './decimal';
import { expBracket } from './exp';
import { lnBall } from './ln';
import { decimalBytes, type DecimalResult, type PrecisionProblem } from './problem';
import { exactPower, exactSide, reduced, rootBracket, sqrtRounded } from './roots';

/** Bits of the first try: D digits and 32 guard bits. */
export const firstBits = (D: number): number => Math.ceil(D * Math.log2(10)) + 32;
/** Tries of a root before the exact settlement (W, 2W, 4W). */
const ROOT_TRIES = 3;
/** Tries of a transcendental value before giving up (never reached: 2^9 times the digits). */
const MAX_TRIES = 10;

/** The answer of a precision problem: its sign, its rounding (null for zero) and the tries it took. */
export interface PrecisionAnswer {
  readonly negative: boolean;
  readonly rounded: Rounded | null;
  readonly tries: number;
}

function constantBracket(fixed: (S: number) => bigint, W: number): Bracket {
  const v = fixed(W);
  return { negative: false, lo: { m: v - CONSTANT_ERROR, e: -W }, hi: { m: v + CONSTANT_ERROR, e: -W }, dexp: 0 };
}

/** The D-digit rounding of ONE, scaled for D (q = 10^(D−1)). */
const unit = (D: number): Rounded => roundRatio(1n, 1n, D);

/** Ziv's loop over `bracketAt` (null: not proven at that width, try wider). */
function ziv(D: number, bracketAt: (W: number) => Bracket | null, signal: CancelSignal | undefined, tries: number, settle?: (lo: Rounded, hi: Rounded, b: Bracket) => Rounded): PrecisionAnswer {
  const W0 = firstBits(D);
  let last: { lo: Rounded; hi: Rounded; b: Bracket } | null = null;
  for (let t = 0; t < tries; t++) {
    if (signal !== undefined && Atomics.load(signal.flag, 0) !== 0) throw new Error('precision: cancelled before the rounding was decided');
    const b = bracketAt(W0 << t);
    if (b === null) continue;
    const d = decide(b, D);
    if (d.rounded !== null) return { negative: b.negative, rounded: d.rounded, tries: t + 1 };
    last = { lo: d.lo, hi: d.hi, b };
  }
  if (settle !== undefined && last !== null) return { negative: last.b.negative, rounded: settle(last.lo, last.hi, last.b), tries: tries + 1 };
  throw new Error(`precision: the rounding was not decided at ${W0 << (tries - 1)} bits`);
}

/** The exact value of a problem rounded half-even to its digits. Throws on a problem outside the engine's limits. */
export function precisionAnswer(p: PrecisionProblem, signal?: CancelSignal): PrecisionAnswer {
  checkPrecisionProblem(p);
  const D = p.digits;
  const x = p.x;
  const exact = (negative: boolean, rounded: Rounded | null): PrecisionAnswer => ({ negative, rounded, tries: 0 });
  switch (p.op) {
    case 'pi':
      return ziv(D, (W) => constantBracket(piFixed, W), signal, MAX_TRIES);
    case 'e':
      return ziv(D, (W) => constantBracket(eFixed, W), signal, MAX_TRIES);
    case 'ln2':
      return ziv(D, (W) => constantBracket(ln2Fixed, W), signal, MAX_TRIES);
    case 'sqrt':
      return x!.digits.length === 0 ? exact(false, null) : exact(false, sqrtRounded(x!, D));
    case 'exp':
      if (x!.digits.length === 0) return exact(false, unit(D));
      return ziv(D, (W) => expBracket(x!, W), signal, MAX_TRIES);
    case 'ln':
      if (x!.digits.length === 1 && x!.digits[0] === 1 && x!.exponent === 0) return exact(false, null);
      return ziv(D, (W) => bracketOfBall(lnBall(x!, W)), signal, MAX_TRIES);
    case 'nthroot':
      return power(x!, 1, p.k, D, signal);
    case 'powq':
      return power(x!, p.p, p.q, D, signal);
  }
}

/** x^(p/q) for the checked x, p, q: zero, one, the exact cases, then Ziv with an exact settlement. */
function power(x: PrecisionProblem['x'] & object, p0: number, q0: number, D: number, signal?: CancelSignal): PrecisionAnswer {
  if (x.digits.length === 0) return { negative: false, rounded: null, tries: 0 };
  if (p0 === 0) return { negative: false, rounded: unit(D), tries: 0 };
  const { p, q } = reduced(p0, q0);
  // x < 0 (q odd): y = −|x|^(p/q) when p is odd.
  const negative = x.negative && Math.abs(p) % 2 === 1;
  if (p === 1 && q === 2) return { negative: false, rounded: sqrtRounded(x, D), tries: 0 };
  const short = exactPower(x, p, q, D);
  if (short !== null) return { negative, rounded: short, tries: 0 };
  const settle = (lo: Rounded, hi: Rounded): Rounded => {
    const next = successor(lo, D);
    if (next.q !== hi.q || next.E !== hi.E) throw new Error('precision: a root bracket spans more than one rounding boundary');
    const m = nextMidpoint(lo, D);
    const side = exactSide(x, p, q, m.num, m.exp10);
    if (side !== 0) return side < 0 ? lo : hi;
    return (lo.q & 1n) === 0n ? lo : hi;
  };
  const r = ziv(D, (W) => rootBracket(x, p, q, W), signal, ROOT_TRIES, settle);
  return { ...r, negative };
}

/** The spelling of an answer (decimal.ts formatDecimal). */
export const answerText = (a: PrecisionAnswer): string => formatDecimal(a.negative && a.rounded !== null, a.rounded);

/** The engine-ts solver of `precision`. */
export function solvePrecision(req: SolveRequest<PrecisionProblem>, signal?: CancelSignal): DecimalResult {
  const t0 = performance.now();
  const a = precisionAnswer(req.problem, signal);
  return {
    kind: 'decimal',
    answer: decimalBytes(answerText(a)),
    exact: a.rounded === null || a.rounded.exact,
    objective: 0,
    proof: null,
    stoppedAtDeadline: false,
    work: { iterations: a.tries, nodes: 0, restarts: 0 },
    engineMs: performance.now() - t0,
  };
}

