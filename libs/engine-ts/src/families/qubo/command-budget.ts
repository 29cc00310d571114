/**
 * The work budget of each QUBO-family command as the native engine takes it: the family budget
 * object, read by the records of core/qubo/problem.h (`search`, `exact` and `exactMethod` into the
 * problem's QuboBudget, sample's fields into its SampleSpec): the budgets engine-ts itself uses,
 * so both engines do the same work. `feel` arrives as its exact
 * QUBO; `want` is budgeted on its free variables (the core substitutes the pins); `sample` adds its
 * count, window and walk budget; the complete graph of `maxcut` is solved by construction.
 */
import type { Command, Effort, ExactMethod } from '../../base';
import { budgetFor, exactBudgetFor, type ExactBudget, type SearchBudget } from './budget';
import { checkPins } from './pins';
import type { MaxcutProblem, QuboProblem } from './problem';
import { DEFAULT_SAMPLE_COUNT, sampleBudget } from './sample-budget';
import type { NativeBudget } from '../native-budget';

/** The search and exact budgets and the exact method, as core/qubo/problem.h's records read them. */
function quboBudget(search: SearchBudget, exact: ExactBudget, exactMethod: ExactMethod | undefined): NativeBudget & { family: object } {
  return { family: { search, exact, exactMethod: exactMethod ?? 'auto' } };
}

/** optimize, feel, want, sample. Throws on a problem the command cannot take. */
export function quboCommandBudget(command: Command, p: QuboProblem, effort: Effort, model?: string, exactMethod?: ExactMethod): NativeBudget {
  const n = p.n;
  const m = p.pairs.w.length;
  const exact = exactBudgetFor('optimize', effort, n);
  if (command === 'optimize' || command === 'feel') {
    if (p.pins !== undefined || p.sampling !== undefined) throw new Error(`${command} takes no pins or sampling spec`);
    return quboBudget(budgetFor('optimize', effort, n, m, model), exact, exactMethod);
  }
  if (command === 'want') {
    if (p.pins === undefined) throw new Error('want needs pins');
    if (p.sampling !== undefined) throw new Error('want takes no sampling spec');
    checkPins(p.pins, n);
    const pinned = new Uint8Array(n);
    for (const i of p.pins.index) pinned[i] = 1;
    let mFree = 0;
    for (let k = 0; k < m; k++) if (pinned[p.pairs.i[k]] === 0 && pinned[p.pairs.j[k]] === 0) mFree++;
    const nFree = n - p.pins.index.length;
    // Every variable pinned: the core answers without searching; any valid budget will do.
    return quboBudget(nFree > 0 ? budgetFor('optimize', effort, nFree, mFree, model) : budgetFor('optimize', effort, 1, 0, model), exact, exactMethod);
  }
  if (command === 'sample') {
    if (p.pins !== undefined) throw new Error('sample takes no pins');
    const count = p.sampling?.count ?? DEFAULT_SAMPLE_COUNT;
    const window = p.sampling?.energyWindow;
    if (!Number.isInteger(count) || count < 1 || count > 0x7fffffff) throw new RangeError(`sample count must be a positive integer, got ${count}`);
    if (window !== undefined && !(Number.isFinite(window) && window >= 0)) throw new RangeError('energy window must be a finite number >= 0');
    const sb = sampleBudget(effort, n, m, count);
    const { family } = quboBudget(budgetFor('optimize', effort, n, m, model), exact, exactMethod);
    return {
      family: { ...family, count, ...(window !== undefined ? { energyWindow: window } : {}), exactMaxN: sb.exactMaxN, rounds: sb.rounds, maxFlips: sb.maxFlips },
    };
  }
  throw new Error(`"${command}" does not take a QUBO problem`);
}

/** maxcut: the search and exact budgets and the exact method, none for the complete graph. */
export function maxcutBudget(p: MaxcutProblem, effort: Effort, model?: string, exactMethod?: ExactMethod): NativeBudget {
  if (p.complete) return {};
  if (p.edges === null) throw new Error('maxcut needs edges or complete: true');
  return quboBudget(budgetFor('maxcut', effort, p.n, p.edges.w.length, model), exactBudgetFor('maxcut', effort, p.n), exactMethod);
}
