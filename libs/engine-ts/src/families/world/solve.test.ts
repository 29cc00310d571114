import { describe, expect, it } from 'vitest';
import { newCancelSignal } from '../../base';
import { Prng } from '../../prng';
import { bruteNeighbors, dhMatrix, matmul, randomChains, randomCloud, sampledGrid, unitNormal } from './testing';
import { canonicalWorld, type WorldInput } from './canonical';
import { evaluateWorld } from './evaluate';
import { solveWorld } from './solve';

const solve = (w: WorldInput) => solveWorld({ command: 'world', problem: canonicalWorld(w), effort: 'medium', seed: 0 });
const rows = (a: Float64Array, w: number) => Array.from({ length: a.length / w }, (_, i) => Array.from(a.subarray(i * w, (i + 1) * w)));

describe('world kinematics', () => {
  it('hand-computed planar chains: a straight arm, a right angle, a square back to the base', () => {
    expect(rows(solve({ op: 'kinematics', links: [{ length: 1, angle: 0 }, { length: 2, angle: 0 }] }).answer, 3)).toEqual([[0, 0, 0], [1, 0, 0], [3, 0, 0]]);
    const r = rows(solve({ op: 'kinematics', links: [{ length: 2, angle: Math.PI / 2 }, { length: 1, angle: -Math.PI / 2 }], base: { x: 1, y: 1 } }).answer, 3);
    expect(r[1][0]).toBeCloseTo(1, 15);
    expect(r[1][1]).toBeCloseTo(3, 15);
    expect(r[1][2]).toBeCloseTo(Math.PI / 2, 15);
    expect(r[2]).toEqual([2, 3, 0]);
    const sq = solve({ op: 'kinematics', links: Array.from({ length: 4 }, () => ({ length: 1, angle: Math.PI / 2 })) });
    const end = rows(sq.answer, 3)[4];
    expect(Math.hypot(end[0], end[1])).toBeLessThanOrEqual(sq.extras.tolerance);
    expect(sq.objective).toBeLessThanOrEqual(sq.extras.tolerance);
    expect(end[2]).toBeCloseTo(0, 14); // four quarter turns wrap back to 0
  });

  it('forward/inverse consistency: every link recovered from consecutive poses, within the stated tolerance', () => {
    for (let s = 0; s < 20; s++) {
      const { links, dh } = randomChains(s, 1 + (s % 12) * 3);
      const p = solve({ op: 'kinematics', links, base: { x: 0.5, y: -2, theta: 0.3 } });
      const poses = rows(p.answer, 3);
      let theta = 0.3;
      for (let i = 0; i < links.length; i++) {
        const [x0, y0] = poses[i], [x1, y1, t1] = poses[i + 1];
        theta += links[i].angle;
        expect(Math.abs(Math.hypot(x1 - x0, y1 - y0) - links[i].length)).toBeLessThanOrEqual(2 * p.extras.tolerance + 1e-15);
        expect(Math.abs(Math.atan2(Math.sin(t1 - theta), Math.cos(t1 - theta)))).toBeLessThanOrEqual(p.extras.tolerance + 1e-15);
      }
      // DH: T_i⁻¹·T_{i+1} is the row's own matrix (rotation transposed, as the inverse of a rigid motion).
      const q = solve({ op: 'kinematics', dh });
      const frames = rows(q.answer, 12).map((f) => [[f[3], f[4], f[5], f[0]], [f[6], f[7], f[8], f[1]], [f[9], f[10], f[11], f[2]], [0, 0, 0, 1]]);
      const inv = (T: number[][]) => {
        const Rt = [0, 1, 2].map((i) => [0, 1, 2].map((j) => T[j][i]));
        const p3 = [0, 1, 2].map((i) => -(Rt[i][0] * T[0][3] + Rt[i][1] * T[1][3] + Rt[i][2] * T[2][3]));
        return [[...Rt[0], p3[0]], [...Rt[1], p3[1]], [...Rt[2], p3[2]], [0, 0, 0, 1]];
      };
      let ref = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]];
      for (let i = 0; i < dh.length; i++) {
        const A = dhMatrix(dh[i].a, dh[i].alpha, dh[i].d, dh[i].theta);
        const rel = matmul(inv(frames[i]), frames[i + 1]);
        for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) expect(Math.abs(rel[r][c] - A[r][c])).toBeLessThan(1e-12);
        ref = matmul(ref, A);
        for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) expect(Math.abs(frames[i + 1][r][c] - ref[r][c])).toBeLessThanOrEqual(q.extras.tolerance + 1e-14);
      }
      expect(q.extras.tolerance).toBeGreaterThan(0);
      expect(q.extras.tolerance).toBeLessThan(1e-10);
    }
  });
});

