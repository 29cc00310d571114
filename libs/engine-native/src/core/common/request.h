// What every family's request and result share; the caller owns all memory. Each family adds
// its own part of the problem in <family>/problem.h.
#ifndef SVC_CORE_COMMON_REQUEST_H_
#define SVC_CORE_COMMON_REQUEST_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/status.h"

namespace svc::core {

// The largest n any command may bring (the contracts cap quantum-scale at 10^7, the rest at
// 10^5 or less): a larger one is refused before anything is allocated.
inline constexpr int32_t kMaxN = 1 << 25;

// Canonical pair list: i[k] < j[k], sorted by (i, j), no duplicates (engine.ts PairList).
struct PairsView {
  std::span<const int32_t> i;
  std::span<const int32_t> j;
  std::span<const double> w;

  size_t size() const { return i.size(); }
};

// The wire form every command carries (the binding reads it for all of them): n and the
// objective's linear terms and pairs. A family's problem (<family>/problem.h) derives from it and
// adds its own part; a family that takes no objective checks that these are empty.
struct ProblemBase {
  int32_t n = 0;
  std::span<const double> linear;  // optimize family, rules: length n; others: empty
  PairsView pairs;                 // optimize: couplings; maxcut: edges (empty when complete)
  bool complete = false;           // maxcut only
};

// Pairs canonical (0 <= i < j < n, equal lengths); false with a message otherwise.
bool CheckPairs(int32_t n, const PairsView& pairs, std::string* error);

// What every command's request carries besides its problem; a family's work budget comes with its
// problem (its records, <family>/problem.h).
struct SolveOptions {
  uint32_t seed = 0;                   // the request seed; each solver seeds its own Prng from it
  std::span<const uint8_t> warm_start; // empty, or n values 0/1
};

struct Work {
  int64_t iterations = 0;
  int64_t nodes = 0;
  int64_t restarts = 0;
};

// One distinct state of a sample result; count = visits (>= 1).
struct SampleState {
  std::vector<uint8_t> x;
  double objective = 0;
  int64_t count = 0;
};

// What a result's answer is, set by the solver (never guessed from which field is filled); it
// crosses as its name, the `kind` the native engine (engine-native native-engine.ts) reads. Each
// value names the answer's shape, never the family that brought it. New values go at the end.
enum class ResultKind : int32_t {
  kBinary = 0,        // answer: 0/1 per variable (or side per node); cover: values = the root bound's multipliers y
  kSamples = 1,       // answer, and samples
  kViolations = 2,    // answer, and the extra "violations"
  kKnownOptimum = 3,  // answer, and the extras "plantedEnergy" (the optimum, known by construction) and "edges"
  kPermutation = 4,   // order: a permutation (rank, tsp, qap); tsp: values = the root bound's penalties π (or none); rank: values = the triangle packing, [i, j, k, λ] each
  kLabels = 5,        // order: a value per site (design)
  kVector = 6,        // values: a real per variable, and the extra "convex" (0 or 1)
  kDecimal = 7,       // answer: a decimal number's text as ASCII bytes, and the extra "exact" (0 or 1)
  kBytes = 8,         // answer: bytes in blocks of equal size; order: which block each is (increasing)
  kLinearSystem = 9,  // answer, the extras "rank" and "consistent" (-1: unknown); order: packed contradictions, [size, equations…] each
  kNumeric = 10,      // values and order laid out by the family (<family>/problem.h), every extra passed on
};

constexpr std::string_view ResultKindName(ResultKind k) {
  switch (k) {
    case ResultKind::kBinary: return "binary";
    case ResultKind::kSamples: return "samples";
    case ResultKind::kViolations: return "violations";
    case ResultKind::kKnownOptimum: return "known_optimum";
    case ResultKind::kPermutation: return "permutation";
    case ResultKind::kLabels: return "labels";
    case ResultKind::kVector: return "vector";
    case ResultKind::kDecimal: return "decimal";
    case ResultKind::kBytes: return "bytes";
    case ResultKind::kLinearSystem: return "linear_system";
    case ResultKind::kNumeric: return "numeric";
  }
  return "unknown";
}

// One shape for every family's result; `kind` says which answer field is filled.
struct SolveResult {
  ResultKind kind = ResultKind::kBinary;
  std::vector<uint8_t> answer;  // kBinary, kSamples, kViolations, kKnownOptimum, kBytes, kLinearSystem; kDecimal: the text's bytes
  std::vector<int32_t> order;   // kPermutation, kLabels, kBytes, kNumeric
  std::vector<double> values;   // kVector, kNumeric
  double objective = 0;         // optimize: energy (minimised); maxcut: cut (maximised)
  Proof proof = Proof::kNone;
  bool has_bound = false;
  double bound = 0;  // proven bound on the optimum (lower for min, upper for max)
  ResultStatus status = ResultStatus::kWorkLimit;
  Work work;
  std::vector<SampleState> samples;  // kSamples: sorted, samples[0] is the answer
  // The named numbers a kind adds (see ResultKind); they cross as properties of `extras`.
  std::vector<std::pair<std::string_view, double>> extras;

  void SetExtra(std::string_view name, double value) {
    for (auto& [key, v] : extras) {
      if (key == name) {
        v = value;
        return;
      }
    }
    extras.emplace_back(name, value);
  }
  // `fallback` when the kind did not set it.
  double Extra(std::string_view name, double fallback = -1) const {
    for (const auto& [key, v] : extras) {
      if (key == name) return v;
    }
    return fallback;
  }
};

}  // namespace svc::core

#endif  // SVC_CORE_COMMON_REQUEST_H_
