/**
 * recover's independent re-check: every rebuilt shard must hash to its SHA-256 in the manifest, the
 * data to data_sha256 with zero padding. When a rebuilt shard does not, the service re-encodes the
 * engine's code word itself (shared/erasure-check.ts): if it is the code word through the k intact
 * shards the engine used (the only one: any k shards determine it), the input was inconsistent
 * (422); anything else is the engine's fault.
 */
import type { ErasureManifest } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import { engineFault } from '../../internal/rescore';
import { encodeParity, sameBytes, sha256Hex } from '../shared/erasure-check';

/** What recover knows of its request after prepare. */
export interface RecoverTerms {
  readonly manifest: ErasureManifest;
  /** The intact shards (null for a lost one), k + m entries. */
  readonly intact: readonly (Uint8Array | null)[];
  /** Missing or corrupted shards, increasing: what the engine rebuilds. */
  readonly lost: readonly number[];
  /** Those of `lost` that were given but failed their SHA-256 or length check. */
  readonly corrupted: readonly number[];
}

function inconsistent(detail: string): SvcError {
  return new SvcError('SVC_INVALID_INPUT', `shards: ${detail}; were shards of different protect calls mixed, or the manifest edited?`, { extensions: { field: 'shards' } });
}

/**
 * The k + m shards with the rebuilt ones in place and the data (manifest.size bytes), after every
 * check; throws SVC_INVALID_INPUT for an inconsistent input and SVC_ENGINE_FAILURE for a wrong answer.
 */
export function checkRebuilt(t: RecoverTerms, rebuilt: readonly Uint8Array[]): { shards: Uint8Array[]; data: Uint8Array } {
  const { manifest: m } = t;
  const shards = t.intact.slice() as Uint8Array[];
  t.lost.forEach((i, q) => (shards[i] = rebuilt[q]));
  const bad = t.lost.findIndex((i, q) => sha256Hex(rebuilt[q]) !== m.sha256[i]);
  if (bad >= 0) {
    // The engine rebuilds from the first k intact shards, which include every intact data shard; with
    // what it rebuilt they hold all the data. Right when the parity among them is the data's parity.
    const k = m.data_shards;
    const used = new Set(t.intact.flatMap((s, i) => (s === null ? [] : [i])).slice(0, k));
    for (const i of t.lost) used.add(i);
    const parity = encodeParity(shards.slice(0, k), m.parity_shards, m.shard_size);
    const codeword = parity.every((p, q) => !used.has(k + q) || sameBytes(p, shards[k + q]));
    if (!codeword) throw engineFault(`engine's rebuilt shards are not a code word of ${m.construction} with the intact shards (shard ${t.lost[bad]} does not match the manifest either)`);
    throw inconsistent(`shard ${t.lost[bad]} rebuilt from the intact shards does not match its SHA-256 in the manifest`);
  }
  const data = new Uint8Array(m.size);
  for (let j = 0, at = 0; j < m.data_shards && at < m.size; j++, at += m.shard_size) {
    data.set(shards[j].subarray(0, Math.min(m.shard_size, m.size - at)), at);
  }
  const last = shards[m.data_shards - 1];
  for (let b = m.shard_size - Math.min(m.padding, m.shard_size); b < m.shard_size; b++) {
    if (m.padding > 0 && last[b] !== 0) throw inconsistent('the padding of the last data shard is not zero');
  }
  if (sha256Hex(data) !== m.data_sha256) throw inconsistent('the data rebuilt from shards that match the manifest does not match its data_sha256');
  return { shards, data };
}
