/**
 * milp: minimise ½ xᵀHx + cᵀx over binary and box-constrained continuous variables
 * (H_ii = q_i, H_ij = w_ij). libs/engine-native/src/core/milp/solve.cc follows it step for step.
 *   0. A continuous variable with lo = hi is a constant: it is never moved, so every step below
 *      works on the others with it substituted.
 *   1. Convexity: H restricted to the other continuous variables is checked positive SEMIdefinite by
 *      an LDLᵀ factorisation that allows zero pivots (within TAU of the largest entry) only beside a
 *      zero column (a binary's own curvature never matters: x² = x on {0, 1}).
 *   2. Convex: the binaries' diagonal is raised by the least t in {0, s, 2s, 4s, …, 2²⁰s}
 *      (s = 1 + max|H|) that makes the whole H semidefinite, and their linear terms lowered by t/2
 *      (the same objective on 0/1 values), so the relaxation with binaries in [0, 1] is a convex box
 *      QP. No t exists when a flat continuous direction (a variable without curvature, a singular
 *      block) is coupled to a binary. Branch and bound over the binaries (most coupled first, the
 *      rounded relaxation's value first): every node solves its relaxation by a primal active-set
 *      method for semidefinite curvature (boxQp) and is bounded by the convexity inequality
 *      f(y) ≥ f(x) + ∇f(x)·(y − x) minimised over the box (valid from any x). Without a t, the tree
 *      has no bound and closes only for up to 16 binaries. A leaf (every binary fixed) is the convex
 *      QP of the continuous part, proven solved only when its own bound reaches the incumbent.
 *      Certified when the tree closes within bnbNodes nodes and every leaf is proven. A tree cut by its
 *      node budget or a limit leaves a proven lower bound: the least of the incumbent (less the
 *      tolerance), the relaxation bound of the parent of every subtree it left unexplored, and the
 *      bound of every leaf not proven; heuristic answers carry it (never without a t or when the root
 *      was cut).
 *   3. Otherwise (not convex, or the tree did not close): local search from `starts` starting points
 *      (the first takes the binaries with negative c; a non-convex objective's later ones draw the
 *      continuous variables with finite boxes uniformly): continuous variables by the exact box QP
 *      when convex, else by exact coordinate minimisation (an endpoint when the curvature is not
 *      positive) alternated with negative-curvature steps on the block strictly inside the box
 *      (curvatureStep), then single binary flips while one improves; heuristic.
 *   4. Not convex, at most SPATIAL_MAX_VARS variables: spatial branch and bound over boxes with the αBB
 *      underestimator f − Σ α_i (x_i − lo_i)(hi_i − x_i), α from Gershgorin rows (H + 2·diag(α)
 *      diagonally dominant) or one uniform shift (uniformShift) when its gap is smaller, each box's
 *      convex QP bounded by the convexity inequality; certified when
 *      the tree closes within spatialNodes boxes, else a proven lower bound from the open boxes. The
 *      heuristic answer then ends with one more local search from the best point.
 * A deadline or cancel keeps the best answer so far.
 */
import type { CancelSignal, ProgressListener, SolveRequest, Proof } from '../../base';
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import { milpBudgetFor } from './budget';
import { evaluateMilp, milpWeightSum } from './evaluate';
import type { MilpProblem, VectorResult } from './problem';

/** Relative pivot tolerance of the semidefinite LDLᵀ (below it, a pivot counts as zero). */
const TAU = 1e-12;
/** Doublings of the binaries' diagonal shift tried before giving up on a convex relaxation. */
const SHIFT_DOUBLINGS = 20;
/** The most variables of a non-convex objective that get the spatial branch and bound. */
const SPATIAL_MAX_VARS = 16;

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

/** A[idx, idx] = L·diag(D)·Lᵀ (k×k, L unit lower); D[c] = 0 marks a zero pivot, whose column of L is e_c. */
interface Ldl {
  readonly k: number;
  readonly L: Float64Array;
  readonly D: Float64Array;
}

/**
 * The semidefinite LDLᵀ of A[idx, idx], or null when it is not positive semidefinite: a pivot below
 * −tau, or a pivot within ±tau (a zero) whose column below is not within ±tau too (a zero diagonal
 * beside a non-zero entry is indefinite).
 */
