import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor, type ErrorCode } from '@svc/errors';
import { lcg, ROOT, svcSuite } from './svc-cli-harness';

/**
 * Cross-transport conformance: the same cases through every front door that exists — plain HTTP,
 * the bundled `svc` CLI and the Python client — must give the same envelope (receipt, certainty,
 * objective, answer, version, engine) or the same fault (code, HTTP status, exit code). Certified
 * answers are also checked against an independent brute force written here from the JSON input.
 * (MCP and gRPC join this list when they exist.)
 */

const TAG = 'svc-cortex-v1';
const CERTIFIED = 'certified optimum (proven by exhaustion)';
// Subprocesses and a worker thread on a shared 2-core machine: generous limits.
const SLOW = 180_000;

type Triple = [number, number, number];
type Json = Record<string, any>;

interface Case {
  readonly name: string;
  readonly command: string;
  readonly problem: Json;
  readonly effort: 'flash' | 'medium' | 'high';
  readonly seed: number;
  /** An error code every transport must report, or absent for a success. */
  readonly error?: ErrorCode;
  /** The certified optimum from an independent brute force (checked against the answer too). */
  readonly optimum?: number;
  /** The objective of an answer, from the JSON input (independent of the service). */
  readonly score?: (env: Json) => number;
}

function randomPairs(n: number, density: number, seed: number, lo: number, hi: number): Triple[] {
  const r = lcg(seed);
  const out: Triple[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < density) out.push([i, j, lo + Math.floor(r() * (hi - lo + 1))]);
  return out;
}

function randomLinear(n: number, seed: number, lo: number, hi: number): Record<string, number> {
  const r = lcg(seed);
  const out: Record<string, number> = {};
  for (let i = 0; i < n; i++) if (r() < 0.8) out[String(i)] = lo + Math.floor(r() * (hi - lo + 1));
  return out;
}

const bits = (n: number, code: number) => Array.from({ length: n }, (_, i) => (code >> i) & 1);

/** Σ linear·x + Σ w·x_i·x_j over the raw JSON terms (duplicates and i = j pairs as given). */
function quboEnergy(p: Json, x: number[]): number {
  let e = 0;
  for (const [k, h] of Object.entries((p.linear ?? {}) as Record<string, number>)) e += h * x[Number(k)];
  for (const [i, j, w] of (p.quadratic ?? []) as Triple[]) e += w * x[i] * x[j];
  return e;
}

function isingEnergy(p: Json, s: number[]): number {
  let e = 0;
  for (const [k, h] of Object.entries((p.field ?? {}) as Record<string, number>)) e += h * s[Number(k)];
  for (const [i, j, w] of (p.quadratic ?? []) as Triple[]) e += w * s[i] * s[j];
  return e;
}

function cutValue(p: Json, side: number[]): number {
  if (p.complete === true) {
    let c = 0;
    for (let i = 0; i < p.n; i++) for (let j = i + 1; j < p.n; j++) if (side[i] !== side[j]) c++;
    return c;
  }
  let c = 0;
  for (const [i, j, w] of p.edges as Triple[]) if (side[i] !== side[j]) c += w;
  return c;
}

function selectValue(p: Json, chosen: number[]): number {
  let v = 0;
  for (const i of chosen) v += p.affinity[i];
  if (p.redundancy) for (let a = 0; a < chosen.length; a++) for (let b = a + 1; b < chosen.length; b++) v -= p.redundancy[chosen[a]][chosen[b]];
  return v;
}

function ruleViolations(p: Json, x: number[]): number {
  let v = 0;
  for (const r of p.constraints as { type: string; nodes: number[]; k?: number }[]) {
    const ones = r.nodes.filter((i) => x[i] === 1).length;
    const [a, b] = r.nodes;
    const ok = {
      choose_one: ones === 1,
      choose_exactly: ones === r.k,
      mutual_exclusion: ones <= 1,
      capacity_limit: ones <= (r.k ?? 0),
      force_true: ones === r.nodes.length,
      force_false: ones === 0,
      requires: x[a] === 0 || x[b] === 1,
      identical: x[a] === x[b],
      different: x[a] !== x[b],
    }[r.type];
    if (ok === undefined) throw new Error(`unknown rule ${r.type}`);
    if (!ok) v++;
  }
  return v;
}

