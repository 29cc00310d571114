/**
 * The native engine: the same `Engine` contract as engine-ts, solved by the C++ core.
 * This facade validates and defaults every argument and computes the work budget with
 * engine-ts (its families' `nativeBudget`), so both engines do the same work; the addon checks
 * shapes and the core the values.
 */
import {
  BUDGET_MODELS,
  LATEST_BUDGET_MODEL,
  EFFORTS,
  nativeBudgetOf,
  problemKindOf,
  type NativeBudget,
  newCancelSignal,
  type CancelSignal,
  type CanonicalProblem,
  type Command,
  type Effort,
  type Engine,
  type EngineRequest,
  type EngineResult,
  type EngineProgress,
  type ProgressListener,
} from '@svc/engine-ts';
import { type NativeAddon, type NativeOptionsArgs, loadNativeAddon } from './load-native-addon';

/** Engine id of the native engine; bump with the addon version whenever answers change. */
export const NATIVE_ENGINE_ID = 'native-1.1.0';

const DEFAULT_EFFORT: Effort = 'medium';

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
    solve: async (req: EngineRequest, signal?: CancelSignal, onProgress?: ProgressListener): Promise<EngineResult> => {
      if (!supported.has(req.command)) throw new Error(`the native engine does not support "${String(req.command)}"`);
      const { problem, options, flag } = prepare(req, signal);
      if (onProgress !== undefined && typeof onProgress !== 'function') throw new TypeError('onProgress must be a function');
      // Points still queued when the promise settles are dropped: a listener sees no report after the answer.
      let settled = false;
      const listener = onProgress === undefined ? undefined : (p: EngineProgress) => {
        if (settled) return;
        try {
          onProgress(p);
        } catch {
          // Observation only: a listener's fault never reaches the solve or the process.
        }
      };
      let r;
      try {
        r = await (listener === undefined ? addon.solve(req.command, problem, options, flag) : addon.solve(req.command, problem, options, flag, listener));
      } finally {
        settled = true;
      }
      const common = {
        answer: r.answer,
        objective: r.objective,
        proof: r.proof,
        ...(r.bound !== undefined ? { bound: r.bound } : {}),
        stoppedAtDeadline: r.stoppedAtDeadline,
        work: { iterations: r.work.iterations, nodes: r.work.nodes, restarts: r.work.restarts },
        engineMs: r.engineMs,
      };
      // cover: the root bound's multipliers (the service's `lagrangian` certificate) cross as values,
      // followed by the closed branch tree's record when the extra "tree" (its length) is there.
      if (r.kind === 'binary' && req.command === 'cover') {
        const t = r.extras.tree;
        if (t === undefined) return { kind: 'binary', ...common, multipliers: r.values };
        const cut = r.values.length - t;
        return { kind: 'binary', ...common, multipliers: r.values.subarray(0, cut), tree: r.values.subarray(cut) };
      }
      // The core names the result's shape (core/common/request.h ResultKind); each shape's own fields
      // come from its answer array and extras, under the engine-ts result kind of that shape.
      switch (r.kind) {
        // maxcut's SDP bound: its dual point y in values, μ in the extra sdpMu; its cycle bound's
        // triangles in order (core/qubo/maxcut.cc).
        case 'binary': return {
          kind: 'binary', ...common,
          ...(r.values.length > 0 && r.extras.sdpMu !== undefined ? { sdpDual: { y: r.values, mu: r.extras.sdpMu } } : {}),
          ...(req.command === 'maxcut' && r.order.length > 0 ? { triangles: r.order } : {}),
        };
        case 'samples': return { kind: 'sample', ...common, samples: r.samples };
        case 'violations': return { kind: 'rules', ...common, violations: r.extras.violations };
        case 'known_optimum': return { kind: 'planted', ...common, plantedEnergy: r.extras.plantedEnergy, edges: r.extras.edges };
        // rank's values are its triangle packing (core/rank/packing.h), tsp's the root penalties π.
        // A closed branch tree's record follows π when the extra "tree" (its length) is there.
        case 'permutation': {
          if (req.command === 'rank') return { kind: 'permutation', ...common, answer: r.order, triangles: r.values };
          const t = r.extras.tree;
          const pi = t === undefined ? r.values : r.values.subarray(0, r.values.length - t);
          return {
            kind: 'permutation', ...common, answer: r.order,
            ...(pi.length > 0 ? { pi } : {}),
            ...(t !== undefined ? { tree: r.values.subarray(r.values.length - t) } : {}),
          };
        }
        case 'labels': return { kind: 'labels', ...common, answer: r.order };
        case 'vector': return { kind: 'vector', ...common, answer: r.values, convex: r.extras.convex === 1 };
        case 'decimal': return { kind: 'decimal', ...common, exact: r.extras.exact === 1 };
        case 'bytes': return { kind: 'bytes', ...common, blocks: r.order, extras: r.extras };
        case 'linear_system': return {
          kind: 'xorsat', ...common,
          rank: r.extras.rank >= 0 ? r.extras.rank : null,
          consistent: r.extras.consistent >= 0 ? r.extras.consistent === 1 : null,
          ...(r.order.length > 0 ? { contradictions: contradictionSets(r.order) } : {}),
        };
        case 'numeric': return { kind: 'numeric', ...common, answer: r.values, ints: r.order, extras: { ...r.extras } };
      }
      throw new Error(`the addon answered an unknown result kind "${String(r.kind)}"`);
    },
  };
}

/** Check and default a request, then flatten it to the addon's plain arguments. Throws on bad input. */
export function prepare(
  req: EngineRequest,
  signal?: CancelSignal,
): { problem: CanonicalProblem; options: NativeOptionsArgs; flag: Int32Array } {
  const p = req.problem;
  if (p === null || typeof p !== 'object') throw new TypeError('problem must be a canonical problem object');
  const kind = problemKindOf(req.command);
  if (kind !== undefined && p.kind !== kind) throw new Error(`${req.command} needs a ${kind} problem, not a ${String(p.kind)} one`);
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

  // The canonical problem as it is: the addon reads its fields by the family's records
  // (core/<family>/problem.h), and the budget engine-ts computes for it by name.
  const native: NativeBudget = nativeBudgetOf(p, { ...req, effort, model });
  const exactMethod = req.exactMethod ?? 'auto';
  if (exactMethod !== 'auto' && exactMethod !== 'branch_and_bound' && exactMethod !== 'heuristic') throw new RangeError(`unknown exactMethod "${String(exactMethod)}"`);
  const options: NativeOptionsArgs = {
    seed, deadlineMs, warmStart: warm,
    ...(native.family !== undefined ? { family: native.family } : {}),
  };
  return { problem: p, options, flag };
}

/** xorsat's packed contradictions, laid out by the core as [size, equations…] per set. */
function contradictionSets(order: Int32Array): number[][] {
  const sets: number[][] = [];
  for (let k = 0; k < order.length; k += 1 + order[k]) sets.push(Array.from(order.subarray(k + 1, k + 1 + order[k])));
  return sets;
}