function ldl(A: Float64Array, n: number, idx: readonly number[], tau: number): Ldl | null {
  const k = idx.length;
  const L = new Float64Array(k * k);
  const D = new Float64Array(k);
  for (let c = 0; c < k; c++) {
    let d = A[idx[c] * n + idx[c]];
    for (let m = 0; m < c; m++) d -= L[c * k + m] * L[c * k + m] * D[m];
    if (!(d >= -tau)) return null;
    const zero = d <= tau;
    D[c] = zero ? 0 : d;
    L[c * k + c] = 1;
    for (let r = c + 1; r < k; r++) {
      let v = A[idx[r] * n + idx[c]];
      for (let m = 0; m < c; m++) v -= L[r * k + m] * L[c * k + m] * D[m];
      if (zero) {
        if (!(Math.abs(v) <= tau)) return null;
      } else L[r * k + c] = v / d;
    }
  }
  return { k, L, D };
}

/** The largest |A[i, j]| over idx × idx (at least 1). */
function blockScale(A: Float64Array, n: number, idx: readonly number[]): number {
  let s = 1;
  for (const i of idx) for (const j of idx) s = Math.max(s, Math.abs(A[i * n + j]));
  return s;
}

/** Whether A[idx, idx] is positive semidefinite (within the relative tolerance TAU). */
function semidefinite(A: Float64Array, n: number, idx: readonly number[]): boolean {
  return ldl(A, n, idx, TAU * blockScale(A, n, idx)) !== null;
}