/** min (or max) of f over all 2^n 0/1 vectors accepted by `allowed`. */
function brute(n: number, f: (x: number[]) => number, sense: 'min' | 'max', allowed: (x: number[]) => boolean = () => true): number {
  let best = sense === 'min' ? Infinity : -Infinity;
  for (let c = 0; c < 2 ** n; c++) {
    const x = bits(n, c);
    if (!allowed(x)) continue;
    const v = f(x);
    if (sense === 'min' ? v < best : v > best) best = v;
  }
  return best;
}

function cases(): Case[] {
  const out: Case[] = [];
  // optimize: random integer and real weights, duplicate pairs, an i = i pair; every effort.
  for (const [effort, seed] of [['flash', 1], ['medium', 2], ['high', 3]] as const) {
    const n = 9 + seed;
    const p = { n, linear: randomLinear(n, seed, -9, 9), quadratic: [...randomPairs(n, 0.4, seed + 10, -9, 9), [0, 1, 2.5], [1, 0, -1.25], [2, 2, 3]] as Triple[] };
    out.push({ name: `optimize n=${n} ${effort}`, command: 'optimize', problem: p, effort, seed, optimum: brute(n, (x) => quboEnergy(p, x), 'min'), score: (e) => quboEnergy(p, e.answer) });
  }
  const lone = { n: 1, linear: { 0: -2 } };
  out.push({ name: 'optimize n=1, linear only', command: 'optimize', problem: lone, effort: 'medium', seed: 0, optimum: -2, score: (e) => quboEnergy(lone, e.answer) });
  // maxcut: signed weights, zero and duplicate edges, a lone node, a complete graph.
  const g = { n: 12, edges: [...randomPairs(12, 0.5, 21, -4, 6), [0, 1, 0], [2, 3, 1], [3, 2, 2]] as Triple[] };
  out.push({ name: 'maxcut n=12 signed', command: 'maxcut', problem: g, effort: 'medium', seed: 4, optimum: brute(12, (x) => cutValue(g, x), 'max'), score: (e) => cutValue(g, e.answer) });
  const k7 = { n: 7, complete: true };
  out.push({ name: 'maxcut complete n=7', command: 'maxcut', problem: k7, effort: 'flash', seed: 0, optimum: 12, score: (e) => cutValue(k7, e.answer) });
  // feel: Ising spins.
  const f = { n: 10, field: randomLinear(10, 31, -3, 3), quadratic: randomPairs(10, 0.45, 32, -3, 3) };
  const spins = (x: number[]) => x.map((b) => 2 * b - 1);
  out.push({ name: 'feel n=10', command: 'feel', problem: f, effort: 'medium', seed: 5, optimum: brute(10, (x) => isingEnergy(f, spins(x)), 'min'), score: (e) => isingEnergy(f, e.answer) });
  // want: pins honoured; every variable pinned.
  const w = { n: 11, linear: randomLinear(11, 41, -5, 5), quadratic: randomPairs(11, 0.4, 42, -5, 5), pins: { 0: 1, 4: 0, 10: 1 } as Record<string, number> };
  const pinsOk = (pins: Record<string, number>) => (x: number[]) => Object.entries(pins).every(([k, v]) => x[Number(k)] === v);
  out.push({ name: 'want n=11, three pins', command: 'want', problem: w, effort: 'medium', seed: 6, optimum: brute(11, (x) => quboEnergy(w, x), 'min', pinsOk(w.pins)), score: (e) => quboEnergy(w, e.answer) });
  const allPinned = { n: 3, linear: { 0: 1, 1: -1 }, quadratic: [[0, 2, 4]] as Triple[], pins: { 0: 1, 1: 0, 2: 1 } };
  out.push({ name: 'want, every variable pinned', command: 'want', problem: allPinned, effort: 'flash', seed: 0, optimum: 5, score: (e) => quboEnergy(allPinned, e.answer) });
  // sample: the k lowest states; more asked than exist.
  const s = { n: 8, linear: randomLinear(8, 51, -4, 4), quadratic: randomPairs(8, 0.5, 52, -4, 4), num_samples: 6 };
  out.push({ name: 'sample n=8, 6 samples', command: 'sample', problem: s, effort: 'medium', seed: 7, optimum: brute(8, (x) => quboEnergy(s, x), 'min'), score: (e) => quboEnergy(s, e.answer) });
  const tiny = { n: 2, linear: { 0: 1, 1: -1 }, num_samples: 10 };
  out.push({ name: 'sample n=2, more samples than states', command: 'sample', problem: tiny, effort: 'flash', seed: 0, optimum: -1, score: (e) => quboEnergy(tiny, e.answer) });
  // select: redundancy, k = m, no redundancy.
  // The sandbox needs `n` on every problem (interface §3): for select it is m.
  const sel = { n: 10, m: 10, k: 4, affinity: Array.from({ length: 10 }, (_, i) => (i * 7) % 11), redundancy: symmetric(10, 61) };
  const kOf = (m: number, k: number) => (x: number[]) => x.filter((b) => b === 1).length === k;
  const chosenOf = (x: number[]) => x.flatMap((b, i) => (b === 1 ? [i] : []));
  out.push({ name: 'select m=10 k=4', command: 'select', problem: sel, effort: 'medium', seed: 8, optimum: brute(10, (x) => selectValue(sel, chosenOf(x)), 'max', kOf(10, 4)), score: (e) => selectValue(sel, e.answer) });
  const all = { n: 3, m: 3, k: 3, affinity: [1, -2, 3], redundancy: [[0, 1, 0], [1, 0, 2], [0, 2, 0]] };
  out.push({ name: 'select k = m', command: 'select', problem: all, effort: 'flash', seed: 0, optimum: -1, score: (e) => selectValue(all, e.answer) });
  // rules: satisfiable with an objective; unsatisfiable (minimum violations certified).
  const rules = {
    n: 8,
    constraints: [
      { type: 'choose_one', nodes: [0, 1, 2] }, { type: 'choose_exactly', nodes: [3, 4, 5, 6], k: 2 },
      { type: 'mutual_exclusion', nodes: [1, 3, 7] }, { type: 'capacity_limit', nodes: [0, 5, 6, 7], k: 2 },
      { type: 'force_true', nodes: [4] }, { type: 'force_false', nodes: [2] }, { type: 'requires', nodes: [0, 7] },
      { type: 'identical', nodes: [5, 6] }, { type: 'different', nodes: [1, 0] },
    ],
    linear: randomLinear(8, 71, -3, 3), quadratic: randomPairs(8, 0.3, 72, -3, 3),
  };
  const rulesKey = (x: number[]) => ruleViolations(rules, x) * 1e6 + quboEnergy(rules, x);
  out.push({ name: 'rules n=8, every rule type', command: 'rules', problem: rules, effort: 'medium', seed: 9, optimum: brute(8, rulesKey, 'min'), score: (e) => ruleViolations(rules, e.answer) * 1e6 + quboEnergy(rules, e.answer) });
  const clash = { n: 3, constraints: [{ type: 'choose_one', nodes: [0, 1] }, { type: 'identical', nodes: [0, 1] }, { type: 'force_true', nodes: [2] }] };
  out.push({ name: 'rules, one violation unavoidable', command: 'rules', problem: clash, effort: 'flash', seed: 0, optimum: 1e6, score: (e) => ruleViolations(clash, e.answer) * 1e6 + quboEnergy(clash, e.answer) });
  // quantum-scale: a small planted instance (identical across transports; the floor is proven by construction).
  out.push({ name: 'quantum-scale n=512', command: 'quantum-scale', problem: { n: 512, degree: 3, instance_seed: 11 }, effort: 'medium', seed: 0 });

  // Faults: every transport reports the same code.
  const bad: [string, string, Json, ErrorCode][] = [
    ['maxcut edge out of range', 'maxcut', { n: 3, edges: [[0, 5, 1]] }, 'SVC_INVALID_INPUT'],
    ['maxcut empty edge list (interface §2.2)', 'maxcut', { n: 2, edges: [] }, 'SVC_INVALID_INPUT'],
    ['select without n in the sandbox', 'select', { m: 2, k: 1, affinity: [1, 2] }, 'SVC_SANDBOX_NEEDS_N'],
    ['optimize n = 0', 'optimize', { n: 0 }, 'SVC_INVALID_INPUT'],
    ['optimize unknown version', 'optimize', { n: 2, linear: { 0: 1 }, version: '1999-01-01' }, 'SVC_UNKNOWN_VERSION'],
    ['feel self-coupling', 'feel', { n: 3, quadratic: [[1, 1, 2]] }, 'SVC_INVALID_INPUT'],
    ['want pin out of range', 'want', { n: 3, linear: { 0: 1 }, pins: { 7: 1 } }, 'SVC_INVALID_INPUT'],
    ['sample zero samples', 'sample', { n: 3, linear: { 0: 1 }, num_samples: 0 }, 'SVC_INVALID_INPUT'],
    ['select k > m', 'select', { n: 2, m: 2, k: 3, affinity: [1, 2] }, 'SVC_INVALID_INPUT'],
    ['rules forced both ways', 'rules', { n: 2, constraints: [{ type: 'force_true', nodes: [0] }, { type: 'force_false', nodes: [0] }] }, 'SVC_CONTRADICTORY_CONSTRAINTS'],
    ['rules choose_exactly k > |nodes|', 'rules', { n: 3, constraints: [{ type: 'choose_exactly', nodes: [0, 1], k: 3 }] }, 'SVC_CONTRADICTORY_CONSTRAINTS'],
    ['quantum-scale degree 2', 'quantum-scale', { n: 100, degree: 2, instance_seed: 1 }, 'SVC_INVALID_INPUT'],
  ];
  for (const [name, command, problem, error] of bad) out.push({ name, command, problem, effort: 'flash', seed: 0, error });
  return out.map((c) => ({ ...c, problem: { description: `Cross-transport case: ${c.name}.`, ...c.problem } }));
}

