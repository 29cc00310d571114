import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { xorsatExactCaps, xorsatSurely } from './exact-caps';
import { xorsatAdapter } from './adapter';
import { xorsatChecker } from './check-answer';
import { xorsatCertificate } from './certificate';

/** xorsat: everything the service knows about the command (registered in commands/index.ts). */
export const xorsatCommand: CommandModule = {
  command: 'xorsat',
  adapter: xorsatAdapter,
  checker: xorsatChecker,
  exactCaps: xorsatExactCaps,
  certifiesSurely: xorsatSurely,
  certificate: xorsatCertificate,
  shape: { fields: ['equations'], requires: [['equations']], distinctive: ['equations'], prior: 0.9 },
  worksheet: {
    objective: 'Find x ∈ {0,1}^n satisfying every XOR equation (XOR of x[vars] = rhs), or violating as few as possible.',
    template: { tag: TAG, description: 'Set three switches so that two parity checks hold.', n: 3, equations: [{ vars: [0, 1], rhs: 1 }, { vars: [1, 2], rhs: 0 }] },
  },
  examples: Object.freeze([
    example({
      id: 'xorsat-parity-checks',
      command: 'xorsat',
      title: 'Lamps that satisfy every parity check',
      story: 'Each equation is a parity check: the listed lamps must be on an odd (rhs 1) or even (rhs 0) number of times. The answer sets every lamp; elimination proves it (certified) and counts every other solution.',
      problem: {
        tag: TAG,
        description: 'Switch five lamps so that every parity check of the panel holds.',
        n: 5,
        equations: [{ vars: [0, 1, 2], rhs: 1 }, { vars: [1, 3], rhs: 0 }, { vars: [2, 3, 4], rhs: 1 }, { vars: [0, 4], rhs: 0 }],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'violations', value: 0, certainty: CERTAINTY.certified },
    }),
    example({
      id: 'xorsat-contradictory-checks',
      command: 'xorsat',
      title: 'The fewest broken checks of a contradictory panel',
      story: 'Three checks over two lamps that cannot all hold (their XOR sum reads 0 = 1): the answer breaks exactly one, and that one contradiction proves no assignment does better.',
      problem: {
        tag: TAG,
        description: 'Switch two lamps to break as few of three contradictory parity checks as possible.',
        n: 2,
        equations: [{ vars: [0], rhs: 1 }, { vars: [1], rhs: 1 }, { vars: [0, 1], rhs: 1 }],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'violations', value: 1, certainty: CERTAINTY.certified },
    }),
  ]),
};
