/**
 * What certificates cost (docs/certificates.md "What certificates cost"; issue 34): each public
 * instance is solved once per engine (BENCH_CERT_EFFORT, default flash; seed 0), then its answer is
 * checked by the service's `finish` twice — with `certificate=full` (the command's producer runs)
 * and with `none` (it does not) — and the certificate is checked by `@svc/certificates`. Printed:
 * the kind (or why there is none), its size as JSON, the producer's time (finish full − finish
 * none, the fastest of BENCH_CERT_REPS runs each, default 7), the solve time without and with it (engine +
 * finish), the time it adds and the checker's time. Instances are read in place (SVC_BENCHMARKS_DIR);
 * missing files are skipped. Lists: BENCH_CERT_TSP, BENCH_CERT_COVER, BENCH_CERT_RANK (random
 * Kemeny elections of these sizes, as the rank section makes them, plus the PrefLib skating files),
 * BENCH_CERT_GSET, BENCH_CERT_QUBO (Beasley bqp instances as size.k: optimize); BENCH_CERT_TSP_TREE
 * (tsp rows at BENCH_CERT_TSP_TREE_EFFORT, default medium, where branch and bound certifies: the `tree` certificate);
 * BENCH_CERT_ENGINES (`ts`, `native` or both, the default). With BENCH_CERT_DUMP
 * (a folder), each `{problem, answer, certificate}` is written there as `<instance>-<engine>.json`
 * (for timing a checker on the same certificates before and after a change).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CERTAINTY, validateProblem, type CertificateMode } from '@svc/contracts';
import type { Effort, Engine, EngineResult } from '@svc/engine-ts';
import { checkCertificate } from '@svc/certificates';
import { ADAPTERS, type FinishedSolve, type PreparedSolve } from '@svc/service';
import { loadBqp } from './bqp';
import { loadGset } from './gset';
import { lcg } from './lcg';
import { readScp } from './orlib-scp';
import { parseTsplib } from './tsplib';
import { table } from './table';

const TAG = 'svc-cortex-v1';
const DESCRIPTIONS: Record<string, string> = {
  tsp: 'Plan the inspector\'s round trip through every site.',
  cover: 'Hire the cheapest crews that together staff every shift.',
  rank: 'Order the proposals from the pairwise votes of the team.',
  maxcut: 'Split the staff into two shifts so that clashing pairs work apart.',
  optimize: 'Choose the projects that fit together best.',
};

interface Instance {
  readonly name: string;
  readonly command: string;
  readonly n: number;
  /** The request body without tag and description. */
  readonly body: Record<string, unknown>;
  /** The effort of this row when not BENCH_CERT_EFFORT's. */
  readonly effort?: Effort;
}

const list = (env: string | undefined, fallback: string) => (env ?? fallback).split(',').map((s) => s.trim()).filter((s) => s.length > 0);

function tspInstances(dir: string, names = list(process.env.BENCH_CERT_TSP, 'eil51,berlin52,kroA100,ch150,a280,pcb442,rat783,pr1002,pr2392')): Instance[] {
  const out: Instance[] = [];
  for (const name of names) {
    const file = join(dir, 'tsp', `${name}.tsp`);
    if (!existsSync(file)) continue;
    const t = parseTsplib(readFileSync(file, 'utf8'));
    out.push({ name, command: 'tsp', n: t.n, body: { n: t.n, ...t.body } });
  }
  return out;
}

/**
 * tsp rows where branch and bound below the root certifies (a `tree` certificate): BENCH_CERT_TSP_TREE
 * (default att48, eil51, berlin52: at most 60 cities, branch and bound's size at medium), solved at
 * BENCH_CERT_TSP_TREE_EFFORT (default medium).
 */
function tspTreeInstances(dir: string): Instance[] {
  const effort = (process.env.BENCH_CERT_TSP_TREE_EFFORT ?? 'medium') as Effort;
  return tspInstances(dir, list(process.env.BENCH_CERT_TSP_TREE, 'att48,eil51,berlin52')).map((t) => ({ ...t, name: `${t.name} (${effort})`, effort }));
}

