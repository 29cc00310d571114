/**
 * Section `family` of `npm run bench`: `rules` and `select` on large seeded instances, native
 * against TS at the same deterministic effort: objective (violations and energy for rules),
 * whether both engines give the same answer, and the TS/native time ratio.
 *
 * Environment: BENCH_FAMILY_EFFORTS (comma list, default `flash,medium`).
 */
import { performance } from 'node:perf_hooks';
import { type Effort, type Engine, type EngineRequest } from '@svc/engine-ts';
import { type RawPair } from '@svc/engine-ts/families/qubo';
import { canonicalRules, RULE_KINDS, type RawRule } from '@svc/engine-ts/families/rules';
import { canonicalSelect } from '@svc/engine-ts/families/select';
import { table } from './table';
import { lcg } from './lcg';

/** `count` distinct nodes of 0..n−1. */
function pick(r: () => number, n: number, count: number): number[] {
  const out = new Set<number>();
  while (out.size < count) out.add(Math.floor(r() * n));
  return [...out];
}

/** Every rule type (static contradictions avoided: each node is forced at most once, each pair kind once). */
function benchRules(n: number, count: number, seed: number) {
  const r = lcg(seed);
  const constraints: RawRule[] = [];
  const forced = new Set<number>();
  const pairs = new Set<string>();
  while (constraints.length < count) {
    const type = RULE_KINDS[Math.floor(r() * RULE_KINDS.length)];
    if (type === 'requires' || type === 'identical' || type === 'different') {
      const [a, b] = pick(r, n, 2);
      const key = `${Math.min(a, b)},${Math.max(a, b)}`;
      if (type !== 'requires') {
        if (pairs.has(key)) continue;
        pairs.add(key);
      }
      constraints.push({ type, nodes: [a, b] });
    } else if (type === 'force_true' || type === 'force_false') {
      const v = Math.floor(r() * n);
      if (forced.has(v)) continue;
      forced.add(v);
      constraints.push({ type, nodes: [v] });
    } else {
      const nodes = pick(r, n, 2 + Math.floor(r() * 4));
      const k = Math.floor(r() * nodes.length);
      constraints.push(type === 'choose_exactly' || type === 'capacity_limit' ? { type, nodes, k } : { type, nodes });
    }
  }
  const linear: Record<string, number> = {};
  for (let i = 0; i < n; i++) if (r() < 0.7) linear[String(i)] = Math.floor(r() * 21) - 10;
  const quadratic: RawPair[] = [];
  for (let t = 0; t < 1.5 * n; t++) {
    const [i, j] = pick(r, n, 2);
    quadratic.push([i, j, Math.floor(r() * 21) - 10]);
  }
  return canonicalRules(n, constraints, linear, quadratic);
}

/** Integer affinities 0..20 and symmetric redundancy 0..10 at the given density. */
function benchSelect(m: number, k: number, density: number, seed: number) {
  const r = lcg(seed);
  const affinity = Array.from({ length: m }, () => Math.floor(r() * 21));
  const red = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++) {
      if (r() < density) red[i][j] = red[j][i] = Math.floor(r() * 11);
    }
  }
  return canonicalSelect(m, k, affinity, red);
}

export async function benchFamily(ts: Engine, native: Engine | null): Promise<string> {
  const efforts = (process.env.BENCH_FAMILY_EFFORTS ?? 'flash,medium').split(',').map((s) => s.trim() as Effort);
  const cases: { name: string; req: Omit<EngineRequest, 'effort'> }[] = [
    { name: 'rules n=4000, 4800 rules', req: { command: 'rules', problem: benchRules(4000, 4800, 77), seed: 1 } },
    { name: 'select m=800 k=200 density 0.3', req: { command: 'select', problem: benchSelect(800, 200, 0.3, 78), seed: 1 } },
  ];
  const rows: (string | number)[][] = [];
  for (const c of cases) {
    for (const effort of efforts) {
      const req = { ...c.req, effort } as EngineRequest;
      const t0 = performance.now();
      const a = await ts.solve(req);
      const tsMs = performance.now() - t0;
      const t1 = performance.now();
      const b = native ? await native.solve(req) : null;
      const nativeMs = performance.now() - t1;
      const show = (x: typeof a) => (x.kind === 'rules' ? `${x.violations} viol., ${x.objective}` : String(x.objective));
      const same = b ? a.answer.length === b.answer.length && a.answer.every((v, i) => v === b.answer[i]) : false;
      rows.push([
        c.name, effort, show(a), tsMs.toFixed(0), b ? show(b) : '-', b ? nativeMs.toFixed(0) : '-',
        b ? (same ? 'yes' : 'no') : '-', b ? `${(tsMs / nativeMs).toFixed(1)}×` : '-',
      ]);
    }
  }
  return `## rules and select (seed 1)\n\n${table(['instance', 'effort', 'TS result', 'TS ms', 'native result', 'native ms', 'same answer', 'TS/native time'], rows)}`;
}
