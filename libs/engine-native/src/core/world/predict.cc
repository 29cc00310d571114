#include "world/predict.h"

#include <algorithm>
#include <cmath>

#include "world/kinematics.h"
#include "world/rounding.h"

namespace svc::core {

WorldComputed PredictPose(const WorldProblem& p) {
  const auto& P = p.world.poses;
  const int64_t n = p.n;
  const bool acceleration = p.world.model >= 0 ? p.world.model == 1 : n >= 3;
  const int64_t used = acceleration ? 3 : 2;
  const int64_t first = n - used;
  Err t[3];
  for (int64_t j = 0; j < used; ++j) t[j] = Exact(P[5 * (first + j)]);
  const Err at = Exact(p.world.at);
  WorldComputed out;
  out.answer.assign(12, 0);
  for (int comp = 0; comp < 4; ++comp) {
    Err vals[3];
    for (int64_t j = 0; j < used; ++j) vals[j] = Exact(P[5 * (first + j) + 1 + comp]);
    if (comp == 3) {
      for (int64_t j = 1; j < used; ++j) vals[j] = Add(vals[j - 1], WrapAngle(Sub(Exact(P[5 * (first + j) + 4]), Exact(P[5 * (first + j - 1) + 4]))));
    }
    Err pos, vel, acc = Exact(0);
    if (used == 2) {
      vel = Div(Sub(vals[1], vals[0]), Sub(t[1], t[0]));
      pos = Add(vals[1], Mul(vel, Sub(at, t[1])));
    } else {
      const Err fab = Div(Sub(vals[1], vals[0]), Sub(t[1], t[0]));
      const Err fbc = Div(Sub(vals[2], vals[1]), Sub(t[2], t[1]));
      const Err fabc = Div(Sub(fbc, fab), Sub(t[2], t[0]));
      const Err vc = Add(fbc, Mul(fabc, Sub(t[2], t[1])));
      const Err dt = Sub(at, t[2]);
      pos = Add(Add(vals[2], Mul(vc, dt)), Mul(fabc, Mul(dt, dt)));
      vel = Add(vc, Mul(Mul(Exact(2), fabc), dt));
      acc = Mul(Exact(2), fabc);
    }
    if (comp == 3) pos = WrapAngle(pos);
    out.answer[comp] = pos.v;
    out.answer[4 + comp] = vel.v;
    out.answer[8 + comp] = acc.v;
    out.tolerance = std::max({out.tolerance, pos.e, vel.e, acc.e});
  }
  out.objective = std::hypot(out.answer[4], out.answer[5], out.answer[6]);
  return out;
}

}  // namespace svc::core
