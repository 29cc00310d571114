/**
 * The lowest eigenpairs of a large Hermitian operator given only as w = H v
 * (C++ twin: core/kernels/lanczos.{h,cc}): thick-restart Lanczos in Krylov–Schur form with locking.
 *
 * One run expands an orthonormal basis V by the Lanczos recurrence (projected matrix T = Vᴴ H V:
 * tridiagonal, plus an arrow after a restart). Orthogonality is kept by partial
 * reorthogonalisation: the first step after a (re)start is orthogonalised against the whole basis
 * (classical Gram–Schmidt twice), later steps locally plus a full pass whenever Simon's ω
 * recurrence estimates a loss beyond √ε. Every 4 steps T is diagonalised: Ritz values θ_i with
 * residual estimates r_i = β·|y_i,last|; an error bound min(r, r²/δ) (Kato–Temple, δ the distance
 * to the nearest other Ritz value outside its cluster, less that value's residual). When the basis
 * is full it is restarted with its lowest want + 4 Ritz vectors, made orthonormal again; every later
 * vector of the run is orthogonalised against the kept ones that had converged (residual below
 * 100·√ε·‖H‖: Paige, orthogonality is lost exactly towards converged Ritz vectors; without this a
 * converged ground vector returns as a ghost and the Ritz values drift below the spectrum). The
 * wanted pairs converge (bound ≤ tol), or a converged value lies above the cutoff (nothing above
 * it is needed); they are locked: later runs start from a fresh random vector and deflate them.
 * A limit (work budget, deadline, cancel) stops a run only once it holds `want` Ritz values: the
 * first complete answer always comes, its values Rayleigh quotients with explicit residuals.
 *
 * A Krylov space sees one direction of a degenerate eigenspace only, so a run may miss copies of
 * a multiple eigenvalue. With `checkRounds`, runs for the wanted values repeat from fresh random
 * vectors deflated by everything locked, each finding one more copy of every level below the
 * k-th value locked so far, until a run finds none below it; its lowest value is the upper
 * neighbour of the Temple bound. Nothing here proves that no level was missed (a random start
 * finds every level with probability one in exact arithmetic, not with certainty): callers state
 * these values as not proven complete. Locked vectors end with explicit residuals ‖Hx − θx‖
 * (θ the Rayleigh quotient).
 */
import type { Prng } from '../prng';
import type { Limits } from './model';
import { denseLowest } from './hermitian-dense';

const EPS = 2.220446049250313e-16;
const SQRT_EPS = Math.sqrt(EPS);
/** Check rounds lock at most this many copies of the cut's own level past the wanted values. */
const MAX_CUT_COPIES = 4;
/** Steps between diagonalisations of T. */
const CHECK_EVERY = 4;
/** Rows per block when forming Ritz vectors in place. */
const CHUNK = 2048;

/** The operator: w = H v on vectors of length dim (2·dim interleaved when complex). */
export interface LinearOperator {
  readonly dim: number;
  readonly complex: boolean;
  apply(v: Float64Array, w: Float64Array): void;
}

export interface KrylovParams {
  readonly op: LinearOperator;
  /** Eigenvalues wanted (at most dim). */
  readonly want: number;
  /** Values above it are not needed (Infinity: none). */
  readonly cutoff: number;
  /** Absolute target of each error bound. */
  readonly tol: number;
  /** Absolute target of each wanted vector's residual too (a vector used as a state, not only its value); absent: none. */
  readonly residual?: number;
  /** A bound on ‖H‖ (Σ|c|). */
  readonly scale: number;
  /** Vectors of length dim this solve may hold (the basis, the locked vectors and one spare). */
  readonly slots: number;
  readonly rng: Prng;
  readonly limits: Limits;
  /** Shared work counter: matvecs done, and the cap. */
  readonly work: { matvecs: number; readonly maxMatvecs: number };
  /** Look for missed copies of degenerate eigenvalues (needed when more than one value is wanted). */
  readonly checkRounds: boolean;
}

/** One eigenpair found: Rayleigh quotient, explicit residual norm, unit vector. */
export interface EigenPair {
  readonly value: number;
  readonly residual: number;
  readonly vector: Float64Array;
}

/** A value seen above the wanted ones, with its residual (estimate): a Temple neighbour. */
export interface Neighbour {
  readonly value: number;
  readonly residual: number;
}

