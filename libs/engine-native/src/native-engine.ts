/**
 * The native engine: the same `Engine` contract as engine-ts, solved by the C++ core.
 * This facade validates and defaults every argument and computes the work budget with
 * engine-ts `budgetFor`, so both engines do the same work; the addon trusts what it gets.
 */
import {
  BUDGET_MODELS,
  budgetFor,
  LATEST_BUDGET_MODEL,
  exactBudgetFor,
  type ExactBudget,
  EFFORTS,
  newCancelSignal,
  type CancelSignal,
  type Command,
  type Effort,
  type Engine,
  type EngineRequest,
  type EngineResult,
  type PairList,
} from '@svc/engine-ts';
import { type NativeAddon, type NativeBudgetArgs, type NativeOptionsArgs, type NativeProblemArgs, loadNativeAddon } from './load-native-addon';
import { plantedArgs } from './args/planted-args';
import { QUBO_FAMILY_COMMANDS, quboFamilyArgs } from './args/qubo-args';
import { rankArgs } from './args/rank-args';
import { rulesArgs } from './args/rules-args';
import { tspArgs } from './args/tsp-args';
import { qapArgs } from './args/qap-args';
import { designArgs } from './args/design-args';
import { coverArgs } from './args/cover-args';
import { milpArgs } from './args/milp-args';
import { selectArgs } from './args/select-args';

/** Engine id of the native engine; bump with the addon version whenever answers change. */
export const NATIVE_ENGINE_ID = 'native-1.1.0';

const DEFAULT_EFFORT: Effort = 'medium';
const NO_BUDGET: NativeBudgetArgs = {
  exactMaxN: 0, restarts: 0, tabuIterations: 0, stall: 0, tenureBase: 0, tenureSpan: 1,
  perturbMin: 0, perturbStep: 0, perturbMax: 0, useTrees: false,
};
const EMPTY_PAIRS: PairList = { i: new Int32Array(0), j: new Int32Array(0), w: new Float64Array(0) };

/** The native engine when the addon loads in this thread, else null (see `nativeStatus`). */
export function createNativeEngine(): Engine | null {
  const { addon } = loadNativeAddon();
  return addon === null ? null : nativeEngineFrom(addon);
}

/** Exported for tests: wrap an already loaded addon. */
export function nativeEngineFrom(addon: NativeAddon): Engine {
  const supported = new Set(addon.commands());
  return {
    id: NATIVE_ENGINE_ID,
    kind: 'native',
    supports: (command: Command) => supported.has(command),
    solve: async (req: EngineRequest, signal?: CancelSignal): Promise<EngineResult> => {
      if (!supported.has(req.command)) throw new Error(`the native engine does not support "${String(req.command)}"`);
      const { problem, options, flag } = prepare(req, signal);
      const r = await addon.solve(req.command, problem, options, flag);
      const common = {
        answer: r.answer,
        objective: r.objective,
        proof: r.proof,
        ...(r.bound !== undefined ? { bound: r.bound } : {}),
        stoppedAtDeadline: r.stoppedAtDeadline,
        work: { iterations: r.work.iterations, nodes: r.work.nodes, restarts: r.work.restarts },
        engineMs: r.engineMs,
      };
      // The result's kind follows the fields the addon filled in (the service checks them per command).
      if (r.samples !== undefined) return { kind: 'sample', ...common, samples: r.samples };
      if (r.violations !== undefined) return { kind: 'rules', ...common, violations: r.violations };
      if (r.values !== undefined) return { kind: 'vector', ...common, answer: r.values, convex: r.convex ?? false };
      if (r.order !== undefined) return req.problem.kind === 'design' ? { kind: 'labels', ...common, answer: r.order } : { kind: 'permutation', ...common, answer: r.order };
      if (r.plantedEnergy !== undefined) return { kind: 'planted', ...common, plantedEnergy: r.plantedEnergy, edges: r.edges ?? NaN };
      return { kind: 'binary', ...common };
    },
  };
}

