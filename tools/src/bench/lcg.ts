/** A seeded generator for bench instances (Numerical Recipes LCG; independent of the engines' PRNG). */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
