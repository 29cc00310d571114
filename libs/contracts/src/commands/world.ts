/**
 * `world` (docs/world.md): one operation on a virtual world, chosen by `op`:
 *   kinematics  a planar chain (`links` [{length, angle}], optional `base` {x, y, theta}) or a
 *               Denavit–Hartenberg chain (`dh` [{a, alpha, d, theta}]) → every joint's pose;
 *   terrain     a heightmap (`grid` rows of heights, `cell` spacing, optional `origin`) and query
 *               `points` [[x, y]] → height, normal and slope of the bilinear surface; a point outside
 *               the grid is 422 naming it;
 *   neighbors   `points`, `queries` (same dimension, 1..8) and `k` → each query's k nearest points
 *               (exact, ties by the lower index) and their distances;
 *   predict     timestamped `poses` [{t, x, y, z?, theta?}] and `at` → the pose and velocity at `at`
 *               (constant velocity, or constant acceleration when three poses allow; `model`).
 * Angles are radians.
 */
import { z } from 'zod';
import { agreeN, expectArray, expectObject, isFiniteNumber, onlyKeys, required } from '../internal/checks';
import { fail, typeName } from '../internal/issue';
import { dimension } from './shared/sizes';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { common, fastCommon, hot } from './shared/fields';
import example from './world.valid.json';

export const WORLD_OP_NAMES = ['kinematics', 'terrain', 'neighbors', 'predict'] as const;
export const WORLD_MODEL_NAMES = ['auto', 'velocity', 'acceleration'] as const;

/** Caps of `world`. */
export const WORLD_LIMITS = {
  maxLinks: 100_000,
  maxGridCells: 4_194_304,
  maxTerrainPoints: 1_000_000,
  maxPoints: 1_000_000,
  maxQueries: 1_000_000,
  maxAnswers: 10_000_000,
  maxDim: 8,
  maxK: 100,
  maxPoses: 100_000,
} as const;

/** The fields each op takes (beyond op, tag, description, n, version). */
const OP_FIELDS: Readonly<Record<(typeof WORLD_OP_NAMES)[number], readonly string[]>> = {
  kinematics: ['links', 'dh', 'base'],
  terrain: ['grid', 'cell', 'origin', 'points'],
  neighbors: ['points', 'queries', 'k'],
  predict: ['poses', 'at', 'model'],
};
const ALL_FIELDS = [...new Set(Object.values(OP_FIELDS).flat())];

const num = (v: unknown, path: (string | number)[]): number => {
  if (!isFiniteNumber(v)) fail(path, `expected a finite number, got ${typeName(v)}`);
  return v;
};

/** An array of rows of `width` numbers (or any width, the same for all, when width is 0); returns the width. */
function numberRows(v: unknown, field: string, what: string, width: number, minRows: number): number {
  const rows = expectArray(required(v, [field], what), [field], what);
  if (rows.length < minRows) fail([field], `expected at least ${minRows} ${minRows === 1 ? 'entry' : 'entries'}, got ${rows.length}`);
  let w = width;
  for (let i = 0; i < rows.length; i++) {
    const r = expectArray(rows[i], [field, i], width ? `[${width} numbers]` : 'an array of coordinates');
    if (w === 0) w = r.length;
    if (r.length !== w) fail([field, i], `expected ${w} numbers${width ? '' : ' (the dimension of the first row)'}, got ${r.length}`);
    for (let d = 0; d < r.length; d++) num(r[d], [field, i, d]);
  }
  return w;
}

function objects(v: unknown, field: string, what: string, keys: readonly string[], need: readonly string[], minRows: number): Record<string, unknown>[] {
  const rows = expectArray(required(v, [field], what), [field], what);
  if (rows.length < minRows) fail([field], `expected at least ${minRows} ${minRows === 1 ? 'entry' : 'entries'}, got ${rows.length}`);
  return rows.map((r, i) => {
    const o = expectObject(r, [field, i], what);
    onlyKeys(o, keys, [field, i]);
    for (const k of need) num(required(o[k], [field, i, k], 'a finite number'), [field, i, k]);
    for (const k of keys) if (o[k] !== undefined) num(o[k], [field, i, k]);
    return o;
  });
}