function coverInstances(dir: string): Instance[] {
  const out: Instance[] = [];
  for (const name of list(process.env.BENCH_CERT_COVER, 'scp41,scp51,scp61,scpa1,scpb1,scpc1,scpd1,scpe1')) {
    const s = readScp(join(dir, 'setcover', `${name}.txt`));
    if (s === null) continue;
    out.push({ name, command: 'cover', n: s.sets.length, body: { n: s.sets.length, universe: s.universe, sets: s.sets, costs: s.costs } });
  }
  return out;
}

/** Kemeny elections as bodies: the rank section's random ones (9 voters, seed 1000 + n) and the PrefLib skating files. */
function rankInstances(dir: string): Instance[] {
  const out: Instance[] = [];
  const body = (n: number, orders: number[][]): Record<string, unknown> => {
    const items = Array.from({ length: n }, (_, i) => `c${i}`);
    const comparisons: [string, string][] = [];
    for (const o of orders) for (let a = 0; a < o.length; a++) for (let b = a + 1; b < o.length; b++) comparisons.push([items[o[a]], items[o[b]]]);
    return { items, comparisons };
  };
  const folder = join(dir, 'kemeny');
  const csv = join(folder, 'best_known.csv');
  if (existsSync(csv)) {
    for (const row of readFileSync(csv, 'utf8').trim().split('\n').slice(1)) {
      const file = row.split(',')[0];
      if (!existsSync(join(folder, file))) continue;
      const lines = readFileSync(join(folder, file), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
      const m = Number(lines[0]);
      const orders: number[][] = [];
      for (const line of lines.slice(m + 2)) {
        const xs = line.split(',').map(Number);
        for (let c = 0; c < xs[0]; c++) orders.push(xs.slice(1).map((x) => x - 1));
      }
      out.push({ name: file.replace(/\.soc$/, ''), command: 'rank', n: m, body: body(m, orders) });
    }
  }
  for (const n of list(process.env.BENCH_CERT_RANK, '60,80').map(Number)) {
    const r = lcg(1000 + n);
    const orders: number[][] = [];
    for (let v = 0; v < 9; v++) {
      const key = Array.from({ length: n }, (_, i) => i + 3 * n * r());
      orders.push(Array.from({ length: n }, (_, i) => i).sort((a, b) => key[a] - key[b]));
    }
    out.push({ name: `random n=${n}`, command: 'rank', n, body: body(n, orders) });
  }
  return out;
}

function gsetInstances(dir: string): Instance[] {
  const out: Instance[] = [];
  for (const name of list(process.env.BENCH_CERT_GSET, 'G1,G11,G14,G22,G43')) {
    const g = loadGset(dir, name);
    if (g !== null) out.push({ name, command: 'maxcut', n: g.n, body: { n: g.n, edges: g.edges } });
  }
  return out;
}

function quboInstances(dir: string): Instance[] {
  const out: Instance[] = [];
  for (const name of list(process.env.BENCH_CERT_QUBO, '50.1,100.1,250.1,500.1,1000.1')) {
    const [size, k] = name.split('.').map(Number);
    const b = loadBqp(dir, size, k);
    if (b === null) continue;
    const p = b.problem;
    const linear: Record<string, number> = {};
    p.linear.forEach((h, i) => { if (h !== 0) linear[String(i)] = h; });
    const quadratic = Array.from(p.pairs.w, (w, t) => [p.pairs.i[t], p.pairs.j[t], w]);
    out.push({ name: b.name, command: 'optimize', n: p.n, body: { n: p.n, linear, quadratic } });
  }
  return out;
}

/** The faster of `reps` runs of `f`, and its last value. */
function fastest<T>(reps: number, f: () => T): { ms: number; value: T } {
  let ms = Infinity;
  let value!: T;
  for (let k = 0; k < reps; k++) {
    const t0 = performance.now();
    value = f();
    ms = Math.min(ms, performance.now() - t0);
  }
  return { ms, value };
}

/** A checker's exact bound ("p/q" or a decimal) to two decimals, for the table. */
const approx = (q: string): string => {
  const [p, d] = q.split('/');
  const x = d === undefined ? Number(p) : Number(p) / Number(d);
  return Number.isInteger(x) ? String(x) : `≈${x.toFixed(2)}`;
};
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));
const bytes = (b: number) => (b < 10_000 ? `${b} B` : b < 10_000_000 ? `${(b / 1000).toFixed(0)} kB` : `${(b / 1e6).toFixed(1)} MB`);