interface Qp {
  readonly A: Float64Array;
  readonly b: Float64Array;
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  readonly n: number;
  /** The pivot tolerance of the free blocks' LDLᵀ (TAU times the largest |A|). */
  readonly tau: number;
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
 * The box QP over the `movable` variables (the others stay at their x, so a fixed variable is
 * substituted) for a positive SEMIdefinite A: a primal active-set method. Each step factors the free
 * block as L·D·Lᵀ and, with h = L⁻¹g: when a zero pivot meets a non-zero h (no stationary point on
 * this face), it follows the flat descent direction d = −L⁻ᵀ h_zero (curvature 0, slope −|h_zero|²)
 * to the first bound; otherwise the Newton step d = −L⁻ᵀ D⁺ h (zero pivots kept still), cut at the
 * first bound. Returns the value and a lower bound valid for any x by convexity,
 * f(x) + Σ min(0, g_i·(lo_i − x_i), g_i·(hi_i − x_i)), or null when a free block is not semidefinite
 * or a flat descent meets no bound.
 */
function boxQp(qp: Qp, x: Float64Array, movable: readonly number[]): { f: number; bound: number } | null {
  const { A, lo, hi, n } = qp;
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
      const fac = ldl(A, n, F, qp.tau);
      if (fac === null) return null;
      const { k, L, D } = fac;
      const h = new Float64Array(k);
      let gmax = 0;
      for (let r = 0; r < k; r++) {
        const g = gradient(qp, x, F[r]);
        gmax = Math.max(gmax, Math.abs(g));
        let v = g;
        for (let m = 0; m < r; m++) v -= L[r * k + m] * h[m];
        h[r] = v;
      }
      const gtol = 1e-12 * (1 + gmax);
      let flat = false;
      for (let r = 0; r < k; r++) if (D[r] === 0 && Math.abs(h[r]) > gtol) flat = true;
      const u = new Float64Array(k);
      for (let r = 0; r < k; r++) u[r] = D[r] === 0 ? (flat ? -h[r] : 0) : flat ? 0 : -h[r] / D[r];
      const d = new Float64Array(k);
      for (let r = k - 1; r >= 0; r--) {
        let v = u[r];
        for (let m = r + 1; m < k; m++) v -= L[m * k + r] * d[m];
        d[r] = v;
      }
      let alpha = flat ? Infinity : 1;
      let block = -1;
      let side = 0;
      for (let r = 0; r < k; r++) {
        const i = F[r];
        if (d[r] < 0 && lo[i] > -Infinity) {
          const a = (lo[i] - x[i]) / d[r];
          if (a < alpha) [alpha, block, side] = [a, i, -1];
        } else if (d[r] > 0 && hi[i] < Infinity) {
          const a = (hi[i] - x[i]) / d[r];
          if (a < alpha) [alpha, block, side] = [a, i, 1];
        }
      }
      if (alpha === Infinity) return null;
      alpha = Math.max(0, alpha);
      // Clamped: x + (lo − x)/d·d may land an ulp outside the box for a variable that ties the block.
      for (let r = 0; r < k; r++) x[F[r]] = Math.min(hi[F[r]], Math.max(lo[F[r]], x[F[r]] + alpha * d[r]));
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

/**
 * A direction of negative curvature of A[idx, idx] (pᵀAp < −tau·|p|², p over idx), or null when none
 * is found: the LDLᵀ of ldl() run up to its first failing column c, whose Schur complement S then has
 * S_cc < −tau (w = e_c) or a zero pivot beside |S_rc| > tau (w = s·e_c + e_r, the largest such r, s
 * making the 2×2 form negative); p = L̃⁻ᵀw with L̃ the first c columns of L, so pᵀAp = wᵀSw. The
 * curvature is recomputed from A and the direction kept only when it is negative beyond tau.
 */
function negativeCurvature(A: Float64Array, n: number, idx: readonly number[], tau: number): { p: Float64Array; curvature: number } | null {
  const k = idx.length;
  const L = new Float64Array(k * k);
  const D = new Float64Array(k);
  const w = new Float64Array(k);
  let fail = -1;
  for (let c = 0; c < k && fail < 0; c++) {
    let d = A[idx[c] * n + idx[c]];
    for (let m = 0; m < c; m++) d -= L[c * k + m] * L[c * k + m] * D[m];
    if (d < -tau) {
      w[c] = 1;
      fail = c;
      break;
    }
    const zero = d <= tau;
    D[c] = zero ? 0 : d;
    L[c * k + c] = 1;
    let worst = -1;
    let worstV = 0;
    for (let r = c + 1; r < k; r++) {
      let v = A[idx[r] * n + idx[c]];
      for (let m = 0; m < c; m++) v -= L[r * k + m] * L[c * k + m] * D[m];
      if (zero) {
        if (Math.abs(v) > tau && Math.abs(v) > worstV) [worst, worstV] = [r, Math.abs(v)];
      } else L[r * k + c] = v / d;
    }
    if (worst >= 0) {
      let v = A[idx[worst] * n + idx[c]];
      let srr = A[idx[worst] * n + idx[worst]];
      for (let m = 0; m < c; m++) {
        v -= L[worst * k + m] * L[c * k + m] * D[m];
        srr -= L[worst * k + m] * L[worst * k + m] * D[m];
      }
      // (s, 1)ᵀ[[d, v], [v, srr]](s, 1) = d·s² + 2sv + srr = d·s² − |v| − |srr| + srr with this s.
      w[c] = -(Math.abs(srr) + Math.abs(v)) / (2 * v);
      w[worst] = 1;
      fail = c;
    }
  }
  if (fail < 0) return null;
  const p = Float64Array.from(w);
  for (let r = fail - 1; r >= 0; r--) {
    let v = p[r];
    for (let m = r + 1; m < k; m++) v -= L[m * k + r] * p[m];
    p[r] = v;
  }
  let curvature = 0;
  let norm = 0;
  for (let a = 0; a < k; a++) {
    let row = 0;
    for (let b = 0; b < k; b++) row += A[idx[a] * n + idx[b]] * p[b];
    curvature += p[a] * row;
    norm += p[a] * p[a];
  }
  return curvature < -tau * norm ? { p, curvature } : null;
}

/**
 * The second-order step of the local search (x in place): on the variables strictly inside their box
 * (F), a direction p of negative curvature of H[F, F]; the objective is concave along it, so its least
 * value over the segment x + αp, |α| up to the first bound, is at a segment end: the lower end, which
 * lies below f(x) (the side where g·p ≤ 0 does). False when H[F, F] is semidefinite (within tau) or the
 * step does not lower the objective as evaluated.
 */
function curvatureStep(p: MilpProblem, H: Float64Array, x: Float64Array, cont: readonly number[], tau: number): boolean {
  const n = p.n;
  const F = cont.filter((i) => p.lo[i] < x[i] && x[i] < p.hi[i]);
  if (F.length === 0) return false;
  const neg = negativeCurvature(H, n, F, tau);
  if (neg === null) return false;
  const { p: d, curvature } = neg;
  let slope = 0;
  for (let r = 0; r < F.length; r++) {
    let g = p.linear[F[r]];
    for (let j = 0; j < n; j++) g += H[F[r] * n + j] * x[j];
    slope += g * d[r];
  }
  let bestDrop = 0;
  let bestAlpha = 0;
  let bestBlock = -1;
  for (const sign of [1, -1]) {
    let alpha = Infinity;
    let block = -1;
    for (let r = 0; r < F.length; r++) {
      const i = F[r];
      const step = sign * d[r];
      const a = step < 0 ? (p.lo[i] - x[i]) / step : step > 0 ? (p.hi[i] - x[i]) / step : Infinity;
      if (a < alpha) [alpha, block] = [a, r];
    }
    if (alpha === Infinity) continue;
    const drop = alpha * sign * slope + 0.5 * alpha * alpha * curvature;
    if (drop < bestDrop) [bestDrop, bestAlpha, bestBlock] = [drop, sign * alpha, block];
  }
  if (bestBlock < 0) return false;
  const before = evaluateMilp(p, x);
  const saved = Float64Array.from(x);
  for (let r = 0; r < F.length; r++) x[F[r]] = Math.min(p.hi[F[r]], Math.max(p.lo[F[r]], x[F[r]] + bestAlpha * d[r]));
  const b = F[bestBlock];
  x[b] = bestAlpha * d[bestBlock] < 0 ? p.lo[b] : p.hi[b];
  if (evaluateMilp(p, x) < before) return true;
  x.set(saved);
  return false;
}

/** Whether A + shift·I is positive definite by a Cholesky factorisation that completes (every pivot > 0). */
function definite(A: Float64Array, n: number, shift: number): boolean {
  const L = new Float64Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c <= r; c++) {
      let v = A[r * n + c] + (r === c ? shift : 0);
      for (let m = 0; m < c; m++) v -= L[r * n + m] * L[c * n + m];
      if (r === c) {
        if (!(v > 0)) return false;
        L[r * n + r] = Math.sqrt(v);
      } else L[r * n + c] = v / L[c * n + c];
    }
  }
  return true;
}

