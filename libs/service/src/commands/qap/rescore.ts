import { assignmentCost } from '@svc/contracts/scoring';
import type { Rescored } from '../../internal/rescore';

/** Validated JSON input of `qap` (the fields the re-score reads). */
export interface QapTerms {
  readonly flow: readonly (readonly number[])[];
  readonly dist: readonly (readonly number[])[];
}

/** Σ_ij flow[i][j]·dist[p[i]][p[j]] straight from the request JSON, with Σ|flow|·max|dist| as the tolerance scale. */
export function rescoreQap(t: QapTerms, perm: readonly number[]): Rescored {
  const n = t.flow.length;
  let flows = 0;
  let far = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      flows += Math.abs(t.flow[i][j]);
      far = Math.max(far, Math.abs(t.dist[i][j]));
    }
  }
  return { value: assignmentCost(t.flow, t.dist, perm), weightSum: flows * far };
}
