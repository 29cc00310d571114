// The entropy family's view of a problem.
#ifndef SVC_CORE_ENTROPY_PROBLEM_H_
#define SVC_CORE_ENTROPY_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// entropy (engine-ts families/entropy/problem.ts): n = ProblemBase::n qubits; subsystem[q] 1 for A's
// qubits; state (2^(n+1) numbers, interleaved) when given, else the ground state of the Pauli sum
// x, z, coeff; vectors 1 asks for the ground state back. budget: engine-ts entropyBudgetFor in
// kEntropyBudget order (entropy/solve.h).
struct EntropyView {
  std::span<const uint8_t> subsystem;
  std::span<const double> state;
  bool has_state = false;
  std::span<const int32_t> x;
  std::span<const int32_t> z;
  std::span<const double> coeff;
  double vectors = 0;
  std::span<const double> budget;
};

struct EntropyProblem : ProblemBase {
  static constexpr std::string_view kFamily = "entropy";
  EntropyView entropy = {};
};

inline constexpr auto kEntropyWire = std::to_array<WireField<EntropyProblem>>({
    {{"subsystem", WireType::kU8, false, WireLength::kN}, [](EntropyProblem& p, const WireValue& v) { p.entropy.subsystem = v.u8; }},
    {{"state", WireType::kF64, true}, [](EntropyProblem& p, const WireValue& v) {
       p.entropy.state = v.f64;
       p.entropy.has_state = true;
     }},
    {{"x", WireType::kI32}, [](EntropyProblem& p, const WireValue& v) { p.entropy.x = v.i32; }},
    {{"z", WireType::kI32}, [](EntropyProblem& p, const WireValue& v) { p.entropy.z = v.i32; }},
    {{"coeff", WireType::kF64}, [](EntropyProblem& p, const WireValue& v) { p.entropy.coeff = v.f64; }},
    {{"vectors", WireType::kNumber, false, WireLength::kAny, {}, 0, 1, true},
     [](EntropyProblem& p, const WireValue& v) { p.entropy.vectors = v.number; }},
    {{kBudgetField, WireType::kF64}, [](EntropyProblem& p, const WireValue& v) { p.entropy.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_ENTROPY_PROBLEM_H_
