import type { InputOf } from '@svc/contracts';
import { canonicalPhase, PHASE_THRESHOLDS } from '@svc/engine-ts/families/phase';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { exactSpectrum } from '../shared/pauli';
import { EXACT_MAX_SITES, phaseTermsJson } from './rescore';

const LABELS: Record<string, readonly string[]> = {
  tfim: ['ferromagnetic', 'antiferromagnetic', 'paramagnetic', 'critical'],
  xxz: ['ferromagnetic', 'antiferromagnetic', 'xy', 'critical'],
  heisenberg: ['ferromagnetic', 'critical', 'xy'],
};

/**
 * phase (POST /verify): the label is one the model has (tfim's ordered label follows the sign of J);
 * a declared `gap` of a chain of up to 6 sites against the exact spectrum; declared evidence read
 * by the rule again where it decides alone (the xxz level crossings, the tfim gap-scaling exponent
 * far from its thresholds). It does not re-solve larger chains. The objective is the gap.
 */
export const phaseChecker: AnswerChecker = {
  objectiveField: 'gap',
  minimise: false,
  reference({ v }) {
    const p = canonicalPhase({ ...(v.input as InputOf<'phase'>), n: v.n });
    if (p.model !== 'tfim' || p.n > EXACT_MAX_SITES) return null;
    const e = exactSpectrum(p.n, phaseTermsJson(p, p.n));
    return e[1] - e[0];
  },
  check({ v, answer, declared }) {
    const p = canonicalPhase({ ...(v.input as InputOf<'phase'>), n: v.n });
    if (typeof answer !== 'string') return { checks: [{ name: 'answer_shape', ok: false, detail: 'expected a phase label (a string)' }], objective: null };
    const allowed = LABELS[p.model].filter((l) => p.model !== 'tfim' || l !== (p.J < 0 ? 'ferromagnetic' : 'antiferromagnetic'));
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: 'a label' },
      { name: 'label_of_model', ok: allowed.includes(answer), detail: allowed.includes(answer) ? `${answer} is a phase of ${p.model}${p.model === 'tfim' ? ` with J ${p.J < 0 ? '< 0' : '> 0'}` : ''}` : `${p.model} has ${allowed.join(', ')}` },
    ];
    let objective: number | null = null;
    if (typeof declared?.gap === 'number') {
      objective = declared.gap as number;
      if (p.n <= EXACT_MAX_SITES && p.model === 'tfim') {
        const e = exactSpectrum(p.n, phaseTermsJson(p, p.n));
        const tol = (typeof declared.tolerance === 'number' ? 2 * (declared.tolerance as number) : 0) + 1e-9;
        const ok = Math.abs(e[1] - e[0] - objective) <= tol;
        checks.push({ name: 'gap_recomputed', ok, detail: ok ? `the gap of ${p.n} sites is ${e[1] - e[0]}` : `the gap of ${p.n} sites is ${e[1] - e[0]}, not ${objective}` });
      }
    }
    const ev = declared?.evidence as Record<string, unknown> | undefined;
    const x = ev?.gap_scaling_x;
    if (p.model === 'tfim' && typeof x === 'number' && Math.abs(x) > PHASE_THRESHOLDS.xNear) {
      const want = x < 0 ? (p.J < 0 ? 'antiferromagnetic' : 'ferromagnetic') : 'paramagnetic';
      checks.push({ name: 'label_from_evidence', ok: answer === want, detail: `gap scaling x = ${x} reads ${want}` });
    }
    return { checks, objective };
  },
};
