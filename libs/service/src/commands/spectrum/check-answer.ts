import type { InputOf } from '@svc/contracts';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { exactSpectrum, termsScale } from '../shared/pauli';
import { SPECTRUM_DEFAULT_K } from './adapter';
import { EXACT_RECHECK_MAX_N } from './rescore';

/**
 * spectrum (POST /verify): the eigenvalues' shape (k numbers, ascending, inside ±Σ|coeff|), the
 * declared gap and ground energy against them, and up to EXACT_RECHECK_MAX_N qubits every value
 * against the exact spectrum (Jacobi on the matrix built from the terms), within the declared
 * `errors` (else the declared tolerance, else 1e-9·(1 + Σ|coeff|)). The objective is the ground energy.
 */
export const spectrumChecker: AnswerChecker = {
  objectiveField: 'ground_energy',
  minimise: true,
  reference({ v }) {
    const input = v.input as InputOf<'spectrum'>;
    return v.n <= EXACT_RECHECK_MAX_N ? exactSpectrum(v.n, input.terms)[0] : null;
  },
  check({ v, answer, declared }) {
    const input = v.input as InputOf<'spectrum'>;
    const k = Math.min(input.k ?? SPECTRUM_DEFAULT_K, 2 ** v.n);
    const values = Array.isArray(answer) ? answer : null;
    if (values === null || values.length !== k || values.some((x) => typeof x !== 'number' || !Number.isFinite(x))) {
      return { checks: [{ name: 'answer_shape', ok: false, detail: `expected ${k} finite eigenvalues (the lowest, ascending)` }], objective: null };
    }
    const xs = values as number[];
    const scale = termsScale(input.terms);
    const slack = 1e-9 * (1 + scale);
    const errs = Array.isArray(declared?.errors) && (declared!.errors as unknown[]).length === k
      ? (declared!.errors as number[])
      : xs.map(() => (typeof declared?.tolerance === 'number' ? (declared.tolerance as number) : 0));
    const ascending = xs.every((x, i) => i === 0 || x >= xs[i - 1]);
    const inside = xs.every((x) => Math.abs(x) <= scale + slack);
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `${k} finite eigenvalues` },
      { name: 'ascending', ok: ascending, detail: ascending ? 'ascending' : 'the eigenvalues are not in ascending order' },
      { name: 'within_norm_bound', ok: inside, detail: `every eigenvalue within ±Σ|coeff| = ±${scale}` },
    ];
    if (declared?.ground_energy !== undefined) {
      const ok = declared.ground_energy === xs[0];
      checks.push({ name: 'declared_ground_energy', ok, detail: ok ? 'ground_energy is eigenvalues[0]' : `ground_energy ${JSON.stringify(declared.ground_energy)} is not eigenvalues[0] = ${xs[0]}` });
    }
    if (declared?.gap !== undefined && k >= 2) {
      const ok = typeof declared.gap === 'number' && Math.abs(declared.gap - (xs[1] - xs[0])) <= 1e-12 * (1 + scale);
      checks.push({ name: 'declared_gap', ok, detail: ok ? 'gap is eigenvalues[1] − eigenvalues[0]' : `gap ${JSON.stringify(declared.gap)} is not ${xs[1] - xs[0]}` });
    }
    if (v.n <= EXACT_RECHECK_MAX_N) {
      const exact = exactSpectrum(v.n, input.terms);
      const bad = xs.findIndex((x, i) => Math.abs(x - exact[i]) > Math.max(errs[i] ?? 0, 0) + slack);
      checks.push({
        name: 'exact_spectrum', ok: bad < 0,
        detail: bad < 0 ? `every value within its bound of the exact spectrum of the ${2 ** v.n}×${2 ** v.n} matrix (Jacobi)` : `eigenvalue ${bad} = ${xs[bad]}, exactly ${exact[bad]}`,
      });
    } else {
      checks.push({ name: 'exact_spectrum', ok: true, detail: `not recomputed: the exact re-check covers n ≤ ${EXACT_RECHECK_MAX_N} (a solve re-checks residuals up to n = 12)` });
    }
    return { checks, objective: xs[0] };
  },
};
