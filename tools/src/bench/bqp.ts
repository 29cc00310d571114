import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { canonicalQubo, type QuboProblem } from '@svc/engine-ts/families/qubo';

/** One Beasley instance: the problem in our minimisation form and its best-known maximum. */
export interface BqpInstance {
  name: string;
  size: number;
  problem: QuboProblem;
  /** Best-known value of the MAXIMISATION problem (our optimum is −bestKnown). */
  bestKnown?: number;
}

/**
 * Parses a qbsolv `.qubo` file (`p qubo 0 maxNodes nNodes nCouplers`, then `i i Qii` and
 * `i j Qij` lines, 0-based). The file MAXIMISES Σ Qii x_i + Σ_{i<j} Qij x_i x_j (README of
 * ../shared/benchmarks/qubo), so every coefficient is negated into our minimisation form.
 */
export function parseQbsolv(name: string, text: string): QuboProblem {
  let n = -1;
  const linear: Record<string, number> = {};
  const quadratic: [number, number, number][] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('c')) continue;
    const t = line.split(/\s+/);
    if (t[0] === 'p') {
      n = Number(t[3]);
      continue;
    }
    const i = Number(t[0]);
    const j = Number(t[1]);
    const w = -Number(t[2]);
    if (i === j) linear[String(i)] = (linear[String(i)] ?? 0) + w;
    else quadratic.push([i, j, w]);
  }
  if (n < 1) throw new Error(`${name}: no "p qubo" header`);
  return canonicalQubo(n, linear, quadratic);
}

/** The instance file `bqp<size>_<k>.qubo` (or `.qubo.gz`) and its best-known value, or null when absent. */
export function loadBqp(dir: string, size: number, k: number): BqpInstance | null {
  const base = join(dir, 'qubo', `bqp${size}_${k}.qubo`);
  const file = existsSync(base) ? base : existsSync(`${base}.gz`) ? `${base}.gz` : null;
  if (file === null) return null;
  const bytes = readFileSync(file);
  const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  const name = `bqp${size}.${k}`;
  const inst: BqpInstance = { name, size, problem: parseQbsolv(name, text) };
  const csv = join(dir, 'qubo', 'best_known.csv');
  if (existsSync(csv)) {
    const [header, ...rows] = readFileSync(csv, 'utf8').trim().split('\n');
    const cols = header.split(',');
    const at = cols.indexOf('best_known_max');
    for (const r of rows) {
      const c = r.split(',');
      if (c[0] === name) inst.bestKnown = Number(c[at]);
    }
  }
  return inst;
}
