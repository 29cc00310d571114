/**
 * The lowest k eigenvalues of a Pauli sum with an error bound each (C++ twin:
 * core/kernels/pauli_spectrum.{h,cc}): split by the symmetry found (pauli-sum.ts), per sector
 *   - diagonal H: the smallest diagonal entries (exact);
 *   - dim ≤ denseMaxDim: dense Householder diagonalisation (hermitian-dense.ts);
 *   - else thick-restart Lanczos with locking (lanczos.ts), later sectors only below the k-th
 *     value found so far (the cutoff);
 * then merged across sectors (multiplicities kept). Every value is the Rayleigh quotient θ of its
 * vector x, with the explicit residual r = ‖Hx − θx‖: some eigenvalue lies within r of θ (H is
 * Hermitian). A diagonal or dense sector is complete (Sturm counts: its lowest values, with
 * multiplicity), so Kato–Temple applies there: within r²/δ when the sector has no other eigenvalue
 * within δ, δ from the computed neighbours. A Lanczos sector is not proven complete: its bound is r
 * (the nearest eigenvalue), θ_i ≥ λ_i by min–max, and the answer is not `complete`. Values whose
 * residuals overlap (a cluster) get the cluster's spread plus its residual norm (lanczos.ts
 * clusterBounds), and values of different sectors within their bounds of each other the chain's
 * widening (mergedBounds), so a bound holds for the i-th eigenvalue counted with multiplicity when
 * `complete`. θ and r are summed with compensation, and each bound adds the floor
 * 2·ε·Σ|c|·(terms + 2) for the rounding of H·x (each amplitude a sum over the terms). A limit
 * (deadline, cancel, work) keeps going until k values exist (the first complete answer), then stops.
 */
import { Prng } from '../prng';
import type { Limits } from './model';
import { denseLowest } from './hermitian-dense';
import { clusterBounds, compensatedRayleigh, krylovLowest, mergedBounds, templeBounds, type EigenPair, type Neighbour } from './lanczos';
import {
  detectSymmetry, hadamardTerms, pauliOperator, sectorsFor, SectorOperator, walshHadamard,
  type PauliTerms, type SectorBasis, type Symmetry,
} from './pauli-sum';

const EPS = 2.220446049250313e-16;
/** Largest Krylov basis (vectors) a sector uses, whatever the memory allows. */
export const MAX_SLOTS = 40;

export interface PauliSpectrumOptions {
  /** Eigenvalues wanted (lowest first). */
  readonly k: number;
  /** Target error bound relative to Σ|c|. */
  readonly tolerance: number;
  /** Cap on H·v products over the whole solve (the work budget). */
  readonly maxMatvecs: number;
  /** Sectors up to this dimension are diagonalised densely. */
  readonly denseMaxDim: number;
  /** Bytes the Krylov vectors of one sector may take. */
  readonly basisBytes: number;
  readonly seed: number;
  readonly limits: Limits;
  /** Return the eigenvectors on the full 2^n space (interleaved complex). */
  readonly vectors: boolean;
  /** Target of each eigenvector's residual, relative to Σ|c| (a vector used as a state); absent: none. */
  readonly residual?: number;
}

export interface PauliSpectrum {
  /** Ascending; fewer than k only when 2^n < k or a limit stopped the search. */
  readonly values: Float64Array;
  /** An error bound per value (see the file comment). */
  readonly errors: Float64Array;
  readonly residuals: Float64Array;
  /** When asked: unit eigenvectors on the full space, interleaved (re, im), length 2^(n+1) each. */
  readonly vectors: Float64Array[];
  readonly symmetry: Symmetry | 'diagonal';
  readonly sectors: number;
  /** Which methods ran: bit 1 diagonal, 2 dense, 4 Lanczos. */
  readonly methods: number;
  readonly matvecs: number;
  /** A limit stopped the search before every value met the tolerance. */
  readonly stopped: boolean;
  /**
   * Proven that these are the lowest values counted with multiplicity: every sector that could hold
   * one of them was diagonal or dense (Sturm counts), none was cut short. Else (a Lanczos sector)
   * the values are Rayleigh quotients of orthonormal vectors, so value i ≥ λ_i, and each bound
   * holds for the nearest eigenvalue only: no proof excludes a level missed below.
   */
  readonly complete: boolean;
  /** complete, not stopped, k values and every bound within the effort's target. */
  readonly converged: boolean;
  /** The rounding floor added to every bound. */
  readonly floor: number;
  readonly scale: number;
}

interface Found extends EigenPair {
  error: number;
  basis: SectorBasis;
}

/** The rounding floor added to every bound (pauli_spectrum.h RoundingFloor). */
export function roundingFloor(op: { readonly scale: number; readonly terms: number }): number {
  return 2 * EPS * Math.max(op.scale, Number.MIN_VALUE) * (op.terms + 2);
}

