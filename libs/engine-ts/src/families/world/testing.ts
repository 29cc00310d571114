/**
 * Seeded `world` instances and independent references (no code shared with the engines): random
 * point clouds with duplicates, brute-force k nearest neighbours, heightmaps sampled from planes and
 * paraboloids with their exact heights and normals, and random chains.
 */
import { Prng } from '../../prng';

/** n random points of `dim` coordinates in [0, scale), a share of them exact duplicates of earlier ones. */
export function randomCloud(seed: number, n: number, dim: number, opts: { duplicates?: number; scale?: number; grid?: number } = {}): number[][] {
  const r = new Prng(seed);
  const out: number[][] = [];
  for (let i = 0; i < n; i++) {
    if (i > 0 && r.nextFloat() < (opts.duplicates ?? 0)) {
      out.push([...out[r.nextInt(i)]]);
      continue;
    }
    // `grid`: integer coordinates in [0, grid), so many distances tie exactly.
    out.push(Array.from({ length: dim }, () => (opts.grid ? r.nextInt(opts.grid) : r.nextFloat() * (opts.scale ?? 1))));
  }
  return out;
}

/** The k nearest points of each query by sorting every squared distance (ties by index). */
export function bruteNeighbors(points: readonly (readonly number[])[], queries: readonly (readonly number[])[], k: number): { indices: number[][]; squared: number[][] } {
  const indices: number[][] = [], squared: number[][] = [];
  for (const q of queries) {
    const all = points.map((p, i) => {
      let s = 0;
      for (let d = 0; d < q.length; d++) s += (q[d] - p[d]) * (q[d] - p[d]);
      return [s, i] as const;
    });
    all.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    indices.push(all.slice(0, k).map((x) => x[1]));
    squared.push(all.slice(0, k).map((x) => x[0]));
  }
  return { indices, squared };
}

/** Heights h(x, y) on a rows × cols grid at (x0 + c·dx, y0 + r·dy). */
export function sampledGrid(rows: number, cols: number, dx: number, dy: number, x0: number, y0: number, h: (x: number, y: number) => number): number[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => h(x0 + c * dx, y0 + r * dy)));
}

/** The unit normal of a surface with gradient (hx, hy). */
export function unitNormal(hx: number, hy: number): [number, number, number] {
  const s = Math.hypot(hx, hy, 1);
  return [-hx / s, -hy / s, 1 / s];
}

/** A random planar chain of n links and a random DH chain of n rows. */
export function randomChains(seed: number, n: number): { links: { length: number; angle: number }[]; dh: { a: number; alpha: number; d: number; theta: number }[] } {
  const r = new Prng(seed);
  return {
    links: Array.from({ length: n }, () => ({ length: 0.1 + 2 * r.nextFloat(), angle: (r.nextFloat() - 0.5) * 2 * Math.PI })),
    dh: Array.from({ length: n }, () => ({ a: 2 * r.nextFloat() - 1, alpha: (r.nextFloat() - 0.5) * Math.PI, d: 2 * r.nextFloat() - 1, theta: (r.nextFloat() - 0.5) * 2 * Math.PI })),
  };
}

/** 4×4 homogeneous product and the standard DH matrix, by their definitions (for the references). */
export function dhMatrix(a: number, alpha: number, d: number, theta: number): number[][] {
  const rz = [[Math.cos(theta), -Math.sin(theta), 0, 0], [Math.sin(theta), Math.cos(theta), 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]];
  const tz = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, d], [0, 0, 0, 1]];
  const tx = [[1, 0, 0, a], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]];
  const rx = [[1, 0, 0, 0], [0, Math.cos(alpha), -Math.sin(alpha), 0], [0, Math.sin(alpha), Math.cos(alpha), 0], [0, 0, 0, 1]];
  return matmul(matmul(matmul(rz, tz), tx), rx);
}

export function matmul(A: number[][], B: number[][]): number[][] {
  return A.map((row) => B[0].map((_, j) => row.reduce((s, v, k) => s + v * B[k][j], 0)));
}
