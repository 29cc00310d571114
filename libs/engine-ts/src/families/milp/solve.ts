/**
 * milp: minimise ½ xᵀHx + cᵀx over binary and box-constrained continuous variables
 * (H_ii = q_i, H_ij = w_ij). libs/engine-native/src/core/milp/solve.cc follows it step for step.
 *   1. Convexity: H restricted to the continuous variables is checked positive semidefinite by a
 *      Cholesky factorisation with a relative shift of 1e-10 (a binary's own curvature never matters:
 *      x² = x on {0, 1}).
 *   2. Convex: the binaries' diagonal is raised by the least t in {0, s, 2s, 4s, …} (s = 1 + max|H|)
 *      that makes the whole H positive definite, and their linear terms lowered by t/2 (the same
 *      objective on 0/1 values), so the relaxation with binaries in [0, 1] is a convex box QP. Branch
 *      and bound over the binaries (most coupled first, the rounded relaxation's value first): every
 *      node solves its relaxation by a primal active-set method (Cholesky of the free block) and is
 *      bounded by the convexity inequality f(y) ≥ f(x) + ∇f(x)·(y − x) minimised over the box (a valid
 *      bound from any x); a leaf (every binary fixed) is the exact convex QP of the continuous part.
 *      Certified when the tree closes within bnbNodes nodes. Without a t (the continuous block is
 *      singular in a direction a binary needs), the tree has no bound: it closes only for few binaries.
 *      A tree cut by its node budget or a limit leaves a proven lower bound: the least of the
 *      incumbent (less the tolerance) and the relaxation bound of the parent of every subtree it
 *      left unexplored; heuristic answers carry it (never without a t or when the root was cut).
 *   3. Otherwise (not convex, or the tree did not close): local search from `starts` starting points
 *      (the first takes the binaries with negative c): continuous variables by exact coordinate
 *      minimisation (an endpoint when the curvature is not positive), then single binary flips while
 *      one improves; heuristic.
 * A deadline or cancel keeps the best answer so far.
 */
import type { CancelSignal, EngineRequest, Proof } from '../../engine';
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import { milpBudgetFor } from './budget';
import { evaluateMilp, milpWeightSum } from './evaluate';
import type { MilpProblem, VectorResult } from './problem';

/** Relative diagonal shift of the Cholesky tests and solves. */
const EPS = 1e-10;

function hessian(p: MilpProblem): Float64Array {
  const n = p.n;
  const H = new Float64Array(n * n);
  for (let i = 0; i < n; i++) H[i * n + i] = p.diag[i];
  for (let k = 0; k < p.pairs.w.length; k++) {
    const i = p.pairs.i[k];
    const j = p.pairs.j[k];
    H[i * n + j] += p.pairs.w[k];
    H[j * n + i] += p.pairs.w[k];
  }
  return H;
}

/** Lower Cholesky factor of A[idx, idx] + shift·I (k×k), or null when not positive definite. */
function cholesky(A: Float64Array, n: number, idx: readonly number[], shift: number): Float64Array | null {
  const k = idx.length;
  const L = new Float64Array(k * k);
  for (let r = 0; r < k; r++) {
    for (let c = 0; c <= r; c++) {
      let s = A[idx[r] * n + idx[c]] + (r === c ? shift : 0);
      for (let m = 0; m < c; m++) s -= L[r * k + m] * L[c * k + m];
      if (r === c) {
        if (!(s > 0)) return null;
        L[r * k + r] = Math.sqrt(s);
      } else L[r * k + c] = s / L[c * k + c];
    }
  }
  return L;
}

function cholSolve(L: Float64Array, k: number, rhs: Float64Array): Float64Array {
  const y = new Float64Array(k);
  for (let r = 0; r < k; r++) {
    let s = rhs[r];
    for (let m = 0; m < r; m++) s -= L[r * k + m] * y[m];
    y[r] = s / L[r * k + r];
  }
  for (let r = k - 1; r >= 0; r--) {
    let s = y[r];
    for (let m = r + 1; m < k; m++) s -= L[m * k + r] * y[m];
    y[r] = s / L[r * k + r];
  }
  return y;
}

interface Qp {
  readonly A: Float64Array;
  readonly b: Float64Array;
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  readonly n: number;
  readonly shift: number;
  readonly tol: number;
}

function value(qp: Qp, x: Float64Array): number {
  const { A, b, n } = qp;
  let f = 0;
  for (let i = 0; i < n; i++) {
    let row = 0;
    for (let j = 0; j < n; j++) row += A[i * n + j] * x[j];
    f += 0.5 * x[i] * row + b[i] * x[i];
  }
  return f;
}

function gradient(qp: Qp, x: Float64Array, i: number): number {
  let g = qp.b[i];
  for (let j = 0; j < qp.n; j++) g += qp.A[i * qp.n + j] * x[j];
  return g;
}

/**
 * The convex box QP over the `movable` variables (the others stay at their x): a primal active-set
 * method. Returns the value at the solution and a valid lower bound (convexity), or null when a free
 * block is not positive definite.
 */
