import { assignmentCost, closedTourLength, completeCutValue, cutValue, disagreements, quboEnergy, xorViolations } from '@svc/contracts/scoring';
import { tsplibDistance, type TsplibMetric } from '@svc/contracts/tsplib';
import { SvcError } from '@svc/errors';

/**
 * `svc verify <command> --local`: recomputes a witness's feasibility and objective offline, in
 * plain TypeScript, independent of the engines (the objectives and TSPLIB distances are the ones the
 * service re-scores with: @svc/contracts/scoring and /tsplib) (interface §4 "Verify support", verification
 * class `local_recompute`). It never searches: it only evaluates the answer it is given.
 */

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface LocalVerifyReport {
  ok: boolean;
  command: string;
  checks: Check[];
  /** The recomputed objective, or null when the answer is malformed. */
  objective: number | null;
  objective_field: string;
  verification: 'local_recompute';
}

/** Commands `--local` covers. */
export const LOCAL_VERIFY_COMMANDS = ['maxcut', 'tsp', 'qap', 'xorsat', 'rank', 'rules'] as const;

type Doc = Record<string, unknown>;

const bad = (field: string, detail: string) => new SvcError('SVC_INVALID_INPUT', `problem.${field}: ${detail}`, { extensions: { field: `problem.${field}` } });

function isInt(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x);
}

