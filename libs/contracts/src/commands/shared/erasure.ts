/**
 * What `protect` and `recover` share (docs/protect-recover.md): their caps, the base64 of data and
 * shards, and the manifest — protect's answer, recover's input. The code is a systematic
 * Reed–Solomon code over GF(2^8) (polynomial 0x11D) whose parity part is the Cauchy matrix
 * C[p][j] = 1 / (p XOR j); both engines implement it (engine-ts families/erasure, core/erasure).
 */
import { z } from 'zod';
import { dimension } from './sizes';
import { fail } from '../../internal/issue';

/** Caps of protect and recover (commands.md: data up to the plan's body cap; k + m ≤ 255). */
export const ERASURE_LIMITS = {
  /** k + m. */
  maxShards: 255,
  /** Data bytes: what base64 of the server's default absolute body cap (128 MiB) can carry. */
  maxDataBytes: 96 * 1024 * 1024,
  /** (k + m) · shard_size: every shard of one request together (an answer is about 4/3 of it in base64). */
  maxCodeBytes: 256 * 1024 * 1024,
  defaultDataShards: 10,
  defaultParityShards: 4,
} as const;

/** The code's name in manifests: field, polynomial and parity matrix. */
export const ERASURE_CONSTRUCTION = 'reed-solomon/gf256-0x11d/cauchy-xor' as const;
/** The manifest format's version. */
export const MANIFEST_VERSION = 1 as const;

/** Standard base64 (RFC 4648 §4): the alphabet, `=` padding, no whitespace. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The number of bytes a base64 string decodes to, after checking it is standard base64 (RFC 4648
 * §4, `=` padding, no line breaks); throws an InputIssue at `path` otherwise. Never prints the string.
 */
export function base64Bytes(s: unknown, path: readonly (string | number)[]): number {
  if (typeof s !== 'string') fail(path, `expected a base64 string, got ${s === null ? 'null' : Array.isArray(s) ? 'an array' : typeof s}`);
  if (s.length % 4 !== 0 || !BASE64.test(s)) {
    fail(path, `expected standard base64 (RFC 4648 §4: A–Z a–z 0–9 + /, padded with = to a multiple of 4 characters, no line breaks), got ${s.length} characters that are not`);
  }
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return (s.length / 4) * 3 - pad;
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/).describe('SHA-256, 64 lower-case hex digits');

/** The manifest: everything `recover` needs beside the shards. */
export const manifestSchema = z.strictObject({
  version: z.literal(MANIFEST_VERSION).describe('manifest format version'),
  construction: z.literal(ERASURE_CONSTRUCTION).describe('the code: systematic Reed–Solomon over GF(2^8) mod x^8+x^4+x^3+x^2+1, parity row p, column j = 1/(p XOR j)'),
  size: z.number().int().min(1).describe('bytes of the original data'),
  data_shards: z.number().int().min(1).max(ERASURE_LIMITS.maxShards - 1).describe('k: shards holding the data'),
  parity_shards: z.number().int().min(1).max(ERASURE_LIMITS.maxShards - 1).describe('m: parity shards; any k of the k + m shards recover the data'),
  shard_size: z.number().int().min(1).describe('bytes per shard: ceil(size / k)'),
  padding: z.number().int().min(0).describe('zero bytes after the data in the last data shards: k · shard_size − size'),
  data_sha256: hex64.describe('SHA-256 of the original data'),
  sha256: z.array(hex64).min(2).max(ERASURE_LIMITS.maxShards).describe('SHA-256 of each shard, data shards first (k + m entries)'),
}).describe('what recover needs beside the shards: sizes, k, m, padding, the code and every shard\'s SHA-256');

export type ErasureManifest = z.infer<typeof manifestSchema>;

/** The shard size and padding of `size` bytes in k data shards. */
export function erasureShape(size: number, k: number): { shardSize: number; padding: number } {
  const shardSize = Math.ceil(size / k);
  return { shardSize, padding: k * shardSize - size };
}

/**
 * The manifest's numbers agree with each other (shape already checked by `manifestSchema`); throws
 * an InputIssue at `path` naming the first disagreement.
 */
export function checkManifestConsistency(m: ErasureManifest, path: readonly (string | number)[]): void {
  const k = m.data_shards;
  const total = k + m.parity_shards;
  if (total > ERASURE_LIMITS.maxShards) fail([...path, 'parity_shards'], `data_shards + parity_shards = ${total} is over ${ERASURE_LIMITS.maxShards}`);
  const { shardSize, padding } = erasureShape(m.size, k);
  if (m.shard_size !== shardSize) fail([...path, 'shard_size'], `is ${m.shard_size}, but ${m.size} bytes in ${k} data shards make shards of ceil(${m.size} / ${k}) = ${shardSize} bytes`);
  if (m.padding !== padding) fail([...path, 'padding'], `is ${m.padding}, expected ${k} · ${shardSize} − ${m.size} = ${padding}`);
  if (m.sha256.length !== total) fail([...path, 'sha256'], `has ${m.sha256.length} entries, expected one per shard (${total})`);
}

/** SVC_DIMENSION_LIMIT when the data or the shards of one request are over the caps. */
export function capErasure(size: number, k: number, m: number): void {
  if (size > ERASURE_LIMITS.maxDataBytes) {
    dimension(`the data has ${size} bytes, over the cap of ${ERASURE_LIMITS.maxDataBytes} per request; protect a larger file in chunks (docs/protect-recover.md)`, ERASURE_LIMITS.maxDataBytes, 'data');
  }
  const code = (k + m) * Math.ceil(size / k);
  if (code > ERASURE_LIMITS.maxCodeBytes) {
    dimension(`${k + m} shards of ${Math.ceil(size / k)} bytes make ${code} bytes, over the cap of ${ERASURE_LIMITS.maxCodeBytes} per request; use fewer parity shards or smaller chunks`, ERASURE_LIMITS.maxCodeBytes, 'data');
  }
}
