/**
 * `odd_cycles` (maxcut): edge-disjoint odd cycles of positive edges; a cut cuts an even number of
 * edges of a cycle, so it leaves at least one edge of each uncut: bound = Σ max(0, w) − Σ over
 * cycles of the cycle's least weight (docs/certificates.md "odd_cycles").
 */
import { cmp, sub, type Q } from '../rational';
import { need } from '../report';
import { arr, index, obj, onlyKeys } from '../shape';
import type { Graph } from '../problem';
import { positivePart } from './bipartite';

export function checkOddCycles(g: Graph, cert: unknown, step: string): Q {
  const o = obj(cert, step);
  onlyKeys(o, ['cycles'], step);
  const n = g.n;
  const weight = new Map<number, Q>();
  for (const e of g.edges) weight.set(e.i * n + e.j, e.w);
  const used = new Set<number>();
  let bound = positivePart(g);
  arr(o.cycles, `${step}.cycles`).forEach((c, k) => {
    const where = `${step}.cycles[${k}]`;
    const vs = arr(c, where).map((v, m) => index(v, n, `${where}[${m}]`));
    need(vs.length >= 3 && vs.length % 2 === 1, where, `${where}: expected an odd cycle of at least 3 nodes, got ${vs.length}`);
    need(new Set(vs).size === vs.length, where, `${where}: a node repeats`);
    let least: Q | null = null;
    for (let m = 0; m < vs.length; m++) {
      const a = Math.min(vs[m], vs[(m + 1) % vs.length]), b = Math.max(vs[m], vs[(m + 1) % vs.length]);
      const w = weight.get(a * n + b);
      need(w !== undefined && w.n > 0n, where, `${where}: ${a}–${b} is not an edge of positive weight`);
      need(!used.has(a * n + b), where, `${where}: the edge ${a}–${b} is in an earlier cycle (cycles must be edge-disjoint)`);
      used.add(a * n + b);
      if (least === null || cmp(w, least) < 0) least = w;
    }
    bound = sub(bound, least!);
  });
  return bound;
}