/** Number of Krylov vectors a sector of `dim` may hold (at least want + 5). */
export function krylovSlots(dim: number, complex: boolean, want: number, basisBytes: number): number {
  const byMemory = Math.floor(basisBytes / (dim * 8 * (complex ? 2 : 1)));
  return Math.max(want + 5, Math.min(MAX_SLOTS, byMemory));
}

/** The lowest `k` eigenvalues of the Pauli sum (see the file comment). */
export function pauliSpectrum(terms: PauliTerms, o: PauliSpectrumOptions): PauliSpectrum {
  const n = terms.n;
  const op0 = pauliOperator(terms);
  const sym0 = detectSymmetry(op0);
  const op = sym0 === 'x-parity' ? pauliOperator(hadamardTerms(terms)) : op0;
  const scale = op.scale;
  const floor = roundingFloor(op);
  const tol = Math.max(o.tolerance * scale, 2 * floor);
  const rng = new Prng(o.seed);
  const work = { matvecs: 0, maxMatvecs: o.maxMatvecs };
  const diagonal = op.groups.length === 0;
  const symmetry: Symmetry | 'diagonal' = diagonal ? 'diagonal' : sym0;
  const bases = sectorsFor(n, diagonal ? 'none' : sym0);
  const found: Found[] = [];
  let methods = 0;
  let stopped = false;
  let complete = true;
  let cutoff = Infinity;
  for (const basis of bases) {
    const sop = new SectorOperator(op, basis);
    const r = sectorLowest(sop, Math.min(o.k, sop.dim), {
      cutoff, tol, scale, floor, rng, limits: o.limits, work, checkRounds: o.k >= 2, basisBytes: o.basisBytes, denseMaxDim: o.denseMaxDim,
      ...(o.residual !== undefined ? { residual: Math.max(o.residual * scale, 4 * floor) } : {}),
    });
    methods |= r.method;
    if (r.stopped) stopped = true;
    if (!r.complete) complete = false;
    r.pairs.forEach((q, i) => found.push({ ...q, error: r.errors[i], basis }));
    found.sort((a, b) => a.value - b.value);
    // Values past the k-th are kept until the end: one within its bound of the k-th widens that bound.
    if (found.length >= o.k) cutoff = found[o.k - 1].value + found[o.k - 1].error;
    if (stopped || o.limits.check()) {
      stopped = stopped || o.limits.stopped !== null;
      // Past a deadline every later sector still runs (dense ones whole, Lanczos ones to their first
      // values): the answer keeps every sector's levels. A cancel stops.
      if (o.limits.stopped === 'cancel') break;
    }
  }
  // Values of several sectors within their bounds of each other: the i-th one's bound widens.
  const widened = mergedBounds(found.map((f) => f.value), found.map((f) => f.error));
  found.forEach((f, i) => (f.error = widened[i]));
  if (found.length > o.k) found.length = o.k;
  if (stopped || found.length < Math.min(o.k, 2 ** n)) complete = false;
  const converged = complete && found.length === Math.min(o.k, 2 ** n) && found.every((f) => f.error <= tol);
  // The Hadamard of an X-parity split is undone also when it left H diagonal.
  const vectors = o.vectors ? found.map((f) => fullVector(f, n, sym0 === 'x-parity', op.complex)) : [];
  return {
    values: Float64Array.from(found.map((f) => f.value)),
    errors: Float64Array.from(found.map((f) => f.error)),
    residuals: Float64Array.from(found.map((f) => f.residual)),
    vectors, symmetry, sectors: bases.length, methods, matvecs: work.matvecs, stopped, complete, converged, floor, scale,
  };
}

export interface SectorSettings {
  /** Values above it are not needed (Infinity: none). */
  readonly cutoff: number;
  /** Absolute target of the bounds, the bound on ‖H‖ and the rounding floor (pauliSpectrum). */
  readonly tol: number;
  readonly scale: number;
  readonly floor: number;
  /** Absolute residual target of the vectors, when they are used as states. */
  readonly residual?: number;
  readonly rng: Prng;
  readonly limits: Limits;
  readonly work: { matvecs: number; readonly maxMatvecs: number };
  readonly checkRounds: boolean;
  readonly basisBytes: number;
  readonly denseMaxDim: number;
}

export interface SectorResult {
  /** Ascending, with unit vectors on the sector's basis. */
  readonly pairs: EigenPair[];
  /** A bound per value (Kato–Temple when complete, else the residual; clusters widened) plus the floor. */
  readonly errors: number[];
  /** Diagonal or dense: these are the sector's lowest values (Sturm counts); Lanczos: not proven. */
  readonly complete: boolean;
  /** The method: 1 diagonal, 2 dense, 4 Lanczos. */
  readonly method: number;
  readonly stopped: boolean;
}