/**
 * A uniform αBB shift σ with A + σ·I positive semidefinite: the least σ in [0, top] (top = the largest
 * Gershgorin deficit, which suffices) for which Cholesky of A + σ·I completes, by 60 bisections, plus
 * (n + 1)²·10⁻¹⁴·(max A_ii + σ): a Cholesky that completes in floating point factors A + σ·I + E with
 * |E| far below that (backward error (n + 1)·u·|Rᵀ||R|), so λ_min(A + σ·I) ≥ −margin.
 */
function uniformShift(A: Float64Array, n: number, top: number): number {
  let lo = 0;
  let hi = top;
  if (!definite(A, n, hi)) return Infinity;
  if (definite(A, n, 0)) hi = 0;
  for (let k = 0; k < 60 && hi > 0 && hi - lo > 1e-9 * hi; k++) {
    const mid = 0.5 * (lo + hi);
    if (definite(A, n, mid)) hi = mid;
    else lo = mid;
  }
  let dmax = 0;
  for (let i = 0; i < n; i++) dmax = Math.max(dmax, Math.abs(A[i * n + i]));
  return hi + (n + 1) * (n + 1) * 1e-14 * (dmax + hi);
}

/**
 * The box of the spatial tree: the request's, with each continuous variable of an infinite bound
 * (q_i > 0) confined to where a global minimiser can put it. A minimiser is a coordinate-wise one, so
 * x_i = clamp(u, lo_i, hi_i) with u = −(c_i + Σ_j H_ij x_j)/q_i and |u| ≤ B = (|c_i| + Σ_j |H_ij|·max|x_j|)/q_i
 * (the relative margin 1e-9 covers rounding): x_i ∈ [clamp(−B), clamp(B)]. Null when a variable with
 * an infinite bound is coupled to another one (B is not finite).
 */
