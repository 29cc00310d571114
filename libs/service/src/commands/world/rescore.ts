/**
 * The independent re-check of a `world` answer from the request JSON, sharing no code with the
 * engines: each op recomputed by its definition in another arrangement (homogeneous 4×4 products
 * for a DH chain, interpolation along x then y for terrain, Lagrange's form for predict), the
 * neighbours' distances recomputed and their exactness checked by brute force (every query when
 * queries × points ≤ 2·10⁷, else 64 queries drawn by a seeded generator).
 */
import type { InputOf } from '@svc/contracts';

export type WorldInputJson = InputOf<'world'>;

/** One named finding; `ok` false is a disagreement. */
export interface Finding {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

/** A recomputed op: its numbers in the answer's JSON shape, flattened the same way as `flatAnswer`. */
export interface Recomputed {
  readonly values: number[];
  readonly objective: number;
}

const wrap = (a: number): number => {
  let v = a - 2 * Math.PI * Math.round(a / (2 * Math.PI));
  if (v <= -Math.PI) v += 2 * Math.PI;
  if (v > Math.PI) v -= 2 * Math.PI;
  return v;
};

type M4 = number[][];
const mul4 = (A: M4, B: M4): M4 => A.map((row) => [0, 1, 2, 3].map((j) => row[0] * B[0][j] + row[1] * B[1][j] + row[2] * B[2][j] + row[3] * B[3][j]));
const dhA = (a: number, alpha: number, d: number, theta: number): M4 => {
  const [ct, st, ca, sa] = [Math.cos(theta), Math.sin(theta), Math.cos(alpha), Math.sin(alpha)];
  return [[ct, -st * ca, st * sa, a * ct], [st, ct * ca, -ct * sa, a * st], [0, sa, ca, d], [0, 0, 0, 1]];
};

/** The op recomputed from the request (no neighbours: they are checked, not recomputed). */
export function recompute(w: WorldInputJson): Recomputed {
  switch (w.op) {
    case 'kinematics': {
      if (w.links) {
        let [x, y, th] = [w.base?.x ?? 0, w.base?.y ?? 0, w.base?.theta ?? 0];
        const values = [x, y, wrap(th)];
        for (const l of w.links) {
          th += l.angle;
          x += l.length * Math.cos(th);
          y += l.length * Math.sin(th);
          values.push(x, y, wrap(th));
        }
        return { values, objective: Math.hypot(x - (w.base?.x ?? 0), y - (w.base?.y ?? 0)) };
      }
      let T: M4 = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]];
      const frame = (M: M4) => [M[0][3], M[1][3], M[2][3], M[0][0], M[0][1], M[0][2], M[1][0], M[1][1], M[1][2], M[2][0], M[2][1], M[2][2]];
      const values = frame(T);
      for (const r of w.dh!) {
        T = mul4(T, dhA(r.a, r.alpha, r.d, r.theta));
        values.push(...frame(T));
      }
      return { values, objective: Math.hypot(T[0][3], T[1][3], T[2][3]) };
    }
    case 'terrain': {
      const grid = w.grid!;
      const [dx, dy] = typeof w.cell === 'number' ? [w.cell, w.cell] : (w.cell as [number, number]);
      const [x0, y0] = w.origin ?? [0, 0];
      const rows = grid.length, cols = grid[0].length;
      const values: number[] = [];
      let highest = -Infinity;
      for (const [x, y] of w.points as [number, number][]) {
        const u = (x - x0) / dx, v = (y - y0) / dy;
        const c = Math.min(Math.max(Math.floor(u), 0), cols - 2), r = Math.min(Math.max(Math.floor(v), 0), rows - 2);
        const fu = u - c, fv = v - r;
        // Along x on both rows, then along y.
        const lower = grid[r][c] + fu * (grid[r][c + 1] - grid[r][c]);
        const upper = grid[r + 1][c] + fu * (grid[r + 1][c + 1] - grid[r + 1][c]);
        const h = lower + fv * (upper - lower);
        const hx = ((grid[r][c + 1] - grid[r][c]) * (1 - fv) + (grid[r + 1][c + 1] - grid[r + 1][c]) * fv) / dx;
        const hy = (upper - lower) / dy;
        const s = Math.hypot(hx, hy, 1);
        values.push(h, -hx / s, -hy / s, 1 / s, Math.atan(Math.hypot(hx, hy)));
        highest = Math.max(highest, h);
      }
      return { values, objective: highest };
    }
    case 'predict': {
      const poses = w.poses!;
      const n = poses.length;
      const model = w.model === 'velocity' || w.model === 'acceleration' ? w.model : n >= 3 ? 'acceleration' : 'velocity';
      const used = poses.slice(model === 'acceleration' ? n - 3 : n - 2);
      const at = w.at!;
      const comps: ('x' | 'y' | 'z' | 'theta')[] = ['x', 'y', 'z', 'theta'];
      const pos: number[] = [], vel: number[] = [], acc: number[] = [];
      for (const c of comps) {
        let v = used.map((p) => p[c] ?? 0);
        if (c === 'theta') v = v.reduce<number[]>((u, x, j) => (j === 0 ? [x] : [...u, u[j - 1] + wrap(x - v[j - 1])]), []);
        const t = used.map((p) => p.t);
        if (used.length === 2) {
          const s = (v[1] - v[0]) / (t[1] - t[0]);
          pos.push(v[1] + s * (at - t[1]));
          vel.push(s);
          acc.push(0);
        } else {
          // Lagrange's form of the parabola through the three poses, and its derivatives at `at`.
          const L = [0, 1, 2].map((j) => {
            const [a, b] = [0, 1, 2].filter((i) => i !== j);
            const den = (t[j] - t[a]) * (t[j] - t[b]);
            return { p: ((at - t[a]) * (at - t[b])) / den, d: (2 * at - t[a] - t[b]) / den, dd: 2 / den };
          });
          pos.push(L.reduce((s, l, j) => s + l.p * v[j], 0));
          vel.push(L.reduce((s, l, j) => s + l.d * v[j], 0));
          acc.push(L.reduce((s, l, j) => s + l.dd * v[j], 0));
        }
      }
      pos[3] = wrap(pos[3]);
      return { values: [...pos, ...vel, ...acc], objective: Math.hypot(vel[0], vel[1], vel[2]) };
    }
  }
  throw new Error(`no recomputation for op ${w.op}`);
}