/** The lowest `want` eigenpairs of H on one sector, each with its bound (the per-sector step of pauliSpectrum). */
export function sectorLowest(sop: SectorOperator, want: number, s: SectorSettings): SectorResult {
  let pairs: EigenPair[];
  let above: Neighbour[] = [];
  let method: number;
  let stopped = false;
  let complete = true;
  if (sop.diagonal) {
    method = 1;
    ({ pairs, above } = diagonalLowest(sop, want));
  } else if (sop.dim <= s.denseMaxDim) {
    method = 2;
    // A few values past the wanted ones: the nearest one outside the top value's cluster bounds it.
    const count = Math.min(want + 8, sop.dim);
    const eig = denseLowest(sop.dense(), sop.dim, sop.complex, count, true);
    const all = eig.vectors.map((x) => rayleigh(sop, x, s.work));
    pairs = all.slice(0, want);
    above = all.slice(want).map((q) => ({ value: q.value, residual: q.residual }));
  } else {
    method = 4;
    const r = krylovLowest({
      op: sop, want, cutoff: s.cutoff, tol: s.tol, scale: s.scale, slots: krylovSlots(sop.dim, sop.complex, want, s.basisBytes),
      rng: s.rng, limits: s.limits, work: s.work, checkRounds: s.checkRounds, ...(s.residual !== undefined ? { residual: s.residual } : {}),
    });
    pairs = r.pairs;
    above = r.above;
    stopped = r.stopped;
    complete = false;
  }
  const values = pairs.map((q) => q.value);
  const residuals = pairs.map((q) => q.residual);
  // Kato–Temple's δ rests on knowing the neighbours: only a complete sector has them; else the residual.
  const single = complete ? templeBounds(values, residuals, true, above) : residuals;
  const bounds = clusterBounds([...values, ...above.map((a) => a.value)], [...residuals, ...above.map((a) => a.residual)], single);
  return { pairs, errors: bounds.map((b) => b + s.floor), method, stopped, complete };
}

/** θ = xᴴHx and ‖Hx − θx‖ for a unit x. */
function rayleigh(sop: SectorOperator, x: Float64Array, work: { matvecs: number }): EigenPair {
  const w = new Float64Array(x.length);
  sop.apply(x, w);
  work.matvecs++;
  const q = compensatedRayleigh(x, w);
  return { value: q.value, residual: q.residual, vector: x };
}

/** The smallest diagonal entries of a diagonal sector, with basis vectors; the next one as the neighbour. */
function diagonalLowest(sop: SectorOperator, want: number): { pairs: EigenPair[]; above: Neighbour[] } {
  const order = selectSmallest(sop.diag, Math.min(want + 8, sop.dim));
  const s = sop.complex ? 2 : 1;
  const pairs = order.slice(0, want).map((i) => {
    const x = new Float64Array(sop.dim * s);
    x[i * s] = 1;
    return { value: sop.diag[i], residual: 0, vector: x };
  });
  return { pairs, above: order.slice(want).map((i) => ({ value: sop.diag[i], residual: 0 })) };
}

/** Indices of the `count` smallest entries, ascending by (value, index). */
export function selectSmallest(a: Float64Array, count: number): number[] {
  // A bounded max-heap keyed by (value, index).
  const heap: number[] = [];
  const greater = (i: number, j: number) => a[i] > a[j] || (a[i] === a[j] && i > j);
  const siftUp = (k: number) => {
    while (k > 0) {
      const p = (k - 1) >> 1;
      if (!greater(heap[k], heap[p])) break;
      [heap[k], heap[p]] = [heap[p], heap[k]];
      k = p;
    }
  };
  const siftDown = (k: number) => {
    for (;;) {
      const l = 2 * k + 1;
      const r = l + 1;
      let m = k;
      if (l < heap.length && greater(heap[l], heap[m])) m = l;
      if (r < heap.length && greater(heap[r], heap[m])) m = r;
      if (m === k) return;
      [heap[k], heap[m]] = [heap[m], heap[k]];
      k = m;
    }
  };
  for (let i = 0; i < a.length; i++) {
    if (heap.length < count) {
      heap.push(i);
      siftUp(heap.length - 1);
    } else if (count > 0 && greater(heap[0], i)) {
      heap[0] = i;
      siftDown(0);
    }
  }
  return heap.sort((i, j) => a[i] - a[j] || i - j);
}

/** The eigenvector on the full space (interleaved complex), Hadamard undone for an X-parity split. */
function fullVector(f: Found, n: number, hadamard: boolean, complex: boolean): Float64Array {
  const out = new Float64Array(2 * 2 ** n);
  const s = complex ? 2 : 1;
  for (let i = 0; i < f.basis.dim; i++) {
    const b = f.basis.state(i);
    out[2 * b] = f.vector[i * s];
    if (complex) out[2 * b + 1] = f.vector[i * s + 1];
  }
  if (hadamard) walshHadamard(out, n, true);
  return out;
}
