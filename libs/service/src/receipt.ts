import { createHash } from 'node:crypto';
import type { Command, Effort } from '@svc/engine-ts';
import { canonicalText, writeCanonicalChunks, type CanonicalText } from './canonical-json';

/** Everything a receipt commits to (commands.md "Receipt"). */
export interface ReceiptInput {
  readonly command: Command;
  /** The problem in receipt form (each command's adapter builds it): no tag/description, n resolved. */
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
