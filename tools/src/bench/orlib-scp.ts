/** OR-Library set-cover files (`m n`, n costs, then per row its covering columns, 1-based), .txt or .txt.gz. */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface ScpInstance {
  readonly universe: number;
  readonly sets: number[][];
  readonly costs: number[];
}

/** The instance at `<path>` or `<path>.gz` as a `cover` problem (rows are elements, columns sets), or null. */
export function readScp(path: string): ScpInstance | null {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : existsSync(`${path}.gz`) ? gunzipSync(readFileSync(`${path}.gz`)).toString('utf8') : null;
  if (text === null) return null;
  const t = text.trim().split(/\s+/).map(Number);
  let q = 0;
  const m = t[q++];
  const n = t[q++];
  const costs = t.slice(q, q + n);
  q += n;
  const sets: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < m; i++) {
    const k = t[q++];
    for (let r = 0; r < k; r++) sets[t[q++] - 1].push(i);
  }
  return { universe: m, sets, costs };
}
