/** The canonical problem of `world` (C++ core/world/problem.h). */

export const WORLD_OPS = ['kinematics', 'terrain', 'neighbors', 'predict'] as const;
export type WorldOp = (typeof WORLD_OPS)[number];
export const WORLD_CHAINS = ['planar', 'dh'] as const;
export type WorldChain = (typeof WORLD_CHAINS)[number];
export const WORLD_MODELS = ['velocity', 'acceleration'] as const;
export type WorldModel = (typeof WORLD_MODELS)[number];

/** Numbers per row of each op's input and answer (the layouts below). */
export const WORLD_LAYOUT = {
  planarLink: 2, dhLink: 4, planarPose: 3, dhPose: 12, terrainPoint: 5, pose: 5, prediction: 12,
} as const;

/**
 * world: one operation on a virtual world. `n` counts the op's rows: links (kinematics), query
 * points (terrain), points (neighbors), poses (predict). The answer is a `NumericResult` (base.ts):
 *   kinematics  chain planar: links [length, angle] per link, base [x, y, θ]; answer (n+1)·3
 *               [x, y, θ] per pose (the base, then the end of every link; θ wrapped to (−π, π]).
 *               chain dh: links [a, α, d, θ] per row (standard Denavit–Hartenberg,
 *               A = Rz(θ)·Tz(d)·Tx(a)·Rx(α)); answer (n+1)·12 [px, py, pz, R row by row] per frame.
 *   terrain     grid rows·cols heights (row r is y index r), cell [dx, dy], origin [x0, y0], points
 *               [x, y] per query (every one inside the grid); answer n·5 [height, nx, ny, nz, slope]
 *               (the unit normal of the bilinear surface, its slope from horizontal in radians).
 *   neighbors   points dim per point, queries dim per query, k; answer q·k distances and ints q·k
 *               indices, each query's nearest first (ties by the lower index).
 *   predict     poses [t, x, y, z, θ] per pose (t increasing; z and θ 0 unless axes = 3 / heading = 1),
 *               model, at; answer 12 [x, y, z, θ, vx, vy, vz, vθ, ax, ay, az, aθ] at time `at`.
 * Extras: tolerance (a bound on the answer's round-off, measured alongside it); objective: the reach
 * (kinematics), the highest point (terrain), the sum of distances (neighbors), the speed (predict).
 */
export interface WorldProblem {
  readonly kind: 'world';
  readonly n: number;
  readonly op: WorldOp;
  readonly chain?: WorldChain;
  readonly links?: Float64Array;
  readonly base?: Float64Array;
  readonly grid?: Float64Array;
  readonly rows?: number;
  readonly cols?: number;
  readonly cell?: Float64Array;
  readonly origin?: Float64Array;
  readonly points?: Float64Array;
  readonly queries?: Float64Array;
  readonly dim?: number;
  readonly k?: number;
  readonly poses?: Float64Array;
  readonly axes?: number;
  readonly heading?: number;
  readonly model?: WorldModel;
  readonly at?: number;
}
