/** The canonical problem of `phase` (C++ core/phase/problem.h). */

export const PHASE_MODELS = ['tfim', 'xxz', 'heisenberg'] as const;
export type PhaseModel = (typeof PHASE_MODELS)[number];
export const PHASE_BOUNDARIES = ['open', 'periodic'] as const;
export type PhaseBoundary = (typeof PHASE_BOUNDARIES)[number];

/**
 * phase: the finite-size evidence of a spin chain's phase (models.ts): tfim −J Σ Z_iZ_{i+1} − h Σ X_i;
 * xxz J Σ (X_iX_{i+1} + Y_iY_{i+1} + Δ Z_iZ_{i+1}); heisenberg the xxz chain at Δ = 1; n sites
 * (4..20), `boundary` open or periodic. The evidence is computed on the sizes sizesFor(n) (solve.ts).
 * The answer is a `NumericResult` (base.ts): answer = `sizes` records of `stride` numbers each —
 * tfim (8): [L, E0, bound, E1, bound, ⟨M²⟩, ⟨M⁴⟩, ⟨Z_0 Z_{L/2}⟩] from the global lowest two levels
 * and the ground state (M = Σ Z_i, staggered Σ (−1)^i Z_i when J < 0);
 * xxz and heisenberg (11): [L, E0, bound, E1, bound, E(Sz = 1), bound, E_ferro, ⟨M_s²⟩, ⟨M_s⁴⟩,
 * ⟨Z_0 Z_{L/2}⟩] with E0, E1 the lowest two levels of Σ Z = 0, E(Sz = 1) the lowest of Σ Z = 2 (one
 * spin flipped up), E_ferro = JΔ·bonds the fully polarised level (exact), M_s = Σ (−1)^i Z_i in the
 * Σ Z = 0 ground state. extras: model (0 tfim, 1 xxz, 2 heisenberg), sizes, stride, matvecs,
 * converged, scale (|J| + |h| or |J|(2 + |Δ|): the energy scale per bond).
 */
export interface PhaseProblem {
  readonly kind: 'phase';
  readonly n: number;
  readonly model: PhaseModel;
  readonly boundary: PhaseBoundary;
  readonly J: number;
  readonly h: number;
  readonly delta: number;
}