/** Compares numbers within `tol` (absolute) plus 1e-9 of their size; the first few disagreements. */
export function compareValues(name: string, got: readonly number[], want: readonly number[], tol: number): Finding {
  if (got.length !== want.length) return { name, ok: false, detail: `${got.length} numbers, expected ${want.length}` };
  let worst = 0, at = -1;
  for (let i = 0; i < got.length; i++) {
    const excess = Math.abs(got[i] - want[i]) - (tol + 1e-9 * (1 + Math.abs(want[i])));
    if (!(excess <= 0) && (at < 0 || excess > worst)) {
      worst = excess;
      at = i;
    }
  }
  return at < 0
    ? { name, ok: true, detail: `all ${got.length} numbers within ${tol.toExponential(2)} (+1e-9 relative) of the service's own computation` }
    : { name, ok: false, detail: `number ${at} is ${got[at]}, the service computes ${want[at]} (tolerance ${tol.toExponential(2)})` };
}

/** Forward/inverse consistency of a planar chain: every link recovered from consecutive poses. */
export function planarLinksRecovered(w: WorldInputJson, poses: readonly { x: number; y: number; theta: number }[], tol: number): Finding {
  const links = w.links!;
  for (let i = 0; i < links.length; i++) {
    const a = poses[i], b = poses[i + 1];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const turn = wrap(b.theta - a.theta - links[i].angle);
    const slack = 2 * tol + 1e-9 * (1 + links[i].length);
    if (Math.abs(len - links[i].length) > slack || Math.abs(turn) > slack + 1e-9) {
      return { name: 'links_recovered', ok: false, detail: `link ${i}: the poses give length ${len} and turn ${wrap(b.theta - a.theta)}, the request ${links[i].length} and ${links[i].angle}` };
    }
    // The link points along the new heading.
    if (links[i].length > 0 && Math.abs(wrap(Math.atan2(b.y - a.y, b.x - a.x) - b.theta)) > 1e-6) {
      return { name: 'links_recovered', ok: false, detail: `link ${i} does not point along the heading of pose ${i + 1}` };
    }
  }
  return { name: 'links_recovered', ok: true, detail: `every link's length and angle recovered from consecutive poses (the inverse of the chain)` };
}

