import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, exitCodeFor, type ErrorCode } from '@svc/errors';
import { REGISTRY, SERVED_COMMANDS, certaintyMatches } from '@svc/contracts';
import { COMMAND_MODULES } from '@svc/service';
import { startWorker, type RunningWorker } from '@svc/worker';
import { startThrowawayPostgres, startThrowawayRedis, type ThrowawayPostgres, type ThrowawayRedis } from '@svc/store/testing';
import { BIN, lcg, ROOT, svcSuite, type SuiteAround } from './svc-cli-harness';
import type { DoorClient, DoorReply } from './doors/door-client';
import { grpcDoor } from './doors/grpc';
import { httpDoor } from './doors/http';
import { mcpHttpDoor, mcpStdioDoor } from './doors/mcp';
import { pythonDoor } from './doors/python';
import { svcDoor } from './doors/svc';
import { trpcDoor } from './doors/trpc';

/**
 * Cross-transport conformance: one table of cases through every front door — plain HTTP, the
 * bundled `svc` CLI, the Python client, MCP (streamable HTTP and stdio), gRPC and tRPC — against
 * one started server. Each must give the same envelope (receipt, certainty, objective, answer,
 * version, engine) or the same fault (code, status, and exit code where the door is a process).
 * Beyond the solve cases: a wrong token, a spent quota, an idempotent replay and its conflict, a
 * queued job followed to its end and a cancelled one. Certified answers are also checked against
 * an independent brute force written here from the JSON input.
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
  /** The certified optimum from an independent brute force (checked against the answer too), or an example's stated value (a decimal string for precision). */
  readonly optimum?: number | string;
  /** The objective of an answer, from the JSON input (independent of the service). */
  readonly score?: (env: Json) => number | string;
  /** The certainty label expected with `optimum` (the exhaustion label when absent; a template's `<t>` stands for a number). */
  readonly certainty?: string;
  /** How far the score may be from `optimum` (a numeric operation's stated tolerance); 9 digits when absent. */
  readonly tolerance?: number;
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

