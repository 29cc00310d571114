/**
 * `recover` (docs/protect-recover.md): the original data back from the manifest `protect` gave and
 * any k intact shards of the k + m (base64 each, null for a lost one). A shard whose SHA-256 differs
 * from the manifest's (or whose length is wrong) is corrupted and counts as lost; more than m lost
 * is 422 saying how many more shards are needed. The lost shards are rebuilt and returned beside
 * the data. n is the number of data bytes (the manifest's size).
 */
import { z } from 'zod';
import { agreeN, expectArray, required } from '../internal/checks';
import { fail } from '../internal/issue';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { common, fastCommon, hot } from './shared/fields';
import {
  base64Bytes, capErasure, checkManifestConsistency, ERASURE_LIMITS, manifestSchema, type ErasureManifest,
} from './shared/erasure';
import example from './recover.valid.json';

/** The indices of `indices` as text, at most 12 of them. */
const list = (indices: readonly number[]) => (indices.length <= 12 ? indices.join(', ') : `${indices.slice(0, 12).join(', ')}, …`);

function check(v: Loose): number {
  const manifest = v.manifest as ErasureManifest;
  checkManifestConsistency(manifest, ['manifest']);
  const k = manifest.data_shards;
  const m = manifest.parity_shards;
  const shards = expectArray(required(v.shards, ['shards'], `the ${k + m} shards in order, base64 each, null for a lost one`), ['shards'], 'an array of base64 strings or null');
  if (shards.length !== k + m) fail(['shards'], `has ${shards.length} entries, expected one per shard of the manifest (${k + m}); give null for a lost one`);
  const missing: number[] = [];
  for (let i = 0; i < shards.length; i++) {
    if (shards[i] === null) missing.push(i);
    else base64Bytes(shards[i], ['shards', i]);
  }
  if (missing.length > m) {
    // Given shards may still be corrupted (their hashes are checked later): at least this many more.
    const more = missing.length - m;
    fail(['shards'], `${missing.length} of ${k + m} shards are missing (${list(missing)}) but parity covers only ${m}: recovery needs any ${k} intact shards, at least ${more} more shard${more === 1 ? ' is' : 's are'} needed`);
  }
  agreeN(v.n, manifest.size, 'the number of data bytes (manifest.size)');
  return manifest.size;
}

function sizes(v: Loose, n: number): void {
  const manifest = v.manifest as ErasureManifest;
  capErasure(n, manifest.data_shards, manifest.parity_shards);
}

const base64 = z.string().describe('standard base64 (RFC 4648 §4)');

export const recover = {
  example,
  structure: z.strictObject({
    ...common,
    manifest: manifestSchema.describe('the manifest protect answered (its `manifest`, or `answer`)'),
    shards: z.array(base64.nullable()).describe('the k + m shards in order, base64 each, null for a lost one; a shard whose SHA-256 differs from the manifest counts as lost'),
  }),
  fast: z.strictObject({ ...fastCommon, manifest: manifestSchema, shards: hot }),
  checks: { check, sizes, contradictions: noContradictions },
  nMeans: 'the number of data bytes (manifest.size)',
  output: {
    answer: base64.describe('the original data (manifest.size bytes), base64'),
    repaired: z.array(z.number().int().min(0)).describe('the shards that were lost or corrupted and were rebuilt, increasing'),
    corrupted: z.array(z.number().int().min(0)).describe('those of `repaired` that were given but failed their SHA-256 (or length) check'),
    repaired_shards: z.array(base64).describe('the rebuilt shards, base64, one per entry of `repaired`: store them to restore full protection'),
    size: z.number().int().min(1).describe('bytes recovered (n); their SHA-256 is the manifest\'s data_sha256'),
    certainty: z.string().min(1).describe("'operation (exact arithmetic)': every rebuilt shard matched its SHA-256 in the manifest"),
  },
  limits: {
    data_bytes_max: ERASURE_LIMITS.maxDataBytes, code_bytes_max: ERASURE_LIMITS.maxCodeBytes, shards_max: ERASURE_LIMITS.maxShards,
  },
} as const satisfies CommandContract;
