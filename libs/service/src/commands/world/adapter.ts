import type { EngineResult } from '@svc/engine-ts';
import { canonicalWorld, WORLD_LAYOUT, type WorldInput, type WorldProblem } from '@svc/engine-ts/families/world';
import { engineFault } from '../../internal/rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { numericCertainty } from '../shared/numeric-certainty';
import { checkNeighbors, compareValues, planarLinksRecovered, recompute, type Finding, type WorldInputJson } from './rescore';

type Pose = { x: number; y: number; z?: number; theta?: number };

/**
 * The answer fields of an op's numbers (engine-ts families/world/problem.ts layouts): `answer` per op,
 * plus `distances` (neighbors), `velocity`, `acceleration` and `model` (predict).
 */
export function worldFields(w: WorldInputJson, p: WorldProblem, values: ArrayLike<number>, ints: ArrayLike<number>): Record<string, unknown> & { answer: unknown } {
  const rows = (width: number) => Array.from({ length: Math.floor(values.length / width) }, (_, i) => Array.from({ length: width }, (_, j) => values[i * width + j]));
  switch (w.op) {
    case 'kinematics':
      if (p.chain === 'dh') {
        return { answer: rows(WORLD_LAYOUT.dhPose).map((f) => ({ position: [f[0], f[1], f[2]], rotation: [[f[3], f[4], f[5]], [f[6], f[7], f[8]], [f[9], f[10], f[11]]] })) };
      }
      return { answer: rows(WORLD_LAYOUT.planarPose).map(([x, y, theta]) => ({ x, y, theta })) };
    case 'terrain':
      return { answer: rows(WORLD_LAYOUT.terrainPoint).map(([height, nx, ny, nz, slope]) => ({ height, normal: [nx, ny, nz], slope })) };
    case 'neighbors': {
      const k = p.k!;
      const q = Math.floor(ints.length / k);
      return {
        answer: Array.from({ length: q }, (_, j) => Array.from({ length: k }, (_, r) => ints[j * k + r])),
        distances: rows(k),
      };
    }
    case 'predict': {
      const pose = (o: number): Pose => ({
        x: values[o], y: values[o + 1], ...(p.axes === 3 ? { z: values[o + 2] } : {}), ...(p.heading === 1 ? { theta: values[o + 3] } : {}),
      });
      return { answer: pose(0), velocity: pose(4), ...(p.model === 'acceleration' ? { acceleration: pose(8) } : {}), model: p.model };
    }
  }
  throw new Error(`unknown world op ${String(w.op)}`);
}

/** The numbers of answer fields in the engine's layout (what `recompute` gives), for comparison. */
export function flatOf(w: WorldInputJson, fields: Record<string, unknown>): number[] {
  const a = fields.answer as any;
  switch (w.op) {
    case 'kinematics':
      return w.dh ? a.flatMap((f: any) => [...f.position, ...f.rotation.flat()]) : a.flatMap((f: any) => [f.x, f.y, f.theta]);
    case 'terrain':
      return a.flatMap((t: any) => [t.height, ...t.normal, t.slope]);
    case 'predict': {
      const four = (q: Pose | undefined) => (q ? [q.x, q.y, q.z ?? 0, q.theta ?? 0] : [0, 0, 0, 0]);
      return [...four(a), ...four(fields.velocity as Pose), ...four(fields.acceleration as Pose | undefined)];
    }
  }
  return [];
}

/** The expected length of an op's numbers. */
function expectedLength(p: WorldProblem): number {
  switch (p.op) {
    case 'kinematics': return (p.n + 1) * (p.chain === 'dh' ? WORLD_LAYOUT.dhPose : WORLD_LAYOUT.planarPose);
    case 'terrain': return p.n * WORLD_LAYOUT.terrainPoint;
    case 'neighbors': return (p.queries!.length / p.dim!) * p.k!;
    case 'predict': return WORLD_LAYOUT.prediction;
  }
  return -1;
}

/** Every finding of an op's answer fields against the request (engine answers and callers' alike). */
export function worldFindings(w: WorldInputJson, fields: Record<string, unknown>, tol: number): { findings: Finding[]; objective: number | null } {
  if (w.op === 'neighbors') return checkNeighbors(w, fields.answer, (fields.distances as number[][] | undefined) ?? null, tol);
  const want = recompute(w);
  const findings = [compareValues('recomputed', flatOf(w, fields), want.values, 2 * tol)];
  if (w.op === 'kinematics' && w.links) findings.push(planarLinksRecovered(w, fields.answer as { x: number; y: number; theta: number }[], tol));
  return { findings, objective: want.objective };
}

/**
 * world: the engine computes the op (engine-ts families/world, C++ core/world); the service recomputes
 * it independently (rescore.ts) and states the engine's round-off bound in the certainty text. The
 * receipt's answer is the op's `answer`.
 */
export const worldAdapter: CommandAdapter = {
  command: 'world',
  recheckInWorker: true,
  prepare(v) {
    const w = v.input as WorldInputJson;
    const problem = canonicalOrInvalid(() => canonicalWorld(w as unknown as WorldInput));
    const { tag: _tag, description: _description, version: _version, ...fields } = w as Record<string, unknown>;
    return {
      problem,
      // Compute units: the rows of the op plus, for neighbors, the queries.
      terms: problem.op === 'neighbors' ? problem.queries!.length / problem.dim! : 0,
      receiptProblem: { ...fields, n: problem.n },
      finish: (r) => finishWorld(w, problem, r),
    };
  },
};

export function finishWorld(w: WorldInputJson, p: WorldProblem, r: EngineResult): FinishedSolve {
  if (r.kind !== 'numeric') throw engineFault(`engine returned a ${r.kind} result for world`);
  const tol = r.extras.tolerance;
  if (!(tol >= 0) || !Number.isFinite(tol)) throw engineFault(`engine tolerance ${tol} is not a finite bound`);
  const want = expectedLength(p);
  if (r.answer.length !== want || r.answer.some((x) => !Number.isFinite(x))) throw engineFault(`engine answered ${r.answer.length} numbers, expected ${want} finite ones`);
  if (p.op === 'neighbors' ? r.ints.length !== want : r.ints.length !== 0) throw engineFault(`engine answered ${r.ints.length} indices`);
  const fields = worldFields(w, p, r.answer, r.ints);
  const { findings, objective } = worldFindings(w, fields, tol);
  const bad = findings.find((f) => !f.ok);
  if (bad) throw engineFault(`the independent re-check disagrees with the engine: ${bad.detail}`);
  const scale = 2 * tol * Math.max(1, r.answer.length) + 1e-9 * (1 + Math.abs(r.objective));
  if (objective === null || !(Math.abs(objective - r.objective) <= scale)) throw engineFault(`engine objective ${r.objective}, recomputed ${String(objective)}`);
  return {
    fields: { op: w.op, ...fields, objective: r.objective, tolerance: tol },
    proof: null,
    stoppedAtDeadline: false,
    certainty: numericCertainty(tol),
  };
}
