/**
 * Typical certified sizes of optimize and maxcut per effort, for capabilities. Certification
 * itself is never decided by size (commands.md "Certified"): an answer is certified when the
 * enumeration or the branch and bound of solve.ts finished within its work budget.
 * The budgets are deterministic, so these sizes are the same for both engines: the largest n up to
 * which most of 5 random instances per even size were certified with the default deadline-free
 * request (instances of tools/src/bench/exact-caps.ts: optimize with density 0.5 and integer
 * weights in [−100, 100]; maxcut on G(n, 0.5) with unit weights, the harder of the unit and ±1
 * families — ±1 graphs certify to 42 / 48 / 58). Never below the enumeration cap of `budgetFor`.
 * Sparser or structured inputs certify much further; denser unit max-cut less far.
 */
import { budgetFor, type SearchCommand } from './budget';
import { EFFORTS, type Effort } from '../../base';

const MEASURED: Record<SearchCommand, Record<Effort, number>> = {
  optimize: { flash: 46, medium: 54, high: 64 },
  maxcut: { flash: 36, medium: 42, high: 48 },
};

/** Typical certified size per effort (variables for optimize, nodes for maxcut). */
export function certifiedCaps(command: SearchCommand): Record<Effort, number> {
  const measured = MEASURED[command];
  if (measured === undefined) throw new RangeError(`no certified caps for "${String(command)}"`);
  const out = {} as Record<Effort, number>;
  for (const e of EFFORTS) out[e] = Math.max(measured[e], budgetFor(command, e, 1, 0).exactMaxN);
  return out;
}
