/**
 * The independent check of an erasure answer: the absent shards recomputed byte by byte with
 * gfMul (no kernel, no tables beyond log/exp), and the number of answer bytes that differ. 0 means
 * the answer is exact; it is minimised.
 */
import type { ProblemScore } from '../../base';
import { rebuildRows } from './code';
import { gfMul } from './gf256';
import type { ErasureProblem } from './problem';

export function erasureMismatches(p: ErasureProblem, answer: ArrayLike<number>): number {
  const size = p.shardSize;
  const sources: number[] = [];
  const targets: number[] = [];
  for (let i = 0; i < p.n; i++) {
    if (p.present[i] === 0) targets.push(i);
    else if (sources.length < p.k) sources.push(i);
  }
  if (answer.length !== targets.length * size) throw new Error(`answer has ${answer.length} bytes, expected ${targets.length * size}`);
  const rows = rebuildRows(p.k, sources, targets);
  if (rows === null) throw new Error("the code's matrix is singular on these shards");
  let wrong = 0;
  for (let t = 0; t < targets.length; t++) {
    for (let b = 0; b < size; b++) {
      let v = 0;
      for (let s = 0; s < p.k; s++) v ^= gfMul(rows[t * p.k + s], p.shards[s * size + b]);
      if (answer[t * size + b] !== v) wrong++;
    }
  }
  return wrong;
}

export const ERASURE_SCORE: ProblemScore<ErasureProblem> = { evaluate: erasureMismatches, weightSum: () => 0, minimise: true };
