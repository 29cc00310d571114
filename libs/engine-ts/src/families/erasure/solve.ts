/**
 * erasure (protect, recover): rebuild every absent shard from the first k present ones, with the
 * rows of code.ts `rebuildRows` through kernel.ts `dotProduct`. One pass over the data, no search:
 * nothing a deadline or cancel could shorten, and nothing to certify beyond exact arithmetic.
 * libs/engine-native/src/core/erasure/solve.cc does the same; any correct rebuild gives the same
 * bytes, so both engines answer identically.
 */
import type { SolveRequest } from '../../base';
import { rebuildRows } from './code';
import { dotProduct, WORD_KERNEL_MIN_BYTES } from './kernel';
import type { BytesResult, ErasureProblem } from './problem';
import { ERASURE_MAX_SHARDS } from './code';

/** Throws a plain Error naming what is wrong with a problem (the contract has checked it before). */
export function checkErasure(p: ErasureProblem): void {
  const { k, m, n, shardSize } = p;
  if (!(Number.isInteger(k) && Number.isInteger(m) && k >= 1 && m >= 0 && k + m <= ERASURE_MAX_SHARDS)) throw new Error('erasure needs k >= 1, m >= 0 and k + m <= 255');
  if (n !== k + m) throw new Error('erasure needs n = k + m');
  if (!(Number.isSafeInteger(shardSize) && shardSize >= 1)) throw new Error('erasure needs a whole shard size of at least 1');
  if (p.present.length !== n) throw new Error('erasure needs one present flag per shard');
  let given = 0;
  for (let i = 0; i < n; i++) {
    if (p.present[i] > 1) throw new Error('present flags must be 0 or 1');
    given += p.present[i];
  }
  if (given < k) throw new Error('erasure needs at least k present shards');
  if (p.shards.length !== given * shardSize) throw new Error('shards must hold shardSize bytes per present shard');
}

/** `a`, or a copy at a 4-byte aligned offset when the word kernel will view it as Uint32. */
const aligned = (a: Uint8Array): Uint8Array => ((a.byteOffset & 3) === 0 ? a : a.slice());

export function solveErasure(req: SolveRequest<ErasureProblem>): BytesResult {
  const started = performance.now();
  const p = req.problem;
  checkErasure(p);
  const size = p.shardSize;
  const sources: number[] = [];
  const targets: number[] = [];
  for (let i = 0; i < p.n; i++) {
    if (p.present[i] === 0) targets.push(i);
    else if (sources.length < p.k) sources.push(i);
  }
  const rows = rebuildRows(p.k, sources, targets);
  if (rows === null) throw new Error("the code's matrix is singular on these shards");
  const answer = new Uint8Array(targets.length * size);
  const words = size >= WORD_KERNEL_MIN_BYTES;
  const inputs = sources.map((_, s) => {
    const x = p.shards.subarray(s * size, (s + 1) * size);
    return words ? aligned(x) : x;
  });
  const outputs = targets.map((_, t) => {
    const o = answer.subarray(t * size, (t + 1) * size);
    return words && (o.byteOffset & 3) !== 0 ? new Uint8Array(size) : o;
  });
  dotProduct(p.k, targets.length, rows, inputs, outputs, size);
  outputs.forEach((o, t) => {
    if (o.buffer !== answer.buffer) answer.set(o, t * size);
  });
  return {
    kind: 'bytes',
    answer,
    blocks: Int32Array.from(targets),
    objective: 0,
    proof: null,
    stoppedAtDeadline: false,
    work: { iterations: targets.length, nodes: 0, restarts: 0 },
    engineMs: performance.now() - started,
  };
}
