// The qap family's view of a problem.
#ifndef SVC_CORE_QAP_PROBLEM_H_
#define SVC_CORE_QAP_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// qap: flow and dist, each n*n row-major, finite. budget: engine-ts qapBudgetFor fields in
// qap/solve.h order.
struct QapView {
  std::span<const double> flow;
  std::span<const double> dist;
  std::span<const double> budget;
};

struct QapProblem : ProblemBase {
  static constexpr std::string_view kFamily = "qap";
  QapView qap = {};
};

// The canonical qap problem (engine-ts families/qap/problem.ts) by name.
inline constexpr auto kQapWire = std::to_array<WireField<QapProblem>>({
    {{"flow", WireType::kF64, false, WireLength::kNN}, [](QapProblem& p, const WireValue& v) { p.qap.flow = v.f64; }},
    {{"dist", WireType::kF64, false, WireLength::kNN}, [](QapProblem& p, const WireValue& v) { p.qap.dist = v.f64; }},
    {{kBudgetField, WireType::kF64}, [](QapProblem& p, const WireValue& v) { p.qap.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_QAP_PROBLEM_H_
