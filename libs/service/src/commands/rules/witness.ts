/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

function holds(r: { type: string; nodes: number[]; k?: number }, x: (i: number) => number): boolean {
  const [a, b] = r.nodes;
  if (r.type === 'requires') return !(x(a) === 1 && x(b) === 0);
  if (r.type === 'identical') return x(a) === x(b);
  if (r.type === 'different') return x(a) !== x(b);
  const ones = r.nodes.reduce((s, i) => s + x(i), 0);
  return { choose_one: ones === 1, choose_exactly: ones === r.k, mutual_exclusion: ones <= 1, capacity_limit: ones <= (r.k ?? 0), force_true: ones === r.nodes.length, force_false: ones === 0 }[r.type] as boolean;
}

/** Every 0/1 assignment: fewest broken rules first, then the least energy; that energy. */
export function witness(p: Record<string, any>): number {
  let best: [number, number] = [Infinity, Infinity];
  for (let mask = 0; mask < 1 << p.n; mask++) {
    const x = (i: number) => (mask >> i) & 1;
    const viol = p.constraints.filter((r: any) => !holds(r, x)).length;
    let e = 0;
    for (const [k, h] of Object.entries(p.linear ?? {})) if (x(Number(k))) e += h as number;
    for (const [i, j, w] of p.quadratic ?? []) if (x(i) && x(j)) e += w;
    if (viol < best[0] || (viol === best[0] && e < best[1])) best = [viol, e];
  }
  return best[1];
}
