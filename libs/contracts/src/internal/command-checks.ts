import { SvcError } from '@svc/errors';
import type { SchemaCommand } from '../commands';
import { LIMITS } from '../limits';
import {
  agreeN, checkBits, checkIndexMap, checkNumbers, checkPairs, checkSquare, checkSymmetric, checkTriples,
  expectArray, expectObject, failIndex, isFiniteNumber, isIndex, onlyKeys, required,
} from './checks';
import { fail, show, typeName } from './issue';
import { quantumScaleChecks } from '../quantum-scale-schema';
import { feelChecks } from '../feel-schema';
import { wantChecks } from '../want-schema';
import { sampleChecks } from '../sample-schema';

/** A problem whose top-level shape zod has already checked; hot fields are still `unknown`. */
export type Loose = Record<string, unknown>;

/** The checks after the zod shape check, one stage each, in commands.md precedence order. */
export interface CommandChecks {
  /** Schema stage for hot fields and cross-field rules; returns the resolved size n. Throws `InputIssue`. */
  check(v: Loose): number;
  /** Size caps; throws `SvcError` `SVC_DIMENSION_LIMIT`. */
  sizes(v: Loose, n: number): void;
  /** Static contradictions; throws `SvcError` `SVC_CONTRADICTORY_CONSTRAINTS`. */
  contradictions(v: Loose, n: number): void;
}

/** Rule types of `rules` (interface §2.2). */
export const RULE_TYPES = [
  'choose_one', 'choose_exactly', 'mutual_exclusion', 'capacity_limit',
  'force_true', 'force_false', 'requires', 'identical', 'different',
] as const;
export type RuleType = (typeof RULE_TYPES)[number];

const PAIR_RULES: ReadonlySet<string> = new Set(['requires', 'identical', 'different']);
const K_RULES: ReadonlySet<string> = new Set(['choose_exactly', 'capacity_limit']);
const RULE_TYPE_SET: ReadonlySet<string> = new Set(RULE_TYPES);

function dimension(detail: string, cap: number, limit: string): never {
  throw new SvcError('SVC_DIMENSION_LIMIT', detail, {
    facts: { reduce_problem_size: { max_n: cap, limit } },
    extensions: { field: limit },
  });
}

function capN(n: number): void {
  if (n > LIMITS.maxN) dimension(`n = ${n} is over the cap of ${LIMITS.maxN}`, LIMITS.maxN, 'n');
}

function capPairs(v: unknown, field: string): void {
  if (Array.isArray(v) && v.length > LIMITS.maxPairs) {
    dimension(`${field} has ${v.length} entries, over the cap of ${LIMITS.maxPairs}`, LIMITS.maxPairs, field);
  }
}

const none = (): void => {};

// ---------------------------------------------------------------- rules

interface RuleLike { type: RuleType; nodes: number[]; k?: number }

function checkRules(v: Loose): number {
  const n = v.n as number;
  const rules = expectArray(required(v.constraints, ['constraints'], 'constraints'), ['constraints'], 'an array of rules {type, nodes, k?}');
  for (let t = 0; t < rules.length; t++) {
    const path = ['constraints', t] as const;
    const r = expectObject(rules[t], path, 'a rule {type, nodes, k?}');
    const type = r.type;
    if (typeof type !== 'string' || !RULE_TYPE_SET.has(type)) {
      fail([...path, 'type'], `${type === undefined ? 'type is required' : `unknown rule type ${show(type)}`}; expected one of ${RULE_TYPES.join(', ')}`);
    }
    const hasK = K_RULES.has(type);
    if (!hasK && r.k !== undefined) fail([...path, 'k'], `k applies only to choose_exactly and capacity_limit, not ${type}`);
    onlyKeys(r, hasK ? ['type', 'nodes', 'k'] : ['type', 'nodes'], path);
    const nodes = expectArray(required(r.nodes, [...path, 'nodes'], 'nodes'), [...path, 'nodes'], 'an array of node indices');
    if (PAIR_RULES.has(type)) {
      if (nodes.length !== 2) fail([...path, 'nodes'], `${type} takes exactly 2 nodes, got ${nodes.length}`);
    } else if (nodes.length === 0) {
      fail([...path, 'nodes'], `${type} needs at least 1 node`);
    }
    for (let q = 0; q < nodes.length; q++) if (!isIndex(nodes[q], n)) failIndex([...path, 'nodes', q], nodes[q], n);
    // A node twice in one rule makes counting rules ambiguous, so it is rejected.
    if (nodes.length === 2) {
      if (nodes[0] === nodes[1]) fail([...path, 'nodes', 1], `node ${nodes[1]} appears twice in one rule`);
    } else if (nodes.length > 2) {
      const seen = new Set<number>();
      for (let q = 0; q < nodes.length; q++) {
        const x = nodes[q] as number;
        if (seen.has(x)) fail([...path, 'nodes', q], `node ${x} appears twice in one rule`);
        seen.add(x);
      }
    }
    if (hasK) {
      const k = required(r.k, [...path, 'k'], `k (for ${type})`);
      if (typeof k !== 'number' || !Number.isInteger(k) || k < 0) fail([...path, 'k'], `expected a non-negative integer, got ${typeName(k)}`);
    }
  }
  if (v.linear !== undefined) checkIndexMap(v.linear, 'linear', n);
  if (v.quadratic !== undefined) checkTriples(v.quadratic, 'quadratic', n);
  return n;
}

