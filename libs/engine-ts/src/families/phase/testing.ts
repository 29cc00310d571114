/**
 * Test helpers of the phase family (imported as @svc/engine-ts/families/phase/testing): the known phase
 * diagrams as reference labels, and the sweep points (couplings beyond ±10 % of each transition).
 */
import type { PhaseLabel } from './label';
import type { PhaseInput } from './canonical';

/** The thermodynamic-limit label of a model point, and whether it lies within ±10 % of a transition. */
export function knownPhase(i: PhaseInput): { label: PhaseLabel; nearTransition: boolean } {
  const J = i.J ?? 1;
  if (i.model === 'tfim') {
    const g = Math.abs(i.h ?? 0) / Math.abs(J);
    return { label: g < 1 ? (J < 0 ? 'antiferromagnetic' : 'ferromagnetic') : g > 1 ? 'paramagnetic' : 'critical', nearTransition: Math.abs(g - 1) <= 0.1 };
  }
  // xxz and heisenberg: J Σ(XX + YY + ΔZZ) is J>0 at Δ_eff = sign(J)·Δ after a sublattice rotation (bipartite chains).
  const d = Math.sign(J) * (i.model === 'heisenberg' ? 1 : (i.delta ?? 0));
  const label: PhaseLabel = d < -1 ? 'ferromagnetic' : d > 1 ? 'antiferromagnetic' : d === 1 ? 'critical' : d === -1 ? 'ferromagnetic' : 'xy';
  return { label, nearTransition: Math.abs(d - 1) <= 0.1 || Math.abs(d + 1) <= 0.1 };
}

/** Labels that count as right for a point: the known one; at the isotropic point Δ = 1 also `xy` and `critical` both. */
export function acceptable(i: PhaseInput, label: PhaseLabel): boolean {
  const k = knownPhase(i);
  if (label === k.label) return true;
  const d = Math.sign(i.J ?? 1) * (i.model === 'heisenberg' ? 1 : (i.delta ?? 0));
  return i.model !== 'tfim' && d === 1 && label === 'xy';
}

/** Sweep points of each diagram: tfim h/J, xxz Δ, both signs of J, both boundaries. */
export function sweepPoints(model: 'tfim' | 'xxz', n: number): PhaseInput[] {
  const out: PhaseInput[] = [];
  for (const boundary of ['periodic', 'open'] as const) {
    for (const J of [1, -1]) {
      if (model === 'tfim') {
        if (J < 0 && boundary === 'periodic' && n % 2 === 1) continue;
        for (const h of [0, 0.2, 0.4, 0.6, 0.8, 0.85, 0.95, 1, 1.05, 1.15, 1.3, 1.6, 2, 3]) out.push({ model, n, J, h, boundary });
      } else {
        for (const delta of [-3, -2, -1.5, -1.15, -1.05, -1, -0.95, -0.85, -0.5, 0, 0.5, 0.85, 0.95, 1, 1.05, 1.15, 1.5, 2, 3]) out.push({ model, n, J, delta, boundary });
      }
    }
  }
  return out;
}
