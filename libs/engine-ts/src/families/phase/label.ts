/**
 * The phase label drawn from the finite-size evidence of solve.ts (problem.ts lists the numbers): one
 * rule for both engines' numbers, applied by the service. Thresholds are on dimensionless evidence
 * and were set from sweeps of the known diagrams (docs/phase.md); the numbers' own bounds are far
 * below them.
 *
 * tfim — gap scaling between the smallest and largest size a < b:
 *   x = ln(b·Δ_b / (a·Δ_a)) / ln(b/a), Δ = E1 − E0. A gapped disordered phase keeps Δ: x → 1; a
 *   critical point has Δ ∝ 1/L: x → 0; an ordered phase's two lowest levels merge exponentially:
 *   x ≪ 0 (a gap within its bounds at b counts as closed: x = −∞). |x| ≤ 0.2: `critical`; else
 *   ordered (`ferromagnetic`, or `antiferromagnetic` for J < 0) or `paramagnetic`, near the
 *   transition when |x| ≤ 0.4 or when the Binder cumulant U = 1 − ⟨M⁴⟩/3⟨M²⟩² moves the other way
 *   (towards 0 while x says ordered, towards 2/3 while it says disordered, by more than 0.02). With a
 *   single size (n = 4, 5) there is no scaling: U alone (> 0.55 ordered, < 0.35 disordered, else
 *   critical), always near.
 * xxz, heisenberg — at the largest size, level crossings:
 *   f = (E_ferro − E0)/(|J|·bonds): f ≤ 0 within the bounds: `ferromagnetic` (the polarised level is
 *   in the ground level); |f| < 0.08: near that transition.
 *   q = (a − b)/(a + b), a = E(Sz = 1) − E0 and b = E1 − E0 (level spectroscopy: the lowest spin-1
 *   excitation against the lowest excitation of Σ Z = 0, equal by SU(2) at Δ = 1): a = b within their
 *   bounds: `critical` (the isotropic point); q > 0.03: `antiferromagnetic` (Néel), q < −0.03: `xy`;
 *   otherwise `critical`, near. A q whose sign differs at a smaller size is near too.
 * `certain` is false near a transition (the service then says heuristic) or when a limit stopped the search.
 */
import type { PhaseProblem } from './problem';
import { TFIM_STRIDE, XXZ_STRIDE } from './solve';
import { bondsOf } from './models';

export type PhaseLabel = 'ferromagnetic' | 'antiferromagnetic' | 'paramagnetic' | 'critical' | 'xy';

export interface PhaseVerdict {
  readonly label: PhaseLabel;
  readonly certain: boolean;
  readonly nearTransition: boolean;
  /** The order parameter of the largest size: √⟨M²⟩/L (tfim: uniform, staggered for J < 0; xxz: staggered, 1 for a polarised ground level). */
  readonly orderParameter: number;
  /** E1 − E0 of the largest size (xxz: the lowest two levels over every sector computed). */
  readonly gap: number;
  /** The largest bound of the energies the rule read. */
  readonly tolerance: number;
  /** What the rule used: per-size numbers and the criterion. */
  readonly evidence: Record<string, unknown>;
}

export const PHASE_THRESHOLDS = { x: 0.2, xNear: 0.4, binderDrift: 0.02, binderOrdered: 0.55, binderDisordered: 0.35, f: 0.08, q: 0.03 } as const;

const round = (x: number) => (Number.isFinite(x) ? Number(x.toPrecision(12)) : x);

/** The label from the engine's numbers (problem.ts layout). */
export function phaseVerdict(p: PhaseProblem, numbers: ArrayLike<number>, sizes: number, converged: boolean): PhaseVerdict {
  return p.model === 'tfim' ? tfimVerdict(p, numbers, sizes, converged) : xxzVerdict(p, numbers, sizes, converged);
}

function tfimVerdict(p: PhaseProblem, a: ArrayLike<number>, count: number, converged: boolean): PhaseVerdict {
  const rows = Array.from({ length: count }, (_, k) => {
    const o = k * TFIM_STRIDE;
    const [L, e0, b0, e1, b1, m2, m4, corr] = Array.from({ length: TFIM_STRIDE }, (_, i) => a[o + i]);
    const gap = e1 - e0;
    const resolved = gap > 2 * (b0 + b1);
    return { L, e0, e1, bound: Math.max(b0, b1), gap, resolved, binder: 1 - m4 / (3 * m2 * m2), m: Math.sqrt(m2) / L, corr };
  });
  const first = rows[0];
  const last = rows[rows.length - 1];
  const ordered: PhaseLabel = p.J < 0 ? 'antiferromagnetic' : 'ferromagnetic';
  let label: PhaseLabel;
  let near: boolean;
  let x: number | null = null;
  let rule: string;
  const T = PHASE_THRESHOLDS;
  if (rows.length === 1) {
    const u = last.binder;
    label = u > T.binderOrdered ? ordered : u < T.binderDisordered ? 'paramagnetic' : 'critical';
    near = true;
    rule = `one size only: Binder cumulant U = ${round(u)} (> ${T.binderOrdered} ordered, < ${T.binderDisordered} disordered)`;
  } else {
    if (!last.resolved) x = -Infinity;
    else if (!first.resolved) x = Infinity;
    else x = Math.log((last.L * last.gap) / (first.L * first.gap)) / Math.log(last.L / first.L);
    const drift = last.binder - first.binder;
    if (Math.abs(x) <= T.x) {
      label = 'critical';
      near = true;
      rule = `gap scaling x = ${round(x)}: |x| ≤ ${T.x}, the gap closes as 1/L (critical)`;
    } else if (x < 0) {
      label = ordered;
      near = x >= -T.xNear || drift < -T.binderDrift;
      rule = `gap scaling x = ${round(x)} < −${T.x}: the lowest two levels merge faster than 1/L (ordered); Binder drift ${round(drift)}`;
    } else {
      label = 'paramagnetic';
      near = x <= T.xNear || drift > T.binderDrift;
      rule = `gap scaling x = ${round(x)} > ${T.x}: the gap stays open (disordered); Binder drift ${round(drift)}`;
    }
  }
  const tolerance = Math.max(...rows.map((r) => r.bound));
  return {
    label, certain: !near && converged, nearTransition: near, orderParameter: last.m, gap: last.gap, tolerance,
    evidence: {
      sizes: rows.map((r) => r.L), ground_energies: rows.map((r) => round(r.e0)), gaps: rows.map((r) => round(r.gap)),
      scaled_gaps: rows.map((r) => round(r.L * r.gap)), binder: rows.map((r) => round(r.binder)), magnetisation: rows.map((r) => round(r.m)),
      correlation_half: rows.map((r) => round(r.corr)), gap_scaling_x: x === null ? null : round(x), rule,
    },
  };
}

