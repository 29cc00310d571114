import type { Rescored } from '../../internal/rescore';

/** Validated JSON input of `feel` (the fields the re-score reads). */
export interface IsingTerms {
  readonly n: number;
  readonly field?: Readonly<Record<string, number>>;
  readonly quadratic?: ReadonlyArray<readonly [number, number, number] | readonly number[]>;
}

/** Ising energy Σ h_i s_i + Σ J_ij s_i s_j straight from the JSON terms, for bits x (s = 2x − 1). */
export function rescoreIsing(p: IsingTerms, x: ArrayLike<number>): Rescored {
  let value = 0;
  let weightSum = 0;
  if (p.field) {
    for (const key of Object.keys(p.field)) {
      const h = p.field[key];
      weightSum += Math.abs(h);
      value += x[Number(key)] === 1 ? h : -h;
    }
  }
  if (p.quadratic) {
    for (const t of p.quadratic) {
      const w = t[2];
      weightSum += Math.abs(w);
      value += x[t[0]] === x[t[1]] ? w : -w;
    }
  }
  return { value, weightSum };
}