export async function benchCertificates(dir: string, engines: readonly (readonly [string, Engine | null])[]): Promise<string> {
  const effort = (process.env.BENCH_CERT_EFFORT ?? 'flash') as Effort;
  const reps = Math.max(1, Number(process.env.BENCH_CERT_REPS ?? 7));
  const instances = [...tspInstances(dir), ...tspTreeInstances(dir), ...coverInstances(dir), ...rankInstances(dir), ...gsetInstances(dir), ...quboInstances(dir)];
  const only = process.env.BENCH_CERT_ENGINES ? list(process.env.BENCH_CERT_ENGINES, '') : null;
  const dump = process.env.BENCH_CERT_DUMP;
  const rows: (string | number)[][] = [];
  for (const inst of instances) {
    const problem = { tag: TAG, description: DESCRIPTIONS[inst.command], ...inst.body };
    const v = validateProblem(inst.command as never, problem, { sandbox: false });
    const prep: PreparedSolve = ADAPTERS[inst.command as 'tsp']!.prepare(v);
    for (const [id, engine] of engines) {
      if (engine === null || (only !== null && !only.includes(id))) continue;
      const t0 = performance.now();
      const r: EngineResult = await engine.solve({ command: inst.command as 'tsp', problem: prep.problem, effort: inst.effort ?? effort, seed: 0 });
      const engineMs = performance.now() - t0;
      const finish = (certificate: CertificateMode) => prep.finish(r, { deadlineFired: false, certificate });
      const none = fastest(reps, () => finish('none'));
      const full = fastest<FinishedSolve>(reps, () => finish('full'));
      const made = full.value.certificate;
      const producerMs = Math.max(0, full.ms - none.ms);
      const without = engineMs + none.ms;
      let kind = made === undefined ? 'no producer' : 'omitted' in made ? `none: ${made.omitted}` : made.certificate.kind;
      let size = '-';
      let check = '-';
      if (made !== undefined && 'certificate' in made) {
        size = bytes(JSON.stringify(made.certificate).length);
        const nodes = (made.certificate as { nodes?: unknown[] }).nodes;
        if (nodes !== undefined) kind += ` (${nodes.length} nodes)`;
        const d = full.value;
        const doc = { ...d.fields, certainty: d.certainty ?? (d.proof === null ? CERTAINTY.heuristic : CERTAINTY.certified), ...(d.bound !== undefined ? { bound: d.bound } : {}) };
        if (dump) writeFileSync(join(dump, `${inst.name.replace(/[^\w.-]+/g, '_')}-${id}.json`), JSON.stringify({ command: inst.command, problem, answer: doc, certificate: made.certificate }));
        const c = fastest(1, () => checkCertificate(inst.command, problem, doc, made.certificate));
        check = `${fmt(c.ms)}${c.value.ok ? (c.value.optimal ? ' (optimal)' : '') : ` REFUSED at ${c.value.failed_step}`}`;
        if (c.value.ok && c.value.bound !== null && !c.value.optimal) kind += ` (bound ${approx(c.value.bound)})`;
      }
      rows.push([inst.name, inst.command, inst.n, id, kind.length > 60 ? `${kind.slice(0, 57)}...` : kind, size, fmt(producerMs), fmt(without), fmt(engineMs + full.ms), `${((100 * producerMs) / without).toFixed(1)}%`, check]);
    }
  }
  return `What certificates cost (effort ${effort}, seed 0; times in ms, the producer the fastest of ${reps} runs):\n${table(
    ['instance', 'command', 'n', 'engine', 'certificate', 'size', 'producer', 'solve none', 'solve full', 'added', 'check'],
    rows,
  )}`;
}
