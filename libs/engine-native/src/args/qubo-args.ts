/**
 * The addon arguments of `feel`, `want` and `sample` (the QUBO family beyond `optimize`; read by
 * src/binding/qubo_args.cc):
 * the extra problem fields and the work budget engine-ts would use, so both engines do the
 * same work. `feel` arrives as its exact QUBO; `want` is budgeted on its free variables (the
 * core substitutes the pins); `sample` carries engine-ts `sampleBudget`.
 */
import {
  budgetFor,
  checkPins,
  DEFAULT_SAMPLE_COUNT,
  sampleBudget,
  type Command,
  type Effort,
  type QuboProblem,
  type SearchBudget,
} from '@svc/engine-ts';
import type { NativeProblemArgs } from '../load-native-addon';

/** Commands whose problem is a QUBO with extra fields, handled here. */
export const QUBO_FAMILY_COMMANDS: ReadonlySet<Command> = new Set<Command>(['feel', 'want', 'sample']);

/** Extra addon problem fields and the budget for one of QUBO_FAMILY_COMMANDS; throws on bad input. */
export function quboFamilyArgs(
  command: Command,
  p: QuboProblem,
  effort: Effort,
  /** Model version whose search budgets apply (engine-ts BUDGET_MODELS). */
  model: string,
): { extra: Pick<NativeProblemArgs, 'pinIndex' | 'pinValue' | 'sample'>; budget: SearchBudget } {
  const n = p.n;
  const m = p.pairs.w.length;
  if (command === 'feel') {
    if (p.pins !== undefined || p.sampling !== undefined) throw new Error('feel takes no pins or sampling spec');
    return { extra: {}, budget: budgetFor('optimize', effort, n, m, model) };
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
    const budget = nFree > 0 ? budgetFor('optimize', effort, nFree, mFree, model) : budgetFor('optimize', effort, 1, 0, model);
    return { extra: { pinIndex: p.pins.index, pinValue: p.pins.value }, budget };
  }
  if (command === 'sample') {
    if (p.pins !== undefined) throw new Error('sample takes no pins');
    const count = p.sampling?.count ?? DEFAULT_SAMPLE_COUNT;
    const window = p.sampling?.energyWindow;
    if (!Number.isInteger(count) || count < 1 || count > 0x7fffffff) throw new RangeError(`sample count must be a positive integer, got ${count}`);
    if (window !== undefined && !(Number.isFinite(window) && window >= 0)) throw new RangeError('energy window must be a finite number >= 0');
    const sb = sampleBudget(effort, n, m, count);
    return {
      extra: { sample: { count, energyWindow: window ?? null, exactMaxN: sb.exactMaxN, rounds: sb.rounds, maxFlips: sb.maxFlips } },
      budget: budgetFor('optimize', effort, n, m, model),
    };
  }
  throw new Error(`"${command}" is not a QUBO-family command`);
}