/** A command's contract example without tag and description (the cases add their own). */
function bareExample(command: 'recover'): Json {
  const { tag: _tag, description: _description, ...rest } = REGISTRY[command].example as Json;
  return rest;
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
  // rank: noisy votes (a majority cycle), and items without votes (their given order, certified 0).
  const items = ['ash', 'birch', 'cedar', 'elm', 'fir', 'oak', 'pine'];
  const rv = lcg(81);
  const comparisons: [string, string][] = [];
  for (let t = 0; t < 30; t++) {
    const a = Math.floor(rv() * 7);
    const b = (a + 1 + Math.floor(rv() * 6)) % 7;
    comparisons.push([items[a], items[b]]);
  }
  const rk = { n: 7, items, comparisons };
  out.push({ name: 'rank 7 items, 30 noisy votes', command: 'rank', problem: rk, effort: 'medium', seed: 10, optimum: bruteRank(items, comparisons), score: (e) => disagreements(comparisons, e.answer) });
  out.push({ name: 'rank without votes', command: 'rank', problem: { n: 3, items: ['x', 'y', 'z'] }, effort: 'flash', seed: 0, optimum: 0, score: (e) => disagreements([], e.answer) });
  // tsp: a symmetric matrix with negative entries, and euc_2d points (both certified by the DP).
  const tm = { n: 8, matrix: symmetric(8, 91).map((row, i) => row.map((x, j) => (i === j ? 0 : 3 * x - 2))) };
  out.push({ name: 'tsp 8 cities, matrix', command: 'tsp', problem: tm, effort: 'medium', seed: 11, optimum: bruteTour(8, (i, j) => tm.matrix[i][j]), score: (e) => tourLen(e.answer, (i, j) => tm.matrix[i][j]) });
  const tp = { n: 7, points: [[0, 0], [10, 3], [20, 0], [24, 12], [15, 20], [5, 18], [2, 9]], metric: 'euc_2d' };
  const euc = (i: number, j: number) => Math.floor(Math.hypot(tp.points[i][0] - tp.points[j][0], tp.points[i][1] - tp.points[j][1]) + 0.5);
  out.push({ name: 'tsp 7 points, euc_2d', command: 'tsp', problem: tp, effort: 'flash', seed: 0, optimum: bruteTour(7, euc), score: (e) => tourLen(e.answer, euc) });
  // tsp: one-way distances with negative entries (the directed DP certifies; the tour is read in its order).
  const ta = { n: 7, matrix: Array.from({ length: 7 }, (_, i) => Array.from({ length: 7 }, (_, j) => (i === j ? 0 : ((i * 37 + j * 11 + i * j * 5) % 41) - 6))) };
  out.push({ name: 'tsp 7 cities, asymmetric matrix', command: 'tsp', problem: ta, effort: 'flash', seed: 3, optimum: bruteTour(7, (i, j) => ta.matrix[i][j]), score: (e) => tourLen(e.answer, (i, j) => ta.matrix[i][j]) });
  // qap: asymmetric flows with a negative entry (certified by branch and bound).
  const qf = [[0, 3, -1, 2, 0, 1], [1, 0, 4, 0, 2, 0], [2, 1, 0, 3, 0, 1], [0, 2, 1, 0, 5, 0], [1, 0, 2, 1, 0, 3], [0, 1, 0, 2, 1, 0]];
  const qd = [[0, 2, 4, 6, 3, 5], [2, 0, 3, 5, 4, 2], [4, 3, 0, 2, 5, 3], [6, 5, 2, 0, 4, 6], [3, 4, 5, 4, 0, 2], [5, 2, 3, 6, 2, 0]];
  const qcost = (perm: number[]) => qf.reduce((acc, row, i) => acc + row.reduce((a2, f, j) => a2 + f * qd[perm[i]][perm[j]], 0), 0);
  let qbest = Infinity;
  const qrec = (perm: number[], left: number[]): void => {
    if (left.length === 0) qbest = Math.min(qbest, qcost(perm));
    for (let i = 0; i < left.length; i++) qrec([...perm, left[i]], [...left.slice(0, i), ...left.slice(i + 1)]);
  };
  qrec([], [0, 1, 2, 3, 4, 5]);
  out.push({ name: 'qap 6 facilities, asymmetric', command: 'qap', problem: { n: 6, flow: qf, dist: qd }, effort: 'medium', seed: 12, optimum: qbest, score: (e) => qcost(e.answer) });
  // design: a 3-colouring question with a bias (certified by branch and bound), and a circular chain (the DP).
  const dg = { n: 7, L: 7, K: 3, table: [[2, 0, 1], [0, 2, 0], [1, 0, 2]], bias: [[0, 0, -1], [3, 2, 1.5], [6, 1, -0.5]], bonds: [[0, 1], [1, 2], [2, 0], [2, 3], [3, 4], [4, 5], [5, 6], [6, 3], [1, 4]] };
  const denergy = (x: number[]) => dg.bias.reduce((a, [s, v, w]) => a + (x[s] === v ? w : 0), 0) + dg.bonds.reduce((a, [i, j]) => a + dg.table[x[i]][x[j]], 0);
  let dbest = Infinity;
  for (let code = 0; code < 3 ** 7; code++) dbest = Math.min(dbest, denergy(Array.from({ length: 7 }, (_, s) => Math.floor(code / 3 ** s) % 3)));
  out.push({ name: 'design 7 sites, 3 values, a table and a bias', command: 'design', problem: dg, effort: 'medium', seed: 13, optimum: dbest, score: (e) => denergy(e.answer) });
  const dc = { n: 5, L: 5, K: 6, circular: { j: 3 }, bias: [[0, 0, -4], [4, 3, -4]], bonds: [[0, 1], [1, 2], [2, 3], [3, 4]] };
  // cos at distance 1 and 2 of K = 6 is exactly ½ and −½ (docs/design.md): −3·cos is −1.5 → −1 and 1.5 → 2, halves up.
  const exactCos = [1, 0.5, -0.5, -1];
  const clock = (a: number, b: number) => Math.floor(-3 * exactCos[Math.min((a - b + 6) % 6, (b - a + 6) % 6)] + 0.5);
  const cenergy = (x: number[]) => dc.bias.reduce((a, [s, v, w]) => a + (x[s] === v ? w : 0), 0) + dc.bonds.reduce((a, [i, j]) => a + clock(x[i], x[j]), 0);
  let cbest = Infinity;
  for (let code = 0; code < 6 ** 5; code++) cbest = Math.min(cbest, cenergy(Array.from({ length: 5 }, (_, s) => Math.floor(code / 6 ** s) % 6)));
  out.push({ name: 'design circular chain (clock model)', command: 'design', problem: dc, effort: 'flash', seed: 0, optimum: cbest, score: (e) => cenergy(e.answer) });
  // cover: integer costs with a zero-cost set (taken) and a set that is the only holder of an element.
  const cv = { n: 9, universe: 10, sets: [[0, 1, 2], [2, 3, 4], [4, 5, 6], [6, 7, 8], [8, 9, 0], [1, 3, 5, 7], [9], [0, 5], [2, 7, 9]], costs: [4, 3, 4, 3, 4, 5, 1, 0, 3] };
  const ccost = (chosen: number[]) => {
    const hit = new Set(chosen.flatMap((j) => cv.sets[j]));
    return hit.size === cv.universe ? chosen.reduce((a, j) => a + cv.costs[j], 0) : Infinity;
  };
  let cvbest = Infinity;
  for (let mask = 0; mask < 1 << 9; mask++) cvbest = Math.min(cvbest, ccost(Array.from({ length: 9 }, (_, j) => j).filter((j) => mask & (1 << j))));
  out.push({ name: 'cover 10 elements, 9 sets', command: 'cover', problem: cv, effort: 'medium', seed: 14, optimum: cvbest, score: (e) => ccost(e.answer) });
  // milp: a binary and a bounded continuous variable, convex (certified): the kiln example.
  const mk = { n: 2, vars: [{ domain: 'binary' }, { domain: 'continuous', lo: 0, hi: 10 }], linear: { 0: 1, 1: -1 }, diag: { 1: 0.2 }, quadratic: [[0, 1, -0.5]] };
  const mobj = (x: number[]) => x[0] - x[1] + 0.1 * x[1] * x[1] - 0.5 * x[0] * x[1];
  out.push({ name: 'milp kiln (binary + continuous)', command: 'milp', problem: mk, effort: 'medium', seed: 15, optimum: -4.625, score: (e) => mobj(e.answer) });
  // xorsat: noisy parity checks (certified by the column-space walk), a repeated variable (cancels) and an
  // empty equation with rhs 1 (always violated); then a consistent system (certified by elimination).
  const xr = lcg(16);
  const xeq = Array.from({ length: 16 }, () => ({ vars: Array.from({ length: 1 + Math.floor(xr() * 4) }, () => Math.floor(xr() * 11)), rhs: xr() < 0.5 ? 0 : 1 }));
  const xs = { n: 11, equations: [...xeq, { vars: [3, 3, 4], rhs: 1 }, { vars: [], rhs: 1 }] };
  const xviol = (p: { equations: { vars: number[]; rhs: number }[] }, x: number[]) => p.equations.filter((q) => q.vars.reduce((a, i) => a ^ x[i], q.rhs) === 1).length;
  out.push({ name: 'xorsat 11 variables, 18 noisy checks', command: 'xorsat', problem: xs, effort: 'medium', seed: 16, optimum: brute(11, (x) => xviol(xs, x), 'min'), score: (e) => xviol(xs, e.answer) });
  const xc = { n: 6, equations: [{ vars: [0, 1], rhs: 1 }, { vars: [1, 2, 3], rhs: 0 }, { vars: [3, 4], rhs: 1 }, { vars: [0, 4, 5], rhs: 1 }] };
  out.push({ name: 'xorsat consistent, 6 variables', command: 'xorsat', problem: xc, effort: 'flash', seed: 0, optimum: 0, score: (e) => xviol(xc, e.answer) });
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
    ['rank unknown item', 'rank', { n: 2, items: ['a', 'b'], comparisons: [['a', 'c']] }, 'SVC_INVALID_INPUT'],
    ['rank duplicate item', 'rank', { n: 2, items: ['a', 'a'] }, 'SVC_INVALID_INPUT'],
    ['quantum-scale degree 2', 'quantum-scale', { n: 100, degree: 2, instance_seed: 1 }, 'SVC_INVALID_INPUT'],
    ['finite weights whose sum overflows', 'maxcut', { n: 3, edges: [[0, 1, 1e308], [1, 2, 1e308], [0, 2, 1e308]] }, 'SVC_INVALID_INPUT'],
    ['tsp asymmetric matrix wider than its range cap', 'tsp', { n: 3, matrix: [[0, 2 ** 50, 0], [0, 0, 3], [2, 3, 0]] }, 'SVC_INVALID_INPUT'],
    ['qap dist of another order', 'qap', { n: 2, flow: [[0, 1], [1, 0]], dist: [[0, 1, 2], [1, 0, 3], [2, 3, 0]] }, 'SVC_INVALID_INPUT'],
    ['design asymmetric table', 'design', { n: 2, L: 2, K: 2, table: [[0, 1], [2, 0]], bonds: [[0, 1]] }, 'SVC_INVALID_INPUT'],
    ['design bond to itself', 'design', { n: 2, L: 2, K: 2, bonds: [[1, 1]] }, 'SVC_INVALID_INPUT'],
    ['cover element in no set', 'cover', { n: 2, universe: 3, sets: [[0], [1]] }, 'SVC_INVALID_INPUT'],
    ['xorsat variable out of range', 'xorsat', { n: 3, equations: [{ vars: [0, 3], rhs: 1 }] }, 'SVC_INVALID_INPUT'],
    ['xorsat rhs 2', 'xorsat', { n: 3, equations: [{ vars: [0, 1], rhs: 2 }] }, 'SVC_INVALID_INPUT'],
    ['milp unbounded variable', 'milp', { n: 1, vars: [{ domain: 'continuous', lo: 0 }], linear: { 0: -1 } }, 'SVC_INVALID_INPUT'],
    ['protect over 255 shards', 'protect', { n: 3, data: 'AAEC', data_shards: 200, parity_shards: 60 }, 'SVC_INVALID_INPUT'],
    ['recover with more shards lost than parity', 'recover', { ...bareExample('recover'), shards: [null, null, null, ...(bareExample('recover').shards as string[]).slice(3)] }, 'SVC_INVALID_INPUT'],
    ['frequency of one sample', 'frequency', { n: 1, signal: [0.5] }, 'SVC_INVALID_INPUT'],
    ['relation of one value', 'relation', { n: 1, values: ['3.14159265358979323846'] }, 'SVC_INVALID_INPUT'],
    ['relation at more digits than the values carry', 'relation', { n: 2, values: ['3.14159265358979323846', '2.71828182845904523536'], digits: 40 }, 'SVC_INVALID_INPUT'],
    ['world terrain point outside the grid', 'world', { n: 1, op: 'terrain', grid: [[0, 1], [2, 3]], cell: 1, points: [[1.5, 0.5]] }, 'SVC_INVALID_INPUT'],
    ['tsp both matrix and points', 'tsp', { n: 2, matrix: [[0, 1], [1, 0]], points: [[0, 0], [1, 1]] }, 'SVC_INVALID_INPUT'],
    ['no description', 'maxcut', { n: 3, edges: [[0, 1, 1]], description: undefined }, 'SVC_MISSING_DESCRIPTION'],
    ['n over the sandbox cap', 'optimize', { n: 60_000, linear: { 0: 1 } }, 'SVC_SANDBOX_LIMIT'],
    ['a body over the sandbox cap (256 KiB here)', 'maxcut', { n: 30_000, edges: Array.from({ length: 30_000 }, (_, i) => [i, (i + 1) % 30_000, 1]) }, 'SVC_PAYLOAD_TOO_LARGE'],
  ];
  for (const [name, command, problem, error] of bad) out.push({ name, command, problem, effort: 'flash', seed: 0, error });
  // Every served command without a case above (a new one, say) runs its engine-verified examples
  // (libs/service/src/commands/<command>/index.ts), checked against the value the example states.
  for (const m of COMMAND_MODULES) {
    if (out.some((c) => c.command === m.command && c.error === undefined)) continue;
    for (const ex of m.examples) {
      const field = ex.expected.field.split('.');
      const score = (env: Json) => field.reduce<any>((v, k) => v?.[k], env) as number | string;
      out.push({ name: `${m.command} example ${ex.id}`, command: m.command, problem: ex.problem, effort: ex.query.effort, seed: ex.query.seed, optimum: ex.expected.value, certainty: ex.expected.certainty, tolerance: ex.expected.tolerance, score });
    }
  }
  return out.map((c) => ({ ...c, problem: { tag: TAG, description: `Cross-transport case: ${c.name}.`, ...c.problem } }));
}

