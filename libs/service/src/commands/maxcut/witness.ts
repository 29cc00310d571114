/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

/** Every 0/1 side assignment: the heaviest cut (a complete graph: ⌊n²/4⌋). */
export function witness(p: Record<string, any>): number {
  const n = p.n as number;
  if (p.complete) return Math.floor((n * n) / 4);
  let best = -Infinity;
  for (let mask = 0; mask < 1 << n; mask++) {
    const x = (i: number) => (mask >> i) & 1;
    let v = 0;
    for (const [i, j, w] of p.edges) if (x(i) !== x(j)) v += w;
    best = Math.max(best, v);
  }
  return best;
}
