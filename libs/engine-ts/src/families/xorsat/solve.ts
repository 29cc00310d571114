/**
 * xorsat: fewest violated XOR equations. The native twin, libs/engine-native/src/core/xorsat/solve.cc,
 * follows it step for step with the same generator calls. Specification:
 *   1. Gauss–Jordan elimination over GF(2), bitset rows of 32-bit words, equations in input order:
 *      an equation is reduced by the pivot rows of its own variables (the rows stay reduced, so
 *      that clears every pivot column); if something is left, its lowest variable becomes a new
 *      pivot and the row is XORed into every earlier pivot row holding that variable; if nothing
 *      is left, the equation is redundant (0 = 0) or inconsistent (0 = 1). rank = the pivot rows.
 *      The answer x0 sets free variables to 0 and each pivot variable to its row's rhs: it
 *      satisfies every equation but the inconsistent ones.
 *   2. Consistent (no inconsistent equation): x0, certified ('exhaustive'; docs: by elimination).
 *   3. Inconsistent: the fewest violations are at least `lower` = (empty equations with rhs 1) +
 *      (1 if another equation is inconsistent). x0 meeting it is certified. Otherwise, when
 *      rank ≤ enumMaxRank, a Gray-code walk over the pivot variables (free ones 0) visits every
 *      point of the column space, so every reachable syndrome: the least violations, certified
 *      when the walk ends (or reaches `lower`). Beyond, WalkSAT-style flips from x0: a random
 *      violated equation (nextInt), then with probability NOISE (nextFloat) a random variable of
 *      it (nextInt), else its variable of largest gain (the first on ties); heuristic, with the
 *      proven bound `lower`, certified only when it reaches it.
 * Deadline and cancel are checked every 64 equations, 4096 walk steps and 1024 flips.
 */
import type { BinaryResult, CancelSignal, Proof, SolveRequest } from '../../base';
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import { xorsatBudgetFor } from './budget';
import { evaluateXorsat } from './evaluate';
import type { XorsatProblem } from './problem';

/** Probability of a random (not greedy) variable in a local-search flip. */
export const XORSAT_NOISE = 0.2;

/** What elimination found. */
export interface XorsatElimination {
  /** Rank over GF(2) of the coefficient matrix (of the equations eliminated). */
  readonly rank: number;
  /** Pivot variable of each pivot row, in the order they were found. */
  readonly pivots: Int32Array;
  /** Equations reduced to 0 = 1 (each violated by x), and how many of them were empty as given. */
  readonly inconsistent: number;
  readonly emptyViolated: number;
  /** Free variables 0, pivot variables from their rows. */
  readonly x: Uint8Array;
  /** False when a limit stopped it before the last equation. */
  readonly complete: boolean;
}

const ctz = (v: number): number => 31 - Math.clz32(v & -v);

/** Gauss–Jordan elimination (step 1 above). */
export function eliminateXorsat(p: XorsatProblem, limits?: Limits): XorsatElimination {
  const { n, start, vars, rhs } = p;
  const m = rhs.length;
  const W = (n + 31) >>> 5;
  const rows: Uint32Array[] = [];
  const rowRhs: number[] = [];
  const pivots: number[] = [];
  const pivotOf = new Int32Array(n).fill(-1);
  const row = new Uint32Array(W);
  let inconsistent = 0;
  let emptyViolated = 0;
  let complete = true;
  for (let e = 0; e < m; e++) {
    if ((e & 63) === 0 && limits !== undefined && limits.check()) {
      complete = false;
      break;
    }
    row.fill(0);
    let r = rhs[e];
    for (let k = start[e]; k < start[e + 1]; k++) row[vars[k] >>> 5] ^= 1 << (vars[k] & 31);
    for (let k = start[e]; k < start[e + 1]; k++) {
      const b = pivotOf[vars[k]];
      if (b < 0) continue;
      const B = rows[b];
      for (let w = 0; w < W; w++) row[w] ^= B[w];
      r ^= rowRhs[b];
    }
    let piv = -1;
    for (let w = 0; w < W; w++) {
      if (row[w] !== 0) {
        piv = (w << 5) + ctz(row[w]);
        break;
      }
    }
    if (piv < 0) {
      if (r === 1) {
        inconsistent++;
        if (start[e] === start[e + 1]) emptyViolated++;
      }
      continue;
    }
    const pw = piv >>> 5;
    const pbit = 1 << (piv & 31);
    for (let b = 0; b < rows.length; b++) {
      const B = rows[b];
      if ((B[pw] & pbit) === 0) continue;
      for (let w = 0; w < W; w++) B[w] ^= row[w];
      rowRhs[b] ^= r;
    }
    pivotOf[piv] = rows.length;
    rows.push(Uint32Array.from(row));
    rowRhs.push(r);
    pivots.push(piv);
  }
  const x = new Uint8Array(n);
  for (let b = 0; b < rows.length; b++) x[pivots[b]] = rowRhs[b];
  return { rank: rows.length, pivots: Int32Array.from(pivots), inconsistent, emptyViolated, x, complete };
}