export interface KrylovResult {
  /** Ascending. */
  readonly pairs: EigenPair[];
  /** Values seen above them (locked copies beyond the wanted ones, the last run's next value): Temple's upper neighbours. */
  readonly above: Neighbour[];
  /** A limit (work, deadline, cancel) stopped the search before every wanted pair converged. */
  readonly stopped: boolean;
}

// ---- vector kernels (interleaved complex when c) ----

function dot(a: Float64Array, b: Float64Array, c: boolean): [number, number] {
  let re = 0;
  let im = 0;
  if (!c) {
    for (let i = 0; i < a.length; i++) re += a[i] * b[i];
    return [re, 0];
  }
  for (let i = 0; i < a.length; i += 2) {
    re += a[i] * b[i] + a[i + 1] * b[i + 1];
    im += a[i] * b[i + 1] - a[i + 1] * b[i];
  }
  return [re, im];
}

/** y += (ar + i·ai) x */
function axpy(y: Float64Array, ar: number, ai: number, x: Float64Array, c: boolean): void {
  if (!c) {
    for (let i = 0; i < y.length; i++) y[i] += ar * x[i];
    return;
  }
  for (let i = 0; i < y.length; i += 2) {
    const xr = x[i];
    const xi = x[i + 1];
    y[i] += ar * xr - ai * xi;
    y[i + 1] += ar * xi + ai * xr;
  }
}

function norm(a: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * a[i];
  return Math.sqrt(s);
}

function scale(a: Float64Array, s: number): void {
  for (let i = 0; i < a.length; i++) a[i] *= s;
}

/** Classical Gram–Schmidt of w against `basis`, twice; returns the summed coefficients (interleaved). */
function project(basis: readonly Float64Array[], w: Float64Array, c: boolean): Float64Array {
  const h = new Float64Array(basis.length * 2);
  for (let pass = 0; pass < 2; pass++) {
    const coef: [number, number][] = basis.map((b) => dot(b, w, c));
    for (let k = 0; k < basis.length; k++) {
      axpy(w, -coef[k][0], -coef[k][1], basis[k], c);
      h[2 * k] += coef[k][0];
      h[2 * k + 1] += coef[k][1];
    }
  }
  return h;
}

function randomUnit(v: Float64Array, rng: Prng, against: readonly Float64Array[], c: boolean): void {
  for (let attempt = 0; attempt < 8; attempt++) {
    for (let i = 0; i < v.length; i++) v[i] = rng.nextFloat() - 0.5;
    project(against, v, c);
    const nv = norm(v);
    if (nv > 1e-8) {
      scale(v, 1 / nv);
      return;
    }
  }
  v.fill(0);
}

/** Neumaier-compensated sum (the final Rayleigh quotients and residuals). */
class Compensated {
  sum = 0;
  carry = 0;
  add(x: number): void {
    const t = this.sum + x;
    this.carry += Math.abs(this.sum) >= Math.abs(x) ? this.sum - t + x : x - t + this.sum;
    this.sum = t;
  }
  get value(): number {
    return this.sum + this.carry;
  }
}

/**
 * θ = xᴴHx/xᴴx and ‖Hx − θx‖/‖x‖ (x, hx = H x real or interleaved complex) with compensated sums,
 * so their rounding stays at a few ulps whatever the length.
 */
export function compensatedRayleigh(x: Float64Array, hx: Float64Array): { value: number; residual: number } {
  const xx = new Compensated();
  const xh = new Compensated();
  for (let i = 0; i < x.length; i++) {
    xx.add(x[i] * x[i]);
    xh.add(x[i] * hx[i]);
  }
  const theta = xh.value / xx.value;
  const rr = new Compensated();
  for (let i = 0; i < x.length; i++) {
    const d = hx[i] - theta * x[i];
    rr.add(d * d);
  }
  return { value: theta, residual: Math.sqrt(rr.value / xx.value) };
}

/**
 * Error bounds of ascending values with residuals: min(r, r²/δ) where δ is the distance to the
 * nearest value outside the cluster (|θ_j − θ_i| ≤ r_i + r_j) less its residual; `lowestIsBottom`:
 * nothing lies below values[0]; `above`: known values above the last one (without one outside its
 * cluster, the last value's bound is r).
 */