function finite(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

function matrix(p: Doc, field: string): number[][] {
  const m = p[field];
  if (!Array.isArray(m) || m.length === 0) throw bad(field, 'expected a non-empty square matrix (array of arrays)');
  for (const [i, row] of m.entries()) {
    if (!Array.isArray(row) || row.length !== m.length) throw bad(`${field}[${i}]`, `expected ${m.length} numbers (a square matrix)`);
    if (!row.every(finite)) throw bad(`${field}[${i}]`, 'expected numbers');
  }
  return m as number[][];
}

function sizeN(p: Doc, derived?: number): number {
  if (p.n === undefined) {
    if (derived === undefined) throw bad('n', 'required');
    return derived;
  }
  if (!isInt(p.n) || p.n < 1) throw bad('n', 'expected an integer ≥ 1');
  if (derived !== undefined && p.n !== derived) throw bad('n', `is ${p.n} but the data has size ${derived}`);
  return p.n;
}

// A 0/1 assignment of length n, else the reason it is not one.
function binaryAnswer(a: unknown, n: number): number[] | string {
  if (!Array.isArray(a)) return 'the answer is not an array';
  if (a.length !== n) return `the answer has ${a.length} entries, expected ${n}`;
  const at = a.findIndex((x) => x !== 0 && x !== 1);
  return at >= 0 ? `answer[${at}] = ${JSON.stringify(a[at])} is not 0 or 1` : (a as number[]);
}

// A permutation of 0..n-1 (a closed tour may repeat its first city at the end), else the reason.
function permutation(a: unknown, n: number, closable: boolean): number[] | string {
  if (!Array.isArray(a)) return 'the answer is not an array';
  let p = a as unknown[];
  if (closable && p.length === n + 1 && p[0] === p[n]) p = p.slice(0, n);
  if (p.length !== n) return `the answer has ${a.length} entries, expected a permutation of ${n}`;
  const seen = new Set<number>();
  for (const [k, x] of p.entries()) {
    if (!isInt(x) || x < 0 || x >= n) return `answer[${k}] = ${JSON.stringify(x)} is not an index 0..${n - 1}`;
    if (seen.has(x)) return `answer[${k}] = ${x} repeats`;
    seen.add(x);
  }
  return p as number[];
}

function triples(p: Doc, field: string, n: number, selfPairs: boolean): [number, number, number][] {
  const v = p[field] ?? [];
  if (!Array.isArray(v)) throw bad(field, 'expected an array of [i, j, weight]');
  return v.map((t, k) => {
    if (!Array.isArray(t) || t.length !== 3 || !isInt(t[0]) || !isInt(t[1]) || !finite(t[2])) throw bad(`${field}[${k}]`, 'expected [i, j, weight]');
    if (t[0] < 0 || t[0] >= n || t[1] < 0 || t[1] >= n) throw bad(`${field}[${k}]`, `index out of 0..${n - 1}`);
    if (!selfPairs && t[0] === t[1]) throw bad(`${field}[${k}]`, 'a self-pair i = j');
    return t as [number, number, number];
  });
}

interface Evaluation {
  field: string;
  /** Σ|weights| for the tolerance 1e-9·(1 + Σ|w|) (commands.md "Re-scoring"). */
  scale: number;
  /** The answer's shape problem, or the objective (and constraint violations, where there are rules). */
  evaluate(answer: unknown): string | { objective: number; detail: string; violations?: number; extra?: Record<string, number> };
}

function maxcut(p: Doc): Evaluation {
  if (p.complete === true) {
    const n = sizeN(p);
    return {
      field: 'cut_value', scale: (n * (n - 1)) / 2,
      evaluate(a) {
        const x = binaryAnswer(a, n);
        if (typeof x === 'string') return x;
        const k = x.reduce((s, v) => s + v, 0);
        const cut = completeCutValue(n, x);
        return { objective: cut, detail: `cut_value = ${cut} (${k} of ${n} nodes on side 1 of the complete graph)` };
      },
    };
  }
  const raw = p.edges;
  if (!Array.isArray(raw) || raw.length === 0) throw bad('edges', 'expected a non-empty array of [i, j, weight] (or complete: true)');
  const n = sizeN(p);
  const edges = triples(p, 'edges', n, false);
  return {
    field: 'cut_value', scale: edges.reduce((s, e) => s + Math.abs(e[2]), 0),
    evaluate(a) {
      const x = binaryAnswer(a, n);
      if (typeof x === 'string') return x;
      const cut = cutValue(edges, x);
      return { objective: cut, detail: `cut_value = ${cut} over ${edges.length} edges` };
    },
  };
}

// The tsp distances as a matrix: given, or from points and a TSPLIB metric (docs/tsp.md; @svc/contracts/tsplib).
function tspMatrix(p: Doc): number[][] {
  if (p.points === undefined) return matrix(p, 'matrix');
  const pts = p.points;
  if (!Array.isArray(pts) || pts.length < 2) throw bad('points', 'expected at least 2 points [x, y]');
  for (const [i, q] of pts.entries()) if (!Array.isArray(q) || q.length !== 2 || !q.every(finite)) throw bad(`points[${i}]`, 'expected [x, y]');
  const metric = p.metric ?? 'euc_2d';
  if (typeof metric !== 'string' || !['euc_2d', 'ceil_2d', 'att', 'geo'].includes(metric)) throw bad('metric', 'expected euc_2d, ceil_2d, att or geo');
  if (pts.length > 5000) throw bad('points', 'verify --local recomputes up to 5,000 points; run svc verify tsp for the service check');
  return (pts as number[][]).map((a) => (pts as number[][]).map((b) => (a === b ? 0 : tsplibDistance(metric as TsplibMetric, a[0], a[1], b[0], b[1]))));
}

function tsp(p: Doc): Evaluation {
  const m = tspMatrix(p);
  const n = sizeN(p, m.length);
  return {
    field: 'length', scale: m.flat().reduce((s, v) => s + Math.abs(v), 0),
    evaluate(a) {
      const t = permutation(a, n, true);
      if (typeof t === 'string') return t;
      const len = closedTourLength((i, j) => m[i][j], t);
      return { objective: len, detail: `length = ${len} around the closed tour of ${n} cities` };
    },
  };
}

function qap(p: Doc): Evaluation {
  const f = matrix(p, 'flow');
  const d = matrix(p, 'dist');
  if (f.length !== d.length) throw bad('dist', `has order ${d.length} but flow has ${f.length}`);
  const n = sizeN(p, f.length);
  return {
    field: 'cost', scale: f.flat().reduce((s, v) => s + Math.abs(v), 0) * d.flat().reduce((m, v) => Math.max(m, Math.abs(v)), 0),
    evaluate(a) {
      const q = permutation(a, n, false);
      if (typeof q === 'string') return q;
      const cost = assignmentCost(f, d, q);
      return { objective: cost, detail: `cost = ${cost} (Σ flow[i][j]·dist[p[i]][p[j]])` };
    },
  };
}

function xorsat(p: Doc): Evaluation {
  const n = sizeN(p);
  const eqs = p.equations;
  if (!Array.isArray(eqs)) throw bad('equations', 'expected an array of {vars, rhs}');
  const parsed = eqs.map((e, k) => {
    const q = e as Doc;
    if (typeof q !== 'object' || q === null || !Array.isArray(q.vars) || (q.rhs !== 0 && q.rhs !== 1)) throw bad(`equations[${k}]`, 'expected {vars: [i…], rhs: 0|1}');
    for (const v of q.vars) if (!isInt(v) || v < 0 || v >= n) throw bad(`equations[${k}].vars`, `index out of 0..${n - 1}`);
    return { vars: q.vars as number[], rhs: q.rhs as number };
  });
  return {
    field: 'violations', scale: parsed.length,
    evaluate(a) {
      const x = binaryAnswer(a, n);
      if (typeof x === 'string') return x;
      const violations = xorViolations(parsed, x);
      return { objective: violations, violations, detail: `${parsed.length - violations} of ${parsed.length} equations hold` };
    },
  };
}

function rank(p: Doc): Evaluation {
  const items = p.items;
  if (!Array.isArray(items) || items.length === 0 || !items.every((s) => typeof s === 'string')) throw bad('items', 'expected a non-empty array of strings');
  if (new Set(items).size !== items.length) throw bad('items', 'repeats an item');
  const n = sizeN(p, items.length);
  const index = new Map((items as string[]).map((s, i) => [s, i]));
  const ref = (x: unknown, where: string): number => {
    if (typeof x === 'string' && index.has(x)) return index.get(x)!;
    if (isInt(x) && x >= 0 && x < n) return x;
    throw bad(where, `${JSON.stringify(x)} is not one of the items`);
  };
  const raw = p.comparisons ?? [];
  if (!Array.isArray(raw)) throw bad('comparisons', 'expected an array of [winner, loser]');
  const votes = raw.map((c, k) => {
    if (!Array.isArray(c) || c.length !== 2) throw bad(`comparisons[${k}]`, 'expected [winner, loser]');
    return [ref(c[0], `comparisons[${k}][0]`), ref(c[1], `comparisons[${k}][1]`)] as const;
  });
  return {
    field: 'disagreements', scale: votes.length,
    evaluate(a) {
      if (!Array.isArray(a)) return 'the answer is not an array';
      const asIndex = a.map((x) => (typeof x === 'string' ? (index.get(x) ?? -1) : x));
      const order = permutation(asIndex, n, false);
      if (typeof order === 'string') return `${order} (the answer must order every item once)`;
      const pos = new Array<number>(n);
      order.forEach((item, k) => { pos[item] = k; });
      const dis = disagreements(votes, (item) => pos[item]);
      return { objective: dis, detail: `disagreements = ${dis} of ${votes.length} votes contradict the order` };
    },
  };
}

function rules(p: Doc): Evaluation {
  const n = sizeN(p);
  const cons = p.constraints;
  if (!Array.isArray(cons)) throw bad('constraints', 'expected an array of rules');
  const parsed = cons.map((c, k) => {
    const r = c as Doc;
    if (typeof r !== 'object' || r === null || typeof r.type !== 'string') throw bad(`constraints[${k}]`, 'expected {type, nodes}');
    if (r.type !== 'identical' && r.type !== 'different') {
      throw new SvcError('SVC_UNSUPPORTED', `verify --local covers only the identical/different rules; constraints[${k}] is "${r.type}". Run \`svc verify rules\` without --local for the service check.`, { extensions: { field: `problem.constraints[${k}].type` } });
    }
    const nodes = r.nodes;
    if (!Array.isArray(nodes) || nodes.length !== 2 || !nodes.every((v) => isInt(v) && v >= 0 && v < n)) throw bad(`constraints[${k}].nodes`, `expected exactly 2 indices in 0..${n - 1}`);
    return { same: r.type === 'identical', a: nodes[0] as number, b: nodes[1] as number };
  });
  const linearRaw = p.linear ?? {};
  if (typeof linearRaw !== 'object' || linearRaw === null || Array.isArray(linearRaw)) throw bad('linear', 'expected an object {index: weight}');
  const linear = Object.entries(linearRaw as Doc).map(([k, w]) => {
    if (!/^(0|[1-9][0-9]*)$/.test(k) || Number(k) >= n || !finite(w)) throw bad(`linear.${k}`, 'expected an index key and a number');
    return [Number(k), w] as const;
  });
  const quad = triples(p, 'quadratic', n, true);
  return {
    field: 'violations',
    scale: linear.reduce((s, [, w]) => s + Math.abs(w), 0) + quad.reduce((s, q) => s + Math.abs(q[2]), 0),
    evaluate(a) {
      const x = binaryAnswer(a, n);
      if (typeof x === 'string') return x;
      const violations = parsed.filter((r) => (x[r.a] === x[r.b]) !== r.same).length;
      // A QUBO self-pair adds to the linear term (x² = x).
      const energy = quboEnergy(linearRaw as Record<string, number>, quad, x);
      return { objective: violations, violations, extra: { energy }, detail: `${parsed.length - violations} of ${parsed.length} rules hold; energy = ${energy}` };
    },
  };
}

const EVALUATORS: Record<(typeof LOCAL_VERIFY_COMMANDS)[number], (p: Doc) => Evaluation> = { maxcut, tsp, qap, xorsat, rank, rules };

/** Declared objective members an answer object may carry, per command. */
const DECLARED: Record<string, readonly string[]> = {
  maxcut: ['cut_value'], tsp: ['length'], qap: ['cost'], xorsat: ['violations'], rank: ['disagreements'], rules: ['violations', 'energy'],
};

/**
 * Verifies `answer` for `problem` offline. `answer` is the answer value, or a result object
 * `{answer, <objective field>...}` whose declared objective is checked too. Throws
 * `SVC_UNSUPPORTED` for a command `--local` does not cover and `SVC_INVALID_INPUT` for a problem
 * it cannot read; a wrong answer is a report with `ok: false`.
 */
export function localVerify(command: string, problem: unknown, answer: unknown): LocalVerifyReport {
  if (!(LOCAL_VERIFY_COMMANDS as readonly string[]).includes(command)) {
    throw new SvcError('SVC_UNSUPPORTED', `verify --local covers ${LOCAL_VERIFY_COMMANDS.join(', ')} (rules: identical/different only), not ${command}; run \`svc verify ${command}\` for the service check.`, { extensions: { field: 'command' } });
  }
  if (typeof problem !== 'object' || problem === null || Array.isArray(problem)) throw new SvcError('SVC_INVALID_INPUT', 'problem: expected a JSON object.', { extensions: { field: 'problem' } });
  const ev = EVALUATORS[command as keyof typeof EVALUATORS](problem as Doc);
  const declared: Doc = {};
  let witness = answer;
  if (typeof answer === 'object' && answer !== null && !Array.isArray(answer) && 'answer' in answer) {
    witness = (answer as Doc).answer;
    for (const f of DECLARED[command]) if ((answer as Doc)[f] !== undefined) declared[f] = (answer as Doc)[f];
    if ((answer as Doc).satisfied !== undefined && command === 'xorsat') declared.satisfied = (answer as Doc).satisfied;
  }
  const checks: Check[] = [];
  const r = ev.evaluate(witness);
  if (typeof r === 'string') {
    checks.push({ name: 'answer_shape', ok: false, detail: r });
    return { ok: false, command, checks, objective: null, objective_field: ev.field, verification: 'local_recompute' };
  }
  checks.push({ name: 'answer_shape', ok: true, detail: 'well-formed witness' });
  checks.push({ name: 'objective_recomputed', ok: true, detail: r.detail });
  const tol = 1e-9 * (1 + ev.scale);
  const values: Record<string, number> = { [ev.field]: r.objective, ...(r.extra ?? {}) };
  for (const [f, v] of Object.entries(declared)) {
    if (f === 'satisfied') {
      const ok = v === (r.violations === 0);
      checks.push({ name: 'declared_satisfied', ok, detail: ok ? `declared satisfied = ${String(v)} holds` : `declared satisfied = ${String(v)} but ${r.violations} equation(s) fail` });
      continue;
    }
    const ok = typeof v === 'number' && Math.abs(v - values[f]) <= tol;
    checks.push({ name: `declared_${f}`, ok, detail: ok ? `declared ${f} ${v} matches` : `declared ${f} ${JSON.stringify(v)} differs from the recomputed ${values[f]} (tolerance ${tol.toPrecision(2)})` });
  }
  if (r.violations !== undefined) {
    // Violations are allowed only when the answer says so itself (an infeasible system's best answer).
    const honest = typeof declared.violations === 'number' && declared.violations === r.violations;
    const ok = r.violations === 0 || honest;
    checks.push({
      name: 'constraints_satisfied', ok,
      detail: r.violations === 0 ? 'every constraint holds' : honest ? `${r.violations} violated, as the answer declares` : `${r.violations} constraint(s) violated`,
    });
  }
  return { ok: checks.every((c) => c.ok), command, checks, objective: r.objective, objective_field: ev.field, verification: 'local_recompute' };
}
