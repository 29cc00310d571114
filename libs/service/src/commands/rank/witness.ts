/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

/** Every order of the items: the fewest [winner, loser] votes with the loser placed first. */
export function witness(p: Record<string, any>): number {
  let best = Infinity;
  const rec = (order: string[], rest: string[]): void => {
    if (rest.length === 0) {
      const at = new Map(order.map((name, i) => [name, i]));
      best = Math.min(best, (p.comparisons ?? []).filter(([w, l]: string[]) => at.get(l)! < at.get(w)!).length);
    }
    for (let i = 0; i < rest.length; i++) rec([...order, rest[i]], [...rest.slice(0, i), ...rest.slice(i + 1)]);
  };
  rec([], p.items);
  return best;
}