export function templeBounds(values: readonly number[], residuals: readonly number[], lowestIsBottom: boolean, above: readonly Neighbour[]): number[] {
  const v = [...values, ...above.map((a) => a.value)];
  const r = [...residuals, ...above.map((a) => a.residual)];
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    let dBelow = Infinity;
    let dUp = Infinity;
    let haveBelow = false;
    let haveUp = false;
    for (let j = 0; j < v.length; j++) {
      if (j === i || Math.abs(v[j] - v[i]) <= r[i] + r[j]) continue;
      if (v[j] < v[i]) {
        haveBelow = true;
        dBelow = Math.min(dBelow, v[i] - v[j] - r[j]);
      } else {
        haveUp = true;
        dUp = Math.min(dUp, v[j] - v[i] - r[j]);
      }
    }
    // Nothing outside the cluster below: the bottom of the spectrum when lowestIsBottom, else unknown.
    const below = haveBelow ? dBelow : lowestIsBottom ? Infinity : 0;
    const up = haveUp ? dUp : 0;
    const delta = Math.min(below, up);
    out.push(delta > r[i] ? Math.min(r[i], (r[i] * r[i]) / delta) : r[i]);
  }
  return out;
}

/**
 * Bounds that hold for the i-th eigenvalue counted with multiplicity inside a cluster: ascending values
 * chained while |θ_j − θ_i| ≤ r_i + r_j form a cluster C (its vectors orthonormal); a value of a
 * cluster of two or more gets max_{j∈C} |θ_i − θ_j| + (Σ_{j∈C} r_j²)^½ (Kahan: |C| eigenvalues lie
 * within ‖R_C‖₂ ≤ (Σ r_j²)^½ of the cluster's values, and which of them is the i-th is not known);
 * a value alone keeps `single[i]`. `values` and `residuals` may run past `single` (neighbours above).
 */
export function clusterBounds(values: readonly number[], residuals: readonly number[], single: readonly number[]): number[] {
  const out = single.slice();
  let start = 0;
  for (let i = 1; i <= values.length; i++) {
    if (i < values.length && values[i] - values[i - 1] <= residuals[i] + residuals[i - 1]) continue;
    if (i - start >= 2) {
      let rr = 0;
      for (let j = start; j < i; j++) rr += residuals[j] * residuals[j];
      const spread = Math.sqrt(rr);
      for (let q = start; q < Math.min(i, out.length); q++) {
        out[q] = Math.max(out[q], Math.max(values[q] - values[start], values[i - 1] - values[q]) + spread);
      }
    }
    start = i;
  }
  return out;
}

/**
 * Bounds of a merged ascending list (values from several sectors, each within bounds[i] of its own
 * sector's matching eigenvalue): chained while |θ_j − θ_i| ≤ b_i + b_j, a value's bound widens to
 * max_j (|θ_i − θ_j| + b_j) over its chain, so it holds for the i-th value of the merged spectrum.
 */
export function mergedBounds(values: readonly number[], bounds: readonly number[]): number[] {
  const out = bounds.slice();
  let start = 0;
  for (let i = 1; i <= values.length; i++) {
    if (i < values.length && values[i] - values[i - 1] <= bounds[i] + bounds[i - 1]) continue;
    for (let q = start; q < i; q++) for (let j = start; j < i; j++) out[q] = Math.max(out[q], Math.abs(values[q] - values[j]) + bounds[j]);
    start = i;
  }
  return out;
}

