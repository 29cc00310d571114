import type { FeelInput } from '@svc/contracts';
import type { AnswerChecker } from '../command-module';
import { binaryChecker } from '../shared/binary-checker';
import { rescoreIsing, type IsingTerms } from './rescore';

const spinsToBits = (answer: readonly unknown[]): number[] | string => {
  const bad = answer.findIndex((e) => e !== 1 && e !== -1);
  return bad >= 0 ? `entry ${bad} is ${JSON.stringify(answer[bad])}, expected a spin −1 or +1` : (answer as number[]).map((s) => (s === 1 ? 1 : 0));
};

/** feel: spins ±1 (decoded to bits), Ising energy minimised. */
export const feelChecker: AnswerChecker = binaryChecker({
  objectiveField: 'energy',
  minimise: true,
  rescore: (v, x) => rescoreIsing({ ...(v.input as FeelInput), n: v.n } as IsingTerms, x),
  decode: spinsToBits,
  warmStart: (v) => {
    const ws = (v.input as FeelInput).warm_start;
    return Array.isArray(ws) ? ws.map((s) => (s === 1 ? 1 : 0)) : undefined;
  },
});
