import type { InputOf } from '@svc/contracts';
import { stateArray } from '@svc/engine-ts/families/entropy';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { applyTerms, exactGroundState, rayleighOf, type TermJson } from '../shared/pauli';
import { gamma, symmetricEigen } from './symmetric-eigen';
import { fannesAudenaertBound, recomputable, reducedEntropy, RECHECK_MAX_DIM, RECHECK_MAX_WORK } from './reduced-state';

/** The largest n whose ground state the checker finds itself (Jacobi on 2^(n+1) × 2^(n+1)). */
const GROUND_RECHECK_MAX_N = 6;

/**
 * The service's entropy of the problem's state, or of its ground state, and the proven bound on its
 * distance to the exact one; null beyond its sizes (reduced-state.ts caps) or for a ground level it
 * does not resolve. A ground state's own error: the angle of the computed vector to the true one is
 * at most r/δ (Davis–Kahan; r its residual from the JSON terms, δ the distance of its energy to the
 * next level, a proven floor from symmetric-eigen.ts), and the partial trace does not increase the trace
 * distance.
 */
function exactEntropy(n: number, input: InputOf<'entropy'>): { entropy: number; bound: number } | null {
  if (!recomputable(n, input.subsystem.length)) return null;
  if (input.state !== undefined) {
    const ref = reducedEntropy(n, stateArray(input.state as [number, number][]), input.subsystem);
    return { entropy: ref.entropy, bound: ref.entropyBound };
  }
  if (n > GROUND_RECHECK_MAX_N) return null;
  const terms = input.terms as readonly TermJson[];
  const g = exactGroundState(n, terms);
  if (g === null) return null;
  const q = rayleighOf(n, terms, g.state);
  const scale = terms.reduce((s, t) => s + Math.abs(t.coeff), 0);
  // The residual as evaluated, enlarged by the rounding of H·v (each entry a sum over the terms).
  const r = q.residual + 2 * gamma(terms.length + n + 4) * (1 + scale);
  // δ: from the Rayleigh quotient to the next level λ1 ≥ (the real form's third value) − its Kahan bound.
  const next = nextLevelFloor(n, terms);
  const delta = next - q.value;
  if (!(delta > 0) || !(r / delta < 0.1)) return null;
  const sinTheta = r / delta;
  const ref = reducedEntropy(n, g.state, input.subsystem);
  return { entropy: ref.entropy, bound: fannesAudenaertBound(sinTheta + ref.traceDistance, ref.dim) + ref.entropyBound };
}

/** A proven lower bound on the second distinct-or-repeated level λ1 of the Pauli sum (2^n ≤ 64): its real form's values and Kahan bound. */
function nextLevelFloor(n: number, terms: readonly TermJson[]): number {
  const dim = 2 ** n;
  const N = 2 * dim;
  const R = new Float64Array(N * N);
  const e = new Float64Array(2 * dim);
  for (let j = 0; j < dim; j++) {
    e.fill(0);
    e[2 * j] = 1;
    const col = applyTerms(n, terms, e);
    for (let i = 0; i < dim; i++) {
      R[i * N + j] = col[2 * i];
      R[(i + dim) * N + j + dim] = col[2 * i];
      R[i * N + j + dim] = -col[2 * i + 1];
      R[(i + dim) * N + j] = col[2 * i + 1];
    }
  }
  // The real form holds every level twice: values[2] is λ1's copy (λ1 = λ0 when the level is degenerate).
  const { values, bound } = symmetricEigen(R, N);
  return N > 2 ? values[2] - bound : Infinity;
}

/**
 * entropy (POST /verify): the answer is the entropy in bits (or the result document): within
 * [0, min(|A|, n − |A|)], and — for a state whose smaller side d ≤ 64 with 2^n·d ≤ 2^18, or the
 * ground state of terms on up to 6 qubits — against the service's own value within the declared
 * `tolerance` (else 1e-9) plus the service's own proven bound. The objective is the entropy.
 */
export const entropyChecker: AnswerChecker = {
  objectiveField: 'entropy',
  minimise: true,
  reference({ v }) {
    return exactEntropy(v.n, v.input as InputOf<'entropy'>)?.entropy ?? null;
  },
  check({ v, answer, declared }) {
    const input = v.input as InputOf<'entropy'>;
    if (typeof answer !== 'number' || !Number.isFinite(answer)) {
      return { checks: [{ name: 'answer_shape', ok: false, detail: 'expected the entropy in bits (a finite number)' }], objective: null };
    }
    const smaller = Math.min(input.subsystem.length, v.n - input.subsystem.length);
    const tol = typeof declared?.tolerance === 'number' ? (declared.tolerance as number) : 1e-9;
    const inRange = answer >= -tol && answer <= smaller + tol;
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: 'a finite entropy' },
      { name: 'within_range', ok: inRange, detail: `the entropy of ${smaller} qubit(s) lies in [0, ${smaller}] bits` },
    ];
    const exact = exactEntropy(v.n, input);
    if (exact !== null) {
      const away = Math.abs(exact.entropy - answer);
      const ok = away <= tol + exact.bound;
      checks.push({ name: 'recomputed', ok, detail: ok ? `within ${tol} of the entropy recomputed by the service (${exact.entropy} ± ${exact.bound})` : `the service recomputes ${exact.entropy} ± ${exact.bound}, ${away} away (tolerance ${tol})` });
    } else {
      checks.push({ name: 'recomputed', ok: true, detail: `not recomputed: the service recomputes a state whose smaller side has d ≤ ${RECHECK_MAX_DIM} and 2^n·d ≤ ${RECHECK_MAX_WORK}, and a resolved ground state of up to ${GROUND_RECHECK_MAX_N} qubits` });
    }
    if (typeof declared?.renyi2 === 'number') {
      const ok = (declared.renyi2 as number) <= answer + tol + 1e-9;
      checks.push({ name: 'renyi2_below_entropy', ok, detail: ok ? 'Rényi-2 does not exceed the von Neumann entropy' : `Rényi-2 ${declared.renyi2} exceeds the entropy ${answer}` });
    }
    return { checks, objective: answer };
  },
};