/** Lowest eigenpairs of `op` by thick-restart Lanczos with locking (see the file comment). */
export function krylovLowest(p: KrylovParams): KrylovResult {
  const { op, rng, limits, work } = p;
  const c = op.complex;
  const len = op.dim * (c ? 2 : 1);
  const slots: Float64Array[] = [];
  const slot = (k: number): Float64Array => (slots[k] ??= new Float64Array(len));
  const locked: { x: Float64Array; value: number; residual: number }[] = [];
  // The residual (estimate) of the value at a check round's cut: copies within the residuals of it are capped.
  let cutResidual = 0;
  let stopped = false;
  let next: { value: number; residual: number } | null = null;

  /**
   * One run for `want` more values below `cutoff` (deflating the locked vectors): locks what it
   * accepts; returns the first value above them (with its residual estimate) when seen.
   */
  const run = (want: number, cutoff: number, looseAbove: boolean): { accepted: number; next: { value: number; residual: number } | null } => {
    const f = locked.length;
    const dimAvail = op.dim - f;
    want = Math.min(want, dimAvail);
    if (want <= 0) return { accepted: 0, next: null };
    // At least want + 3 vectors (past the memory share if the locked ones took it), at most the space.
    const mAct = Math.min(dimAvail, Math.max(p.slots - f - 1, want + 3));
    const V = (k: number): Float64Array => slot(f + k);
    const L = locked.map((l) => l.x);
    const s = c ? 2 : 1;
    const T = new Float64Array(mAct * mAct * s);
    const setT = (i: number, j: number, re: number, im: number) => {
      T[(i * mAct + j) * s] = re;
      if (c) T[(i * mAct + j) * s + 1] = im;
      T[(j * mAct + i) * s] = re;
      if (c) T[(j * mAct + i) * s + 1] = i === j ? 0 : -im;
    };
    randomUnit(V(0), rng, L, c);
    let pKeep = 0;
    let j = 0;
    // ω_j[k] estimates v_kᴴ v_j (complex, interleaved) for the current and previous vectors.
    let omegaPrev = new Float64Array(2 * (mAct + 1));
    let omegaCur = new Float64Array(2 * (mAct + 1));
    omegaCur[0] = 1;
    let forceNext = false;
    // Kept Ritz vectors that had converged at the last restart: every later vector is orthogonalised
    // against them (Paige: orthogonality is lost exactly towards converged Ritz vectors).
    let converged: Float64Array[] = [];
    const noise = EPS * Math.max(1, p.scale);
    const fullPass = (w: Float64Array, upto: number): void => {
      const basis: Float64Array[] = [];
      for (let k = 0; k <= upto; k++) basis.push(V(k));
      project(basis, w, c);
    };
    for (;;) {
      const w = V(j + 1);
      op.apply(V(j), w);
      work.matvecs++;
      const arrow = j === pKeep;
      let alpha = 0;
      if (arrow) {
        // First step after a (re)start: the whole column of T (the arrow of the kept Ritz vectors).
        const basis: Float64Array[] = [];
        for (let k = 0; k <= j; k++) basis.push(V(k));
        const h = project(basis, w, c);
        for (let k = 0; k <= j; k++) setT(k, j, h[2 * k], k === j ? 0 : h[2 * k + 1]);
        alpha = h[2 * j];
      } else {
        [alpha] = dot(V(j), w, c);
        const b = T[(j * mAct + j - 1) * s];
        axpy(w, -alpha, 0, V(j), c);
        axpy(w, -b, 0, V(j - 1), c);
        setT(j, j, alpha, 0);
      }
      // Deflation after the recurrence's subtractions: projected before them, a component along a
      // locked vector would grow by |α|/β per step (a large constant term makes that 10⁴).
      if (f > 0) project(L, w, c);
      if (!arrow && converged.length > 0) project(converged, w, c);
      let beta = norm(w);
      const omegaNext = new Float64Array(2 * (mAct + 1));
      if (!arrow && beta > 0) {
        // Simon's recurrence: β_j ω_{j+1,k} = Σ_l T[k][l] ω_{j,l} − α_j ω_{j,k} − β_{j−1} ω_{j−1,k} + noise.
        const bPrev = T[(j * mAct + j - 1) * s];
        let worst = 0;
        for (let k = 0; k < j; k++) {
          let xr = -alpha * omegaCur[2 * k] - bPrev * omegaPrev[2 * k];
          let xi = -alpha * omegaCur[2 * k + 1] - bPrev * omegaPrev[2 * k + 1];
          for (let l = 0; l <= j; l++) {
            const tr = T[(k * mAct + l) * s];
            const ti = c ? T[(k * mAct + l) * s + 1] : 0;
            if (tr === 0 && ti === 0) continue;
            const orr = omegaCur[2 * l];
            const oi = omegaCur[2 * l + 1];
            xr += tr * orr - ti * oi;
            xi += tr * oi + ti * orr;
          }
          const m = Math.hypot(xr, xi);
          if (m > 0) {
            xr += (noise * xr) / m;
            xi += (noise * xi) / m;
          } else xr = noise;
          omegaNext[2 * k] = xr / beta;
          omegaNext[2 * k + 1] = xi / beta;
          worst = Math.max(worst, Math.hypot(omegaNext[2 * k], omegaNext[2 * k + 1]));
        }
        omegaNext[2 * j] = noise / beta;
        if (forceNext || worst > SQRT_EPS) {
          // Reorthogonalise this vector and the next one (Simon), then orthogonality is ε again.
          fullPass(w, j);
          beta = norm(w);
          forceNext = !forceNext;
          omegaNext.fill(0);
          for (let k = 0; k <= j; k++) omegaNext[2 * k] = noise;
        }
      } else {
        for (let k = 0; k <= j; k++) omegaNext[2 * k] = noise;
      }
      const jc = j + 1;
      let exhausted = false;
      if (jc >= dimAvail) {
        // The basis spans the whole (deflated) space: T's values are its eigenvalues.
        exhausted = true;
        beta = 0;
      } else if (beta <= 1e-14 * Math.max(1, p.scale)) {
        // An invariant subspace: T's values are exact; continue with a fresh orthogonal direction.
        const against = [...L];
        for (let k = 0; k <= j; k++) against.push(V(k));
        randomUnit(w, rng, against, c);
        beta = 0;
      } else {
        scale(w, 1 / beta);
      }
      if (jc < mAct) setT(jc, j, beta, 0);
      omegaPrev = omegaCur;
      omegaCur = omegaNext;
      omegaCur[2 * jc] = 1;
      omegaCur[2 * jc + 1] = 0;
      // A limit stops the run only once it holds `want` Ritz values (the first complete answer).
      const hitLimit = (work.matvecs >= work.maxMatvecs || limits.check()) && (looseAbove || jc >= want);
      if (!(exhausted || jc === mAct || (jc - pKeep) % CHECK_EVERY === 0 || hitLimit)) {
        j++;
        continue;
      }
      // Diagonalise T (jc × jc).
      const Tj = new Float64Array(jc * jc * s);
      for (let r = 0; r < jc; r++) for (let q = 0; q < jc * s; q++) Tj[r * jc * s + q] = T[r * mAct * s + q];
      const eig = denseLowest(Tj, jc, c, jc, true);
      const theta = Array.from(eig.values);
      const res = eig.vectors.map((y) => (exhausted ? 0 : beta * Math.hypot(y[(jc - 1) * s], c ? y[(jc - 1) * s + 1] : 0)));
      const bounds = templeBounds(theta, res, true, []);
      let accepted = 0;
      let done = true;
      const wantHere = Math.min(want, jc);
      for (let i = 0; i < wantHere; i++) {
        const distance = theta[i] - cutoff;
        // A value above the cutoff needs only to be clearly above it.
        const enough = exhausted || (bounds[i] <= p.tol && !(res[i] > (p.residual ?? Infinity))) || (looseAbove && distance > 0 && res[i] <= 0.5 * distance);
        if (!enough) {
          done = false;
          break;
        }
        // Clearly above the cutoff (a copy within the tolerance of it is a degenerate one: kept).
        if (theta[i] - Math.max(bounds[i], p.tol) > cutoff) break;
        // A copy of the cut's own level (indistinguishable by the residuals) changes no value of the
        // list: a few are locked (a neighbour for the bounds), then the rounds end (a 1024-fold level
        // would otherwise take 1024 rounds).
        if (looseAbove && cutoff - theta[i] <= res[i] + cutResidual && f + i >= p.want + MAX_CUT_COPIES) break;
        accepted = i + 1;
      }
      if (done && accepted === wantHere && wantHere < want && !exhausted) done = false;
      if (done || hitLimit) {
        if (!done) stopped = true;
        // A check round cut short locks only what converged (an unconverged copy would be a false level).
        const take = done || looseAbove ? accepted : wantHere;
        const nxt = take < jc ? { value: theta[take], residual: res[take] } : null;
        formRitz(V, jc, eig.vectors, take, op.dim, c);
        const fresh: Float64Array[] = [];
        for (let i = 0; i < take; i++) {
          const x = V(i);
          project([...L, ...fresh], x, c);
          scale(x, 1 / norm(x));
          fresh.push(x);
          locked.push({ x, value: theta[i], residual: res[i] });
        }
        return { accepted: take, next: nxt };
      }
      if (jc === mAct) {
        // Thick restart: keep the lowest pKeep Ritz vectors, the residual vector after them.
        pKeep = Math.min(mAct - 3, want + 4);
        pKeep = Math.max(Math.min(pKeep, mAct - 2), 1);
        formRitz(V, jc, eig.vectors, pKeep, op.dim, c);
        // The kept Ritz vectors of a semi-orthogonal basis, made orthonormal again.
        for (let i = 0; i < pKeep; i++) {
          const before: Float64Array[] = [...L];
          for (let q = 0; q < i; q++) before.push(V(q));
          project(before, V(i), c);
          scale(V(i), 1 / norm(V(i)));
        }
        converged = [];
        for (let i = 0; i < pKeep; i++) if (res[i] <= 100 * SQRT_EPS * Math.max(1, p.scale)) converged.push(V(i));
        const tail = slots[f + jc];
        slots[f + jc] = slots[f + pKeep];
        slots[f + pKeep] = tail;
        T.fill(0);
        for (let i = 0; i < pKeep; i++) setT(i, i, theta[i], 0);
        // The residual vector against the kept Ritz vectors (the old basis was only semi-orthogonal).
        const kept: Float64Array[] = [];
        for (let i = 0; i < pKeep; i++) kept.push(V(i));
        project(kept, V(pKeep), c);
        scale(V(pKeep), 1 / norm(V(pKeep)));
        omegaCur.fill(0);
        for (let k = 0; k < pKeep; k++) omegaCur[2 * k] = noise;
        omegaCur[2 * pKeep] = 1;
        j = pKeep;
        continue;
      }
      j++;
    }
  };

  const first = run(p.want, p.cutoff, false);
  next = first.next;
  if (p.checkRounds && !stopped && first.accepted > 0) {
    for (let round = 0; round < op.dim && !stopped; round++) {
      if (work.matvecs >= work.maxMatvecs || limits.check()) {
        stopped = true;
        break;
      }
      const sorted = [...locked].sort((a, b) => a.value - b.value);
      const top = sorted.length >= p.want ? sorted[p.want - 1].value : Infinity;
      cutResidual = sorted.length >= p.want && top <= p.cutoff ? sorted[p.want - 1].residual : 0;
      const cut = Math.min(p.cutoff, top);
      if (!Number.isFinite(cut) || locked.length >= op.dim) break;
      // Each round finds one more copy of every level below the cut that still has one (a Krylov
      // space sees one direction per eigenspace); the rounds end when a run finds none.
      const got = run(p.want, cut, true);
      if (got.accepted === 0) {
        if (got.next !== null) next = got.next;
        break;
      }
    }
  }
  // Explicit residuals with a spare slot.
  const spare = slot(locked.length);
  const pairs: EigenPair[] = locked.map(({ x }) => {
    op.apply(x, spare);
    work.matvecs++;
    const q = compensatedRayleigh(x, spare);
    return { value: q.value, residual: q.residual, vector: x };
  });
  pairs.sort((a, b) => a.value - b.value);
  const kept = pairs.slice(0, Math.max(p.want, 0));
  // Locked values beyond the wanted ones are neighbours up too.
  const above: Neighbour[] = pairs.slice(kept.length).map((q) => ({ value: q.value, residual: q.residual }));
  if (next !== null) above.push(next);
  return { pairs: kept, above, stopped };
}

