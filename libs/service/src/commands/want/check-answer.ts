import type { ValidatedProblem, WantInput } from '@svc/contracts';
import type { AnswerChecker } from '../command-module';
import { binaryChecker } from '../shared/binary-checker';
import { rescoreOptimize, type OptimizeTerms } from '../optimize/rescore';

const pinsOf = (v: ValidatedProblem) => (v.input as WantInput).pins as Readonly<Record<string, number>>;

/** want: optimize's check with the pins holding; the exhaustive re-check ranges over pinned assignments. */
export const wantChecker: AnswerChecker = binaryChecker({
  objectiveField: 'energy',
  minimise: true,
  rescore: (v, x) => rescoreOptimize({ ...(v.input as WantInput), n: v.n } as OptimizeTerms, x),
  // The solve compares against the warm start with the pins applied.
  warmStart: (v) => {
    const ws = (v.input as WantInput).warm_start;
    if (!Array.isArray(ws)) return undefined;
    const out = [...ws];
    for (const [k, b] of Object.entries(pinsOf(v))) out[Number(k)] = b;
    return out;
  },
  feasible: (v, x) => Object.entries(pinsOf(v)).every(([k, b]) => x[Number(k)] === b),
  extra: ({ v }, x) => {
    const broken = Object.entries(pinsOf(v)).filter(([k, b]) => x[Number(k)] !== b).map(([k]) => k);
    return [{ name: 'pins_hold', ok: broken.length === 0, detail: broken.length === 0 ? 'every pinned variable has its value' : `pinned variables ${broken.join(', ')} differ from their pins` }];
  },
});
