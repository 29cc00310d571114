/**
 * spectrum: the lowest k eigenvalues of a Pauli sum, each with an error bound (C++ twin:
 * core/spectrum/solve.cc). The method is kernels/pauli-spectrum.ts: symmetry sectors, dense
 * diagonalisation of small sectors, thick-restart Lanczos with locking on the others, Rayleigh
 * quotients with explicit residuals and Kato–Temple bounds. A deadline, cancel or the work budget
 * keeps what was found, with `converged` 0.
 */
import type { CancelSignal, NumericResult, SolveRequest } from '../../base';
import { Limits } from '../../kernels/model';
import { pauliSpectrum, type PauliSpectrum } from '../../kernels/pauli-spectrum';
import { spectrumBudgetFor } from './budget';
import type { SpectrumProblem } from './problem';

export const SYMMETRY_CODES = { none: 0, u1: 1, 'z-parity': 2, 'x-parity': 3, diagonal: 4 } as const;

/** The NumericResult layout of problem.ts from a computed spectrum. */
export function packSpectrum(s: PauliSpectrum, k: number, started: number, stoppedAtDeadline: boolean): NumericResult {
  const count = s.values.length;
  const vecLen = s.vectors.length > 0 ? s.vectors[0].length : 0;
  const answer = new Float64Array(3 * count + s.vectors.length * vecLen);
  answer.set(s.values, 0);
  answer.set(s.errors, count);
  answer.set(s.residuals, 2 * count);
  s.vectors.forEach((v, i) => answer.set(v, 3 * count + i * vecLen));
  // `operation` only for a proven complete list whose every bound meets the effort's target.
  const converged = s.converged && count === k;
  return {
    kind: 'numeric', answer, ints: new Int32Array(0), objective: count > 0 ? s.values[0] : NaN, proof: null, stoppedAtDeadline,
    extras: {
      count, vectors: s.vectors.length, symmetry: SYMMETRY_CODES[s.symmetry], sectors: s.sectors, methods: s.methods,
      matvecs: s.matvecs, floor: s.floor, scale: s.scale, converged: converged ? 1 : 0,
    },
    work: { iterations: s.matvecs, nodes: 0, restarts: 0 },
    engineMs: performance.now() - started,
  };
}

/** Solves a `spectrum` request synchronously. */
export function solveSpectrum(req: SolveRequest<SpectrumProblem>, signal?: CancelSignal): NumericResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'spectrum' || p.kind !== 'spectrum') throw new Error('spectrum needs a spectrum problem');
  const b = spectrumBudgetFor(req.effort);
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const s = pauliSpectrum(p, {
    k: Math.min(p.k, 2 ** p.n), tolerance: b.tolerance, maxMatvecs: b.maxMatvecs, denseMaxDim: b.denseMaxDim,
    basisBytes: b.basisBytes, seed: req.seed, limits, vectors: p.vectors === 1,
  });
  return packSpectrum(s, Math.min(p.k, 2 ** p.n), started, limits.stopped !== null);
}
