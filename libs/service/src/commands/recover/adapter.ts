import { CERTAINTY, type InputOf } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import type { EngineResult } from '@svc/engine-ts';
import { canonicalRecover } from '@svc/engine-ts/families/erasure';
import { engineFault } from '../../internal/rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { fromBase64, sha256Hex, toBase64 } from '../shared/erasure-check';
import { checkRebuilt, type RecoverTerms } from './rescore';

const list = (xs: readonly number[]) => (xs.length <= 12 ? xs.join(', ') : `${xs.slice(0, 12).join(', ')}, …`);

/**
 * recover: every given shard is hashed; one whose SHA-256 (or length) differs from the manifest's is
 * corrupted and counts as lost. More than m lost is 422 saying how many more shards are needed. The
 * engine rebuilds the lost shards from the intact ones; the service checks them against the
 * manifest (recover/rescore.ts). The receipt's problem is the manifest with each given shard's SHA-256.
 */
export const recoverAdapter: CommandAdapter = {
  command: 'recover',
  prepare(v) {
    const input = v.input as InputOf<'recover'>;
    const manifest = input.manifest;
    const k = manifest.data_shards;
    const m = manifest.parity_shards;
    const intact: (Uint8Array | null)[] = [];
    const hashes: (string | null)[] = [];
    const missing: number[] = [];
    const corrupted: number[] = [];
    input.shards.forEach((s, i) => {
      if (s === null) {
        missing.push(i);
        intact.push(null);
        hashes.push(null);
        return;
      }
      const bytes = fromBase64(s);
      const h = sha256Hex(bytes);
      hashes.push(h);
      const ok = bytes.length === manifest.shard_size && h === manifest.sha256[i];
      if (!ok) corrupted.push(i);
      intact.push(ok ? bytes : null);
    });
    const lost = [...missing, ...corrupted].sort((a, b) => a - b);
    if (lost.length > m) {
      const why = [missing.length > 0 ? `missing: ${list(missing)}` : '', corrupted.length > 0 ? `corrupted (SHA-256 or length differs from the manifest): ${list(corrupted)}` : ''].filter(Boolean).join('; ');
      const more = lost.length - m;
      throw new SvcError('SVC_INVALID_INPUT',
        `shards: ${lost.length} of ${k + m} shards are lost (${why}) but parity covers only ${m}: recovery needs any ${k} intact shards, ${more} more shard${more === 1 ? ' is' : 's are'} needed`,
        { extensions: { field: 'shards' } });
    }
    const problem = canonicalOrInvalid(() => canonicalRecover(k, m, manifest.shard_size, intact));
    const terms: RecoverTerms = { manifest, intact, lost, corrupted };
    return {
      problem,
      // Compute units count the bytes (n); nothing is searched.
      terms: 0,
      receiptProblem: { n: manifest.size, manifest, shards: hashes },
      finish: (r) => finishRecover(terms, r),
    };
  },
};

/** The independent check of the rebuilt shards and the answer fields. */
export function finishRecover(t: RecoverTerms, r: EngineResult): FinishedSolve {
  if (r.kind !== 'bytes') throw engineFault(`engine returned a ${r.kind} result for recover`);
  const size = t.manifest.shard_size;
  if (r.blocks.length !== t.lost.length || r.blocks.some((b, q) => b !== t.lost[q])) {
    throw engineFault(`engine rebuilt shards [${Array.from(r.blocks).join(', ')}], expected the lost ones [${t.lost.join(', ')}]`);
  }
  if (r.answer.length !== t.lost.length * size) throw engineFault(`engine answered ${r.answer.length} bytes, expected ${t.lost.length} × ${size}`);
  const rebuilt = t.lost.map((_, q) => r.answer.subarray(q * size, (q + 1) * size));
  const { data } = checkRebuilt(t, rebuilt);
  return {
    fields: {
      answer: toBase64(data),
      repaired: [...t.lost],
      corrupted: [...t.corrupted],
      repaired_shards: rebuilt.map(toBase64),
      size: t.manifest.size,
    },
    proof: null,
    stoppedAtDeadline: false,
    certainty: CERTAINTY.operationExact,
  };
}