/** V[0..take) ← V[0..jc) · Y[:, 0..take) in place, by blocks of rows. */
function formRitz(V: (k: number) => Float64Array, jc: number, Y: readonly Float64Array[], take: number, dim: number, c: boolean): void {
  if (take === 0) return;
  const s = c ? 2 : 1;
  const buf = new Float64Array(take * CHUNK * s);
  const basis: Float64Array[] = [];
  for (let l = 0; l < jc; l++) basis.push(V(l));
  for (let start = 0; start < dim; start += CHUNK) {
    const end = Math.min(dim, start + CHUNK);
    const rows = end - start;
    buf.fill(0, 0, take * rows * s);
    for (let t = 0; t < take; t++) {
      const y = Y[t];
      const o = t * rows * s;
      for (let l = 0; l < jc; l++) {
        const v = basis[l];
        if (!c) {
          const yl = y[l];
          if (yl === 0) continue;
          for (let i = 0; i < rows; i++) buf[o + i] += yl * v[start + i];
        } else {
          const yr = y[2 * l];
          const yi = y[2 * l + 1];
          for (let i = 0; i < rows; i++) {
            const vr = v[2 * (start + i)];
            const vi = v[2 * (start + i) + 1];
            buf[o + 2 * i] += yr * vr - yi * vi;
            buf[o + 2 * i + 1] += yr * vi + yi * vr;
          }
        }
      }
    }
    for (let t = 0; t < take; t++) {
      const x = basis[t];
      x.set(buf.subarray(t * rows * s, (t + 1) * rows * s), start * s);
    }
  }
}
