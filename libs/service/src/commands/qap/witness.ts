/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

/** Every assignment of facilities to locations: the least Σ flow[i][j]·dist[p[i]][p[j]]. */
export function witness(p: Record<string, any>): number {
  const n = p.flow.length;
  let best = Infinity;
  const rec = (perm: number[], left: number[]): void => {
    if (left.length === 0) {
      let c = 0;
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) c += p.flow[i][j] * p.dist[perm[i]][perm[j]];
      best = Math.min(best, c);
    }
    for (let i = 0; i < left.length; i++) rec([...perm, left[i]], [...left.slice(0, i), ...left.slice(i + 1)]);
  };
  rec([], [...Array(n).keys()]);
  return best;
}