/** Length of a closed tour (every city once). */
function tourLen(tour: number[], d: (i: number, j: number) => number): number {
  if (new Set(tour).size !== tour.length) throw new Error('the tour repeats a city');
  return tour.reduce((s, c, k) => s + d(c, tour[(k + 1) % tour.length]), 0);
}

/** Shortest closed tour over every permutation from city 0. */
function bruteTour(n: number, d: (i: number, j: number) => number): number {
  let best = Infinity;
  const rec = (last: number, left: number[], len: number): void => {
    if (left.length === 0) best = Math.min(best, len + d(last, 0));
    for (let i = 0; i < left.length; i++) rec(left[i], [...left.slice(0, i), ...left.slice(i + 1)], len + d(last, left[i]));
  };
  rec(0, Array.from({ length: n - 1 }, (_, i) => i + 1), 0);
  return best;
}

/** Votes [winner, loser] an order of names (best first) contradicts. */
function disagreements(votes: readonly (readonly [string, string])[], order: string[]): number {
  const place = new Map(order.map((name, i) => [name, i]));
  if (place.size !== order.length) throw new Error('the order repeats an item');
  return votes.filter(([w, l]) => place.get(l)! < place.get(w)!).length;
}

/** Fewest votes contradicted by any order of `items` (every permutation). */
function bruteRank(items: string[], votes: readonly (readonly [string, string])[]): number {
  let best = Infinity;
  const rec = (prefix: string[], rest: string[]): void => {
    if (rest.length === 0) best = Math.min(best, disagreements(votes, prefix));
    for (let i = 0; i < rest.length; i++) rec([...prefix, rest[i]], [...rest.slice(0, i), ...rest.slice(i + 1)]);
  };
  rec([], items);
  return best;
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

/**
 * A throwaway PostgreSQL and Redis, and one worker (ts engine, as the suite's server) on them: the
 * server of the suite then stores and dispatches jobs, the worker runs them.
 */
function distributedDeployment(): SuiteAround {
  let pg: ThrowawayPostgres | undefined;
  let redis: ThrowawayRedis | undefined;
  let worker: RunningWorker | undefined;
  return {
    async before(work) {
      [pg, redis] = await Promise.all([startThrowawayPostgres(), startThrowawayRedis()]);
      const env = { SVC_DATABASE_URL: await pg.createDatabase(), SVC_REDIS_URL: redis.url, SVC_RESULT_CACHE_BYTES: '0' };
      worker = await startWorker({ env, engine: 'ts', dataDir: join(work, 'worker-data') });
      return { env };
    },
    async after() {
      await worker?.close();
      await Promise.all([pg?.stop(), redis?.stop()]);
    },
  };
}

/**
 * Registers the whole table against one embedded server, or against a node of the distributed
 * deployment (issue 24): PostgreSQL and Redis started for the suite and a worker process (in-process
 * here) that runs every queued job, so the doors' jobs cross the queue.
 */
export function crossTransport(mode: 'embedded' | 'distributed'): void {
  const distributed = mode === 'distributed';
  // No result cache (every door's answer is a real solve), room for the case count, a queue threshold
  // that queues QUEUED below (work 37e6) and nothing else, a free plan of 4 units a day, and a
  // 256 KiB sandbox body cap (LONG below is about 110 KiB).
  const suite = svcSuite(`svc-cross-transport-${distributed ? 'cluster-' : ''}`, {
    env: { SVC_RESULT_CACHE_BYTES: '0', SVC_SANDBOX_RATE_PER_MINUTE: '100000', SVC_QUEUE_THRESHOLD_WORK: '30000000', SVC_FREE_DAILY_UNITS: '4', SVC_SANDBOX_BODY_BYTES: '262144' },
    grpc: { port: 0 },
  }, distributed ? distributedDeployment() : undefined);
  const CASES = cases();

  function randomGraph(n: number, deg: number, seed: number): Json {
    const r = lcg(seed);
    const edges: Triple[] = [];
    for (let i = 0; i < n; i++) for (let k = 0; k < deg / 2; k++) {
      const j = Math.floor(r() * n);
      if (j !== i) edges.push([i, j, 1 + Math.floor(r() * 5)]);
    }
    return { tag: TAG, description: 'Cross-transport job: split a sparse network into two sides.', n, edges };
  }
  /** Queued (estimated work 3.7e7 ≥ the suite's 3e7 threshold) and done in well under a second. */
  const QUEUED = { command: 'maxcut', problem: randomGraph(200, 6, 1), effort: 'medium', seed: 3 };
  /** Queued and about two minutes of work on the ts engine: cancelled long before it ends. */
  const LONG = { command: 'maxcut', problem: randomGraph(2000, 8, 1), effort: 'high', seed: 0 };
  const SMALL = { command: 'maxcut', problem: { tag: TAG, description: 'Cross-transport replay: split a ring of five offices.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] }, effort: 'medium' };

  interface DoorRun {
    cases: Map<string, DoorReply>;
    badToken: DoorReply;
    quota: DoorReply;
    replay: [DoorReply, DoorReply, DoorReply];
    queued: { ack: DoorReply; final: Json | null };
    cancel: { ack: DoorReply; cancelled: DoorReply; status: string | null };
  }

  const runs = new Map<string, DoorRun>();
  const doors: DoorClient[] = [];
  let sandbox = '';
  let spentKey = '';

  const isJob = (x: Json): boolean => typeof x.job_id === 'string' && typeof x.status === 'string';

  /** The envelope a reply ends in: itself, or a done job's result; null while the job runs. */
  function envelopeOf(reply: DoorReply): Json | null {
    if (!reply.ok) return null;
    const r = reply.result;
    if (!isJob(r)) return r;
    return r.status === 'done' ? (r.result as Json) : null;
  }

  /** Follows a queued handle through the same door until the job ends (30 s waits, 3 min at most). */
  async function follow(door: DoorClient, ack: DoorReply, token: string): Promise<Json | null> {
    if (!ack.ok || !isJob(ack.result)) return envelopeOf(ack);
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      const r = await door.getJob(ack.result.job_id, token, 30);
      const env = envelopeOf(r);
      if (env) return env;
      if (!r.ok) return r.problem;
    }
    return null;
  }

  async function jobStatus(id: string): Promise<string | null> {
    const r = await fetch(`${suite.server.url}/api/v1/jobs/${id}?wait=30`, { headers: { authorization: `Bearer ${sandbox}` } });
    return ((await r.json()) as Json).status ?? null;
  }

  async function runDoor(door: DoorClient): Promise<DoorRun> {
    const cases = new Map<string, DoorReply>();
    for (const c of CASES) {
      const ack = await door.solve({ command: c.command, problem: c.problem, effort: c.effort, seed: c.seed }, sandbox);
      const env = await follow(door, ack, sandbox);
      cases.set(c.name, env && ack.ok ? { ok: true, result: env, exit: ack.exit } : ack);
    }
    const badToken = await door.solve({ ...SMALL }, 'not_a_token');
    const quota = await door.solve({ ...SMALL, seed: 99 }, spentKey);
    const key = `xt-replay-${door.name}`;
    const replay: DoorRun['replay'] = [
      await door.solve({ ...SMALL, seed: 5, idempotencyKey: key }, sandbox),
      await door.solve({ ...SMALL, seed: 5, idempotencyKey: key }, sandbox),
      await door.solve({ ...SMALL, seed: 6, idempotencyKey: key }, sandbox),
    ];
    const qAck = await door.solve(QUEUED, sandbox);
    const queued = { ack: qAck, final: await follow(door, qAck, sandbox) };
    const lAck = await door.solve(LONG, sandbox);
    const cancelled = lAck.ok && isJob(lAck.result) ? await door.cancelJob(lAck.result.job_id, sandbox) : lAck;
    const status = lAck.ok && isJob(lAck.result) ? await jobStatus(lAck.result.job_id) : null;
    return { cases, badToken, quota, replay, queued, cancel: { ack: lAck, cancelled, status } };
  }

  /** A verified free key whose 4 daily units are spent (SVC_FREE_DAILY_UNITS = 4). */
  async function spentFreeKey(base: string): Promise<string> {
    const email = 'cross-transport@example.com';
    const reg = (await (await fetch(`${base}/api/v1/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })).json()) as Json;
    const mail = readFileSync(join(suite.dataDir, 'outbox', 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Json).filter((m) => m.to === email).at(-1)!;
    const v = await fetch(`${base}/api/v1/email/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: mail.token }) });
    if (v.status !== 200) throw new Error(`verify-email answered ${v.status}`);
    const token = reg.key.token as string;
    const spend = await httpDoor(base).solve({ ...SMALL, effort: 'high', seed: 1 }, token);
    if (!spend.ok || spend.result.compute_units_left !== 0) throw new Error(`spending the quota failed: ${JSON.stringify(spend)}`);
    return token;
  }

  beforeAll(async () => {
    const base = suite.server.url;
    sandbox = ((await (await fetch(`${base}/api/v1/sandbox`)).json()) as { token: string }).token;
    spentKey = await spentFreeKey(base);
    doors.push(httpDoor(base), svcDoor(suite.svc), pythonDoor(base, ROOT), mcpHttpDoor(base), mcpStdioDoor(base, BIN, suite.work), grpcDoor(suite.server.grpc!.address), trpcDoor(base));
    for (const door of doors) runs.set(door.name, await runDoor(door));
  }, 900_000);

  afterAll(async () => {
    for (const door of doors) await door.close();
  });

  const DOOR_NAMES = ['http', 'svc', 'python', 'mcp-http', 'mcp-stdio', 'grpc', 'trpc'];
  const codeOf = (r: DoorReply): string | undefined => (r.ok ? undefined : r.problem.code);

  /** Same code, the catalogue's status, and the catalogue's exit code where the door reports one. */
  function expectFault(r: DoorReply, code: ErrorCode, door: string): void {
    expect(codeOf(r), `${door}: ${JSON.stringify(r)}`).toBe(code);
    if (!r.ok) expect(r.problem.status, door).toBe(ERRORS[code].http);
    if (r.exit !== undefined) expect(r.exit, door).toBe(exitCodeFor(code));
  }

  describe(`cross-transport conformance: one table through every door (${distributed ? 'a node of the distributed deployment: PostgreSQL, Redis, jobs on a worker' : 'one embedded server'})`, () => {
    it('covers every command that is served, successes and faults, through every door', () => {
      const served = new Set(CASES.map((c) => c.command));
      for (const c of SERVED_COMMANDS) expect(served, c).toContain(c);
      expect(CASES.filter((c) => c.error).length).toBeGreaterThanOrEqual(8);
      expect([...runs.keys()]).toEqual(DOOR_NAMES);
    });

    it.each(CASES.filter((c) => !c.error).map((c) => [c.name, c] as const))('%s: one envelope through every door', (_name, c) => {
      const h = runs.get('http')!.cases.get(c.name)!;
      expect(h.ok, JSON.stringify(h)).toBe(true);
      const base = comparable((h as { result: Json }).result);
      expect(base.receipt).toMatch(/^svcr_[0-9a-f]{64}$/);
      for (const [door, run] of runs) {
        const r = run.cases.get(c.name)!;
        expect(r.ok, `${door}: ${JSON.stringify(r)}`).toBe(true);
        if (r.exit !== undefined) expect(r.exit, door).toBe(0);
        expect(comparable((r as { result: Json }).result), door).toEqual(base);
      }
      const env = (h as { result: Json }).result;
      if (c.optimum !== undefined) {
        // Certified: the brute-force optimum (or the example's stated value), and the answer really scores it.
        expect(certaintyMatches(env.certainty, c.certainty ?? CERTIFIED), `${env.certainty}`).toBe(true);
        if (typeof c.optimum === 'string') expect(c.score!(env)).toBe(c.optimum);
        else if (c.tolerance === undefined) expect(c.score!(env) as number).toBeCloseTo(c.optimum, 9);
        else expect(Math.abs((c.score!(env) as number) - c.optimum)).toBeLessThanOrEqual(c.tolerance);
      }
      if (c.command === 'quantum-scale') {
        expect(env.energy).toBeGreaterThanOrEqual(env.planted_energy);
        expect(env.reached_floor).toBe(env.energy === env.planted_energy);
      }
    });

    it.each(CASES.filter((c) => c.error).map((c) => [c.name, c] as const))('%s: the same fault through every door', (_name, c) => {
      for (const [door, run] of runs) expectFault(run.cases.get(c.name)!, c.error!, door);
    });

    it('a wrong token is SVC_UNAUTHENTICATED through every door', () => {
      for (const [door, run] of runs) expectFault(run.badToken, 'SVC_UNAUTHENTICATED', door);
    });

    it('a spent daily quota is SVC_QUOTA_EXCEEDED through every door', () => {
      for (const [door, run] of runs) expectFault(run.quota, 'SVC_QUOTA_EXCEEDED', door);
    });

    it('an idempotent retry replays the answer; the same key on another problem is SVC_IDEMPOTENCY_CONFLICT', () => {
      for (const [door, run] of runs) {
        const [first, again, other] = run.replay;
        expect(first.ok, `${door}: ${JSON.stringify(first)}`).toBe(true);
        expect(again.ok, door).toBe(true);
        const a = (first as { result: Json }).result;
        const b = (again as { result: Json }).result;
        expect(b.receipt, door).toBe(a.receipt);
        // Replayed, not charged again.
        expect(b.compute_units_left, door).toBe(a.compute_units_left);
        expectFault(other, 'SVC_IDEMPOTENCY_CONFLICT', door);
      }
    });

    it('a heavy solve answers a job handle at once, and following it ends in the same envelope', () => {
      let base: Json | undefined;
      for (const [door, run] of runs) {
        const { ack, final } = run.queued;
        expect(ack.ok, `${door}: ${JSON.stringify(ack)}`).toBe(true);
        expect((ack as { result: Json }).result).toMatchObject({ status: 'queued' });
        expect((ack as { result: Json }).result.job_id).toMatch(/^job_/);
        expect(final, door).not.toBeNull();
        base ??= comparable(final!);
        expect(comparable(final!), door).toEqual(base);
      }
      expect(base!.receipt).toMatch(/^svcr_/);
    });

    it('a cancelled job ends cancelled through every door', () => {
      for (const [door, run] of runs) {
        const { ack, cancelled, status } = run.cancel;
        expect(ack.ok && isJob(ack.result), `${door}: ${JSON.stringify(ack)}`).toBe(true);
        expect(cancelled.ok, `${door}: ${JSON.stringify(cancelled)}`).toBe(true);
        expect((cancelled as { result: Json }).result.job_id, door).toBe((ack as { result: Json }).result.job_id);
        expect(status, door).toBe('cancelled');
      }
    });
  });
}