function symmetric(m: number, seed: number): number[][] {
  const r = lcg(seed);
  const a = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) a[i][j] = a[j][i] = r() < 0.5 ? Math.floor(r() * 5) : 0;
  return a;
}

/** The fields every transport must agree on. */
function comparable(env: Json): Json {
  const out: Json = {};
  for (const k of ['receipt', 'certainty', 'proof', 'answer', 'energy', 'cut_value', 'value', 'violations', 'samples', 'pinned', 'planted_energy', 'reached_floor', 'version', 'engine', 'effort', 'seed']) {
    if (env[k] !== undefined) out[k] = env[k];
  }
  return out;
}

// Python: the client package from the workspace, one process for every case.
const PY_RUNNER = `
import json, sys
from svc_client import Client
base, cases = sys.argv[1], json.load(sys.stdin)
client = Client(base)
out = [client.solve(c["command"], c["problem"], effort=c["effort"], seed=c["seed"]) for c in cases]
print(json.dumps(out))
`;

function runPython(base: string, list: Case[]): Promise<Json[]> {
  return new Promise((done, fail) => {
    const child = spawn('python3', ['-c', PY_RUNNER, base], {
      env: { PATH: process.env.PATH ?? '', PYTHONPATH: join(ROOT, 'libs', 'client-python', 'src'), HOME: process.env.HOME ?? '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (x) => { stdout += x; });
    child.stderr.on('data', (x) => { stderr += x; });
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) fail(new Error(`python exited ${code}: ${stderr}`));
      else done(JSON.parse(stdout) as Json[]);
    });
    child.stdin.end(JSON.stringify(list.map((c) => ({ command: c.command, problem: c.problem, effort: c.effort, seed: c.seed }))));
  });
}

