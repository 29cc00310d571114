import { CERTAINTY, type InputOf } from '@svc/contracts';
import type { EngineResult } from '@svc/engine-ts';
import { canonicalPrecision, decimalText, dropTrailingZeros, formatDecimal, gcd, type PrecisionProblem } from '@svc/engine-ts/families/precision';
import { SvcError } from '@svc/errors';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { parseDec, verifyRounding, type PrecisionTerms } from './rescore';

/** The validated JSON input with its digits resolved (digits, else n, else 31). */
export function precisionTerms(input: InputOf<'precision'>, n: number): PrecisionTerms {
  return { op: input.op, x: input.x, k: input.k, p: input.p, q: input.q, digits: input.digits ?? n };
}

/** precision: one operation correctly rounded to 31 or 5240 significant digits. */
export const precisionAdapter: CommandAdapter = {
  command: 'precision',
  recheckInWorker: true,
  // One correctly rounded operation at 31 or 5240 digits: no search, time set by the digits.
  sizeBoundWork: true,
  prepare(v) {
    const terms = precisionTerms(v.input as InputOf<'precision'>, v.n);
    const problem = canonicalOrInvalid(() => canonicalPrecision({ ...terms, x: terms.x }));
    return {
      problem,
      terms: problem.x?.digits.length ?? 0,
      receiptProblem: precisionReceiptProblem(problem),
      finish: (r) => finishPrecision(terms, r),
    };
  },
};

/**
 * The receipt form (commands.md "Receipt"): the digits, the operation, x as `±<digits>e<exponent>`
 * (its value, however it was spelled), k for nthroot, p/q in lowest terms for powq.
 */
export function precisionReceiptProblem(p: PrecisionProblem): Record<string, unknown> {
  const out: Record<string, unknown> = { n: p.digits, op: p.op, digits: p.digits };
  if (p.x !== null) out.x = p.x.digits.length === 0 ? '0' : `${p.x.negative ? '-' : ''}${Array.from(p.x.digits).join('')}e${p.x.exponent}`;
  if (p.op === 'nthroot') out.k = p.k;
  if (p.op === 'powq') {
    const g = gcd(Math.abs(p.p), p.q) || 1;
    out.p = p.p / g;
    out.q = p.q / g;
  }
  return out;
}

/** The spelling both engines give a value of at most D significant digits (trailing zeros dropped, plain or d.ddde±E); null past D digits. */
function canonicalSpelling(text: string, D: number): string | null {
  const d = parseDec(text);
  if (d === null) return null;
  if (d.n === 0n) return '0';
  const all = d.n.toString();
  const digits = dropTrailingZeros(all);
  if (digits.length > D) return null;
  const e = d.e + (all.length - digits.length);
  // Exactly D digits, without forming a power of ten as large as the value.
  return formatDecimal(d.negative, { q: BigInt(digits.padEnd(D, '0')), E: digits.length - 1 + e, exact: true });
}

/** The independent check of an engine result, and the answer fields {answer, exact, digits}. */
export function finishPrecision(terms: PrecisionTerms, r: EngineResult): FinishedSolve {
  if (r.kind !== 'decimal') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for precision`);
  const text = decimalText(r);
  const a = parseDec(text);
  if (a === null || canonicalSpelling(text, terms.digits) !== text) throw new SvcError('SVC_ENGINE_FAILURE', `engine answer ${JSON.stringify(text.slice(0, 80))} is not a decimal in the canonical spelling`);
  const verdict = verifyRounding(terms, a);
  if (!verdict.ok) throw new SvcError('SVC_ENGINE_FAILURE', `engine answer is not correctly rounded: ${verdict.detail}`);
  if (verdict.exact !== undefined && verdict.exact !== r.exact) throw new SvcError('SVC_ENGINE_FAILURE', `engine says the answer is ${r.exact ? '' : 'not '}exact; the re-check says the opposite`);
  if (verdict.exact === undefined && r.exact) throw new SvcError('SVC_ENGINE_FAILURE', 'engine says a transcendental value is exact');
  return {
    fields: { answer: text, exact: r.exact, digits: terms.digits },
    proof: null,
    stoppedAtDeadline: false,
    certainty: CERTAINTY.operationExact,
  };
}
