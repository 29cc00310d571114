/** A seeded generator for bench and dump instances (Numerical Recipes LCG; independent of the engines' PRNG). */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** An n×n matrix of integers in [0, max) with a zero diagonal (symmetric: drawn above it and mirrored). */
export function squareMatrix(seed: number, n: number, max: number, symmetric: boolean): number[][] {
  const r = lcg(seed);
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j || (symmetric && j < i)) continue;
      m[i][j] = Math.floor(r() * max);
      if (symmetric) m[j][i] = m[i][j];
    }
  }
  return m;
}
