/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

/** world's objective by definition: reach, highest point, sum of the k nearest distances, speed. */
export function witness(p: Record<string, any>): number {
  if (p.op === 'kinematics') {
    let [x, y, th] = [p.base?.x ?? 0, p.base?.y ?? 0, p.base?.theta ?? 0];
    for (const l of p.links) [th, x, y] = [th + l.angle, x + l.length * Math.cos(th + l.angle), y + l.length * Math.sin(th + l.angle)];
    return Math.hypot(x - (p.base?.x ?? 0), y - (p.base?.y ?? 0));
  }
  if (p.op === 'terrain') {
    const [dx, dy] = typeof p.cell === 'number' ? [p.cell, p.cell] : p.cell;
    return Math.max(...p.points.map(([x, y]: number[]) => {
      const [u, v] = [x / dx, y / dy];
      const [c, r] = [Math.min(Math.floor(u), p.grid[0].length - 2), Math.min(Math.floor(v), p.grid.length - 2)];
      const [fu, fv] = [u - c, v - r];
      return (1 - fu) * (1 - fv) * p.grid[r][c] + fu * (1 - fv) * p.grid[r][c + 1] + (1 - fu) * fv * p.grid[r + 1][c] + fu * fv * p.grid[r + 1][c + 1];
    }));
  }
  if (p.op === 'neighbors') {
    return p.queries.reduce((s: number, q: number[]) => s + p.points.map((pt: number[]) => Math.hypot(...pt.map((v, d) => v - q[d]))).sort((a: number, b: number) => a - b).slice(0, p.k ?? 1).reduce((a: number, b: number) => a + b, 0), 0);
  }
  // predict: the parabola through the last three poses (or the line through two), differentiated at `at`.
  const ps = p.poses.slice(p.poses.length >= 3 ? -3 : -2);
  const rate = (c: string) => ps.length === 2 ? (ps[1][c] - ps[0][c]) / (ps[1].t - ps[0].t)
    : ps.reduce((s: number, pj: any, j: number) => {
      const [a, b] = ps.filter((_: unknown, i: number) => i !== j);
      return s + (pj[c] * (2 * p.at - a.t - b.t)) / ((pj.t - a.t) * (pj.t - b.t));
    }, 0);
  return Math.hypot(rate('x'), rate('y'), ps[0].z === undefined ? 0 : rate('z'));
}
