import { bitsFromSpins, canonicalIsing, evaluateIsing, isingToQubo, spinsFromBits, type IsingProblem, type RawPair } from '@svc/engine-ts/families/qubo';
import type { FeelInput } from '@svc/contracts';
import { rescoreIsing } from './rescore';
import { assertAgrees } from '../../internal/rescore';
import { rescoreResult } from '../shared/rescore-result';
import type { CommandAdapter } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';

/**
 * feel: one ground state of Σ h_i s_i + Σ J_ij s_i s_j over s ∈ {−1,+1}^n. The engine solves
 * the exact QUBO (s = 2x − 1, offset tracked), so feel certifies the sizes optimize does; the
 * answer goes back as spins and the energy is computed in Ising terms.
 */
export const feelAdapter: CommandAdapter = {
  command: 'feel',
  prepare(v) {
    const input = v.input as FeelInput;
    const n = v.n;
    const terms = { n, field: input.field, quadratic: input.quadratic as ReadonlyArray<RawPair> | undefined };
    const ising = canonicalOrInvalid(() => canonicalIsing(n, terms.field, terms.quadratic));
    const { qubo, offset } = isingToQubo(ising);
    const warmStart = Array.isArray(input.warm_start) ? bitsFromSpins(input.warm_start) : undefined;
    return {
      problem: qubo,
      warmStart,
      terms: ising.couplings.i.length,
      receiptProblem: isingReceiptProblem(ising, input.warm_start),
      finish(r, ctx) {
        // The engine reports QUBO terms: shift by the offset before checking it against the Ising re-score.
        const inIsingTerms = { ...r, objective: r.objective + offset, ...(r.bound !== undefined ? { bound: r.bound + offset } : {}) };
        const rescore = (x: ArrayLike<number>) => rescoreIsing(terms, x);
        const checked = rescoreResult({ minimise: true, n, result: inIsingTerms, rescore, warmStart, deadlineFired: ctx.deadlineFired });
        const answer = Array.from(spinsFromBits(r.answer));
        const energy = evaluateIsing(ising, answer);
        assertAgrees('Ising energy', energy, rescore(r.answer));
        return { ...checked, fields: { answer, energy } };
      },
    };
  },
};

/** Receipt form: n, the non-zero fields by index, couplings i < j summed and sorted, spins of the warm start. */
export function isingReceiptProblem(p: IsingProblem, warmSpins?: readonly number[]): Record<string, unknown> {
  const field: Record<string, number> = {};
  for (let k = 0; k < p.n; k++) if (p.field[k] !== 0) field[String(k)] = p.field[k];
  const { i, j, w } = p.couplings;
  const quadratic: number[][] = new Array(w.length);
  for (let k = 0; k < w.length; k++) quadratic[k] = [i[k], j[k], w[k]];
  return { n: p.n, field, quadratic, ...(warmSpins ? { warm_start: Array.from(warmSpins) } : {}) };
}
