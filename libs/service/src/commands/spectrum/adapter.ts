import type { EngineResult, NumericResult } from '@svc/engine-ts';
import { canonicalSpectrum, type SpectrumProblem } from '@svc/engine-ts/families/spectrum';
import { CERTAINTY, type InputOf } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import type { TermJson } from '../shared/pauli';
import { RECHECK_VECTOR_MAX_N, recheckSpectrum } from './rescore';

export const SPECTRUM_DEFAULT_K = 2;
const SYMMETRY_NAMES = ['none', 'u1', 'z-parity', 'x-parity', 'diagonal'] as const;
const METHOD_NAMES: [number, string][] = [[1, 'diagonal'], [2, 'dense'], [4, 'lanczos']];

/** `operation (numeric, tolerance <t>)` with t rounded up to two significant digits (still a bound). */
export function numericCertainty(t: number): string {
  const up = t <= 0 ? 0 : Number(roundUp(t));
  return CERTAINTY.operationNumeric.replace('<t>', up === 0 ? '0' : up.toExponential(1));
}

function roundUp(t: number): string {
  const e = Math.floor(Math.log10(t));
  const m = Math.ceil((t / 10 ** e) * 10 - 1e-9) / 10;
  return (m * 10 ** e).toPrecision(2);
}

/** The ops string of masks x, z on n qubits. */
export function opsOf(n: number, x: number, z: number): string {
  let s = '';
  for (let q = 0; q < n; q++) s += (x >> q) & 1 ? ((z >> q) & 1 ? 'Y' : 'X') : (z >> q) & 1 ? 'Z' : 'I';
  return s;
}

/** The canonical terms (merged, ordered) as JSON: the receipt form. */
export function canonicalTermsJson(p: { n: number; x: Int32Array; z: Int32Array; coeff: Float64Array }): { coeff: number; ops: string }[] {
  return Array.from(p.coeff, (c, k) => ({ coeff: c, ops: opsOf(p.n, p.x[k], p.z[k]) }));
}

/** spectrum: the lowest k eigenvalues of a Pauli sum. */
export const spectrumAdapter: CommandAdapter = {
  command: 'spectrum',
  recheckInWorker: true,
  prepare(v) {
    const input = v.input as InputOf<'spectrum'>;
    const k = input.k ?? SPECTRUM_DEFAULT_K;
    const problem = canonicalOrInvalid(() => canonicalSpectrum(v.n, input.terms, k, v.n <= RECHECK_VECTOR_MAX_N));
    return {
      problem,
      terms: problem.coeff.length,
      receiptProblem: { n: v.n, k, terms: canonicalTermsJson(problem) },
      finish: (r, ctx) => finishSpectrum(problem, input.terms, r, ctx.deadlineFired),
    };
  },
};

/** Unpacks the engine's numbers (families/spectrum/problem.ts layout), re-checks them and builds the answer fields. */
export function finishSpectrum(p: SpectrumProblem, terms: readonly TermJson[], r: EngineResult, deadlineFired: boolean): FinishedSolve {
  if (r.kind !== 'numeric') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for spectrum`);
  const { values, errors, residuals, vectors, count } = unpackSpectrum(p, r);
  const want = Math.min(p.k, 2 ** p.n);
  const converged = r.extras.converged === 1 && count === want;
  if (count === 0) throw new SvcError('SVC_ENGINE_FAILURE', 'the engine stopped before it found any eigenvalue');
  recheckSpectrum(p.n, terms, canonicalTermsJson(p), { values, errors, residuals, vectors });
  const stoppedAtDeadline = r.stoppedAtDeadline || deadlineFired;
  const tolerance = Math.max(...errors);
  const methods = METHOD_NAMES.filter(([bit]) => (r.extras.methods & bit) !== 0).map(([, name]) => name).join(',');
  const fields = {
    answer: values,
    eigenvalues: values,
    errors,
    tolerance,
    ...(count >= 2 ? { gap: values[1] - values[0] } : {}),
    ground_energy: values[0],
    symmetry: SYMMETRY_NAMES[r.extras.symmetry] ?? 'none',
    method: methods,
    converged: converged && !stoppedAtDeadline,
  };
  return {
    fields, proof: null, stoppedAtDeadline,
    certainty: converged && !stoppedAtDeadline ? numericCertainty(tolerance) : CERTAINTY.heuristic,
  };
}

/** The values, bounds, residuals and eigenvectors of a spectrum result. */
export function unpackSpectrum(p: SpectrumProblem, r: NumericResult): { values: number[]; errors: number[]; residuals: number[]; vectors: Float64Array[]; count: number } {
  const count = r.extras.count;
  const nv = r.extras.vectors;
  const len = 2 * 2 ** p.n;
  if (!(Number.isInteger(count) && count >= 0 && count <= Math.min(p.k, 2 ** p.n)) || !(nv === 0 || nv === count) || r.answer.length !== 3 * count + nv * len) {
    throw new SvcError('SVC_ENGINE_FAILURE', `the engine's spectrum result has ${r.answer.length} numbers for ${count} eigenvalues and ${nv} vectors`);
  }
  if (p.vectors === 1 && nv !== count) throw new SvcError('SVC_ENGINE_FAILURE', 'the engine left out the eigenvectors the re-check needs');
  const a = Array.from(r.answer.subarray(0, 3 * count));
  const vectors: Float64Array[] = [];
  for (let i = 0; i < nv; i++) vectors.push(r.answer.subarray(3 * count + i * len, 3 * count + (i + 1) * len));
  return { values: a.slice(0, count), errors: a.slice(count, 2 * count), residuals: a.slice(2 * count), vectors, count };
}
