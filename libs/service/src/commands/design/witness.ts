/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

/** Every answer: K^L value vectors, the coupling from the table or the rounded cosine. */
export function witness(p: Record<string, any>): number {
  const cost = (a: number, b: number) => (p.table ? p.table[a][b] : p.circular ? Math.floor(-p.circular.j * (p.circular.scale ?? 1) * Math.cos((2 * Math.PI * Math.min((a - b + p.K) % p.K, (b - a + p.K) % p.K)) / p.K) + 0.5) : 0);
  let best = Infinity;
  const x = new Array<number>(p.L).fill(0);
  for (;;) {
    let e = 0;
    for (const [s, v, w] of p.bias ?? []) if (x[s] === v) e += w;
    for (const [i, j] of p.bonds ?? []) e += cost(x[i], x[j]);
    best = Math.min(best, e);
    let k = 0;
    while (k < p.L && ++x[k] === p.K) x[k++] = 0;
    if (k === p.L) return best;
  }
}