function check(v: Loose): number {
  const op = required(v.op, ['op'], `the operation, one of ${WORLD_OP_NAMES.join(', ')}`) as (typeof WORLD_OP_NAMES)[number];
  if (!(WORLD_OP_NAMES as readonly unknown[]).includes(op)) fail(['op'], `expected one of ${WORLD_OP_NAMES.join(', ')}, got ${typeName(op)}${typeof op === 'string' ? ` ${JSON.stringify(op)}` : ''}`);
  if (v.model !== undefined && !(WORLD_MODEL_NAMES as readonly unknown[]).includes(v.model)) {
    fail(['model'], `expected one of ${WORLD_MODEL_NAMES.join(', ')}, got ${typeName(v.model)}${typeof v.model === 'string' ? ` ${JSON.stringify(v.model)}` : ''}`);
  }
  for (const f of ALL_FIELDS) {
    if (v[f] !== undefined && !OP_FIELDS[op].includes(f)) fail([f], `${f} does not apply to op "${op}" (it takes ${OP_FIELDS[op].join(', ')})`);
  }
  switch (op) {
    case 'kinematics': {
      if (v.links !== undefined && v.dh !== undefined) fail(['dh'], 'give either links (a planar chain) or dh (Denavit–Hartenberg rows), not both');
      if (v.links === undefined && v.dh === undefined) required(undefined, ['links'], 'links [{length, angle}] of a planar chain, or dh [{a, alpha, d, theta}]');
      if (v.links !== undefined) {
        const links = objects(v.links, 'links', 'a link {length, angle}', ['length', 'angle'], ['length', 'angle'], 1);
        links.forEach((l, i) => { if ((l.length as number) < 0) fail(['links', i, 'length'], `expected a length ≥ 0, got ${String(l.length)}`); });
        if (v.base !== undefined) {
          const b = expectObject(v.base, ['base'], 'a pose {x, y, theta}');
          onlyKeys(b, ['x', 'y', 'theta'], ['base']);
          num(required(b.x, ['base', 'x'], 'a finite number'), ['base', 'x']);
          num(required(b.y, ['base', 'y'], 'a finite number'), ['base', 'y']);
          if (b.theta !== undefined) num(b.theta, ['base', 'theta']);
        }
        agreeN(v.n, links.length, 'the number of links');
        return links.length;
      }
      if (v.base !== undefined) fail(['base'], 'base applies to a planar chain (links); a DH chain starts at the identity frame');
      const dh = objects(v.dh, 'dh', 'a DH row {a, alpha, d, theta}', ['a', 'alpha', 'd', 'theta'], ['a', 'alpha', 'd', 'theta'], 1);
      agreeN(v.n, dh.length, 'the number of DH rows');
      return dh.length;
    }
    case 'terrain': {
      const grid = expectArray(required(v.grid, ['grid'], 'rows of heights (at least 2 × 2)'), ['grid'], 'rows of heights');
      if (grid.length < 2) fail(['grid'], `expected at least 2 rows, got ${grid.length}`);
      const cols = numberRows(v.grid, 'grid', 'rows of heights', 0, 2);
      if (cols < 2) fail(['grid', 0], `expected at least 2 heights a row, got ${cols}`);
      const cell = required(v.cell, ['cell'], 'the grid spacing: a number, or [dx, dy]');
      const [dx, dy] = typeof cell === 'number' ? [cell, cell] : (() => {
        const c = expectArray(cell, ['cell'], 'a number or [dx, dy]');
        if (c.length !== 2) fail(['cell'], `expected [dx, dy], got ${c.length} numbers`);
        return [num(c[0], ['cell', 0]), num(c[1], ['cell', 1])];
      })();
      if (!(dx > 0) || !(dy > 0) || !Number.isFinite(dx) || !Number.isFinite(dy)) fail(['cell'], `expected spacings > 0, got ${JSON.stringify(cell)}`);
      let x0 = 0, y0 = 0;
      if (v.origin !== undefined) {
        const o = expectArray(v.origin, ['origin'], '[x0, y0]');
        if (o.length !== 2) fail(['origin'], `expected [x0, y0], got ${o.length} numbers`);
        [x0, y0] = [num(o[0], ['origin', 0]), num(o[1], ['origin', 1])];
      }
      numberRows(v.points, 'points', 'query points [[x, y], ...]', 2, 1);
      const pts = v.points as number[][];
      const x1 = x0 + (cols - 1) * dx, y1 = y0 + (grid.length - 1) * dy;
      for (let i = 0; i < pts.length; i++) {
        const [x, y] = pts[i];
        if (x < x0 || x > x1 || y < y0 || y > y1) {
          fail(['points', i], `[${x}, ${y}] is outside the grid (x in [${x0}, ${x1}], y in [${y0}, ${y1}]); terrain does not extrapolate`);
        }
      }
      agreeN(v.n, pts.length, 'the number of query points');
      return pts.length;
    }
    case 'neighbors': {
      const dim = numberRows(v.points, 'points', 'points [[x, y, z], ...]', 0, 1);
      if (dim < 1 || dim > WORLD_LIMITS.maxDim) fail(['points', 0], `expected 1..${WORLD_LIMITS.maxDim} coordinates a point, got ${dim}`);
      numberRows(v.queries, 'queries', `query points of ${dim} coordinates`, dim, 1);
      const n = (v.points as unknown[]).length;
      const k = v.k === undefined ? 1 : v.k;
      if (typeof k !== 'number' || !Number.isInteger(k) || k < 1) fail(['k'], `expected an integer ≥ 1, got ${typeName(k)}`);
      if (k > n) fail(['k'], `k = ${k} is more than the ${n} points`);
      agreeN(v.n, n, 'the number of points');
      return n;
    }
    case 'predict': {
      const poses = objects(v.poses, 'poses', 'a pose {t, x, y, z?, theta?}', ['t', 'x', 'y', 'z', 'theta'], ['t', 'x', 'y'], 2);
      for (const k of ['z', 'theta']) {
        const has = poses[0][k] !== undefined;
        poses.forEach((p, i) => { if ((p[k] !== undefined) !== has) fail(['poses', i, k], `${k} must be on every pose or on none`); });
      }
      poses.forEach((p, i) => { if (i > 0 && !((p.t as number) > (poses[i - 1].t as number))) fail(['poses', i, 't'], `times must increase: ${String(p.t)} after ${String(poses[i - 1].t)}`); });
      num(required(v.at, ['at'], 'the time to predict at'), ['at']);
      if (v.model === 'acceleration' && poses.length < 3) fail(['model'], `the acceleration model needs 3 poses, got ${poses.length}`);
      agreeN(v.n, poses.length, 'the number of poses');
      return poses.length;
    }
  }
  return fail(['op'], `unknown op ${JSON.stringify(op)}`);
}

