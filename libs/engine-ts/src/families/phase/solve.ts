/**
 * phase: the finite-size evidence of a spin chain's phase (C++ twin: core/phase/solve.cc): for each
 * size of sizesFor(n), the model's lowest levels with their bounds and ground-state moments
 * (problem.ts lists them). The label is drawn from these numbers by label.ts (in the service, so
 * both engines' numbers meet one rule).
 *   tfim: the global lowest two levels and the ground state (kernels/pauli-spectrum.ts, k = 2);
 *   xxz, heisenberg: per sector of fixed Σ Z (kernels/pauli-sum.ts ones sectors): the lowest two of
 *   Σ Z = 0 with its ground state, the lowest of Σ Z = 2, and the polarised level JΔ·bonds exactly.
 */
import type { CancelSignal, NumericResult, SolveRequest } from '../../base';
import { Limits } from '../../kernels/model';
import { pauliSpectrum, roundingFloor, sectorLowest } from '../../kernels/pauli-spectrum';
import { pauliOperator, SectorBasis, SectorOperator } from '../../kernels/pauli-sum';
import { Prng } from '../../prng';
import { phaseBudgetFor } from './budget';
import { bondsOf, phaseScale, phaseTerms, sizesFor } from './models';
import type { PhaseProblem } from './problem';

export const PHASE_MODEL_CODES = { tfim: 0, xxz: 1, heisenberg: 2 } as const;
export const TFIM_STRIDE = 8;
export const XXZ_STRIDE = 11;

/** Σ_b |ψ_b|² f(b) over basis states `stateOf(i)` of a vector (interleaved when complex). */
function moments(n: number, psi: Float64Array, complex: boolean, count: number, stateOf: (i: number) => number, staggered: boolean): [number, number, number] {
  let m2 = 0;
  let m4 = 0;
  let corr = 0;
  const half = n >> 1;
  const s = complex ? 2 : 1;
  for (let i = 0; i < count; i++) {
    const w = psi[i * s] ** 2 + (complex ? psi[i * s + 1] ** 2 : 0);
    if (w === 0) continue;
    const b = stateOf(i);
    let m = 0;
    for (let q = 0; q < n; q++) m += ((b >>> q) & 1 ? -1 : 1) * (staggered && q & 1 ? -1 : 1);
    m2 += w * m * m;
    m4 += w * m * m * m * m;
    corr += w * (((b & 1) ^ ((b >>> half) & 1)) ? -1 : 1);
  }
  return [m2, m4, corr];
}

/** Solves a `phase` request synchronously. */
export function solvePhase(req: SolveRequest<PhaseProblem>, signal?: CancelSignal): NumericResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'phase' || p.kind !== 'phase') throw new Error('phase needs a phase problem');
  const b = phaseBudgetFor(req.effort);
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const out: number[] = [];
  let matvecs = 0;
  let converged = 1;
  let done = 0;
  // Every size is solved even past a deadline (the kernels then stop at their first values): the
  // first complete answer always comes, stopped_at_deadline and not converged. A cancel stops.
  for (const L of sizesFor(p)) {
    if (limits.check() && limits.stopped === 'cancel') break;
    const terms = phaseTerms(p, L);
    if (p.model === 'tfim') {
      const s = pauliSpectrum(terms, {
        k: 2, tolerance: b.tolerance, maxMatvecs: b.maxMatvecs, denseMaxDim: b.denseMaxDim, basisBytes: b.basisBytes,
        seed: req.seed, limits, vectors: true, residual: b.residual,
      });
      matvecs += s.matvecs;
      if (s.values.length < 2) {
        converged = 0;
        break;
      }
      if (!s.converged) converged = 0;
      const [m2, m4, corr] = moments(L, s.vectors[0], true, 2 ** L, (i) => i, p.J < 0);
      out.push(L, s.values[0], s.errors[0], s.values[1], s.errors[1], m2, m4, corr);
    } else {
      const op = pauliOperator(terms);
      const floor = roundingFloor(op);
      const work = { matvecs: 0, maxMatvecs: b.maxMatvecs };
      const rng = new Prng(req.seed);
      const settings = {
        cutoff: Infinity, tol: Math.max(b.tolerance * op.scale, 2 * floor), scale: op.scale, floor, residual: Math.max(b.residual * op.scale, 4 * floor),
        rng, limits, work, checkRounds: true, basisBytes: b.basisBytes, denseMaxDim: b.denseMaxDim,
      };
      const zero = new SectorBasis(L, 'ones', L / 2);
      const s0 = sectorLowest(new SectorOperator(op, zero), 2, settings);
      const s1 = sectorLowest(new SectorOperator(op, new SectorBasis(L, 'ones', L / 2 + 1)), 1, { ...settings, checkRounds: false });
      matvecs += work.matvecs;
      if (s0.pairs.length < 2 || s1.pairs.length < 1) {
        converged = 0;
        break;
      }
      if (s0.stopped || s1.stopped || !s0.complete || !s1.complete) converged = 0;
      if (Math.max(s0.errors[0], s0.errors[1], s1.errors[0]) > settings.tol) converged = 0;
      const delta = p.model === 'heisenberg' ? 1 : p.delta;
      const eFerro = p.J * delta * bondsOf(L, p.boundary === 'periodic');
      const [ms2, ms4, corr] = moments(L, s0.pairs[0].vector, op.complex, zero.dim, (i) => zero.state(i), true);
      out.push(L, s0.pairs[0].value, s0.errors[0], s0.pairs[1].value, s0.errors[1], s1.pairs[0].value, s1.errors[0], eFerro, ms2, ms4, corr);
    }
    done++;
  }
  if (done < sizesFor(p).length) converged = 0;
  const answer = Float64Array.from(out);
  return {
    kind: 'numeric', answer, ints: new Int32Array(0), objective: answer.length > 1 ? answer[answer.length - (p.model === 'tfim' ? TFIM_STRIDE : XXZ_STRIDE) + 1] : NaN,
    proof: null, stoppedAtDeadline: limits.stopped !== null,
    extras: { model: PHASE_MODEL_CODES[p.model], sizes: done, stride: p.model === 'tfim' ? TFIM_STRIDE : XXZ_STRIDE, matvecs, converged, scale: phaseScale(p) },
    work: { iterations: matvecs, nodes: 0, restarts: 0 }, engineMs: performance.now() - started,
  };
}

