import type { Rescored } from '../../internal/rescore';

/** Validated JSON input of `maxcut` (the fields the re-score reads). */
export interface MaxcutTerms {
  readonly n: number;
  readonly edges?: ReadonlyArray<readonly [number, number, number] | readonly number[]>;
  readonly complete?: boolean;
}

/** Cut value: Σ w over edges whose ends differ; the complete graph counts a·(n−a) unit edges. */
export function rescoreMaxcut(p: MaxcutTerms, x: ArrayLike<number>): Rescored {
  if (p.complete === true && !p.edges) {
    let ones = 0;
    for (let k = 0; k < p.n; k++) ones += x[k] === 1 ? 1 : 0;
    return { value: ones * (p.n - ones), weightSum: (p.n * (p.n - 1)) / 2 };
  }
  let value = 0;
  let weightSum = 0;
  for (const t of p.edges ?? []) {
    const w = t[2];
    weightSum += Math.abs(w);
    if (x[t[0]] !== x[t[1]]) value += w;
  }
  return { value, weightSum };
}