function sizes(v: Loose, n: number): void {
  const L = WORLD_LIMITS;
  switch (v.op) {
    case 'kinematics':
      if (n > L.maxLinks) dimension(`the chain has ${n} links, over the cap of ${L.maxLinks}`, L.maxLinks, v.links !== undefined ? 'links' : 'dh');
      return;
    case 'terrain': {
      const cells = (v.grid as unknown[][]).length * (v.grid as unknown[][])[0].length;
      if (cells > L.maxGridCells) dimension(`grid has ${cells} heights, over the cap of ${L.maxGridCells}`, L.maxGridCells, 'grid');
      if (n > L.maxTerrainPoints) dimension(`points has ${n} queries, over the cap of ${L.maxTerrainPoints}`, L.maxTerrainPoints, 'points');
      return;
    }
    case 'neighbors': {
      const q = (v.queries as unknown[]).length;
      const k = (v.k as number | undefined) ?? 1;
      if (n > L.maxPoints) dimension(`points has ${n} entries, over the cap of ${L.maxPoints}`, L.maxPoints, 'points');
      if (q > L.maxQueries) dimension(`queries has ${q} entries, over the cap of ${L.maxQueries}`, L.maxQueries, 'queries');
      if (k > L.maxK) dimension(`k = ${k} is over the cap of ${L.maxK}`, L.maxK, 'k');
      if (q * k > L.maxAnswers) dimension(`queries × k = ${q * k} answers, over the cap of ${L.maxAnswers}`, L.maxAnswers, 'queries');
      return;
    }
    case 'predict':
      if (n > L.maxPoses) dimension(`poses has ${n} entries, over the cap of ${L.maxPoses}`, L.maxPoses, 'poses');
  }
}

const point2 = z.tuple([z.number(), z.number()]);
const vec3 = z.tuple([z.number(), z.number(), z.number()]);
const pose = z.object({ x: z.number(), y: z.number(), z: z.number().optional(), theta: z.number().optional() });

