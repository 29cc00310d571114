/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

/** Every 0/1 assignment of the binaries; the (convex) continuous part by coordinate descent. */
export function witness(p: Record<string, any>): number {
  const n = p.vars.length;
  const bins = [...Array(n).keys()].filter((i) => p.vars[i].domain === 'binary');
  const f = (x: number[]) => {
    let v = 0;
    for (const [k, c] of Object.entries(p.linear ?? {})) v += (c as number) * x[Number(k)];
    for (const [k, q] of Object.entries(p.diag ?? {})) v += 0.5 * (q as number) * x[Number(k)] ** 2;
    for (const [i, j, w] of p.quadratic ?? []) v += w * x[i] * x[j];
    return v;
  };
  let best = Infinity;
  for (let mask = 0; mask < 1 << bins.length; mask++) {
    const x = new Array<number>(n).fill(0);
    bins.forEach((i, k) => (x[i] = (mask >> k) & 1));
    for (let sweep = 0; sweep < 1000; sweep++) {
      for (let i = 0; i < n; i++) {
        if (p.vars[i].domain === 'binary') continue;
        let g = p.linear?.[String(i)] ?? 0;
        for (const [a, b, w] of p.quadratic ?? []) g += a === i ? w * x[b] : b === i ? w * x[a] : 0;
        const q = p.diag?.[String(i)] ?? 0;
        x[i] = Math.min(p.vars[i].hi ?? Infinity, Math.max(p.vars[i].lo ?? -Infinity, -g / q));
      }
    }
    best = Math.min(best, f(x));
  }
  return best;
}
