/** Independent evaluation for `entropy`: the von Neumann entropy of a state across the subsystem, from its reduced density matrix. */
import type { ProblemScore } from '../../base';
import { entanglement } from '../../kernels/entanglement';
import type { EntropyProblem } from './problem';

/** The entropy (bits) of state x (2^(n+1) numbers, interleaved) across the problem's subsystem, after normalising x. */
export function stateEntropy(p: EntropyProblem, x: ArrayLike<number>): number {
  let norm = 0;
  for (let i = 0; i < x.length; i++) norm += x[i] * x[i];
  const psi = Float64Array.from(x, (v) => v / Math.sqrt(norm));
  return entanglement(p.n, psi, p.subsystem, 0).entropy;
}

export const ENTROPY_SCORE: ProblemScore<EntropyProblem> = {
  evaluate: (p, x) => stateEntropy(p, x),
  weightSum: () => 1,
  minimise: true,
};
