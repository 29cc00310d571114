/** The canonical `world` problem (problem.ts) from the request's fields (the contract has checked them). */
import type { WorldModel, WorldOp, WorldProblem } from './problem';

/** The request's fields as the contract defines them (libs/contracts/src/commands/world.ts). */
export interface WorldInput {
  readonly op: WorldOp;
  readonly links?: readonly { readonly length: number; readonly angle: number }[];
  readonly dh?: readonly { readonly a: number; readonly alpha: number; readonly d: number; readonly theta: number }[];
  readonly base?: { readonly x: number; readonly y: number; readonly theta?: number };
  readonly grid?: readonly (readonly number[])[];
  readonly cell?: number | readonly [number, number];
  readonly origin?: readonly [number, number];
  readonly points?: readonly (readonly number[])[];
  readonly queries?: readonly (readonly number[])[];
  readonly k?: number;
  readonly poses?: readonly { readonly t: number; readonly x: number; readonly y: number; readonly z?: number; readonly theta?: number }[];
  readonly at?: number;
  readonly model?: 'auto' | WorldModel;
}

const flat = (rows: readonly (readonly number[])[], width: number): Float64Array => {
  const out = new Float64Array(rows.length * width);
  rows.forEach((r, i) => {
    if (r.length !== width) throw new Error(`row ${i} has ${r.length} numbers, expected ${width}`);
    out.set(r, i * width);
  });
  return out;
};

/** Throws a plain Error naming what is missing or malformed. */
export function canonicalWorld(w: WorldInput): WorldProblem {
  switch (w.op) {
    case 'kinematics': {
      if ((w.links === undefined) === (w.dh === undefined)) throw new Error('kinematics needs links or dh (one of them)');
      if (w.links !== undefined) {
        if (w.links.length < 1) throw new Error('kinematics needs at least one link');
        return {
          kind: 'world', op: 'kinematics', chain: 'planar', n: w.links.length,
          links: flat(w.links.map((l) => [l.length, l.angle]), 2),
          base: Float64Array.of(w.base?.x ?? 0, w.base?.y ?? 0, w.base?.theta ?? 0),
        };
      }
      if (w.dh!.length < 1) throw new Error('kinematics needs at least one dh row');
      return { kind: 'world', op: 'kinematics', chain: 'dh', n: w.dh!.length, links: flat(w.dh!.map((r) => [r.a, r.alpha, r.d, r.theta]), 4) };
    }
    case 'terrain': {
      const grid = w.grid!, rows = grid.length, cols = grid[0]?.length ?? 0;
      if (rows < 2 || cols < 2) throw new Error('terrain needs a grid of at least 2 × 2 heights');
      const cell = typeof w.cell === 'number' ? [w.cell, w.cell] : w.cell!;
      return {
        kind: 'world', op: 'terrain', n: w.points!.length, grid: flat(grid, cols), rows, cols,
        cell: Float64Array.from(cell), origin: Float64Array.from(w.origin ?? [0, 0]), points: flat(w.points!, 2),
      };
    }
    case 'neighbors': {
      const pts = w.points!, dim = pts[0]?.length ?? 0;
      if (pts.length < 1 || dim < 1) throw new Error('neighbors needs points of at least one coordinate');
      return { kind: 'world', op: 'neighbors', n: pts.length, dim, k: w.k ?? 1, points: flat(pts, dim), queries: flat(w.queries!, dim) };
    }
    case 'predict': {
      const poses = w.poses!;
      const axes = poses[0]?.z !== undefined ? 3 : 2;
      const heading = poses[0]?.theta !== undefined ? 1 : 0;
      const model: WorldModel = w.model === undefined || w.model === 'auto' ? (poses.length >= 3 ? 'acceleration' : 'velocity') : w.model;
      return {
        kind: 'world', op: 'predict', n: poses.length, axes, heading, model, at: w.at!,
        poses: flat(poses.map((p) => [p.t, p.x, p.y, p.z ?? 0, p.theta ?? 0]), 5),
      };
    }
  }
  throw new Error(`unknown world op "${String((w as { op?: unknown }).op)}"`);
}
