/**
 * entropy: the entanglement of a given state, or of the ground state of a Pauli sum, across a
 * subsystem (C++ twin: core/entropy/solve.cc). The state is normalised exactly; a ground state comes
 * from kernels/pauli-spectrum.ts (k = 2, with a residual target: the gap bounds its error), then
 * kernels/entanglement.ts. Bounds: T = (ground state's sin θ ≤ residual / gap) + the rounding's
 * trace distance; entropy by Fannes–Audenaert, Rényi-2 by |Δ tr ρ²| ≤ 4T, Schmidt coefficients by √(2T).
 * A ground state not resolved from the next level (gap within the two bounds) gives `degenerate` 1
 * and the trivial bound log2 d; so does a search a limit cut short (its vector's distance to the
 * ground state is not proven). A limit that fires before any state lets the search run on, within
 * its work budget, to its first complete answer (the deadline rule of docs/contract.md).
 */
import type { CancelSignal, NumericResult, SolveRequest } from '../../base';
import { entanglement, fannesAudenaert, type Entanglement } from '../../kernels/entanglement';
import { Limits } from '../../kernels/model';
import { pauliSpectrum } from '../../kernels/pauli-spectrum';
import { entropyBudgetFor, MAX_SCHMIDT } from './budget';
import type { EntropyProblem } from './problem';

/** The entropies' bounds from a trace distance T on the reduced side of dimension d with purity P. */
export function entropyBounds(t: number, d: number, purity: number): { entropy: number; renyi2: number; schmidt: number } {
  const entropy = fannesAudenaert(t, d);
  const renyi2 = 4 * t < purity ? Math.log2(purity / (purity - 4 * t)) : Math.log2(d);
  return { entropy, renyi2, schmidt: Math.min(1, Math.sqrt(2 * t)) };
}

/** Solves an `entropy` request synchronously. */
export function solveEntropy(req: SolveRequest<EntropyProblem>, signal?: CancelSignal): NumericResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'entropy' || p.kind !== 'entropy') throw new Error('entropy needs an entropy problem');
  const b = entropyBudgetFor(req.effort);
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  let psi: Float64Array;
  let stateT = 0;
  let cut = false;
  let ground: Ground = { energy: NaN, error: NaN, gap: NaN, gapError: NaN, matvecs: 0, converged: 1, degenerate: 0 };
  if (p.state !== null) {
    let norm = 0;
    for (let i = 0; i < p.state.length; i++) norm += p.state[i] * p.state[i];
    const inv = 1 / Math.sqrt(norm);
    psi = Float64Array.from(p.state, (v) => v * inv);
  } else {
    const search = (l: Limits) => pauliSpectrum(p, {
      k: Math.min(2, 2 ** p.n), tolerance: b.tolerance, maxMatvecs: b.maxMatvecs, denseMaxDim: b.denseMaxDim,
      basisBytes: b.basisBytes, seed: req.seed, limits: l, vectors: true, residual: b.residual,
    });
    let s = search(limits);
    // The deadline rule (docs/contract.md): no state yet when the budget passed, so the search runs
    // on, within the same work budget and past the limits, to its first complete answer.
    if (s.values.length === 0) s = search(new Limits(null, Infinity));
    if (s.values.length === 0) return pack(p, null, 0, ground, null, started, limits.stopped !== null);
    psi = s.vectors[0];
    const gap = s.values.length > 1 ? s.values[1] - s.values[0] : Infinity;
    const delta = s.values.length > 1 ? s.values[1] - s.errors[1] - s.values[0] : Infinity;
    // Davis–Kahan: sin θ ≤ r / δ, δ the distance from the ground value to the rest of the spectrum.
    stateT = delta > 0 ? Math.min(1, s.residuals[0] / delta) : 1;
    // A search a limit cut short proves nothing about how far its vector is from the ground state.
    cut = s.stopped;
    ground = {
      energy: s.values[0], error: s.errors[0], gap, gapError: s.values.length > 1 ? s.errors[0] + s.errors[1] : NaN,
      matvecs: s.matvecs, converged: s.complete && !s.stopped && s.values.length === Math.min(2, 2 ** p.n) ? 1 : 0, degenerate: delta > 0 ? 0 : 1,
    };
  }
  const e = entanglement(p.n, psi, p.subsystem, MAX_SCHMIDT);
  return pack(p, e, stateT, ground, p.vectors === 1 && p.state === null ? psi : null, started, limits.stopped !== null, cut);
}

interface Ground {
  energy: number;
  error: number;
  gap: number;
  gapError: number;
  matvecs: number;
  converged: number;
  degenerate: number;
}

/** The NumericResult layout of problem.ts; `e` null when a limit stopped the search before any state. */
function pack(p: EntropyProblem, e: Entanglement | null, stateT: number, ground: Ground, vector: Float64Array | null, started: number, stopped: boolean, cut = false): NumericResult {
  const common = {
    source: p.state === null ? 1 : 0, groundEnergy: ground.energy, groundError: ground.error, gap: ground.gap, gapError: ground.gapError,
    degenerate: ground.degenerate, matvecs: ground.matvecs, stateT,
  };
  let head: number[] = [];
  let extras: Record<string, number> = { ...common, schmidt: 0, dim: 0, rank: 0, vectors: 0, converged: 0 };
  if (e !== null) {
    // An unresolved ground state, or a search cut short: only the trivial bound (the entropy lies in [0, log2 d]).
    const bounds = ground.degenerate || cut ? { entropy: Math.log2(e.dim), renyi2: Math.log2(e.dim), schmidt: 1 } : entropyBounds(stateT + e.roundingT, e.dim, e.purity);
    head = [e.entropy, e.renyi2, bounds.entropy, bounds.renyi2, bounds.schmidt, ...e.schmidt, ...(vector ?? [])];
    extras = { ...common, schmidt: e.schmidt.length, dim: e.dim, rank: e.rank, vectors: vector !== null ? 1 : 0, converged: ground.converged };
  }
  const answer = Float64Array.from(head);
  return {
    kind: 'numeric', answer, ints: new Int32Array(0), objective: answer.length > 0 ? answer[0] : NaN, proof: null, stoppedAtDeadline: stopped, extras,
    work: { iterations: ground.matvecs, nodes: 0, restarts: 0 }, engineMs: performance.now() - started,
  };
}
