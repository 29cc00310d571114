/**
 * `bipartite` (maxcut): the answer puts the ends of every positive edge on different sides and the
 * ends of every negative edge on the same side, so it cuts Σ max(0, w), which no cut exceeds
 * (docs/certificates.md "bipartite"). Edges listed twice count as one edge of the summed weight.
 */
import { add, max0, ZERO, type Q } from '../rational';
import { need } from '../report';
import { obj, onlyKeys } from '../shape';
import type { Graph } from '../problem';

export function positivePart(g: Graph): Q {
  let s = ZERO;
  for (const e of g.edges) s = add(s, max0(e.w));
  return s;
}

export function checkBipartite(g: Graph, x: Uint8Array, cert: unknown, step: string): Q {
  onlyKeys(obj(cert, step), [], step);
  for (const e of g.edges) {
    if (e.w.n > 0n) need(x[e.i] !== x[e.j], `${step}.edge`, `${step}: the positive edge ${e.i}–${e.j} is not cut by the answer`);
    if (e.w.n < 0n) need(x[e.i] === x[e.j], `${step}.edge`, `${step}: the negative edge ${e.i}–${e.j} is cut by the answer`);
  }
  return positivePart(g);
}