function spatialRoot(p: MilpProblem, H: Float64Array, cont: readonly number[]): { lo: Float64Array; hi: Float64Array } | null {
  const n = p.n;
  const lo = Float64Array.from(p.lo);
  const hi = Float64Array.from(p.hi);
  for (const i of cont) {
    if (Number.isFinite(p.lo[i]) && Number.isFinite(p.hi[i])) continue;
    let reach = Math.abs(p.linear[i]);
    for (let j = 0; j < n; j++) {
      if (j !== i && H[i * n + j] !== 0) reach += Math.abs(H[i * n + j]) * Math.max(Math.abs(p.lo[j]), Math.abs(p.hi[j]));
    }
    const B = (reach / H[i * n + i]) * (1 + 1e-9);
    if (!Number.isFinite(B)) return null;
    lo[i] = Math.min(p.hi[i], Math.max(p.lo[i], -B));
    hi[i] = Math.min(p.hi[i], Math.max(p.lo[i], B));
  }
  return { lo, hi };
}

/** Solves a `milp` request synchronously. */
export function solveMilp(req: SolveRequest<MilpProblem>, signal?: CancelSignal, onProgress?: ProgressListener): VectorResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'milp' || p.kind !== 'milp') throw new Error('milp needs a milp problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt, onProgress);
  limits.progress?.mapObjective(1, 0);  // bestF is the objective
  const b = milpBudgetFor(req.effort);
  const n = p.n;
  const H = hessian(p);
  let scale = 1;
  for (let k = 0; k < n * n; k++) scale = Math.max(scale, Math.abs(H[k]));
  const tol = 1e-9 * (1 + milpWeightSum(p));
  // A continuous variable with lo = hi is a constant: never movable, so every step substitutes it.
  const cont: number[] = [];
  const fixed: number[] = [];
  const bins: number[] = [];
  for (let i = 0; i < n; i++) (p.binary[i] ? bins : p.lo[i] === p.hi[i] ? fixed : cont).push(i);
  const convex = cont.length === 0 || semidefinite(H, n, cont);
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
  // The limit check of the searches below, with a progress report when it lets them go on.
  const check = (): boolean => {
    if (limits.check()) return true;
    limits.report(best === null ? NaN : bestF, lower ?? NaN, work.nodes + work.iterations);
    return false;
  };
  const done = (proof: Proof): VectorResult => {
    const objective = evaluateMilp(p, best!);
    return {
      kind: 'vector', answer: best!, objective, proof, convex,
      ...(proof === null && lower !== undefined ? { bound: Math.min(lower, objective) } : {}),
      stoppedAtDeadline: limits.stopped !== null, work, engineMs: performance.now() - started,
    };
  };

  // The continuous part for fixed binaries: the exact QP when convex, else coordinate descent.
  const contQp: Qp = { A: H, b: p.linear, lo: p.lo, hi: p.hi, n, tau: TAU * scale, tol };
  const polish = (x: Float64Array): void => {
    if (cont.length === 0) return;
    if (convex && boxQp(contQp, x, cont) !== null) return;
    coordinateDescent(p, H, x, cont, 1e-13);
    // Second order: leave a saddle along negative curvature of the free block, then descend again.
    for (let step = 0; step < 10 + 2 * cont.length && curvatureStep(p, H, x, cont, TAU * scale); step++) {
      work.iterations++;
      coordinateDescent(p, H, x, cont, 1e-13);
    }
  };

  // 3 (first start, for an incumbent). Local search.
  const rng = new Prng(req.seed);
  const localSearch = (x: Float64Array): void => {
    polish(x);
    let f = evaluateMilp(p, x);
    for (let improved = true; improved && !check();) {
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
    // A non-convex objective's later starts draw the continuous variables with finite boxes uniformly.
    for (const i of cont) {
      x[i] = !convex && k > 0 && Number.isFinite(p.lo[i]) && Number.isFinite(p.hi[i])
        ? Math.min(p.hi[i], p.lo[i] + (p.hi[i] - p.lo[i]) * rng.nextFloat())
        : Math.min(p.hi[i], Math.max(p.lo[i], 0));
    }
    for (const i of fixed) x[i] = p.lo[i];
    return x;
  };
  localSearch(start(0));
  work.restarts++;

  // 2. Branch and bound when convex.
  if (convex && limits.stopped === null) {
    // The least t that makes the relaxation semidefinite (none when a flat continuous direction is
    // coupled to a binary: no t can mend that), tried up to 2^SHIFT_DOUBLINGS·(1 + scale), past which
    // the relaxation is too weak and its rounding too coarse to be worth a tree.
    let t: number | null = null;
    const all = [...cont, ...bins];
    for (let s = 0, step = 1 + scale, k = 0; k <= SHIFT_DOUBLINGS + 1; s = s === 0 ? step : 2 * s, k++) {
      const A = Float64Array.from(H);
      for (const i of bins) A[i * n + i] += s;
      if (semidefinite(A, n, all)) {
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
      const qp: Qp = { A, b: bb, lo: p.lo, hi: p.hi, n, tau: TAU * (scale + shift), tol };
      const weight = (i: number) => Math.abs(p.linear[i]) + bins.reduce((s, j) => s + Math.abs(H[i * n + j]), 0) + cont.reduce((s, j) => s + Math.abs(H[i * n + j]), 0);
      const order = [...bins].sort((x, y) => weight(y) - weight(x) || x - y);
      const x = Float64Array.from(best!);
      let aborted = false;
      // When a limit cuts the tree: the least bound over the subtrees it leaves unexplored (each
      // bounded by its parent's relaxation), and whether every one of them had a bound.
      let fresh = false;
      let openBound = Infinity;
      let openBounded = true;
      // A leaf whose own convexity bound stays below the incumbent (its QP not proven solved) keeps
      // the tree from certifying; like an open subtree, it holds nothing below that bound.
      let leavesProven = true;
      const dfs = (depth: number): void => {
        if (++work.nodes > b.bnbNodes || check()) {
          aborted = true;
          fresh = true;
          if (depth === 0) openBounded = false;
          return;
        }
        const movable = [...cont, ...order.slice(depth)];
        const r = t !== null || depth === order.length ? boxQp(qp, x, movable) : null;
        if (depth === order.length) {
          if (r === null) polish(x);
          consider(x);
          if (r === null || r.bound < bestF - tol) {
            leavesProven = false;
            if (r === null) openBounded = false;
            else openBound = Math.min(openBound, r.bound);
          }
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
      if (!aborted && leavesProven) return done('branch_and_bound');
      // Pruned subtrees hold nothing below the incumbent (less the tolerance); open ones nothing below their bound.
      if (openBounded) lower = Math.min(openBound, bestF - tol);
    }
  }

  // 3. More local-search starts.
  for (let k = 1; k < b.starts && limits.stopped === null && (bins.length > 0 || !convex); k++) {
    localSearch(start(k));
    work.restarts++;
  }

  // 4. Spatial branch and bound for a small non-convex objective.
  const root = !convex && limits.stopped === null && n <= SPATIAL_MAX_VARS ? spatialRoot(p, H, cont) : null;
  if (root !== null) {
    // Binaries: x² = x on {0, 1}, so their curvature moves to the linear term (the same objective on 0/1).
    const H2 = Float64Array.from(H);
    const c2 = Float64Array.from(p.linear);
    for (const i of bins) {
      c2[i] += 0.5 * H2[i * n + i];
      H2[i * n + i] = 0;
    }
    // αBB: α_i from Gershgorin rows makes A = H2 + 2·diag(α) diagonally dominant with a non-negative
    // diagonal, hence positive semidefinite (the relative margin 1e-12 covers the rounding of the row
    // sums); a uniform α = σ/2 from uniformShift is used instead when its gap Σ α·width² is smaller.
    const alpha = new Float64Array(n);
    let top = 0;
    for (let i = 0; i < n; i++) {
      let row = 0;
      for (let j = 0; j < n; j++) if (j !== i) row += Math.abs(H2[i * n + j]);
      const h = H2[i * n + i];
      alpha[i] = Math.max(0, (row - h) / 2 + 1e-12 * (row + Math.abs(h)));
      top = Math.max(top, 2 * alpha[i]);
    }
    const sigma = uniformShift(H2, n, top);
    let gapRows = 0;
    let gapUniform = 0;
    for (let i = 0; i < n; i++) {
      const w = root.hi[i] - root.lo[i];
      gapRows += alpha[i] * w * w;
      gapUniform += (sigma / 2) * w * w;
    }
    if (gapUniform < gapRows) alpha.fill(sigma / 2);
    const A = Float64Array.from(H2);
    let scaleA = 1;
    for (let i = 0; i < n; i++) {
      A[i * n + i] += 2 * alpha[i];
      for (let j = 0; j < n; j++) scaleA = Math.max(scaleA, Math.abs(A[i * n + j]));
    }
    interface Box {
      readonly lo: Float64Array;
      readonly hi: Float64Array;
      readonly bound: number;
      readonly x: Float64Array;
    }
    const stack: Box[] = [{ lo: root.lo, hi: root.hi, bound: -Infinity, x: Float64Array.from(best!) }];
    let cut = false;
    let leavesProven = true;
    let openBound = Infinity;
    let openBounded = true;
    let nodes = 0;
    const leaveOpen = (bound: number): void => {
      if (bound === -Infinity) openBounded = false;
      else openBound = Math.min(openBound, bound);
    };
    while (stack.length > 0) {
      const box = stack.pop()!;
      if (box.bound >= bestF - tol) continue;
      if (nodes >= b.spatialNodes || check()) {
        stack.push(box);
        cut = true;
        break;
      }
      nodes++;
      work.nodes++;
      // L(x) = f(x) − Σ α_i (x_i − lo_i)(hi_i − x_i) ≤ f(x) on the box, convex: ½xᵀAx + (c2 − α∘(lo + hi))ᵀx + Σ α_i lo_i hi_i.
      const bb = new Float64Array(n);
      let konst = 0;
      const movable: number[] = [];
      for (let i = 0; i < n; i++) {
        bb[i] = c2[i] - alpha[i] * (box.lo[i] + box.hi[i]);
        konst += alpha[i] * box.lo[i] * box.hi[i];
        if (box.lo[i] < box.hi[i]) movable.push(i);
      }
      const x = Float64Array.from(box.x);
      for (let i = 0; i < n; i++) x[i] = Math.min(box.hi[i], Math.max(box.lo[i], x[i]));
      const r = boxQp({ A, b: bb, lo: box.lo, hi: box.hi, n, tau: TAU * scaleA, tol }, x, movable);
      const bound = r === null ? -Infinity : r.bound + konst;
      // An incumbent from the relaxation: binaries rounded, then the local search's polish over the whole box.
      const y = Float64Array.from(x);
      for (const i of bins) y[i] = y[i] >= 0.5 ? 1 : 0;
      polish(y);
      consider(y);
      if (bound >= bestF - tol) continue;
      // Split the variable of the largest α_i·width² (the underestimator's gap is at most Σ α_i·width²/4).
      let pick = -1;
      let pickScore = 0;
      let gap = 0;
      for (const i of movable) {
        const w = box.hi[i] - box.lo[i];
        const score = alpha[i] * w * w;
        gap += score / 4;
        if (score > pickScore) [pick, pickScore] = [i, score];
      }
      if (gap <= tol / 2) {
        // L is within tol/2 of f here: split only an unfixed binary (the most fractional), else a leaf.
        pick = -1;
        for (const i of bins) if (box.lo[i] < box.hi[i] && (pick < 0 || Math.abs(x[i] - 0.5) < Math.abs(x[pick] - 0.5))) pick = i;
        if (pick < 0) {
          consider(x);
          if (bound < bestF - tol) {
            leavesProven = false;
            leaveOpen(bound);
          }
          continue;
        }
      }
      const mid = p.binary[pick] ? 0.5 : 0.5 * (box.lo[pick] + box.hi[pick]);
      const child = (low: boolean): Box => {
        const lo = Float64Array.from(box.lo);
        const hi = Float64Array.from(box.hi);
        if (p.binary[pick]) lo[pick] = hi[pick] = low ? 0 : 1;
        else if (low) hi[pick] = mid;
        else lo[pick] = mid;
        return { lo, hi, bound, x };
      };
      // The child holding the relaxation's x is explored first (pushed last).
      const xLow = x[pick] <= mid;
      stack.push(child(!xLow), child(xLow));
    }
    if (!cut && leavesProven) return done('branch_and_bound');
    for (const box of stack) if (box.bound < bestF - tol) leaveOpen(box.bound);
    if (openBounded) lower = Math.min(openBound, bestF - tol);
  }
  // A heuristic answer of a non-convex objective ends where a local search ends (a tree's incumbent may not).
  if (!convex) {
    const x = Float64Array.from(best!);
    localSearch(x);
    const f = evaluateMilp(p, x);
    if (f <= bestF) {
      best = x;
      bestF = f;
    }
  }
  return done(null);
}
