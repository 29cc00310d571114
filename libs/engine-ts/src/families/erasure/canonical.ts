/** Canonical erasure problems (problem.ts) from the data to protect, or from the shards to recover. */
import { ERASURE_MAX_SHARDS } from './code';
import type { ErasureProblem } from './problem';

/** How `size` bytes split into k data shards: ⌈size/k⌉ bytes each, the last ones zero-padded. */
export interface ErasureLayout {
  readonly shardSize: number;
  /** Zero bytes after the data in the last data shards: k·shardSize − size. */
  readonly padding: number;
}

export function erasureLayout(size: number, k: number): ErasureLayout {
  if (!(Number.isSafeInteger(size) && size >= 1)) throw new RangeError(`the data must hold at least one byte, got ${size}`);
  checkShape(k, 0);
  const shardSize = Math.ceil(size / k);
  return { shardSize, padding: shardSize * k - size };
}

function checkShape(k: number, m: number): void {
  if (!(Number.isInteger(k) && Number.isInteger(m) && k >= 1 && m >= 0 && k + m <= ERASURE_MAX_SHARDS)) {
    throw new RangeError(`erasure needs whole k >= 1 and m >= 0 with k + m <= ${ERASURE_MAX_SHARDS}, got k = ${k}, m = ${m}`);
  }
}

/**
 * Bytes on a SharedArrayBuffer: a worker thread receives them without a copy, and the native
 * engine reads them in place (its binding reads a SharedArrayBuffer-backed Uint8Array as it is).
 */
function sharedBytes(n: number): Uint8Array {
  return new Uint8Array(new SharedArrayBuffer(n));
}

/** protect: the data shards present (the data, zero-padded), the m parity shards to rebuild. */
export function canonicalProtect(data: Uint8Array, k: number, m: number): ErasureProblem {
  checkShape(k, m);
  const { shardSize } = erasureLayout(data.length, k);
  const shards = sharedBytes(k * shardSize);
  shards.set(data);
  const present = new Uint8Array(k + m);
  present.fill(1, 0, k);
  return { kind: 'erasure', n: k + m, k, m, shardSize, present, shards };
}

/**
 * recover: the given shards (null for a lost one; k + m entries of shardSize bytes). At least k
 * must be given; the lost ones are rebuilt.
 */
export function canonicalRecover(k: number, m: number, shardSize: number, shards: readonly (Uint8Array | null)[]): ErasureProblem {
  checkShape(k, m);
  if (shards.length !== k + m) throw new RangeError(`expected ${k + m} shards (null for a lost one), got ${shards.length}`);
  const present = new Uint8Array(k + m);
  let given = 0;
  shards.forEach((s, i) => {
    if (s === null) return;
    if (s.length !== shardSize) throw new RangeError(`shard ${i} has ${s.length} bytes, expected ${shardSize}`);
    present[i] = 1;
    given++;
  });
  if (given < k) throw new RangeError(`${given} shards given; any ${k} are needed`);
  const out = sharedBytes(given * shardSize);
  let at = 0;
  for (const s of shards) {
    if (s === null) continue;
    out.set(s, at);
    at += shardSize;
  }
  return { kind: 'erasure', n: k + m, k, m, shardSize, present, shards: out };
}
