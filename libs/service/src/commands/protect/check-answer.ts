import { CERTAINTY, manifestSchema, type ErasureManifest } from '@svc/contracts';
import type { ErasureProblem } from '@svc/engine-ts/families/erasure';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { encodeParity, fromBase64, sameBytes, sha256Hex } from '../shared/erasure-check';

/**
 * protect (POST /verify): the answer is the manifest (or a result document carrying it, its
 * `shards` and `sha256`). The service encodes the data itself and checks that the manifest fits
 * the request and names the SHA-256 of every shard of that encoding, that the declared shards are
 * those shards, and the declared size.
 */
export const protectChecker: AnswerChecker = {
  objectiveField: 'size',
  minimise: false,
  check({ v, prep, answer, declared }) {
    const p = prep.problem as ErasureProblem;
    const parsed = manifestSchema.safeParse(answer);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { checks: [{ name: 'answer_shape', ok: false, detail: `not a manifest: ${issue.path.join('.') || '(root)'}: ${issue.message}` }], objective: null };
    }
    const m: ErasureManifest = parsed.data;
    const want = { size: v.n, data_shards: p.k, parity_shards: p.m, shard_size: p.shardSize, padding: p.k * p.shardSize - v.n };
    const off = (Object.keys(want) as (keyof typeof want)[]).filter((key) => m[key] !== want[key]);
    if (off.length > 0 || m.sha256.length !== p.n) {
      const what = off.map((key) => `${key} ${m[key]} (expected ${want[key]})`).concat(m.sha256.length !== p.n ? [`${m.sha256.length} hashes (expected ${p.n})`] : []);
      return { checks: [{ name: 'answer_shape', ok: false, detail: `the manifest does not fit this request: ${what.join(', ')}` }], objective: null };
    }
    const size = p.shardSize;
    const data = Array.from({ length: p.k }, (_, j) => p.shards.subarray(j * size, (j + 1) * size));
    const shards = [...data, ...encodeParity(data, p.m, size)];
    const hashes = shards.map(sha256Hex);
    const wrong = hashes.findIndex((h, i) => h !== m.sha256[i]);
    const dataHash = sha256Hex(p.shards.subarray(0, v.n));
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `a version ${m.version} manifest of ${p.k} + ${p.m} shards of ${size} bytes for ${v.n} bytes` },
      {
        name: 'manifest_hashes', ok: wrong < 0 && m.data_sha256 === dataHash,
        detail: wrong >= 0 ? `shard ${wrong}'s SHA-256 is ${hashes[wrong]} in the service's own encoding, not ${m.sha256[wrong]}`
          : m.data_sha256 !== dataHash ? `the data's SHA-256 is ${dataHash}, not ${m.data_sha256}`
            : `every shard's SHA-256 and the data's match the service's own encoding (${m.construction})`,
      },
    ];
    if (declared?.shards !== undefined) checks.push(shardsCheck(declared.shards, shards));
    if (declared?.sha256 !== undefined) {
      const ok = Array.isArray(declared.sha256) && declared.sha256.length === hashes.length && declared.sha256.every((h, i) => h === hashes[i]);
      checks.push({ name: 'sha256', ok, detail: ok ? 'the declared SHA-256 list is the shards\'' : 'the declared SHA-256 list differs from the shards\'' });
    }
    if (declared?.size !== undefined) {
      const ok = declared.size === v.n;
      checks.push({ name: 'declared_objective', ok, detail: ok ? `declared size ${v.n} matches` : `declared size ${JSON.stringify(declared.size)} differs from the data's ${v.n} bytes` });
    }
    if (declared?.certainty !== undefined && declared.certainty !== CERTAINTY.operationExact) {
      checks.push({ name: 'certainty', ok: false, detail: `protect's certainty is '${CERTAINTY.operationExact}', not ${JSON.stringify(declared.certainty)}` });
    }
    return { checks, objective: v.n };
  },
};

/** The declared shards are the service's own encoding, shard for shard. */
function shardsCheck(declared: unknown, shards: readonly Uint8Array[]): VerifyCheck {
  if (!Array.isArray(declared) || declared.length !== shards.length) {
    return { name: 'shards', ok: false, detail: `expected ${shards.length} base64 shards, got ${Array.isArray(declared) ? declared.length : typeof declared}` };
  }
  for (let i = 0; i < shards.length; i++) {
    const s = declared[i];
    if (typeof s !== 'string' || !sameBytes(fromBase64(s), shards[i])) return { name: 'shards', ok: false, detail: `shard ${i} differs from the service's own encoding` };
  }
  return { name: 'shards', ok: true, detail: `all ${shards.length} shards are the service's own encoding` };
}
