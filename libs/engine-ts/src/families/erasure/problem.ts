/** The canonical problem of the erasure family (`protect`, `recover`) and its result kind. */
import type { ResultBase } from '../../base';

/**
 * erasure: rebuild the shards that are absent from those present, in the systematic Reed–Solomon
 * code of code.ts with k data and m parity shards. `protect` presents the k data shards (the data,
 * zero-padded to k·shardSize bytes) and rebuilds the m parity shards; `recover` presents the
 * intact shards and rebuilds the lost ones. libs/engine-native/src/core/erasure/problem.h reads
 * these fields by name.
 */
export interface ErasureProblem {
  readonly kind: 'erasure';
  /** k + m: the code's length, the number of shards (the request's `n` is its data bytes). */
  readonly n: number;
  readonly k: number;
  readonly m: number;
  /** Bytes per shard. */
  readonly shardSize: number;
  /** n flags: 1 when shard i is given. */
  readonly present: Uint8Array;
  /**
   * The given shards one after another in increasing index order, shardSize bytes each (canonical.ts
   * puts them on a SharedArrayBuffer: no copy into a worker thread or the native engine).
   */
  readonly shards: Uint8Array;
}

/**
 * Bytes in blocks of equal size, and which block each is (erasure: the rebuilt shards, shardSize
 * bytes each, in increasing shard order). Nothing is optimised: `objective` is 0.
 */
export interface BytesResult extends ResultBase {
  readonly kind: 'bytes';
  readonly answer: Uint8Array;
  /** Which block each is, increasing. */
  readonly blocks: Int32Array;
  readonly objective: number;
  /** Named numbers the producing engine adds (the native erasure kernel: `kernel`, see kernel.ts). */
  readonly extras?: Readonly<Record<string, number>>;
}
