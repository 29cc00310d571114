import type { Rescored } from '../../internal/rescore';

/** Validated JSON input of `optimize` (the fields the re-score reads). */
export interface OptimizeTerms {
  readonly n: number;
  readonly linear?: Readonly<Record<string, number>>;
  readonly quadratic?: ReadonlyArray<readonly [number, number, number] | readonly number[]>;
}

/** QUBO energy Σ h_i x_i + Σ w_ij x_i x_j straight from the JSON terms ([i,i,w] counts as w x_i). */
export function rescoreOptimize(p: OptimizeTerms, x: ArrayLike<number>): Rescored {
  let value = 0;
  let weightSum = 0;
  if (p.linear) {
    for (const key of Object.keys(p.linear)) {
      const h = p.linear[key];
      weightSum += Math.abs(h);
      if (x[Number(key)] === 1) value += h;
    }
  }
  if (p.quadratic) {
    for (const t of p.quadratic) {
      const w = t[2];
      weightSum += Math.abs(w);
      if (x[t[0]] === 1 && x[t[1]] === 1) value += w;
    }
  }
  return { value, weightSum };
}