function boxQp(qp: Qp, x: Float64Array, movable: readonly number[]): { f: number; bound: number } | null {
  const { A, b, lo, hi, n } = qp;
  const state = new Int8Array(n);
  for (const i of movable) {
    x[i] = Math.min(hi[i], Math.max(lo[i], Number.isFinite(x[i]) ? x[i] : 0));
    state[i] = x[i] === lo[i] && x[i] !== hi[i] ? -1 : x[i] === hi[i] && x[i] !== lo[i] ? 1 : 0;
    if (lo[i] === hi[i]) state[i] = -1;
  }
  const maxIter = 50 + 10 * movable.length;
  for (let it = 0; it < maxIter; it++) {
    const F = movable.filter((i) => state[i] === 0);
    if (F.length > 0) {
      const L = cholesky(A, n, F, qp.shift);
      if (L === null) return null;
      const inF = new Uint8Array(n);
      for (const i of F) inF[i] = 1;
      const rhs = new Float64Array(F.length);
      F.forEach((i, r) => {
        let s = -b[i];
        for (let j = 0; j < n; j++) if (!inF[j]) s -= A[i * n + j] * x[j];
        rhs[r] = s;
      });
      const xs = cholSolve(L, F.length, rhs);
      let alpha = 1;
      let block = -1;
      let side = 0;
      F.forEach((i, r) => {
        const d = xs[r] - x[i];
        if (d < 0 && lo[i] > -Infinity) {
          const a = (lo[i] - x[i]) / d;
          if (a < alpha) [alpha, block, side] = [a, i, -1];
        } else if (d > 0 && hi[i] < Infinity) {
          const a = (hi[i] - x[i]) / d;
          if (a < alpha) [alpha, block, side] = [a, i, 1];
        }
      });
      alpha = Math.max(0, alpha);
      F.forEach((i, r) => {
        x[i] += alpha * (xs[r] - x[i]);
      });
      if (block >= 0) {
        x[block] = side < 0 ? lo[block] : hi[block];
        state[block] = side;
        continue;
      }
    }
    // Multipliers of the variables at a bound: release the worst wrong-signed one.
    let worst = -1;
    let worstV = qp.tol;
    for (const i of movable) {
      if (state[i] === 0 || lo[i] === hi[i]) continue;
      const g = gradient(qp, x, i);
      const v = state[i] < 0 ? -g : g;
      if (v > worstV) {
        worstV = v;
        worst = i;
      }
    }
    if (worst < 0) break;
    state[worst] = 0;
  }
  const f = value(qp, x);
  let bound = f;
  for (const i of movable) {
    const g = gradient(qp, x, i);
    const down = lo[i] === -Infinity ? (g > qp.tol ? -Infinity : 0) : g * (lo[i] - x[i]);
    const up = hi[i] === Infinity ? (g < -qp.tol ? -Infinity : 0) : g * (hi[i] - x[i]);
    bound += Math.min(0, down, up);
  }
  return { f, bound };
}

/** Local minimisation of the continuous variables by exact coordinate steps (x in place). */
function coordinateDescent(p: MilpProblem, H: Float64Array, x: Float64Array, cont: readonly number[], tol: number): void {
  const n = p.n;
  const g = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = p.linear[i];
    for (let j = 0; j < n; j++) s += H[i * n + j] * x[j];
    g[i] = s;
  }
  for (let sweep = 0; sweep < 500; sweep++) {
    let moved = 0;
    for (const i of cont) {
      const h = H[i * n + i];
      const old = x[i];
      let next: number;
      if (h > 0) next = Math.min(p.hi[i], Math.max(p.lo[i], old - g[i] / h));
      else {
        // Concave or flat along i: the better endpoint (both finite: the contract requires it).
        const at = (v: number) => 0.5 * h * (v - old) * (v - old) + g[i] * (v - old);
        next = at(p.lo[i]) <= at(p.hi[i]) ? p.lo[i] : p.hi[i];
        if (at(next) >= 0) next = old;
      }
      const d = next - old;
      if (d === 0) continue;
      x[i] = next;
      for (let j = 0; j < n; j++) g[j] += H[j * n + i] * d;
      moved = Math.max(moved, Math.abs(d) / (1 + Math.abs(next)));
    }
    if (moved <= tol) break;
  }
}

