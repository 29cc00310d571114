import { CERTAINTY, ERASURE_LIMITS, type InputOf } from '@svc/contracts';
import type { EngineResult } from '@svc/engine-ts';
import { canonicalProtect } from '@svc/engine-ts/families/erasure';
import { engineFault } from '../../internal/rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { fromBase64, sha256Hex, toBase64 } from '../shared/erasure-check';
import { firstWrongParity, manifestOf, type ProtectTerms } from './rescore';

/**
 * protect: the data's k shards go to the engine, which answers the m parity shards; the service
 * re-encodes them itself and writes the manifest. The receipt's problem is the data's SHA-256 with
 * k and m (one pass over the data, whatever its size), its answer the manifest (every shard's
 * SHA-256).
 */
export const protectAdapter: CommandAdapter = {
  command: 'protect',
  prepare(v) {
    const input = v.input as InputOf<'protect'>;
    const data = fromBase64(input.data);
    const k = input.data_shards ?? ERASURE_LIMITS.defaultDataShards;
    const m = input.parity_shards ?? ERASURE_LIMITS.defaultParityShards;
    const problem = canonicalOrInvalid(() => canonicalProtect(data, k, m));
    const dataSha256 = sha256Hex(data);
    const size = problem.shardSize;
    const terms: ProtectTerms = {
      size: data.length, k, m, shardSize: size, dataSha256,
      data: Array.from({ length: k }, (_, j) => problem.shards.subarray(j * size, (j + 1) * size)),
    };
    return {
      problem,
      // Compute units count the bytes (n); nothing is searched.
      terms: 0,
      receiptProblem: { n: data.length, data_sha256: dataSha256, data_shards: k, parity_shards: m },
      finish: (r) => finishProtect(terms, r),
    };
  },
};

/** The independent check of the engine's parity and the answer fields. */
export function finishProtect(t: ProtectTerms, r: EngineResult): FinishedSolve {
  if (r.kind !== 'bytes') throw engineFault(`engine returned a ${r.kind} result for protect`);
  const size = t.shardSize;
  if (r.blocks.length !== t.m || r.blocks.some((b, q) => b !== t.k + q)) {
    throw engineFault(`engine rebuilt shards ${Array.from(r.blocks).join(', ')}, expected the parity shards ${t.k}..${t.k + t.m - 1}`);
  }
  if (r.answer.length !== t.m * size) throw engineFault(`engine answered ${r.answer.length} bytes of parity, expected ${t.m} × ${size}`);
  const parity = Array.from({ length: t.m }, (_, q) => r.answer.subarray(q * size, (q + 1) * size));
  const wrong = firstWrongParity(t, parity);
  if (wrong >= 0) throw engineFault(`engine parity shard ${wrong} differs from the service's own encoding`);
  const shards = [...t.data, ...parity];
  const manifest = manifestOf(t, shards);
  return {
    fields: {
      answer: manifest,
      shards: shards.map(toBase64),
      sha256: manifest.sha256,
      size: t.size,
      manifest,
    },
    proof: null,
    stoppedAtDeadline: false,
    certainty: CERTAINTY.operationExact,
  };
}
