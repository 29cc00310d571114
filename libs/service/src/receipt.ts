import { createHash } from 'node:crypto';
import type { CanonicalProblem, Command, Effort } from '@svc/engine-ts';
import { writeCanonicalJson } from './canonical-json';

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
  const doc = {
    command: r.command,
    problem: r.problem,
    seed: r.seed,
    effort: r.effort,
    version: r.version,
    engine: r.engine,
    answer: ArrayBuffer.isView(r.answer) ? Array.from(r.answer as Uint8Array) : r.answer,
  };
  const hash = createHash('sha256');
  writeCanonicalJson(doc, (chunk) => hash.update(chunk));
  return 'svcr_' + hash.digest('hex');
}
