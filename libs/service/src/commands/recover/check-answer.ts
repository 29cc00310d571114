import { base64Bytes, CERTAINTY, type InputOf } from '@svc/contracts';
import type { ErasureProblem } from '@svc/engine-ts/families/erasure';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { encodeParity, fromBase64, sameBytes, sha256Hex, splitData } from '../shared/erasure-check';

/**
 * recover (POST /verify): the answer is the data (base64) or a result document carrying it. The
 * service re-encodes it and checks that every shard of that encoding hashes to the manifest's
 * SHA-256 and the data to data_sha256; with a document, that `repaired` names the lost shards and
 * `repaired_shards` are those shards.
 */
export const recoverChecker: AnswerChecker = {
  objectiveField: 'size',
  minimise: false,
  check({ v, prep, answer, declared }) {
    const { manifest: m } = v.input as InputOf<'recover'>;
    let bytes: number;
    try {
      bytes = base64Bytes(answer, ['answer']);
    } catch (e) {
      return { checks: [{ name: 'answer_shape', ok: false, detail: e instanceof Error ? e.message : String(e) }], objective: null };
    }
    if (bytes !== m.size) return { checks: [{ name: 'answer_shape', ok: false, detail: `the answer holds ${bytes} bytes, the manifest's data ${m.size}` }], objective: null };
    const data = fromBase64(answer as string);
    const shards = splitData(data, m.data_shards, m.shard_size);
    shards.push(...encodeParity(shards, m.parity_shards, m.shard_size));
    const hashes = shards.map(sha256Hex);
    const wrong = hashes.findIndex((h, i) => h !== m.sha256[i]);
    const dataHash = sha256Hex(data);
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `${m.size} bytes of base64` },
      { name: 'data_sha256', ok: dataHash === m.data_sha256, detail: dataHash === m.data_sha256 ? 'the data hashes to the manifest\'s data_sha256' : `the data's SHA-256 is ${dataHash}, not the manifest's ${m.data_sha256}` },
      { name: 'codeword', ok: wrong < 0, detail: wrong < 0 ? `all ${shards.length} shards of its encoding (${m.construction}) hash to the manifest's SHA-256` : `shard ${wrong} of its encoding hashes to ${hashes[wrong]}, not the manifest's ${m.sha256[wrong]}` },
    ];
    const p = prep.problem as ErasureProblem;
    const lost: number[] = [];
    for (let i = 0; i < p.n; i++) if (p.present[i] === 0) lost.push(i);
    if (declared?.repaired !== undefined) {
      const ok = Array.isArray(declared.repaired) && declared.repaired.length === lost.length && declared.repaired.every((x, q) => x === lost[q]);
      checks.push({ name: 'repaired', ok, detail: ok ? `repaired names the lost shards [${lost.join(', ')}]` : `repaired ${JSON.stringify(declared.repaired)} differs from the lost shards [${lost.join(', ')}]` });
    }
    if (declared?.repaired_shards !== undefined) {
      const rs = declared.repaired_shards;
      const ok = Array.isArray(rs) && rs.length === lost.length && rs.every((s, q) => typeof s === 'string' && sameBytes(fromBase64(s), shards[lost[q]]));
      checks.push({ name: 'repaired_shards', ok, detail: ok ? 'the rebuilt shards are those of the encoding' : 'the rebuilt shards differ from the encoding of the data' });
    }
    if (declared?.size !== undefined) {
      const ok = declared.size === m.size;
      checks.push({ name: 'declared_objective', ok, detail: ok ? `declared size ${m.size} matches` : `declared size ${JSON.stringify(declared.size)} differs from ${m.size}` });
    }
    if (declared?.certainty !== undefined && declared.certainty !== CERTAINTY.operationExact) {
      checks.push({ name: 'certainty', ok: false, detail: `recover's certainty is '${CERTAINTY.operationExact}', not ${JSON.stringify(declared.certainty)}` });
    }
    return { checks, objective: m.size };
  },
};
