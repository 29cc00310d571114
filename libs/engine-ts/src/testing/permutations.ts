/** Brute force over permutations for the permutation families' tests (rank, qap; small n only). */

/** The least `cost(perm)` over every permutation of 0..n−1 (n! calls: keep n ≤ 9). */
export function minOverPermutations(n: number, cost: (perm: readonly number[]) => number): number {
  const perm = Array.from({ length: n }, (_, i) => i);
  let best = Infinity;
  const rec = (k: number): void => {
    if (k === n) {
      best = Math.min(best, cost(perm));
      return;
    }
    for (let i = k; i < n; i++) {
      [perm[k], perm[i]] = [perm[i], perm[k]];
      rec(k + 1);
      [perm[k], perm[i]] = [perm[i], perm[k]];
    }
  };
  rec(0);
  return best;
}
