#include "world/solve.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/checks.h"
#include "world/kdtree.h"
#include "world/kinematics.h"
#include "world/predict.h"
#include "world/terrain.h"

namespace svc::core {

namespace {

bool AllFinite(std::span<const double> a) {
  for (double v : a) {
    if (!(std::fabs(v) <= kWorldMaxMagnitude)) return false;
  }
  return true;
}

}  // namespace

bool WorldNeighbors(const WorldProblem& p, const Limits& limits, WorldComputed* out) {
  const int32_t dim = static_cast<int32_t>(p.world.dim), k = static_cast<int32_t>(p.world.k);
  const int64_t q = static_cast<int64_t>(p.world.queries.size()) / dim;
  const KdTree tree(p.world.points, p.n, dim);
  std::vector<double> d2(q * k);
  out->ints.resize(q * k);
  // Answered in the tree's Morton order of the queries (cache reuse), each into its own place.
  const std::vector<int32_t> order = tree.QueryOrder(p.world.queries, q);
  for (int64_t r = 0; r < q; ++r) {
    if ((r & 4095) == 0 && limits.CheckLimits() != Stop::kNone) return false;
    const int64_t j = order[r];
    tree.Nearest(p.world.queries.data() + j * dim, k, d2.data() + j * k, out->ints.data() + j * k);
  }
  out->answer.resize(q * k);
  double worst = 0, sum = 0;
  for (int64_t i = 0; i < q * k; ++i) {
    out->answer[i] = std::sqrt(d2[i]);
    sum += out->answer[i];
    worst = std::max(worst, out->answer[i]);
  }
  out->tolerance = (dim + 4) * std::numeric_limits<double>::epsilon() * worst;
  out->objective = sum;
  return true;
}

CallStatus ValidateWorld(std::string_view /*command*/, const WorldProblem& p, const SolveOptions& options,
                         std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const WorldView& w = p.world;
  const int64_t n = p.n;
  if (!p.linear.empty() || p.pairs.size() != 0 || p.complete || !options.warm_start.empty()) {
    return fail("world takes only its own fields");
  }
  WorldBudget budget;
  std::string why;
  if (!DecodeBudget(w.budget, kWorldBudget, &budget, &why)) return fail(why);
  for (auto a : {w.links, w.base, w.grid, w.cell, w.origin, w.points, w.queries, w.poses}) {
    if (!AllFinite(a)) return fail("world numbers must be finite and at most 1e150 in magnitude");
  }
  if (!(std::fabs(w.at) <= kWorldMaxMagnitude)) return fail("at must be finite and at most 1e150 in magnitude");
  switch (w.op) {
    case kKinematics: {
      if (w.chain < 0) return fail("kinematics needs its chain (planar or dh)");
      const int64_t width = w.chain == 0 ? 2 : 4;
      if (n < 1 || static_cast<int64_t>(w.links.size()) != n * width) return fail("kinematics needs links of n rows");
      if (!w.base.empty() && (w.chain != 0 || w.base.size() != 3)) return fail("base is [x, y, theta] of a planar chain");
      return CallStatus::kOk;
    }
    case kTerrain: {
      if (w.rows < 2 || w.cols < 2) return fail("terrain needs a grid of at least 2 x 2 heights");
      const double cells = w.rows * w.cols;
      if (cells > 1e9 || static_cast<double>(w.grid.size()) != cells) return fail("terrain needs rows x cols heights");
      if (w.cell.size() != 2 || !(w.cell[0] > 0) || !(w.cell[1] > 0)) return fail("terrain needs cell [dx, dy], both > 0");
      if (!w.origin.empty() && w.origin.size() != 2) return fail("origin is [x0, y0]");
      if (n < 1 || static_cast<int64_t>(w.points.size()) != 2 * n) return fail("terrain needs n points [x, y]");
      return CallStatus::kOk;
    }
    case kNeighbors: {
      if (w.dim < 1 || w.dim > kWorldMaxDim) return fail("neighbors needs dim 1..8");
      const int64_t dim = static_cast<int64_t>(w.dim);
      if (n < 1 || static_cast<int64_t>(w.points.size()) != n * dim) return fail("neighbors needs n points of dim coordinates");
      if (w.queries.empty() || static_cast<int64_t>(w.queries.size()) % dim != 0) return fail("neighbors needs queries of dim coordinates");
      if (w.k < 1 || w.k > static_cast<double>(n)) return fail("neighbors needs k in 1..n");
      if (static_cast<double>(w.queries.size() / dim) * w.k > static_cast<double>(kWorldMaxAnswers)) return fail("neighbors asks for too many answers");
      return CallStatus::kOk;
    }
    case kPredict: {
      if (n < 2 || static_cast<int64_t>(w.poses.size()) != 5 * n) return fail("predict needs at least 2 poses [t, x, y, z, theta]");
      if (!w.has_at) return fail("predict needs at");
      if (w.model == 1 && n < 3) return fail("the acceleration model needs 3 poses");
      for (int64_t i = 1; i < n; ++i) {
        if (!(w.poses[5 * i] > w.poses[5 * (i - 1)])) return fail("pose times must increase");
      }
      return CallStatus::kOk;
    }
  }
  return fail("unknown world op");
}

CallStatus SolveWorld(const WorldProblem& p, const SolveOptions& /*options*/, const Limits& limits,
                      SolveResult* out, std::string* error) {
  WorldComputed c;
  switch (p.world.op) {
    case kKinematics:
      c = p.world.chain == 1 ? DhChain(p) : PlanarChain(p);
      break;
    case kTerrain:
      c = TerrainAt(p);
      break;
    case kNeighbors:
      if (!WorldNeighbors(p, limits, &c)) {
        Fail(error, "neighbors stopped before every query was answered");
        return CallStatus::kError;
      }
      break;
    case kPredict:
      c = PredictPose(p);
      break;
    default:
      Fail(error, "unknown world op");
      return CallStatus::kError;
  }
  out->kind = ResultKind::kNumeric;
  out->values = std::move(c.answer);
  out->order = std::move(c.ints);
  out->objective = c.objective;
  out->SetExtra("tolerance", c.tolerance);
  out->work.iterations = p.n;
  out->status = ResultStatus::kOptimal;
  return CallStatus::kOk;
}

}  // namespace svc::core
