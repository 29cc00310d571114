import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where the public instances live; the bench reads them in place and skips what is missing. */
export function benchmarksDir(repoRoot: string): string {
  return process.env.SVC_BENCHMARKS_DIR ?? resolve(repoRoot, '..', 'shared', 'benchmarks');
}

export interface GsetGraph {
  name: string;
  n: number;
  edges: [number, number, number][];
  bestKnown?: number;
}

/** Parses a rudy/Gset file (1-based ids) into 0-based edges. */
export function parseGset(name: string, text: string): GsetGraph {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const [n, m] = lines[0].split(/\s+/).map(Number);
  const edges: [number, number, number][] = [];
  for (let k = 1; k <= m; k++) {
    const [i, j, w] = lines[k].split(/\s+/).map(Number);
    edges.push([i - 1, j - 1, w]);
  }
  if (edges.length !== m) throw new Error(`${name}: expected ${m} edges, read ${edges.length}`);
  return { name, n, edges };
}

/** Loads a Gset graph and its best-known cut (updated column), or null when the file is absent. */
export function loadGset(dir: string, name: string): GsetGraph | null {
  const file = join(dir, 'maxcut', `${name}.txt`);
  if (!existsSync(file)) return null;
  const g = parseGset(name, readFileSync(file, 'utf8'));
  const csv = join(dir, 'maxcut', 'best_known.csv');
  if (existsSync(csv)) {
    const [header, ...rows] = readFileSync(csv, 'utf8').trim().split('\n');
    const cols = header.split(',');
    const at = cols.indexOf('best_known_updated');
    for (const r of rows) {
      const c = r.split(',');
      if (c[0] === name) g.bestKnown = Number(c[at]);
    }
  }
  return g;
}
