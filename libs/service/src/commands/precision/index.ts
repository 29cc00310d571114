import { CERTAINTY, TAG } from '@svc/contracts';
import { PRECISION_OPS } from '@svc/engine-ts/families/precision';
import { example, type CommandModule } from '../command-module';
import { precisionAdapter } from './adapter';
import { precisionChecker } from './check-answer';

/** precision: everything the service knows about the command (registered in commands/index.ts). */
export const precisionCommand: CommandModule = {
  command: 'precision',
  adapter: precisionAdapter,
  checker: precisionChecker,
  shape: {
    fields: ['op', 'x', 'k', 'p', 'q', 'digits'], requires: [['op']], distinctive: [], prior: 0.5,
    evidence: (b) => (typeof b.op === 'string' && (PRECISION_OPS as readonly string[]).includes(b.op) ? { bonus: 0.3, why: `op "${b.op}"` } : { bonus: -0.5, why: 'op not one of this command' }),
  },
  worksheet: {
    objective: 'Compute one operation — sqrt, nthroot, exp, ln, powq (x^(p/q)) or the constant pi, e, ln2 — correctly rounded (half-even) to 31 or 5240 significant digits.',
    template: { tag: TAG, description: 'Give the cube root of two to 31 significant digits for a tolerance table.', n: 31, op: 'nthroot', x: '2', k: 3, digits: 31 },
  },
  examples: Object.freeze([
    example({
      id: 'precision-sqrt2',
      command: 'precision',
      title: 'The square root of two to 31 significant digits',
      story: 'x is a decimal string, the answer the exact value rounded half-even to `digits` (31 or 5240) significant digits, trailing zeros dropped: here the 31st digit is 0.',
      problem: { tag: TAG, description: 'Give the diagonal of a unit square to 31 significant digits for a calibration table.', n: 31, op: 'sqrt', x: '2', digits: 31 },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'answer', value: '1.41421356237309504880168872421', certainty: CERTAINTY.operationExact },
    }),
    example({
      id: 'precision-powq-exact',
      command: 'precision',
      title: 'A power with an exact answer: 0.0625^(−3/4) = 8',
      story: 'When the value is a short decimal the answer is exact (`exact: true`) and spelled without trailing zeros; p/q is taken in lowest terms.',
      problem: { tag: TAG, description: 'Scale a sixteenth-power attenuation back up for a filter design check.', n: 31, op: 'powq', x: '0.0625', p: -3, q: 4, digits: 31 },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'answer', value: '8', certainty: CERTAINTY.operationExact },
    }),
  ]),
};
