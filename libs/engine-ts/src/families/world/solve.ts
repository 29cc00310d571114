/**
 * world: kinematics, terrain, neighbors and predict (kinematics.ts, terrain.ts, kdtree.ts,
 * predict.ts); the native twin is libs/engine-native/src/core/world/. Each answer carries its
 * tolerance, a bound on its round-off measured alongside it: running error bounds for kinematics,
 * terrain and predict (rounding.ts), (dim + 4)·ε·d for each neighbour distance d (a difference, a
 * square and a sum per axis, then a square root, each within half an ulp). Cancel and deadline are
 * checked every 4,096 neighbour queries (the other ops are one pass); a stopped neighbours answer is
 * an error, not a partial list (an operation has no "best so far").
 */
import type { CancelSignal, NumericResult, SolveRequest } from '../../base';
import { Limits } from '../../kernels/model';
import { buildKdTree, nearest, queryStack } from './kdtree';
import { dhChain, planarChain, type Computed } from './kinematics';
import { predictPose } from './predict';
import type { WorldProblem } from './problem';
import { terrainAt } from './terrain';

export function neighborsOf(p: WorldProblem, limits?: Limits): Computed & { readonly ints: Int32Array } {
  const { n, dim } = p as Required<WorldProblem>;
  const k = p.k!;
  const queries = p.queries!;
  const q = queries.length / dim;
  const tree = buildKdTree(p.points!, n, dim);
  const d2 = new Float64Array(q * k);
  const idx = new Int32Array(q * k);
  const { stack, bounds } = queryStack(tree);
  for (let j = 0; j < q; j++) {
    if ((j & 4095) === 0 && limits?.check()) throw new Error(`neighbors stopped (${limits.stopped}) after ${j} of ${q} queries`);
    nearest(tree, queries, j * dim, k, d2, idx, j * k, stack, bounds);
  }
  let worst = 0, sum = 0;
  const dist = new Float64Array(q * k);
  for (let i = 0; i < q * k; i++) {
    dist[i] = Math.sqrt(d2[i]);
    sum += dist[i];
    worst = Math.max(worst, dist[i]);
  }
  return { answer: dist, ints: idx, tolerance: (dim + 4) * Number.EPSILON * worst, objective: sum };
}

export function computeWorld(p: WorldProblem, limits?: Limits): Computed & { readonly ints: Int32Array } {
  const none = new Int32Array(0);
  switch (p.op) {
    case 'kinematics': return { ...(p.chain === 'dh' ? dhChain(p) : planarChain(p)), ints: none };
    case 'terrain': return { ...terrainAt(p), ints: none };
    case 'neighbors': return neighborsOf(p, limits);
    case 'predict': return { ...predictPose(p), ints: none };
  }
  throw new Error(`unknown world op "${String(p.op)}"`);
}

/** Solves a `world` request synchronously. */
export function solveWorld(req: SolveRequest<WorldProblem>, signal?: CancelSignal): NumericResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'world' || p.kind !== 'world') throw new Error('world needs a world problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const c = computeWorld(p, limits);
  return {
    kind: 'numeric', answer: c.answer, ints: c.ints, extras: { tolerance: c.tolerance }, objective: c.objective,
    proof: null, stoppedAtDeadline: false, work: { iterations: p.n, nodes: 0, restarts: 0 }, engineMs: performance.now() - started,
  };
}