function contradiction(rules: number[], what: string): never {
  const ids = [...new Set(rules)].sort((a, b) => a - b);
  const shown = ids.length > 12 ? `${ids.slice(0, 12).join(', ')}, ...` : ids.join(', ');
  const subject = ids.length === 1 ? `rule ${shown} is` : `rules ${shown} are`;
  throw new SvcError('SVC_CONTRADICTORY_CONSTRAINTS', `${subject} contradictory: ${what}`, {
    extensions: { field: 'constraints', rules: ids },
  });
}

/** The static contradictions of commands.md "rules", reported in this fixed order. */
function rulesContradictions(v: Loose, n: number): void {
  const rules = v.constraints as RuleLike[];
  for (let t = 0; t < rules.length; t++) {
    const r = rules[t]!;
    if (r.type === 'choose_exactly' && r.k! > r.nodes.length) {
      contradiction([t], `choose_exactly asks for k = ${r.k} of only ${r.nodes.length} node${r.nodes.length === 1 ? '' : 's'}`);
    }
  }
  const forcedTrue = new Map<number, number>();
  const forcedFalse = new Map<number, number>();
  for (let t = 0; t < rules.length; t++) {
    const r = rules[t]!;
    const into = r.type === 'force_true' ? forcedTrue : r.type === 'force_false' ? forcedFalse : null;
    if (into === null) continue;
    for (const x of r.nodes) if (!into.has(x)) into.set(x, t);
  }
  for (let t = 0; t < rules.length; t++) {
    const r = rules[t]!;
    if (r.type !== 'force_true') continue;
    for (const x of r.nodes) {
      const f = forcedFalse.get(x);
      if (f !== undefined) contradiction([t, f], `force_true and force_false both cover node ${x}`);
    }
  }
  // n <= LIMITS.maxN here (sizes ran first), so a * n + b is an exact pair key.
  const identical = new Map<number, number>();
  for (let t = 0; t < rules.length; t++) {
    const r = rules[t]!;
    if (r.type !== 'identical') continue;
    const [a, b] = r.nodes as [number, number];
    const key = Math.min(a, b) * n + Math.max(a, b);
    if (!identical.has(key)) identical.set(key, t);
  }
  for (let t = 0; t < rules.length; t++) {
    const r = rules[t]!;
    if (r.type !== 'different') continue;
    const [a, b] = r.nodes as [number, number];
    const s = identical.get(Math.min(a, b) * n + Math.max(a, b));
    if (s !== undefined) contradiction([s, t], `identical and different on the same pair (${Math.min(a, b)}, ${Math.max(a, b)})`);
  }
  for (let t = 0; t < rules.length; t++) {
    const r = rules[t]!;
    const needsOne = r.type === 'choose_one' || (r.type === 'choose_exactly' && r.k! >= 1);
    if (!needsOne || !r.nodes.every((x) => forcedFalse.has(x))) continue;
    contradiction([t, ...r.nodes.map((x) => forcedFalse.get(x)!)], `${r.type} needs a node set to 1 but all its nodes are forced false`);
  }
}

// ---------------------------------------------------------------- optimize, maxcut

function checkOptimize(v: Loose): number {
  const n = v.n as number;
  if (v.linear !== undefined) checkIndexMap(v.linear, 'linear', n);
  if (v.quadratic !== undefined) checkTriples(v.quadratic, 'quadratic', n);
  if (v.warm_start !== undefined) checkBits(v.warm_start, 'warm_start', n);
  return n;
}