/** Check and default a request, then flatten it to the addon's plain arguments. Throws on bad input. */
export function prepare(
  req: EngineRequest,
  signal?: CancelSignal,
): { problem: NativeProblemArgs; options: NativeOptionsArgs; flag: Int32Array } {
  const p = req.problem;
  if (p === null || typeof p !== 'object') throw new TypeError('problem must be a canonical problem object');
  if (req.command === 'optimize' && p.kind !== 'qubo') throw new Error('optimize needs a QUBO problem');
  if (req.command === 'maxcut' && p.kind !== 'maxcut') throw new Error('maxcut needs a max-cut problem');
  if (QUBO_FAMILY_COMMANDS.has(req.command) && p.kind !== 'qubo') throw new Error(`${req.command} needs a QUBO problem`);
  if (req.command === 'select' && p.kind !== 'select') throw new Error('select needs a select problem');
  if (req.command === 'rules' && p.kind !== 'rules') throw new Error('rules needs a rules problem');
  if (req.command === 'rank' && p.kind !== 'rank') throw new Error('rank needs a rank problem');
  if (req.command === 'tsp' && p.kind !== 'tsp') throw new Error('tsp needs a tsp problem');
  if (req.command === 'qap' && p.kind !== 'qap') throw new Error('qap needs a qap problem');
  if (req.command === 'design' && p.kind !== 'design') throw new Error('design needs a design problem');
  if (req.command === 'cover' && p.kind !== 'cover') throw new Error('cover needs a cover problem');
  if (req.command === 'milp' && p.kind !== 'milp') throw new Error('milp needs a milp problem');
  if ((p.kind === 'select' || p.kind === 'rules' || p.kind === 'rank' || p.kind === 'tsp' || p.kind === 'qap' || p.kind === 'design' || p.kind === 'cover' || p.kind === 'milp') && req.command !== p.kind) throw new Error(`${req.command} cannot solve a ${p.kind} problem`);
  if ((req.command === 'quantum-scale') !== (p.kind === 'planted-ising')) throw new Error('quantum-scale solves exactly the planted-ising problems');
  const n = p.n;
  if (!Number.isInteger(n) || n < 1 || n > 0x7fffffff) throw new RangeError(`n must be an integer in 1..2^31-1, got ${n}`);

  const effort = req.effort ?? DEFAULT_EFFORT;
  if (!(EFFORTS as readonly string[]).includes(effort)) throw new RangeError(`unknown effort "${String(effort)}"`);
  const seed = req.seed ?? 0;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new RangeError(`seed must be an unsigned 32-bit integer, got ${seed}`);
  const deadlineMs = req.deadlineMs ?? 0;
  if (!Number.isFinite(deadlineMs) || deadlineMs < 0) throw new RangeError(`deadlineMs must be a finite number >= 0, got ${deadlineMs}`);
  const model = req.model ?? LATEST_BUDGET_MODEL;
  if (!BUDGET_MODELS.includes(model)) throw new RangeError(`unknown model version "${String(model)}"`);

  const warm = req.warmStart ?? null;
  if (warm !== null) {
    if (!(warm instanceof Uint8Array)) throw new TypeError('warm start must be a Uint8Array');
    if (warm.length !== n) throw new Error(`warm start has length ${warm.length}, expected ${n}`);
    for (let i = 0; i < n; i++) if (warm[i] > 1) throw new Error(`warm start[${i}] is not 0 or 1`);
  }

  const flag = signal?.flag ?? newCancelSignal().flag;
  if (!(flag instanceof Int32Array) || flag.length < 1) throw new TypeError('cancel flag must be an Int32Array of length >= 1');
  // A plain ArrayBuffer could be transferred (detached) while C++ still reads it.
  if (!(flag.buffer instanceof SharedArrayBuffer)) throw new TypeError('cancel flag must be backed by a SharedArrayBuffer (use newCancelSignal())');

  let problem: NativeProblemArgs;
  let budget: NativeBudgetArgs;
  // optimize/maxcut family: the exact-method budget engine-ts would use (qubo-solve.ts).
  let exact: ExactBudget | null = null;
  if (p.kind === 'qubo') {
    if (!(p.linear instanceof Float64Array) || p.linear.length !== n) throw new TypeError('linear must be a Float64Array of length n');
    checkFinite(p.linear, 'linear');
    checkPairs(p.pairs, n, 'pairs');
    problem = { n, complete: false, linear: p.linear, i: p.pairs.i, j: p.pairs.j, w: p.pairs.w };
    budget = budgetFor('optimize', effort, n, p.pairs.w.length, model);
    exact = exactBudgetFor('optimize', effort, n);
    if (QUBO_FAMILY_COMMANDS.has(req.command)) {
      const family = quboFamilyArgs(req.command, p, effort, model);
      problem = { ...problem, ...family.extra };
      budget = family.budget;
    }
  } else if (p.kind === 'maxcut') {
    if (p.complete === true) {
      // K_n is solved by construction in O(n): no edge list, no budget.
      problem = { n, complete: true, linear: null, ...EMPTY_PAIRS };
      budget = NO_BUDGET;
    } else {
      if (p.edges === null || typeof p.edges !== 'object') throw new Error('maxcut needs edges or complete: true');
      checkPairs(p.edges, n, 'edges');
      problem = { n, complete: false, linear: null, i: p.edges.i, j: p.edges.j, w: p.edges.w };
      budget = budgetFor('maxcut', effort, n, p.edges.w.length, model);
      exact = exactBudgetFor('maxcut', effort, n);
    }
  } else if (p.kind === 'select') {
    problem = { n, complete: false, linear: null, ...EMPTY_PAIRS, select: selectArgs(p, effort) };
    budget = NO_BUDGET;
  } else if (p.kind === 'rules') {
    if (!(p.linear instanceof Float64Array) || p.linear.length !== n) throw new TypeError('linear must be a Float64Array of length n');
    checkFinite(p.linear, 'linear');
    checkPairs(p.pairs, n, 'pairs');
    problem = { n, complete: false, linear: p.linear, i: p.pairs.i, j: p.pairs.j, w: p.pairs.w, rules: rulesArgs(p, effort, model) };
    budget = NO_BUDGET;
  } else if (p.kind === 'rank') {
    if (warm !== null) throw new Error('rank takes no warm start');
    problem = { n, complete: false, linear: null, ...EMPTY_PAIRS, rank: rankArgs(p, effort) };
    budget = NO_BUDGET;
  } else if (p.kind === 'tsp') {
    if (warm !== null) throw new Error('tsp takes no warm start');
    problem = { n, complete: false, linear: null, ...EMPTY_PAIRS, tsp: tspArgs(p, effort) };
    budget = NO_BUDGET;
  } else if (p.kind === 'qap') {
    if (warm !== null) throw new Error('qap takes no warm start');
    problem = { n, complete: false, linear: null, ...EMPTY_PAIRS, qap: qapArgs(p, effort) };
    budget = NO_BUDGET;
  } else if (p.kind === 'design') {
    if (warm !== null) throw new Error('design takes no warm start');
    problem = { n, complete: false, linear: null, ...EMPTY_PAIRS, design: designArgs(p, effort) };
    budget = NO_BUDGET;
  } else if (p.kind === 'cover') {
    if (warm !== null) throw new Error('cover takes no warm start');
    problem = { n, complete: false, linear: null, ...EMPTY_PAIRS, cover: coverArgs(p, effort) };
    budget = NO_BUDGET;
  } else if (p.kind === 'milp') {
    if (warm !== null) throw new Error('milp takes no warm start');
    checkPairs(p.pairs, n, 'pairs');
    problem = { n, complete: false, linear: p.linear, i: p.pairs.i, j: p.pairs.j, w: p.pairs.w, milp: milpArgs(p, effort) };
    budget = NO_BUDGET;
  } else if (p.kind === 'planted-ising') {
    // The engine generates the instance; only its three numbers and the budget cross over.
    if (warm !== null) throw new Error('quantum-scale takes no warm start');
    problem = { n, complete: false, linear: null, ...EMPTY_PAIRS, planted: plantedArgs(p, effort) };
    budget = NO_BUDGET;
  } else {
    throw new TypeError(`unknown problem kind "${String((p as { kind?: unknown }).kind)}"`);
  }
  const exactMethod = req.exactMethod ?? 'auto';
  if (exactMethod !== 'auto' && exactMethod !== 'branch_and_bound' && exactMethod !== 'heuristic') throw new RangeError(`unknown exactMethod "${String(exactMethod)}"`);
  return { problem, options: { seed, deadlineMs, warmStart: warm, budget, exact, exactMethod }, flag };
}

/** Canonical pair list: typed arrays of one length, 0 <= i < j < n, finite weights. */
function checkPairs(pairs: PairList, n: number, what: string): void {
  if (!(pairs.i instanceof Int32Array) || !(pairs.j instanceof Int32Array) || !(pairs.w instanceof Float64Array)) {
    throw new TypeError(`${what} must be {i: Int32Array, j: Int32Array, w: Float64Array}`);
  }
  const m = pairs.w.length;
  if (pairs.i.length !== m || pairs.j.length !== m) throw new TypeError(`${what} arrays differ in length`);
  for (let k = 0; k < m; k++) {
    const a = pairs.i[k];
    const b = pairs.j[k];
    if (a < 0 || a >= b || b >= n) throw new RangeError(`${what}[${k}] = (${a}, ${b}) is not canonical (0 <= i < j < n)`);
  }
  checkFinite(pairs.w, `${what} weights`);
}

function checkFinite(a: Float64Array, what: string): void {
  for (let k = 0; k < a.length; k++) if (!Number.isFinite(a[k])) throw new RangeError(`${what}[${k}] is not finite`);
}