/** Solves a `milp` request synchronously. */
export function solveMilp(req: EngineRequest, signal?: CancelSignal): VectorResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'milp' || p.kind !== 'milp') throw new Error('milp needs a milp problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const b = milpBudgetFor(req.effort);
  const n = p.n;
  const H = hessian(p);
  let scale = 1;
  for (let k = 0; k < n * n; k++) scale = Math.max(scale, Math.abs(H[k]));
  const tol = 1e-9 * (1 + milpWeightSum(p));
  const cont: number[] = [];
  const bins: number[] = [];
  for (let i = 0; i < n; i++) (p.binary[i] ? bins : cont).push(i);
  const convex = cont.length === 0 || cholesky(H, n, cont, EPS * scale) !== null;
  const work = { iterations: 0, nodes: 0, restarts: 0 };
  let best: Float64Array | null = null;
  let bestF = Infinity;
  const consider = (x: Float64Array): void => {
    const f = evaluateMilp(p, x);
    if (f < bestF - tol || best === null) {
      bestF = f;
      best = Float64Array.from(x);
    }
  };
  // A proven lower bound from a tree cut short (convex objectives only).
  let lower: number | undefined;
  const done = (proof: Proof): VectorResult => {
    const objective = evaluateMilp(p, best!);
    return {
      kind: 'vector', answer: best!, objective, proof, convex,
      ...(proof === null && lower !== undefined ? { bound: Math.min(lower, objective) } : {}),
      stoppedAtDeadline: limits.stopped !== null, work, engineMs: performance.now() - started,
    };
  };

  // The continuous part for fixed binaries: the exact QP when convex, else coordinate descent.
  const contQp: Qp = { A: H, b: p.linear, lo: p.lo, hi: p.hi, n, shift: EPS * scale, tol };
  const polish = (x: Float64Array): void => {
    if (cont.length === 0) return;
    if (convex && boxQp(contQp, x, cont) !== null) return;
    coordinateDescent(p, H, x, cont, 1e-13);
  };

  // 3 (first start, for an incumbent). Local search.
  const rng = new Prng(req.seed);
  const localSearch = (x: Float64Array): void => {
    polish(x);
    let f = evaluateMilp(p, x);
    for (let improved = true; improved && !limits.check();) {
      improved = false;
      for (const i of bins) {
        const keep = Float64Array.from(x);
        x[i] = 1 - x[i];
        polish(x);
        work.iterations++;
        const g = evaluateMilp(p, x);
        if (g < f - tol) {
          f = g;
          improved = true;
        } else x.set(keep);
      }
    }
    consider(x);
  };
  const start = (k: number): Float64Array => {
    const x = new Float64Array(n);
    for (const i of bins) x[i] = k === 0 ? (p.linear[i] < 0 ? 1 : 0) : rng.nextInt(2);
    for (const i of cont) x[i] = Math.min(p.hi[i], Math.max(p.lo[i], 0));
    return x;
  };
  localSearch(start(0));
  work.restarts++;

  // 2. Branch and bound when convex.
  if (convex && limits.stopped === null) {
    let t: number | null = null;
    const all = Array.from({ length: n }, (_, i) => i);
    for (let s = 0, step = 1 + scale; s <= 1e12 * (1 + scale); s = s === 0 ? step : 2 * s) {
      const A = Float64Array.from(H);
      for (const i of bins) A[i * n + i] += s;
      if (cholesky(A, n, all, EPS * scale) !== null) {
        t = s;
        break;
      }
    }
    if (t !== null || bins.length <= 16) {
      const shift = t ?? 0;
      const A = Float64Array.from(H);
      const bb = Float64Array.from(p.linear);
      for (const i of bins) {
        A[i * n + i] += shift;
        bb[i] -= shift / 2;
      }
      const qp: Qp = { A, b: bb, lo: p.lo, hi: p.hi, n, shift: EPS * (scale + shift), tol };
      const weight = (i: number) => Math.abs(p.linear[i]) + bins.reduce((s, j) => s + Math.abs(H[i * n + j]), 0) + cont.reduce((s, j) => s + Math.abs(H[i * n + j]), 0);
      const order = [...bins].sort((x, y) => weight(y) - weight(x) || x - y);
      const x = Float64Array.from(best!);
      let aborted = false;
      // When a limit cuts the tree: the least bound over the subtrees it leaves unexplored (each
      // bounded by its parent's relaxation), and whether every one of them had a bound.
      let fresh = false;
      let openBound = Infinity;
      let openBounded = true;
      const dfs = (depth: number): void => {
        if (++work.nodes > b.bnbNodes || limits.check()) {
          aborted = true;
          fresh = true;
          if (depth === 0) openBounded = false;
          return;
        }
        const movable = [...cont, ...order.slice(depth)];
        const r = t !== null || depth === order.length ? boxQp(qp, x, movable) : null;
        if (depth === order.length) {
          if (r === null) {
            polish(x);
            consider(x);
          } else consider(x);
          return;
        }
        if (r !== null && r.bound >= bestF - tol) return;
        const i = order[depth];
        const first = x[i] >= 0.5 ? 1 : 0;
        const saved = Float64Array.from(x);
        for (let k = 0; k < 2; k++) {
          x.set(saved);
          x[i] = k === 0 ? first : 1 - first;
          dfs(depth + 1);
          if (aborted) {
            // Open below this node: the second child when the first was cut, or the child cut at entry.
            if (k === 0 || fresh) {
              if (r === null) openBounded = false;
              else openBound = Math.min(openBound, r.bound);
            }
            fresh = false;
            return;
          }
        }
      };
      dfs(0);
      if (!aborted) return done('branch_and_bound');
      // Pruned subtrees hold nothing below the incumbent (less the tolerance); open ones nothing below their bound.
      if (openBounded) lower = Math.min(openBound, bestF - tol);
    }
  }

  // 3. More local-search starts.
  for (let k = 1; k < b.starts && limits.stopped === null && bins.length > 0; k++) {
    localSearch(start(k));
    work.restarts++;
  }
  return done(null);
}
