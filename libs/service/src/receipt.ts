import { createHash } from 'node:crypto';
import type { CanonicalProblem, Command, Effort } from '@svc/engine-ts';
import { canonicalText, writeCanonicalChunks, type CanonicalText } from './canonical-json';

/** Everything a receipt commits to (commands.md "Receipt"). */
export interface ReceiptInput {
  readonly command: Command;
  /** The problem in receipt form (see `receiptProblem`): no tag/description, n resolved. */
  readonly problem: unknown;
  readonly seed: number;
  readonly effort: Effort;
  /** Resolved model version id. */
  readonly version: string;
  /** 'native' or 'ts'. */
  readonly engine: string;
  /** The answer as it is sent (JSON value: bits, indices, item names, packed spins…). */
  readonly answer: unknown;
}

const pairsOf = (p: { i: Int32Array; j: Int32Array; w: Float64Array }): number[][] => {
  const out: number[][] = new Array(p.i.length);
  for (let k = 0; k < p.i.length; k++) out[k] = [p.i[k], p.j[k], p.w[k]];
  return out;
};

/**
 * The receipt form of a canonical problem: `n` resolved, linear terms as an index-keyed map
 * (zero entries omitted, self-pairs already folded in), pairs i < j with duplicates summed and
 * sorted, plus `warm_start` when given. Built from the canonical form so every input lane
 * (JSON, SVCB) of the same problem yields the same receipt.
 */
export function receiptProblem(p: CanonicalProblem, warmStart?: ArrayLike<number>): Record<string, unknown> {
  if (p.kind !== 'qubo' && p.kind !== 'maxcut') throw new Error(`receiptProblem covers optimize and maxcut; ${p.kind} has its own adapter form`);
  const out: Record<string, unknown> = { n: p.n };
  if (p.kind === 'qubo') {
    const linear: Record<string, number> = {};
    for (let k = 0; k < p.linear.length; k++) if (p.linear[k] !== 0) linear[String(k)] = p.linear[k];
    out.linear = linear;
    out.quadratic = pairsOf(p.pairs);
  } else if (p.complete) {
    out.complete = true;
  } else {
    out.edges = p.edges ? pairsOf(p.edges) : [];
  }
  if (warmStart) out.warm_start = Array.from(warmStart);
  return out;
}

/** `svcr_` + hex SHA-256 of the canonical JSON of {command, problem, seed, effort, version, engine, answer}. */
export function receipt(r: ReceiptInput): string {
  return receiptWith(r, r.problem);
}

/** Longest problem text `prepareReceipt` keeps in memory (UTF-8 bytes); a larger one is written after the solve. */
export const PREPARED_RECEIPT_MAX_BYTES = 32 * 1024 * 1024;

/** A receipt whose problem part is already written: `of(answer)` only hashes. */
export interface PreparedReceipt {
  of(answer: unknown): string;
}

/**
 * Writes the problem's canonical JSON now (while the engine runs on its worker) so that the
 * receipt after the solve costs one hash pass instead of a serialisation of the whole problem;
 * `receipt({...r, answer})` and `prepareReceipt(r).of(answer)` are equal.
 */
export function prepareReceipt(r: Omit<ReceiptInput, 'answer'>, maxBytes = PREPARED_RECEIPT_MAX_BYTES): PreparedReceipt {
  const text: CanonicalText | null = canonicalText(r.problem, maxBytes);
  return { of: (answer) => receiptWith({ ...r, answer }, text ?? r.problem) };
}

function receiptWith(r: ReceiptInput, problem: unknown): string {
  const doc = {
    command: r.command,
    problem,
    seed: r.seed,
    effort: r.effort,
    version: r.version,
    engine: r.engine,
    answer: ArrayBuffer.isView(r.answer) ? Array.from(r.answer as Uint8Array) : r.answer,
  };
  const hash = createHash('sha256');
  writeCanonicalChunks(doc, (chunk) => hash.update(chunk));
  return 'svcr_' + hash.digest('hex');
}
