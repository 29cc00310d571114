/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

/** Every k-subset of the m items: affinity minus pairwise redundancy, the largest. */
export function witness(p: Record<string, any>): number {
  let best = -Infinity;
  for (let mask = 0; mask < 1 << p.m; mask++) {
    const c = [...Array(p.m).keys()].filter((i) => (mask >> i) & 1);
    if (c.length !== p.k) continue;
    let v = c.reduce((s, i) => s + p.affinity[i], 0);
    for (let a = 0; a < c.length; a++) for (let b = a + 1; b < c.length; b++) v -= p.redundancy?.[c[a]][c[b]] ?? 0;
    best = Math.max(best, v);
  }
  return best;
}
