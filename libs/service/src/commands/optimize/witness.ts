/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

/** Every 0/1 assignment that keeps the pins (want, sample: the same QUBO): the least energy. */
export function witness(p: Record<string, any>): number {
  let best = Infinity;
  for (let mask = 0; mask < 1 << p.n; mask++) {
    const x = (i: number) => (mask >> i) & 1;
    if (Object.entries(p.pins ?? {}).some(([k, b]) => x(Number(k)) !== b)) continue;
    let v = 0;
    for (const [k, h] of Object.entries(p.linear ?? {})) if (x(Number(k))) v += h as number;
    for (const [i, j, w] of p.quadratic ?? []) if (x(i) && x(j)) v += w;
    best = Math.min(best, v);
  }
  return best;
}
