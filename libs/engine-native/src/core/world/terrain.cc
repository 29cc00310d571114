#include "world/terrain.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "world/rounding.h"

namespace svc::core {

WorldComputed TerrainAt(const WorldProblem& p) {
  const int64_t n = p.n;
  const int64_t rows = static_cast<int64_t>(p.world.rows), cols = static_cast<int64_t>(p.world.cols);
  const auto& h = p.world.grid;
  const auto& pts = p.world.points;
  const double dx = p.world.cell[0], dy = p.world.cell[1];
  const double x0 = p.world.origin.size() == 2 ? p.world.origin[0] : 0;
  const double y0 = p.world.origin.size() == 2 ? p.world.origin[1] : 0;
  WorldComputed out;
  out.answer.resize(n * 5);
  double highest = -std::numeric_limits<double>::infinity();
  const Err one = Exact(1);
  for (int64_t i = 0; i < n; ++i) {
    const Err u = Div(Sub(Exact(pts[2 * i]), Exact(x0)), Exact(dx));
    const Err v = Div(Sub(Exact(pts[2 * i + 1]), Exact(y0)), Exact(dy));
    const int64_t c = static_cast<int64_t>(std::min(std::max(std::floor(u.v), 0.0), static_cast<double>(cols - 2)));
    const int64_t r = static_cast<int64_t>(std::min(std::max(std::floor(v.v), 0.0), static_cast<double>(rows - 2)));
    const Err fu = Sub(u, Exact(static_cast<double>(c))), fv = Sub(v, Exact(static_cast<double>(r)));
    const Err h00 = Exact(h[r * cols + c]), h10 = Exact(h[r * cols + c + 1]);
    const Err h01 = Exact(h[(r + 1) * cols + c]), h11 = Exact(h[(r + 1) * cols + c + 1]);
    const Err gu = Sub(one, fu), gv = Sub(one, fv);
    const Err height = Add(Add(Mul(Mul(gu, gv), h00), Mul(Mul(fu, gv), h10)), Add(Mul(Mul(gu, fv), h01), Mul(Mul(fu, fv), h11)));
    const Err hx = Div(Add(Mul(gv, Sub(h10, h00)), Mul(fv, Sub(h11, h01))), Exact(dx));
    const Err hy = Div(Add(Mul(gu, Sub(h01, h00)), Mul(fu, Sub(h11, h10))), Exact(dy));
    const Err g2 = Add(Mul(hx, hx), Mul(hy, hy));
    const Err norm = Sqrt(Add(g2, one));
    const Err nx = Div(Err{-hx.v, hx.e}, norm), ny = Div(Err{-hy.v, hy.e}, norm), nz = Div(one, norm);
    const Err g = Sqrt(g2);
    const Err slope = {std::atan(g.v), g.e + 2 * kUnitRoundoff * std::atan(g.v)};
    double* o = out.answer.data() + 5 * i;
    o[0] = height.v, o[1] = nx.v, o[2] = ny.v, o[3] = nz.v, o[4] = slope.v;
    out.tolerance = std::max({out.tolerance, height.e, nx.e, ny.e, nz.e, slope.e});
    highest = std::max(highest, height.v);
  }
  out.objective = highest;
  return out;
}

}  // namespace svc::core
