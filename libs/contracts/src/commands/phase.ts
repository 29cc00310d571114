/**
 * `phase` (docs/phase.md): the phase of a spin chain from finite-size evidence. `model` tfim
 * (−J Σ Z_iZ_{i+1} − h Σ X_i; takes h), xxz (J Σ (XX + YY + Δ ZZ); takes delta) or heisenberg (the
 * xxz chain at Δ = 1); n sites 4..20; J (default 1, non-zero); boundary open or periodic (default).
 * xxz and heisenberg need even n, and so does a periodic tfim with J < 0 (an odd antiferromagnetic
 * ring is frustrated).
 */
import { z } from 'zod';
import { isFiniteNumber } from '../internal/checks';
import { fail, failMissing, typeName } from '../internal/issue';
import { dimension } from './shared/sizes';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { certainty, common, fastCommon, hot } from './shared/fields';
import example from './phase.valid.json';

export const PHASE_LIMITS = { minSites: 4, maxSites: 20 } as const;
const MODELS = ['tfim', 'xxz', 'heisenberg'] as const;
const BOUNDARIES = ['open', 'periodic'] as const;

const model = z.enum(MODELS).describe('tfim: −J Σ Z_iZ_{i+1} − h Σ X_i; xxz: J Σ (X_iX_{i+1} + Y_iY_{i+1} + Δ Z_iZ_{i+1}); heisenberg: xxz at Δ = 1');
const sites = z.number().int().min(PHASE_LIMITS.minSites).describe(`number of sites, ${PHASE_LIMITS.minSites}..${PHASE_LIMITS.maxSites} (even for xxz and heisenberg)`);
const J = z.number().describe('coupling J (default 1; non-zero)');
const h = z.number().describe('transverse field h (tfim only, required there)');
const delta = z.number().describe('anisotropy Δ (xxz only, required there)');
const boundary = z.enum(BOUNDARIES).describe('open or periodic (default periodic)');

function check(v: Loose): number {
  if (v.model === undefined) failMissing(['model'], 'the model: "tfim", "xxz" or "heisenberg"');
  if (!(MODELS as readonly unknown[]).includes(v.model)) fail(['model'], `expected "tfim", "xxz" or "heisenberg", got ${typeName(v.model)}${typeof v.model === 'string' ? ` "${v.model}"` : ''}`);
  if (v.boundary !== undefined && !(BOUNDARIES as readonly unknown[]).includes(v.boundary)) {
    fail(['boundary'], `expected "open" or "periodic", got ${typeName(v.boundary)}${typeof v.boundary === 'string' ? ` "${v.boundary}"` : ''}`);
  }
  const m = v.model as (typeof MODELS)[number];
  const n = v.n as number;
  if (v.J !== undefined && (!isFiniteNumber(v.J) || v.J === 0)) fail(['J'], `expected a non-zero finite number (it sets the energy scale), got ${typeName(v.J)}${typeof v.J === 'number' ? ` ${v.J}` : ''}`);
  if (m === 'tfim') {
    if (v.h === undefined) failMissing(['h'], 'the transverse field h (a finite number)');
    if (v.delta !== undefined) fail(['delta'], 'delta applies to xxz; tfim takes h');
  } else if (m === 'xxz') {
    if (v.delta === undefined) failMissing(['delta'], 'the anisotropy Δ (a finite number)');
    if (v.h !== undefined) fail(['h'], 'h applies to tfim; xxz takes delta');
  } else {
    if (v.h !== undefined) fail(['h'], 'h applies to tfim; heisenberg takes J only');
    if (v.delta !== undefined) fail(['delta'], 'heisenberg is the xxz chain at Δ = 1; give model "xxz" for another Δ');
  }
  if (m !== 'tfim' && n % 2 !== 0) fail(['n'], `${m} needs an even number of sites (Σ Z = 0 must exist), got ${n}`);
  if (m === 'tfim' && (v.J as number | undefined ?? 1) < 0 && (v.boundary ?? 'periodic') === 'periodic' && n % 2 !== 0) {
    fail(['n'], `an antiferromagnetic ring (J < 0, periodic) of ${n} sites is frustrated; give an even n or boundary "open"`);
  }
  return n;
}

function sizes(_v: Loose, n: number): void {
  if (n > PHASE_LIMITS.maxSites) dimension(`n = ${n} sites is over the cap of ${PHASE_LIMITS.maxSites} (the evidence solves chains of n − 4, n − 2 and n sites)`, PHASE_LIMITS.maxSites, 'n');
}

export const phase = {
  example,
  nMeans: 'the number of sites of the chain',
  structure: z.strictObject({ ...common, n: sites, model, J: J.optional(), h: h.optional(), delta: delta.optional(), boundary: boundary.optional() }),
  fast: z.strictObject({ ...fastCommon, n: sites, model: hot, J: J.optional(), h: h.optional(), delta: delta.optional(), boundary: hot }),
  checks: { check, sizes, contradictions: noContradictions },
  output: {
    answer: z.enum(['ferromagnetic', 'antiferromagnetic', 'paramagnetic', 'critical', 'xy']).describe('the phase label'),
    order_parameter: z.number().min(0).describe('√⟨M²⟩/n of the largest size: tfim uniform (staggered for J < 0); xxz staggered (1 for a polarised ground level)'),
    gap: z.number().describe('E1 − E0 of the largest size (xxz: over the sectors computed)'),
    evidence: z.record(z.string(), z.unknown()).describe('the finite-size numbers the label was drawn from (sizes, energies, gaps, scaled gaps, Binder cumulants or level-spectroscopy ratios, correlations) and the rule that fired'),
    near_transition: z.boolean().describe('the evidence lies near a transition: the label is then heuristic'),
    tolerance: z.number().min(0).describe('the largest error bound of the energies the rule read'),
    converged: z.boolean().describe('every size was solved to the effort\'s tolerance'),
    certainty,
  },
  limits: { n_min: PHASE_LIMITS.minSites, n_max: PHASE_LIMITS.maxSites },
} as const satisfies CommandContract;
