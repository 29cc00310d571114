import { canonicalMaxcut, type RawPair } from '@svc/engine-ts/families/qubo';
import type { MaxcutInput } from '@svc/contracts';
import { rescoreMaxcut } from './rescore';
import { rescoreResult } from '../shared/rescore-result';
import type { CommandAdapter } from '../adapter';
import { canonicalOrInvalid, receiptProblem, warmStartOf } from '../shared/qubo-family';

/** maxcut: maximise the weight of edges whose ends are on different sides. */
export const maxcutAdapter: CommandAdapter = {
  command: 'maxcut',
  prepare(v) {
    const input = v.input as MaxcutInput;
    const n = v.n;
    const complete = input.complete === true;
    const edges = complete ? undefined : (input.edges as ReadonlyArray<RawPair> | undefined);
    const terms = { n, edges, complete };
    const problem = canonicalOrInvalid(() => canonicalMaxcut(n, edges, complete));
    const warmStart = warmStartOf(input);
    return {
      problem,
      warmStart,
      terms: problem.edges ? problem.edges.i.length : n,
      receiptProblem: receiptProblem(problem, warmStart),
      finish(r, ctx) {
        const checked = rescoreResult({
          minimise: false, n, result: r, rescore: (x) => rescoreMaxcut(terms, x), warmStart, deadlineFired: ctx.deadlineFired,
        });
        return { ...checked, fields: { answer: Array.from(r.answer), cut_value: r.objective } };
      },
    };
  },
};
