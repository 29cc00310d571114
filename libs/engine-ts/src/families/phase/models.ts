/** The Pauli sums of the phase models on L sites (problem.ts), and the sizes the evidence uses. */
import type { PauliTerms } from '../../kernels/pauli-sum';
import type { PhaseProblem } from './problem';

/** The number of bonds of a chain of L sites. */
export function bondsOf(L: number, periodic: boolean): number {
  return periodic ? L : L - 1;
}

/** The model's Hamiltonian on L sites as Pauli masks. */
export function phaseTerms(p: PhaseProblem, L: number): PauliTerms {
  const periodic = p.boundary === 'periodic';
  const x: number[] = [];
  const z: number[] = [];
  const coeff: number[] = [];
  const add = (xm: number, zm: number, c: number) => {
    if (c === 0) return;
    x.push(xm);
    z.push(zm);
    coeff.push(c);
  };
  for (let i = 0; i < bondsOf(L, periodic); i++) {
    const pair = (1 << i) | (1 << ((i + 1) % L));
    if (p.model === 'tfim') add(0, pair, -p.J);
    else {
      const delta = p.model === 'heisenberg' ? 1 : p.delta;
      add(pair, 0, p.J); // XX
      add(pair, pair, p.J); // YY (two Y: i² = −1 folded into the masks' phase)
      add(0, pair, p.J * delta); // ZZ
    }
  }
  if (p.model === 'tfim') for (let i = 0; i < L; i++) add(1 << i, 0, -p.h);
  return { n: L, x: Int32Array.from(x), z: Int32Array.from(z), coeff: Float64Array.from(coeff) };
}

/**
 * The sizes of the evidence: n − 4, n − 2 and n — of at least 4 sites for xxz and heisenberg (even
 * n, even sizes), of at least 3 for tfim, whose n = 4 takes 3 and 4 unless a ring of 3 would be
 * frustrated (J < 0, periodic): then 4 alone.
 */
export function sizesFor(p: { readonly n: number; readonly model: string; readonly J: number; readonly boundary: string }): number[] {
  const n = p.n;
  if (p.model !== 'tfim') return [n - 4, n - 2, n].filter((L) => L >= 4);
  const frustrated = p.J < 0 && p.boundary === 'periodic';
  if (n === 4) return frustrated ? [4] : [3, 4];
  return [n - 4, n - 2, n].filter((L) => L >= 3 && !(frustrated && L % 2 === 1));
}

/** The energy scale per bond: |J| + |h| (tfim) or |J|·(2 + |Δ|) (xxz, heisenberg). */
export function phaseScale(p: PhaseProblem): number {
  if (p.model === 'tfim') return Math.abs(p.J) + Math.abs(p.h);
  return Math.abs(p.J) * (2 + Math.abs(p.model === 'heisenberg' ? 1 : p.delta));
}
