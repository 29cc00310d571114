/**
 * The independent re-check of phase evidence (never trusting the engine), from the request: the
 * sizes are the ones the rule expects; every number finite, bounds non-negative, E1 ≥ E0 within the
 * bounds; moments consistent (0 ≤ ⟨M²⟩ ≤ L², ⟨M²⟩² ≤ ⟨M⁴⟩ ≤ L²⟨M²⟩, |⟨Z Z⟩| ≤ 1); the polarised level
 * recomputed (JΔ·bonds); and up to EXACT_MAX_SITES sites every level the engine reports checked
 * against the exact spectrum of that size's Hamiltonian built term by term (shared/pauli.ts).
 */
import { bondsOf, sizesFor, TFIM_STRIDE, XXZ_STRIDE, type PhaseProblem } from '@svc/engine-ts/families/phase';
import { engineFault } from '../../internal/rescore';
import { exactSpectrum, type TermJson } from '../shared/pauli';

/** Sizes up to this are recomputed exactly (Jacobi on 2^(L+1) × 2^(L+1)). */
export const EXACT_MAX_SITES = 6;

/** The model's Hamiltonian on L sites as JSON terms, written out again here (not the engine's masks). */
export function phaseTermsJson(p: PhaseProblem, L: number): TermJson[] {
  const out: TermJson[] = [];
  const at = (pairs: [number, string][]) => {
    const a = Array.from({ length: L }, () => 'I');
    for (const [q, ch] of pairs) a[q] = ch;
    return a.join('');
  };
  for (let i = 0; i < bondsOf(L, p.boundary === 'periodic'); i++) {
    const j = (i + 1) % L;
    if (p.model === 'tfim') out.push({ coeff: -p.J, ops: at([[i, 'Z'], [j, 'Z']]) });
    else {
      const d = p.model === 'heisenberg' ? 1 : p.delta;
      out.push({ coeff: p.J, ops: at([[i, 'X'], [j, 'X']]) }, { coeff: p.J, ops: at([[i, 'Y'], [j, 'Y']]) }, { coeff: p.J * d, ops: at([[i, 'Z'], [j, 'Z']]) });
    }
  }
  if (p.model === 'tfim') for (let i = 0; i < L; i++) out.push({ coeff: -p.h, ops: at([[i, 'X']]) });
  return out;
}

export function recheckPhase(p: PhaseProblem, numbers: ArrayLike<number>, count: number): void {
  const stride = p.model === 'tfim' ? TFIM_STRIDE : XXZ_STRIDE;
  const sizes = sizesFor(p);
  if (numbers.length !== count * stride || count > sizes.length) throw engineFault(`the phase evidence has ${numbers.length} numbers for ${count} sizes`);
  for (let k = 0; k < count; k++) {
    const row = Array.from({ length: stride }, (_, i) => numbers[k * stride + i]);
    if (!row.every(Number.isFinite)) throw engineFault(`size ${k}: a number is not finite`);
    const L = row[0];
    if (L !== sizes[k]) throw engineFault(`size ${k} is ${L}, expected ${sizes[k]}`);
    const [, e0, b0, e1, b1] = row;
    if (b0 < 0 || b1 < 0 || e1 < e0 - b0 - b1) throw engineFault(`size ${L}: levels ${e0}, ${e1} with bounds ${b0}, ${b1} are not ascending`);
    const [m2, m4, corr] = p.model === 'tfim' ? [row[5], row[6], row[7]] : [row[8], row[9], row[10]];
    const eps = 1e-9 * L ** 4;
    if (m2 < -eps || m2 > L * L + eps || m4 < m2 * m2 - eps || m4 > L * L * m2 + eps || Math.abs(corr) > 1 + 1e-9) {
      throw engineFault(`size ${L}: moments ⟨M²⟩ = ${m2}, ⟨M⁴⟩ = ${m4}, ⟨ZZ⟩ = ${corr} are inconsistent`);
    }
    if (p.model !== 'tfim') {
      const d = p.model === 'heisenberg' ? 1 : p.delta;
      const ef = p.J * d * bondsOf(L, p.boundary === 'periodic');
      if (Math.abs(row[7] - ef) > 1e-12 * (1 + Math.abs(ef))) throw engineFault(`size ${L}: the polarised level is ${row[7]}, it is ${ef}`);
    }
    if (L <= EXACT_MAX_SITES) {
      const exact = exactSpectrum(L, phaseTermsJson(p, L));
      const isLevel = (e: number, bound: number) => exact.some((x) => Math.abs(x - e) <= bound + 1e-9);
      if (p.model === 'tfim') {
        if (Math.abs(exact[0] - e0) > b0 + 1e-9 || Math.abs(exact[1] - e1) > b1 + 1e-9) throw engineFault(`size ${L}: lowest levels ${e0}, ${e1}, exactly ${exact[0]}, ${exact[1]}`);
      } else if (!isLevel(e0, b0) || !isLevel(e1, b1) || !isLevel(row[5], row[6])) {
        throw engineFault(`size ${L}: a level the engine reports (${e0}, ${e1}, ${row[5]}) is not in the exact spectrum`);
      }
    }
  }
}
