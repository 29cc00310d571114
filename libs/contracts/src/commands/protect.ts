/**
 * `protect` (docs/protect-recover.md): erasure-codes `data` (base64) into k data and m parity shards
 * of a systematic Reed–Solomon code over GF(2^8), so that any k of the k + m shards give the data
 * back (`recover`). The answer is the manifest (what recover needs beside the shards: sizes, k, m,
 * padding, the code, every shard's SHA-256); `shards` and `sha256` ride beside it. n is the number
 * of data bytes.
 */
import { z } from 'zod';
import { agreeN, required } from '../internal/checks';
import { fail } from '../internal/issue';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { common, fastCommon, hot } from './shared/fields';
import { base64Bytes, capErasure, ERASURE_LIMITS, manifestSchema } from './shared/erasure';
import example from './protect.valid.json';

const dataShards = z.number().int().min(1).max(ERASURE_LIMITS.maxShards - 1)
  .describe(`k: shards that hold the data (default ${ERASURE_LIMITS.defaultDataShards}); k + m ≤ ${ERASURE_LIMITS.maxShards}`);
const parityShards = z.number().int().min(1).max(ERASURE_LIMITS.maxShards - 1)
  .describe(`m: parity shards (default ${ERASURE_LIMITS.defaultParityShards}); any m lost or corrupted shards can be rebuilt`);

function check(v: Loose): number {
  const size = base64Bytes(required(v.data, ['data'], 'the bytes to protect, standard base64'), ['data']);
  if (size < 1) fail(['data'], 'holds no bytes; protect needs at least one');
  const k = (v.data_shards as number | undefined) ?? ERASURE_LIMITS.defaultDataShards;
  const m = (v.parity_shards as number | undefined) ?? ERASURE_LIMITS.defaultParityShards;
  if (k + m > ERASURE_LIMITS.maxShards) fail(['parity_shards'], `data_shards + parity_shards = ${k + m} is over ${ERASURE_LIMITS.maxShards} (the code lives in GF(2^8))`);
  agreeN(v.n, size, 'the number of data bytes');
  return size;
}

function sizes(v: Loose, n: number): void {
  capErasure(n, (v.data_shards as number | undefined) ?? ERASURE_LIMITS.defaultDataShards, (v.parity_shards as number | undefined) ?? ERASURE_LIMITS.defaultParityShards);
}

const base64 = z.string().describe('standard base64 (RFC 4648 §4)');

export const protect = {
  example,
  structure: z.strictObject({
    ...common,
    data: z.string().describe(`the bytes to protect, standard base64 (RFC 4648 §4: = padding, no line breaks), at least one byte and at most ${ERASURE_LIMITS.maxDataBytes} (and the plan's body cap); n is the number of bytes`),
    data_shards: dataShards.optional(),
    parity_shards: parityShards.optional(),
  }),
  fast: z.strictObject({ ...fastCommon, data: hot, data_shards: dataShards.optional(), parity_shards: parityShards.optional() }),
  checks: { check, sizes, contradictions: noContradictions },
  nMeans: 'the number of data bytes (what `data` decodes to)',
  output: {
    answer: manifestSchema.describe('the manifest (the same as `manifest`): keep it with the shards; recover needs it'),
    shards: z.array(base64).describe('the k + m shards, base64 each: data shards 0..k−1 (the data in order, zero-padded), then parity shards k..k+m−1'),
    sha256: z.array(z.string()).describe('SHA-256 of each shard (hex), as in the manifest'),
    size: z.number().int().min(1).describe('bytes of data protected (n)'),
    manifest: manifestSchema,
    certainty: z.string().min(1).describe("'operation (exact arithmetic)': the parity is computed exactly and re-encoded by the service"),
  },
  limits: {
    data_bytes_max: ERASURE_LIMITS.maxDataBytes, code_bytes_max: ERASURE_LIMITS.maxCodeBytes, shards_max: ERASURE_LIMITS.maxShards,
  },
} as const satisfies CommandContract;
