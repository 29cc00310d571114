// The world family's view of a problem.
#ifndef SVC_CORE_WORLD_PROBLEM_H_
#define SVC_CORE_WORLD_PROBLEM_H_

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// The wire names, in the order of engine-ts WORLD_OPS / WORLD_CHAINS / WORLD_MODELS (indices cross).
inline constexpr std::array<std::string_view, 4> kWorldOps = {"kinematics", "terrain", "neighbors", "predict"};
inline constexpr std::array<std::string_view, 2> kWorldChains = {"planar", "dh"};
inline constexpr std::array<std::string_view, 2> kWorldModels = {"velocity", "acceleration"};
enum WorldOp : int32_t { kKinematics = 0, kTerrain = 1, kNeighbors = 2, kPredict = 3 };
// The most coordinates a neighbours point may have (a k-d tree degrades beyond).
inline constexpr int32_t kWorldMaxDim = 8;

// world (engine-ts families/world/problem.ts, whose comment gives every layout): n = ProblemBase::n
// rows of the op; absent fields are empty spans / −1.
struct WorldView {
  int32_t op = -1;
  int32_t chain = -1;
  int32_t model = -1;
  std::span<const double> links, base, grid, cell, origin, points, queries, poses;
  double rows = -1, cols = -1, dim = -1, k = -1, axes = 2, heading = 0, at = 0;
  bool has_at = false;
  std::span<const double> budget;
};

struct WorldProblem : ProblemBase {
  static constexpr std::string_view kFamily = "world";
  WorldView world = {};
};

inline constexpr double kWorldMaxCount = 2147483647.0;

// The canonical world problem (engine-ts families/world/problem.ts) by name, and the budget.
inline constexpr auto kWorldWire = std::to_array<WireField<WorldProblem>>({
    {{"op", WireType::kEnum, false, WireLength::kAny, kWorldOps}, [](WorldProblem& p, const WireValue& v) { p.world.op = static_cast<int32_t>(v.number); }},
    {{"chain", WireType::kEnum, true, WireLength::kAny, kWorldChains}, [](WorldProblem& p, const WireValue& v) { p.world.chain = static_cast<int32_t>(v.number); }},
    {{"links", WireType::kF64, true, WireLength::kTwoN}, [](WorldProblem& p, const WireValue& v) { p.world.links = v.f64; }},
    {{"base", WireType::kF64, true}, [](WorldProblem& p, const WireValue& v) { p.world.base = v.f64; }},
    {{"grid", WireType::kF64, true}, [](WorldProblem& p, const WireValue& v) { p.world.grid = v.f64; }},
    {{"rows", WireType::kNumber, true, WireLength::kAny, {}, 2, kWorldMaxCount, true}, [](WorldProblem& p, const WireValue& v) { p.world.rows = v.number; }},
    {{"cols", WireType::kNumber, true, WireLength::kAny, {}, 2, kWorldMaxCount, true}, [](WorldProblem& p, const WireValue& v) { p.world.cols = v.number; }},
    {{"cell", WireType::kF64, true}, [](WorldProblem& p, const WireValue& v) { p.world.cell = v.f64; }},
    {{"origin", WireType::kF64, true}, [](WorldProblem& p, const WireValue& v) { p.world.origin = v.f64; }},
    {{"points", WireType::kF64, true, WireLength::kTwoN}, [](WorldProblem& p, const WireValue& v) { p.world.points = v.f64; }},
    {{"queries", WireType::kF64, true}, [](WorldProblem& p, const WireValue& v) { p.world.queries = v.f64; }},
    {{"dim", WireType::kNumber, true, WireLength::kAny, {}, 1, kWorldMaxDim, true}, [](WorldProblem& p, const WireValue& v) { p.world.dim = v.number; }},
    {{"k", WireType::kNumber, true, WireLength::kAny, {}, 1, kWorldMaxCount, true}, [](WorldProblem& p, const WireValue& v) { p.world.k = v.number; }},
    {{"poses", WireType::kF64, true}, [](WorldProblem& p, const WireValue& v) { p.world.poses = v.f64; }},
    {{"axes", WireType::kNumber, true, WireLength::kAny, {}, 2, 3, true}, [](WorldProblem& p, const WireValue& v) { p.world.axes = v.number; }},
    {{"heading", WireType::kNumber, true, WireLength::kAny, {}, 0, 1, true}, [](WorldProblem& p, const WireValue& v) { p.world.heading = v.number; }},
    {{"model", WireType::kEnum, true, WireLength::kAny, kWorldModels}, [](WorldProblem& p, const WireValue& v) { p.world.model = static_cast<int32_t>(v.number); }},
    {{"at", WireType::kNumber, true}, [](WorldProblem& p, const WireValue& v) { p.world.at = v.number; p.world.has_at = true; }},
    {{kBudgetField, WireType::kF64}, [](WorldProblem& p, const WireValue& v) { p.world.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_WORLD_PROBLEM_H_
