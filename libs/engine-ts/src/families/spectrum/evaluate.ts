/** Independent evaluation for `spectrum`: the energy ⟨x|H|x⟩/⟨x|x⟩ of a state, term by term. */
import type { ProblemScore } from '../../base';
import { popcount, type PauliTerms } from '../../kernels/pauli-sum';
import type { SpectrumProblem } from './problem';

/**
 * ⟨x|H|x⟩/⟨x|x⟩ for a state x of 2^(n+1) numbers (interleaved re, im), applying each term on its
 * own by the definition P|b⟩ = i^{|x∧z|}(−1)^{|b∧z|}|b⊕x⟩ (no grouping, no sectors).
 */
export function pauliEnergy(t: PauliTerms, state: ArrayLike<number>): number {
  const dim = 2 ** t.n;
  if (state.length !== 2 * dim) throw new Error(`state has length ${state.length}, expected ${2 * dim}`);
  let num = 0;
  let den = 0;
  for (let b = 0; b < dim; b++) den += state[2 * b] * state[2 * b] + state[2 * b + 1] * state[2 * b + 1];
  for (let k = 0; k < t.coeff.length; k++) {
    const ny = popcount(t.x[k] & t.z[k]) & 3;
    // ⟨x|P|x⟩ = Σ_b conj(x[b⊕xm]) · i^ny · (−1)^{|b∧z|} · x[b]; Re only (P Hermitian).
    let re = 0;
    let im = 0;
    for (let b = 0; b < dim; b++) {
      const a = b ^ t.x[k];
      const sgn = popcount(b & t.z[k]) & 1 ? -1 : 1;
      const ar = state[2 * a];
      const ai = state[2 * a + 1];
      const br = state[2 * b];
      const bi = state[2 * b + 1];
      re += sgn * (ar * br + ai * bi);
      im += sgn * (ar * bi - ai * br);
    }
    const val = ny === 0 ? re : ny === 1 ? -im : ny === 2 ? -re : im;
    num += t.coeff[k] * val;
  }
  return num / den;
}

export const SPECTRUM_SCORE: ProblemScore<SpectrumProblem> = {
  evaluate: (p, x) => pauliEnergy(p, x),
  weightSum: (p) => p.coeff.reduce((s, c) => s + Math.abs(c), 0),
  minimise: true,
};
