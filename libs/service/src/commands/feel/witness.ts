/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

/** Every spin assignment (s = 2x − 1): the least Ising energy. */
export function witness(p: Record<string, any>): number {
  let best = Infinity;
  for (let mask = 0; mask < 1 << p.n; mask++) {
    const s = (i: number) => 2 * ((mask >> i) & 1) - 1;
    let v = 0;
    for (const [k, h] of Object.entries(p.field ?? {})) v += (h as number) * s(Number(k));
    for (const [i, j, w] of p.quadratic ?? []) v += w * s(i) * s(j);
    best = Math.min(best, v);
  }
  return best;
}
