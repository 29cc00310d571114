/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

/** Every subset of the sets that covers the universe: the cheapest. */
export function witness(p: Record<string, any>): number {
  let best = Infinity;
  for (let mask = 0; mask < 1 << p.sets.length; mask++) {
    const hit = new Set<number>();
    let c = 0;
    p.sets.forEach((s: number[], j: number) => {
      if (!((mask >> j) & 1)) return;
      c += p.costs?.[j] ?? 1;
      s.forEach((e) => hit.add(e));
    });
    if (hit.size === p.universe) best = Math.min(best, c);
  }
  return best;
}