function checkMaxcut(v: Loose): number {
  const n = v.n as number;
  if (v.complete === true) {
    if (v.edges !== undefined) fail(['edges'], 'give either edges or complete: true, not both');
  } else {
    if (v.edges === undefined) {
      fail(['edges'], v.complete === false
        ? 'complete: false needs a non-empty edges list'
        : 'maxcut needs a non-empty edges list or complete: true');
    }
    const edges = expectArray(v.edges, ['edges'], 'an array of [i, j, weight]');
    if (edges.length === 0) fail(['edges'], 'the edge list is empty; give at least one [i, j, weight] or complete: true');
    checkTriples(edges, 'edges', n, { rejectSelf: 'an edge must join two different nodes' });
  }
  if (v.warm_start !== undefined) checkBits(v.warm_start, 'warm_start', n);
  return n;
}

// ---------------------------------------------------------------- milp

function checkMilp(v: Loose): number {
  const vars = expectArray(required(v.vars, ['vars'], 'vars'), ['vars'], 'an array of variables');
  if (vars.length === 0) fail(['vars'], 'at least one variable is required');
  const n = vars.length;
  agreeN(v.n, n, 'the number of vars');
  const continuous: number[] = [];
  for (let t = 0; t < n; t++) {
    const path = ['vars', t] as const;
    const o = expectObject(vars[t], path, "a variable {domain: 'binary'} or {domain: 'continuous', lo, hi}");
    if (o.domain === 'binary') {
      onlyKeys(o, ['domain'], path);
    } else if (o.domain === 'continuous') {
      onlyKeys(o, ['domain', 'lo', 'hi'], path);
      for (const b of ['lo', 'hi'] as const) {
        const x = o[b];
        if (x !== undefined && x !== null && !isFiniteNumber(x)) {
          fail([...path, b], `expected a finite number or null (infinite), got ${typeName(x)}`);
        }
      }
      if (isFiniteNumber(o.lo) && isFiniteNumber(o.hi) && o.lo > o.hi) fail(path, `lo (${o.lo}) exceeds hi (${o.hi})`);
      continuous.push(t);
    } else {
      fail([...path, 'domain'], `expected 'binary' or 'continuous', got ${typeName(o.domain)}`);
    }
  }
  const diag = v.diag === undefined ? {} : checkIndexMap(v.diag, 'diag', n);
  if (v.linear !== undefined) checkIndexMap(v.linear, 'linear', n);
  if (v.quadratic !== undefined) {
    checkTriples(v.quadratic, 'quadratic', n, { rejectSelf: 'put the curvature of x_i^2 in diag instead' });
  }
  for (const t of continuous) {
    const o = vars[t] as { lo?: number | null; hi?: number | null };
    const q = diag[String(t)];
    if (!(isFiniteNumber(o.lo) && isFiniteNumber(o.hi)) && !(q !== undefined && q > 0)) {
      fail(['vars', t], `continuous variable ${t} is unbounded: give finite lo and hi, or a positive diag["${t}"]`);
    }
  }
  return n;
}

// ---------------------------------------------------------------- tsp, qap

function checkTsp(v: Loose): number {
  const order = checkSquare(required(v.matrix, ['matrix'], 'matrix'), 'matrix', { integer: true, minOrder: 2 });
  agreeN(v.n, order, 'the matrix order');
  return order;
}

function checkQap(v: Loose): number {
  const order = checkSquare(required(v.flow, ['flow'], 'flow'), 'flow');
  checkSquare(required(v.dist, ['dist'], 'dist'), 'dist', { order, orderName: 'the order of flow' });
  agreeN(v.n, order, 'the order of flow and dist');
  return order;
}

// ---------------------------------------------------------------- design

function checkDesign(v: Loose): number {
  const L = v.L as number;
  const K = v.K as number;
  agreeN(v.n, L, 'L (the number of sites)');
  if (v.bias !== undefined) checkTriples(v.bias, 'bias', L, { n2: K, shape: '[site, value, energy]' });
  if (v.table !== undefined) {
    if (v.circular !== undefined) fail(['circular'], 'circular and table are mutually exclusive; give one of them');
    checkSquare(v.table, 'table', { order: K, orderName: 'K' });
    checkSymmetric(v.table, 'table');
  }
  if (v.bonds !== undefined) checkPairs(v.bonds, 'bonds', L, 'a bond must join two different sites');
  return L;
}