function xxzVerdict(p: PhaseProblem, a: ArrayLike<number>, count: number, converged: boolean): PhaseVerdict {
  const periodic = p.boundary === 'periodic';
  const rows = Array.from({ length: count }, (_, k) => {
    const o = k * XXZ_STRIDE;
    const [L, e0, b0, e1, b1, es1, bs1, ef, ms2, , corr] = Array.from({ length: XXZ_STRIDE }, (_, i) => a[o + i]);
    const bound = Math.max(b0, b1, bs1);
    const ex1 = es1 - e0;
    const ex0 = e1 - e0;
    const q = (ex1 - ex0) / (ex1 + ex0);
    const f = (ef - e0) / (Math.abs(p.J) * bondsOf(L, periodic));
    // The lowest two levels over what was computed: E0, E1 (Σ Z = 0), E(Sz = ±1) twice, E_ferro twice.
    const levels = [e0, e1, es1, es1, ef, ef].sort((u, v) => u - v);
    return { L, e0, e1, es1, ef, bound, q, f, degenerateSu2: Math.abs(ex1 - ex0) <= 2 * (b0 + b1 + bs1), ferroTied: Math.abs(ef - e0) <= 2 * b0, ms: Math.sqrt(ms2) / L, corr, gap: levels[1] - levels[0] };
  });
  const last = rows[rows.length - 1];
  const T = PHASE_THRESHOLDS;
  let label: PhaseLabel;
  let near: boolean;
  let rule: string;
  if (last.f < 0 || last.ferroTied) {
    label = 'ferromagnetic';
    near = !last.ferroTied && last.f > -T.f;
    rule = last.ferroTied
      ? 'the polarised level is in the ground level (f = 0 within the bounds: the isotropic ferromagnet)'
      : `f = (E_ferro − E0)/(|J|·bonds) = ${round(last.f)} < 0: the polarised level is the ground level`;
  } else if (last.degenerateSu2) {
    label = 'critical';
    near = last.f < T.f;
    rule = `E(Sz = 1) − E0 = E1 − E0 within the bounds (q = ${round(last.q)}): the SU(2)-symmetric critical point`;
  } else if (Math.abs(last.q) <= T.q) {
    label = 'critical';
    near = true;
    rule = `level spectroscopy q = ${round(last.q)}: |q| ≤ ${T.q}, near the Néel–xy transition`;
  } else {
    label = last.q > 0 ? 'antiferromagnetic' : 'xy';
    const flips = rows.some((r) => Math.sign(r.q) !== Math.sign(last.q) && !r.degenerateSu2);
    near = last.f < T.f || flips;
    rule = last.q > 0
      ? `level spectroscopy q = ${round(last.q)} > ${T.q}: the lowest excitation keeps Σ Z = 0 (the Néel tower)`
      : `level spectroscopy q = ${round(last.q)} < −${T.q}: the lowest excitation is a spin flip (the gapless xy phase)`;
    if (last.f < T.f) rule += `; f = ${round(last.f)} < ${T.f}: near the ferromagnetic transition`;
    if (flips) rule += '; the sign of q differs at a smaller size';
  }
  const ferro = label === 'ferromagnetic';
  return {
    label, certain: !near && converged, nearTransition: near, orderParameter: ferro ? 1 : last.ms, gap: last.gap,
    tolerance: Math.max(...rows.map((r) => r.bound)),
    evidence: {
      sizes: rows.map((r) => r.L), ground_energies_sz0: rows.map((r) => round(r.e0)), first_excited_sz0: rows.map((r) => round(r.e1)),
      lowest_sz1: rows.map((r) => round(r.es1)), ferro_energies: rows.map((r) => round(r.ef)), ferro_margin_f: rows.map((r) => round(r.f)),
      level_spectroscopy_q: rows.map((r) => round(r.q)), gaps: rows.map((r) => round(r.gap)), scaled_gaps: rows.map((r) => round(r.L * r.gap)),
      staggered_magnetisation: rows.map((r) => round(r.ms)), correlation_half: rows.map((r) => round(r.corr)), rule,
    },
  };
}
