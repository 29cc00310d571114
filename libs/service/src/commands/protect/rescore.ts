/**
 * protect's independent re-check of an engine's parity: the service re-encodes the data itself
 * (shared/erasure-check.ts, no engine code) and hashes every shard for the manifest.
 */
import { ERASURE_CONSTRUCTION, MANIFEST_VERSION, type ErasureManifest } from '@svc/contracts';
import { encodeParity, sameBytes, sha256Hex } from '../shared/erasure-check';

/** What protect knows of its request after prepare: the data's shards and its hash. */
export interface ProtectTerms {
  /** Bytes of data. */
  readonly size: number;
  readonly k: number;
  readonly m: number;
  readonly shardSize: number;
  /** The k data shards (the data, zero-padded), as handed to the engine. */
  readonly data: readonly Uint8Array[];
  readonly dataSha256: string;
}

/** The index of the first parity shard where `parity` differs from the service's own encoding, or −1. */
export function firstWrongParity(t: ProtectTerms, parity: readonly Uint8Array[]): number {
  const again = encodeParity(t.data, t.m, t.shardSize);
  const q = again.findIndex((a, i) => !sameBytes(a, parity[i]));
  return q < 0 ? -1 : t.k + q;
}

/** The manifest of the shards (data then parity). */
export function manifestOf(t: ProtectTerms, shards: readonly Uint8Array[]): ErasureManifest {
  return {
    version: MANIFEST_VERSION,
    construction: ERASURE_CONSTRUCTION,
    size: t.size,
    data_shards: t.k,
    parity_shards: t.m,
    shard_size: t.shardSize,
    padding: t.k * t.shardSize - t.size,
    data_sha256: t.dataSha256,
    sha256: shards.map(sha256Hex),
  };
}
