import type { InputOf } from '@svc/contracts';
import { stateArray } from '@svc/engine-ts/families/entropy';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { exactGroundState, reducedEntropy } from '../shared/pauli';
import { RECHECK_MAX_N } from './rescore';

/** The largest n whose ground state the checker finds itself (Jacobi on 2^(n+1) × 2^(n+1)). */
const GROUND_RECHECK_MAX_N = 6;

/** The entropy of the problem's state, or of its ground state, computed by the service; null beyond its sizes or for a degenerate ground level. */
function exactEntropy(n: number, input: InputOf<'entropy'>): number | null {
  if (input.state !== undefined) {
    if (n > RECHECK_MAX_N) return null;
    const psi = stateArray(input.state as [number, number][]);
    let norm = 0;
    for (const x of psi) norm += x * x;
    return reducedEntropy(n, psi.map((x) => x / Math.sqrt(norm)), input.subsystem).entropy;
  }
  if (n > GROUND_RECHECK_MAX_N) return null;
  const g = exactGroundState(n, input.terms!);
  return g === null ? null : reducedEntropy(n, g.state, input.subsystem).entropy;
}

/**
 * entropy (POST /verify): the answer is the entropy in bits (or the result document): within
 * [0, min(|A|, n − |A|)], and — for a state of up to 12 qubits, or the ground state of terms on up to
 * 6 — against the service's own value within the declared `tolerance` (else 1e-9). The objective is
 * the entropy.
 */
export const entropyChecker: AnswerChecker = {
  objectiveField: 'entropy',
  minimise: true,
  reference({ v }) {
    return exactEntropy(v.n, v.input as InputOf<'entropy'>);
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
      const ok = Math.abs(exact - answer) <= tol + 1e-12;
      checks.push({ name: 'recomputed', ok, detail: ok ? `within ${tol} of the entropy recomputed by the service (${exact})` : `the service recomputes ${exact}, ${Math.abs(exact - answer)} away (tolerance ${tol})` });
    } else {
      checks.push({ name: 'recomputed', ok: true, detail: `not recomputed: the service recomputes a state of up to ${RECHECK_MAX_N} qubits and a non-degenerate ground state of up to ${GROUND_RECHECK_MAX_N}` });
    }
    if (typeof declared?.renyi2 === 'number') {
      const ok = (declared.renyi2 as number) <= answer + tol + 1e-9;
      checks.push({ name: 'renyi2_below_entropy', ok, detail: ok ? 'Rényi-2 does not exceed the von Neumann entropy' : `Rényi-2 ${declared.renyi2} exceeds the entropy ${answer}` });
    }
    return { checks, objective: answer };
  },
};
