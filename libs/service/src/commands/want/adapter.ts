import { applyPins, canonicalPins, canonicalQubo, type QuboProblem, type RawPair } from '@svc/engine-ts/families/qubo';
import type { WantInput } from '@svc/contracts';
import { receiptProblem } from '../shared/qubo-family';
import { rescoreOptimize } from '../optimize/rescore';
import { checkPinsHold } from './rescore';
import { rescoreResult } from '../shared/rescore-result';
import type { CommandAdapter } from '../adapter';
import { canonicalOrInvalid, warmStartOf } from '../shared/qubo-family';

/**
 * want: optimize with pins. The engines substitute the pins and search the free variables, so
 * the certified cap counts free variables. A warm start that contradicts a pin loses to the pin;
 * the answer is never worse than the warm start with the pins applied. A pin set to both values
 * (a key written twice in the JSON text) is refused before here, at validation
 * (contracts want-schema.ts, pin-conflicts.ts): SVC_CONTRADICTORY_CONSTRAINTS.
 */
export const wantAdapter: CommandAdapter = {
  command: 'want',
  prepare(v) {
    const input = v.input as WantInput;
    const n = v.n;
    const terms = { n, linear: input.linear, quadratic: input.quadratic as ReadonlyArray<RawPair> | undefined };
    const qubo = canonicalOrInvalid(() => canonicalQubo(n, terms.linear, terms.quadratic));
    const pins = canonicalOrInvalid(() => canonicalPins(n, input.pins));
    const problem: QuboProblem = { ...qubo, pins };
    const warmStart = warmStartOf(input);
    const pinned: Record<string, number> = {};
    for (let k = 0; k < pins.index.length; k++) pinned[String(pins.index[k])] = pins.value[k];
    return {
      problem,
      warmStart,
      terms: qubo.pairs.i.length,
      receiptProblem: { ...receiptProblem(qubo, warmStart), pins: pinned },
      finish(r, ctx) {
        const checked = rescoreResult({
          minimise: true, n, result: r, rescore: (x) => rescoreOptimize(terms, x),
          warmStart: warmStart ? applyPins(warmStart, pins) : undefined, deadlineFired: ctx.deadlineFired,
        });
        checkPinsHold(r.answer, input.pins);
        return { ...checked, fields: { answer: Array.from(r.answer), energy: r.objective, pinned } };
      },
    };
  },
};
