/**
 * world terrain (C++ core/world/terrain.cc): the bilinear surface through the grid heights.
 * Node (r, c) is at (x0 + c·dx, y0 + r·dy). A point's cell is (⌊v⌋, ⌊u⌋) with u = (x − x0)/dx,
 * v = (y − y0)/dy, held within the last cell (a point on a shared edge belongs to the cell above and to
 * the right of it, the grid's last row and column to the cell before them); fu = u − c, fv = v − r.
 *   height  (1−fu)(1−fv)·h₀₀ + fu(1−fv)·h₁₀ + (1−fu)fv·h₀₁ + fu·fv·h₁₁
 *   ∂h/∂x   ((1−fv)(h₁₀ − h₀₀) + fv(h₁₁ − h₀₁))/dx, ∂h/∂y likewise; normal (−hx, −hy, 1)/√(hx² + hy² + 1);
 *   slope   atan(√(hx² + hy²)), radians from horizontal.
 * The contract refuses points outside the grid (a small round-off outside is held on its edge here).
 * Every number carries its running error bound (rounding.ts).
 */
import type { Computed } from './kinematics';
import type { WorldProblem } from './problem';
import { add, div, exact, mul, sqrt, sub, U, type Err } from './rounding';

export function terrainAt(p: WorldProblem): Computed {
  const n = p.n;
  const rows = p.rows!, cols = p.cols!;
  const h = p.grid!, pts = p.points!;
  const [dx, dy] = [p.cell![0], p.cell![1]];
  const [x0, y0] = p.origin ? [p.origin[0], p.origin[1]] : [0, 0];
  const out = new Float64Array(n * 5);
  let tol = 0;
  let highest = -Infinity;
  const one = exact(1);
  for (let i = 0; i < n; i++) {
    const u = div(sub(exact(pts[2 * i]), exact(x0)), exact(dx));
    const v = div(sub(exact(pts[2 * i + 1]), exact(y0)), exact(dy));
    const c = Math.min(Math.max(Math.floor(u[0]), 0), cols - 2);
    const r = Math.min(Math.max(Math.floor(v[0]), 0), rows - 2);
    const fu = sub(u, exact(c)), fv = sub(v, exact(r));
    const h00 = exact(h[r * cols + c]), h10 = exact(h[r * cols + c + 1]);
    const h01 = exact(h[(r + 1) * cols + c]), h11 = exact(h[(r + 1) * cols + c + 1]);
    const gu = sub(one, fu), gv = sub(one, fv);
    const height = add(add(mul(mul(gu, gv), h00), mul(mul(fu, gv), h10)), add(mul(mul(gu, fv), h01), mul(mul(fu, fv), h11)));
    const hx = div(add(mul(gv, sub(h10, h00)), mul(fv, sub(h11, h01))), exact(dx));
    const hy = div(add(mul(gu, sub(h01, h00)), mul(fu, sub(h11, h10))), exact(dy));
    const g2 = add(mul(hx, hx), mul(hy, hy));
    const norm = sqrt(add(g2, one));
    const nx = div([-hx[0], hx[1]], norm), ny = div([-hy[0], hy[1]], norm), nz = div(one, norm);
    const g = sqrt(g2);
    // atan: |d atan/dg| = 1/(1 + g²) ≤ 1.
    const slope: Err = [Math.atan(g[0]), g[1] + 2 * U * Math.atan(g[0])];
    out.set([height[0], nx[0], ny[0], nz[0], slope[0]], 5 * i);
    tol = Math.max(tol, height[1], nx[1], ny[1], nz[1], slope[1]);
    highest = Math.max(highest, height[0]);
  }
  return { answer: out, tolerance: tol, objective: highest };
}