describe('world terrain', () => {
  it('a plane is reproduced exactly anywhere: heights, the constant normal and slope', () => {
    const h = (x: number, y: number) => 0.5 * x - 0.25 * y + 3;
    const grid = sampledGrid(5, 7, 2, 1, -1, 10, h);
    const r = new Prng(2);
    const points = Array.from({ length: 50 }, () => [-1 + 12 * r.nextFloat(), 10 + 4 * r.nextFloat()]);
    points.push([-1, 10], [11, 14], [3, 12]); // corners and a node
    const res = solve({ op: 'terrain', grid, cell: [2, 1], origin: [-1, 10], points });
    const n = unitNormal(0.5, -0.25);
    rows(res.answer, 5).forEach((row, i) => {
      expect(Math.abs(row[0] - h(points[i][0], points[i][1]))).toBeLessThanOrEqual(res.extras.tolerance + 1e-14);
      for (let d = 0; d < 3; d++) expect(Math.abs(row[1 + d] - n[d])).toBeLessThanOrEqual(res.extras.tolerance + 1e-15);
      expect(row[4]).toBeCloseTo(Math.atan(Math.hypot(0.5, 0.25)), 14);
    });
  });

  it('a paraboloid: heights exact at the nodes, the bilinear error elsewhere, exact normals at cell centres', () => {
    const a = 0.3, b = -0.7, c = 0.2;
    const h = (x: number, y: number) => a * x * x + b * y * y + c * x * y + x - 2;
    const dx = 0.5, dy = 0.25;
    const grid = sampledGrid(9, 11, dx, dy, 0, 0, h);
    const nodes = [[0, 0], [1, 0.5], [5, 2], [2.5, 1.75]];
    const centres: number[][] = [];
    for (let i = 0; i < 10; i++) for (let j = 0; j < 8; j++) centres.push([(i + 0.5) * dx, (j + 0.5) * dy]);
    const res = solve({ op: 'terrain', grid, cell: [dx, dy], points: [...nodes, ...centres] });
    const out = rows(res.answer, 5);
    nodes.forEach(([x, y], i) => expect(Math.abs(out[i][0] - h(x, y))).toBeLessThanOrEqual(res.extras.tolerance + 1e-14));
    centres.forEach(([x, y], k) => {
      const row = out[nodes.length + k];
      // At a cell centre the bilinear slopes are the central differences of a quadratic: its exact gradient.
      const n = unitNormal(2 * a * x + c * y + 1, 2 * b * y + c * x);
      for (let d = 0; d < 3; d++) expect(Math.abs(row[1 + d] - n[d])).toBeLessThan(1e-14);
      // The bilinear height there is the mean of the four corners: h + a·dx²/4 + b·dy²/4 exactly.
      expect(row[0]).toBeCloseTo(h(x, y) + (a * dx * dx) / 4 + (b * dy * dy) / 4, 13);
    });
  });
});