/** The equations of each variable (the transpose of start/vars). */
function columns(p: XorsatProblem): { colStart: Int32Array; colEqs: Int32Array } {
  const { n, start, vars } = p;
  const m = p.rhs.length;
  const colStart = new Int32Array(n + 1);
  for (let k = 0; k < vars.length; k++) colStart[vars[k] + 1]++;
  for (let i = 0; i < n; i++) colStart[i + 1] += colStart[i];
  const fill = colStart.slice(0, n);
  const colEqs = new Int32Array(vars.length);
  for (let e = 0; e < m; e++) for (let k = start[e]; k < start[e + 1]; k++) colEqs[fill[vars[k]]++] = e;
  return { colStart, colEqs };
}

/** Solves an `xorsat` request synchronously. */
export function solveXorsat(req: SolveRequest<XorsatProblem>, signal?: CancelSignal): BinaryResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'xorsat' || p.kind !== 'xorsat') throw new Error('xorsat needs an xorsat problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const budget = xorsatBudgetFor(req.effort);
  const { n, start, vars, rhs } = p;
  const m = rhs.length;
  const el = eliminateXorsat(p, limits);
  let best = el.x;
  let bestCount = el.inconsistent;
  let iterations = 0;
  const done = (proof: Proof, bound?: number): BinaryResult => {
    const answer = Uint8Array.from(best);
    const objective = evaluateXorsat(p, answer);
    return {
      kind: 'binary', answer, objective, proof,
      ...(proof === null && bound !== undefined ? { bound: Math.min(bound, objective) } : {}),
      stoppedAtDeadline: limits.stopped !== null,
      work: { iterations, nodes: 0, restarts: 0 }, engineMs: performance.now() - started,
    };
  };
  if (!el.complete) return done(null);
  if (el.inconsistent === 0) return done('exhaustive');
  const lower = el.emptyViolated + (el.inconsistent > el.emptyViolated ? 1 : 0);
  if (bestCount <= lower) return done('exhaustive');
  const { colStart, colEqs } = columns(p);

  if (el.rank <= budget.enumMaxRank) {
    // Gray-code walk over the pivot variables; s = A·x ⊕ rhs, `count` its weight.
    const s = Uint8Array.from(rhs);
    let count = 0;
    for (let e = 0; e < m; e++) count += s[e];
    let bestK = -1;
    if (count < bestCount) {
      bestCount = count;
      bestK = 0;
    }
    const total = 2 ** el.rank;
    let finished = true;
    for (let k = 1; k < total; k++) {
      if ((k & 4095) === 0 && limits.check()) {
        finished = false;
        break;
      }
      iterations++;
      const c = el.pivots[ctz(k)];
      for (let q = colStart[c]; q < colStart[c + 1]; q++) {
        const e = colEqs[q];
        s[e] ^= 1;
        count += s[e] === 1 ? 1 : -1;
      }
      if (count < bestCount) {
        bestCount = count;
        bestK = k;
        if (bestCount <= lower) break;
      }
    }
    if (bestK >= 0) {
      const g = bestK ^ (bestK >>> 1);
      best = new Uint8Array(n);
      for (let t = 0; t < el.rank; t++) best[el.pivots[t]] = (g >>> t) & 1;
    }
    return finished ? done('exhaustive') : done(null, lower);
  }

  // WalkSAT-style local search from x0 over the non-empty equations.
  const x = Uint8Array.from(el.x);
  const violated = new Uint8Array(m);
  const unsat = new Int32Array(m);
  const unsatAt = new Int32Array(m).fill(-1);
  let nUnsat = 0;
  const gain = new Int32Array(n);
  for (let e = 0; e < m; e++) {
    if (start[e] === start[e + 1]) continue;
    let parity = rhs[e];
    for (let k = start[e]; k < start[e + 1]; k++) parity ^= x[vars[k]];
    violated[e] = parity;
    if (parity === 1) {
      unsatAt[e] = nUnsat;
      unsat[nUnsat++] = e;
    }
    for (let k = start[e]; k < start[e + 1]; k++) gain[vars[k]] += parity === 1 ? 1 : -1;
  }
  const rng = new Prng(req.seed);
  const flip = (i: number) => {
    x[i] ^= 1;
    for (let q = colStart[i]; q < colStart[i + 1]; q++) {
      const e = colEqs[q];
      violated[e] ^= 1;
      const d = violated[e] === 1 ? 2 : -2;
      for (let k = start[e]; k < start[e + 1]; k++) gain[vars[k]] += d;
      if (violated[e] === 1) {
        unsatAt[e] = nUnsat;
        unsat[nUnsat++] = e;
      } else {
        const at = unsatAt[e];
        const last = unsat[--nUnsat];
        unsat[at] = last;
        unsatAt[last] = at;
        unsatAt[e] = -1;
      }
    }
  };
  for (let step = 0; step < budget.searchSteps; step++) {
    if ((step & 1023) === 0 && limits.check()) break;
    if (bestCount <= lower || nUnsat === 0) break;
    iterations++;
    const e = unsat[rng.nextInt(nUnsat)];
    const len = start[e + 1] - start[e];
    let i: number;
    if (rng.nextFloat() < XORSAT_NOISE) {
      i = vars[start[e] + rng.nextInt(len)];
    } else {
      i = vars[start[e]];
      for (let k = start[e] + 1; k < start[e + 1]; k++) if (gain[vars[k]] > gain[i]) i = vars[k];
    }
    flip(i);
    if (nUnsat + el.emptyViolated < bestCount) {
      bestCount = nUnsat + el.emptyViolated;
      best = Uint8Array.from(x);
    }
  }
  return bestCount <= lower ? done('exhaustive') : done(null, lower);
}