export const world = {
  example,
  nMeans: 'the number of the op\'s rows: links (kinematics), query points (terrain), points (neighbors) or poses (predict)',
  structure: z.strictObject({
    ...common,
    op: z.enum(WORLD_OP_NAMES).describe('the operation: kinematics, terrain, neighbors or predict'),
    links: z.array(z.strictObject({
      length: z.number().min(0).describe('link length'),
      angle: z.number().describe('joint angle, radians, relative to the previous link'),
    })).min(1).optional().describe(`kinematics: a planar chain, 1..${WORLD_LIMITS.maxLinks} links from the base outwards`),
    dh: z.array(z.strictObject({
      a: z.number().describe('link length along x'), alpha: z.number().describe('link twist about x, radians'),
      d: z.number().describe('offset along z'), theta: z.number().describe('joint angle about z, radians'),
    })).min(1).optional().describe('kinematics: standard Denavit–Hartenberg rows, A = Rz(θ)·Tz(d)·Tx(a)·Rx(α)'),
    base: z.strictObject({ x: z.number(), y: z.number(), theta: z.number().optional() }).optional()
      .describe('kinematics (planar): the base pose (default 0, 0, 0)'),
    grid: z.array(z.array(z.number())).min(2).optional()
      .describe(`terrain: heights, row r at y = y0 + r·dy, column c at x = x0 + c·dx; at least 2 × 2, at most ${WORLD_LIMITS.maxGridCells} heights`),
    cell: z.union([z.number().positive(), z.tuple([z.number().positive(), z.number().positive()])]).optional()
      .describe('terrain: the grid spacing, a number or [dx, dy]'),
    origin: point2.optional().describe('terrain: [x0, y0], the position of grid[0][0] (default [0, 0])'),
    points: z.array(z.array(z.number())).min(1).optional()
      .describe(`terrain: query points [x, y] inside the grid (outside is 422); neighbors: the points, 1..${WORLD_LIMITS.maxDim} coordinates each`),
    queries: z.array(z.array(z.number())).min(1).optional().describe('neighbors: the query points, as many coordinates as points'),
    k: z.number().int().min(1).max(WORLD_LIMITS.maxK).optional().describe(`neighbors: how many nearest points per query, 1..${WORLD_LIMITS.maxK} and at most the number of points (default 1)`),
    poses: z.array(z.strictObject({
      t: z.number().describe('time; increasing along the list'), x: z.number(), y: z.number(),
      z: z.number().optional(), theta: z.number().optional().describe('heading, radians (wrapped)'),
    })).min(2).optional().describe('predict: timestamped poses, oldest first; z and theta on every pose or none'),
    at: z.number().optional().describe('predict: the time to predict the pose at'),
    model: z.enum(WORLD_MODEL_NAMES).optional().describe('predict: auto (default: constant acceleration from the last three poses when there are three, else constant velocity), velocity or acceleration'),
  }),
  fast: z.strictObject({
    ...fastCommon, op: hot, links: hot, dh: hot, base: hot, grid: hot, cell: hot, origin: hot, points: hot, queries: hot,
    k: hot, poses: hot, at: hot, model: hot,
  }),
  checks: { check, sizes, contradictions: noContradictions },
  output: {
    op: z.enum(WORLD_OP_NAMES).describe('the operation answered'),
    answer: z.union([
      z.array(z.object({ x: z.number(), y: z.number(), theta: z.number() })).describe('kinematics (planar): the base, then the end of every link'),
      z.array(z.object({ position: vec3, rotation: z.tuple([vec3, vec3, vec3]) })).describe('kinematics (dh): frame 0 (identity), then every row\'s frame'),
      z.array(z.object({ height: z.number(), normal: vec3, slope: z.number() })).describe('terrain: per query point, the unit normal and the slope (radians from horizontal)'),
      z.array(z.array(z.number().int().min(0))).describe('neighbors: per query, the indices of its k nearest points, nearest first (ties by index)'),
      pose.describe('predict: the pose at `at` (theta wrapped to (−π, π])'),
    ]).describe('per op'),
    distances: z.array(z.array(z.number().min(0))).optional().describe('neighbors: the distances, as answer'),
    velocity: pose.optional().describe('predict: the velocity at `at` (theta: its rate)'),
    acceleration: pose.optional().describe('predict: the acceleration (constant acceleration model)'),
    model: z.enum(['velocity', 'acceleration']).optional().describe('predict: the model used'),
    objective: z.number().describe('a summary of the answer: the reach (kinematics), the highest point (terrain), the sum of the distances (neighbors), the speed (predict)'),
    tolerance: z.number().min(0).describe('a bound on the round-off of every number of the answer, computed alongside it'),
    certainty: z.string().min(1).describe("'operation (numeric, tolerance <t>)'"),
  },
  limits: {
    links_max: WORLD_LIMITS.maxLinks, grid_cells_max: WORLD_LIMITS.maxGridCells, terrain_points_max: WORLD_LIMITS.maxTerrainPoints,
    points_max: WORLD_LIMITS.maxPoints, queries_max: WORLD_LIMITS.maxQueries, answers_max: WORLD_LIMITS.maxAnswers,
    dim_max: WORLD_LIMITS.maxDim, k_max: WORLD_LIMITS.maxK, poses_max: WORLD_LIMITS.maxPoses,
  },
} as const satisfies CommandContract;