describe('world neighbors', () => {
  it('exact k nearest against brute force on random clouds, with duplicate points and tied distances, in 1..4 dimensions', () => {
    for (let s = 0; s < 40; s++) {
      const dim = 1 + (s % 4);
      const n = 1 + ((s * 37) % 400);
      const points = randomCloud(s, n, dim, { duplicates: 0.2, grid: s % 2 === 0 ? 6 : undefined });
      const queries = randomCloud(1000 + s, 60, dim, { grid: s % 2 === 0 ? 6 : undefined });
      const k = Math.min(n, 1 + (s % 7));
      const res = solve({ op: 'neighbors', points, queries, k });
      const brute = bruteNeighbors(points, queries, k);
      expect(rows(Float64Array.from(res.ints), k)).toEqual(brute.indices);
      expect(rows(res.answer, k)).toEqual(brute.squared.map((r) => r.map(Math.sqrt)));
      expect(res.objective).toBe(evaluateWorld(canonicalWorld({ op: 'neighbors', points, queries, k }), res.answer));
    }
  });

  it('many identical points: ties broken by index, k = n', () => {
    const points = Array.from({ length: 50 }, () => [1, 1, 1]);
    const res = solve({ op: 'neighbors', points, queries: [[1, 1, 1], [2, 1, 1]], k: 50 });
    expect(Array.from(res.ints.subarray(0, 50))).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(Array.from(res.answer.subarray(50))).toEqual(new Array(50).fill(1));
  });

  it('a cancel stops a long neighbours run with an error', () => {
    const points = randomCloud(1, 2000, 3);
    const signal = newCancelSignal();
    Atomics.store(signal.flag, 0, 1);
    expect(() => solveWorld({ command: 'world', problem: canonicalWorld({ op: 'neighbors', points, queries: points, k: 1 }), effort: 'flash', seed: 0 }, signal)).toThrow(/stopped/);
  });
});

describe('world predict', () => {
  it('constant velocity from two poses, constant acceleration from three, exact on polynomials', () => {
    const v = solve({ op: 'predict', poses: [{ t: 0, x: 1, y: 2 }, { t: 2, x: 5, y: 0 }], at: 3 });
    expect(Array.from(v.answer)).toEqual([7, -1, 0, 0, 2, -1, 0, 0, 0, 0, 0, 0]);
    expect(v.objective).toBeCloseTo(Math.sqrt(5), 15);
    // x = t², y = 3 − t, z = 2t² − t at uneven times.
    const pose = (t: number) => ({ t, x: t * t, y: 3 - t, z: 2 * t * t - t });
    const a = solve({ op: 'predict', poses: [pose(-5), pose(0.5), pose(1), pose(2.5)], at: 4 });
    const want = [16, -1, 28, 0, 8, -1, 15, 0, 2, 0, 4, 0];
    a.answer.forEach((x, i) => expect(Math.abs(x - want[i])).toBeLessThanOrEqual(a.extras.tolerance + 1e-13));
    const forced = solve({ op: 'predict', poses: [pose(0), pose(1), pose(2)], at: 3, model: 'velocity' });
    expect(forced.answer[0]).toBe(4 + 3);
  });

  it('angles wrap: a heading turning through ±π keeps turning the short way', () => {
    // Turning +0.2 rad a second across the wrap: 3.0, −3.083…, −2.883…
    const th = [3.0, 3.2 - 2 * Math.PI, 3.4 - 2 * Math.PI];
    const res = solve({ op: 'predict', poses: th.map((theta, t) => ({ t, x: 0, y: 0, theta })), at: 4 });
    expect(res.answer[3]).toBeCloseTo(3.8 - 2 * Math.PI, 12);
    expect(res.answer[7]).toBeCloseTo(0.2, 12);
    expect(res.answer[11]).toBeCloseTo(0, 12);
    const back = solve({ op: 'predict', poses: [{ t: 0, x: 0, y: 0, theta: -3.1 }, { t: 1, x: 0, y: 0, theta: 3.1 }], at: 2 });
    // −3.1 to 3.1 is 0.083 rad clockwise through −π, not 6.2 rad the long way.
    expect(back.answer[7]).toBeCloseTo(6.2 - 2 * Math.PI, 12);
    expect(back.answer[3]).toBeCloseTo(3.1 + (6.2 - 2 * Math.PI), 12);
  });
});