// No result cache (every transport's answer is a real solve) and room for the case count.
const suite = svcSuite('svc-cross-transport-', { env: { SVC_RESULT_CACHE_BYTES: '0', SVC_SANDBOX_RATE_PER_MINUTE: '100000' } });
const CASES = cases();
const http = new Map<string, { status: number; json: Json }>();
const cli = new Map<string, { code: number | null; json: Json }>();
const python = new Map<string, Json>();

beforeAll(async () => {
  const base = suite.server.url;
  const token = ((await (await fetch(`${base}/api/v1/sandbox`)).json()) as { token: string }).token;
  const py = runPython(base, CASES);
  for (const c of CASES) {
    const res = await fetch(`${base}/api/v1/solve/${c.command}?effort=${c.effort}&seed=${c.seed}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ tag: TAG, ...c.problem }),
    });
    http.set(c.name, { status: res.status, json: (await res.json()) as Json });
    const r = await suite.svc([c.command, '--format', 'json', '--effort', c.effort, '--seed', String(c.seed)], { stdin: JSON.stringify(c.problem) });
    cli.set(c.name, { code: r.code, json: JSON.parse(r.stdout || r.stderr) as Json });
  }
  const pyOut = await py;
  CASES.forEach((c, i) => python.set(c.name, pyOut[i]));
}, SLOW);

describe('cross-transport conformance: HTTP, svc, Python', () => {
  it('covers every command that is served, successes and faults', () => {
    const served = new Set(CASES.map((c) => c.command));
    for (const c of ['optimize', 'maxcut', 'feel', 'want', 'sample', 'select', 'rules', 'quantum-scale']) expect(served).toContain(c);
    expect(CASES.filter((c) => c.error).length).toBeGreaterThanOrEqual(8);
  });

  it.each(CASES.filter((c) => !c.error).map((c) => [c.name, c] as const))('%s: one envelope through every door', (_name, c) => {
    const h = http.get(c.name)!;
    expect(h.status, JSON.stringify(h.json)).toBe(200);
    const base = comparable(h.json);
    expect(base.receipt).toMatch(/^svcr_[0-9a-f]{64}$/);
    const viaCli = cli.get(c.name)!;
    expect(viaCli.code, JSON.stringify(viaCli.json)).toBe(0);
    expect(comparable(viaCli.json)).toEqual(base);
    expect(comparable(python.get(c.name)!)).toEqual(base);
    if (c.optimum !== undefined) {
      // Certified: the brute-force optimum, and the answer really scores it.
      expect(h.json.certainty).toBe(CERTIFIED);
      expect(c.score!(h.json)).toBeCloseTo(c.optimum, 9);
    }
    if (c.command === 'quantum-scale') {
      expect(h.json.energy).toBeGreaterThanOrEqual(h.json.planted_energy);
      expect(h.json.reached_floor).toBe(h.json.energy === h.json.planted_energy);
    }
  });

  it.each(CASES.filter((c) => c.error).map((c) => [c.name, c] as const))('%s: the same fault through every door', (_name, c) => {
    const h = http.get(c.name)!;
    expect(h.json.code, JSON.stringify(h.json)).toBe(c.error);
    expect(h.status).toBe(h.json.status);
    const viaCli = cli.get(c.name)!;
    expect(viaCli.json.code).toBe(c.error);
    expect(viaCli.code).toBe(exitCodeFor(c.error!));
    const py = python.get(c.name)!;
    expect(py.code).toBe(c.error);
    expect(py.status).toBe(h.status);
    expect(py.exit_code).toBe(exitCodeFor(c.error!));
  });
});