/** The neighbours of a query by brute force: (squared distance, index) of every point, the k least. */
function bruteQuery(points: readonly (readonly number[])[], q: readonly number[], k: number): [number, number][] {
  // One scan keeping the k least (squared distance, index) pairs in order (k ≤ 100).
  const best: [number, number][] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    let s = 0;
    for (let d = 0; d < q.length; d++) s += (q[d] - p[d]) * (q[d] - p[d]);
    if (best.length === k && s >= best[k - 1][0]) continue;
    let j = best.length < k ? best.length : k - 1;
    if (best.length < k) best.push([s, i]);
    while (j > 0 && best[j - 1][0] > s) {
      best[j] = best[j - 1];
      j--;
    }
    best[j] = [s, i];
  }
  return best;
}

/** A seeded draw of m of q query indices (all when q ≤ m), increasing. */
function sampleQueries(q: number, m: number): number[] {
  if (q <= m) return Array.from({ length: q }, (_, i) => i);
  let s = 0x9e3779b9;
  const picked = new Set<number>();
  while (picked.size < m) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    picked.add(s % q);
  }
  return [...picked].sort((a, b) => a - b);
}

/**
 * Neighbour answers: shapes, every index a point, the distances recomputed and in (distance, index)
 * order, and exact (the brute-force k nearest, ties by index) on every query or a seeded sample.
 */
export function checkNeighbors(w: WorldInputJson, indices: unknown, distances: readonly (readonly number[])[] | null, tol: number): { findings: Finding[]; objective: number | null } {
  const points = w.points!, queries = w.queries!, k = w.k ?? 1;
  const q = queries.length;
  if (!Array.isArray(indices) || indices.length !== q || indices.some((r) => !Array.isArray(r) || r.length !== k || r.some((i: unknown) => !Number.isInteger(i) || (i as number) < 0 || (i as number) >= points.length))) {
    return { findings: [{ name: 'answer_shape', ok: false, detail: `expected ${q} lists of ${k} point indices (0..${points.length - 1})` }], objective: null };
  }
  const idx = indices as number[][];
  const findings: Finding[] = [{ name: 'answer_shape', ok: true, detail: `${q} lists of ${k} point indices` }];
  let objective = 0;
  let order: Finding = { name: 'sorted', ok: true, detail: 'each list nearest first, ties by index' };
  let dist: Finding | null = distances ? { name: 'distances', ok: true, detail: 'every distance recomputed' } : null;
  for (let j = 0; j < q && (order.ok || dist?.ok); j++) {
    const d2 = idx[j].map((i) => {
      let s = 0;
      for (let d = 0; d < queries[j].length; d++) s += (queries[j][d] - points[i][d]) * (queries[j][d] - points[i][d]);
      return s;
    });
    for (let r = 0; r < k; r++) {
      objective += Math.sqrt(d2[r]);
      if (r > 0 && (d2[r] < d2[r - 1] || (d2[r] === d2[r - 1] && idx[j][r] <= idx[j][r - 1]))) {
        order = { name: 'sorted', ok: false, detail: `query ${j}: entry ${r} (point ${idx[j][r]}) is not after entry ${r - 1} (point ${idx[j][r - 1]}) in (distance, index) order` };
      }
      if (dist && dist.ok && !(Math.abs(distances![j][r] - Math.sqrt(d2[r])) <= tol + 1e-15 * Math.sqrt(d2[r]))) {
        dist = { name: 'distances', ok: false, detail: `query ${j}: distance ${distances![j][r]} to point ${idx[j][r]}, recomputed ${Math.sqrt(d2[r])}` };
      }
    }
  }
  findings.push(order);
  if (dist) findings.push(dist);
  const full = q * points.length <= 2e7;
  const sample = sampleQueries(q, full ? q : 64);
  let exact: Finding = { name: 'exact', ok: true, detail: `the brute-force k nearest of ${full ? 'every query' : `${sample.length} queries drawn by a seeded generator`} (ties by index) are the answer's` };
  for (const j of sample) {
    const brute = bruteQuery(points, queries[j], k);
    if (brute.some(([, i], r) => i !== idx[j][r])) {
      exact = { name: 'exact', ok: false, detail: `query ${j}: the brute-force nearest are [${brute.map(([, i]) => i).join(', ')}], the answer [${idx[j].join(', ')}]` };
      break;
    }
  }
  findings.push(exact);
  return { findings, objective };
}
