/** DIMACS colouring graphs (`p edge n m`, `e u v` 1-based; .col or gzipped .col.gz) read in place. */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface ColGraph {
  readonly n: number;
  /** Distinct edges, 0-based, u < v. */
  readonly edges: [number, number][];
}

/** The graph of `<path>` or `<path>.gz`, or null when neither exists. */
export function readCol(path: string): ColGraph | null {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : existsSync(`${path}.gz`) ? gunzipSync(readFileSync(`${path}.gz`)).toString('utf8') : null;
  if (text === null) return null;
  let n = 0;
  const seen = new Set<number>();
  const edges: [number, number][] = [];
  for (const line of text.split('\n')) {
    const t = line.trim().split(/\s+/);
    if (t[0] === 'p') n = Number(t[2]);
    else if (t[0] === 'e') {
      const a = Number(t[1]) - 1;
      const b = Number(t[2]) - 1;
      if (a === b) continue;
      const [u, v] = a < b ? [a, b] : [b, a];
      const key = u * n + v;
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push([u, v]);
    }
  }
  return { n, edges };
}

/** The `design` input of a proper-colouring question at K colours: identity table, energy = clashes. */
export function colouringInput(g: ColGraph, K: number): { L: number; K: number; bonds: [number, number][]; table: number[][] } {
  return { L: g.n, K, bonds: g.edges, table: Array.from({ length: K }, (_, a) => Array.from({ length: K }, (_, b) => (a === b ? 1 : 0))) };
}