function designSizes(v: Loose): void {
  const L = v.L as number;
  const K = v.K as number;
  if (L > LIMITS.maxDesignSide) dimension(`L = ${L} is over the cap of ${LIMITS.maxDesignSide}`, LIMITS.maxDesignSide, 'L');
  if (K > LIMITS.maxDesignSide) dimension(`K = ${K} is over the cap of ${LIMITS.maxDesignSide}`, LIMITS.maxDesignSide, 'K');
  if (L * K > LIMITS.maxDesignCells) {
    // max_n is the largest L that fits with this K.
    dimension(`L*K = ${L * K} is over the cap of ${LIMITS.maxDesignCells}`, Math.floor(LIMITS.maxDesignCells / K), 'L');
  }
  if (v.table !== undefined && K > LIMITS.maxDesignTableK) {
    dimension(`K = ${K} is over the cap of ${LIMITS.maxDesignTableK} when a table is given`, LIMITS.maxDesignTableK, 'K');
  }
}

// ---------------------------------------------------------------- select, rank

function checkSelect(v: Loose): number {
  const m = v.m as number;
  const k = v.k as number;
  agreeN(v.n, m, 'm');
  if (k > m) fail(['k'], `k (${k}) exceeds m (${m}); select picks exactly k of m items`);
  checkNumbers(required(v.affinity, ['affinity'], 'affinity'), 'affinity', m, 'm');
  if (v.redundancy !== undefined) {
    checkSquare(v.redundancy, 'redundancy', { order: m, orderName: 'm' });
    checkSymmetric(v.redundancy, 'redundancy');
  }
  return m;
}

function checkRank(v: Loose): number {
  const items = expectArray(required(v.items, ['items'], 'items'), ['items'], 'an array of item names');
  if (items.length === 0) fail(['items'], 'at least one item is required');
  const index = new Map<string, number>();
  for (let t = 0; t < items.length; t++) {
    const s = items[t];
    if (typeof s !== 'string' || s.length === 0) fail(['items', t], `expected a non-empty string, got ${typeName(s)}`);
    const prior = index.get(s);
    if (prior !== undefined) fail(['items', t], `duplicate item ${show(s)} (also items[${prior}])`);
    index.set(s, t);
  }
  agreeN(v.n, items.length, 'the number of items');
  if (v.comparisons !== undefined) {
    const cs = expectArray(v.comparisons, ['comparisons'], 'an array of [winner, loser]');
    for (let t = 0; t < cs.length; t++) {
      const c = cs[t];
      if (!Array.isArray(c) || c.length !== 2) fail(['comparisons', t], `expected [winner, loser], got ${typeName(c)}`);
      for (let q = 0; q < 2; q++) {
        const name = c[q];
        if (typeof name !== 'string') fail(['comparisons', t, q], `expected an item name (string), got ${typeName(name)}`);
        if (!index.has(name)) fail(['comparisons', t, q], `unknown item ${show(name)}; comparisons must name entries of items`);
      }
      if (c[0] === c[1]) fail(['comparisons', t], `an item cannot be compared with itself (${show(c[0])})`);
    }
  }
  return items.length;
}

/** The hand-written stages of every schema command. */
export const COMMAND_CHECKS: Readonly<Record<SchemaCommand, CommandChecks>> = {
  rules: {
    check: checkRules,
    sizes: (v, n) => { capN(n); capPairs(v.quadratic, 'quadratic'); },
    contradictions: rulesContradictions,
  },
  optimize: {
    check: checkOptimize,
    sizes: (v, n) => { capN(n); capPairs(v.quadratic, 'quadratic'); },
    contradictions: none,
  },
  maxcut: {
    check: checkMaxcut,
    sizes: (v, n) => { capN(n); capPairs(v.edges, 'edges'); },
    contradictions: none,
  },
  milp: { check: checkMilp, sizes: (v) => capPairs(v.quadratic, 'quadratic'), contradictions: none },
  tsp: { check: checkTsp, sizes: none, contradictions: none },
  qap: { check: checkQap, sizes: none, contradictions: none },
  design: { check: checkDesign, sizes: designSizes, contradictions: none },
  select: { check: checkSelect, sizes: none, contradictions: none },
  rank: { check: checkRank, sizes: none, contradictions: none },
  'quantum-scale': quantumScaleChecks,
  feel: feelChecks,
  want: wantChecks,
  sample: sampleChecks,
};
