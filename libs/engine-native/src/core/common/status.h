// Call status vs. result status: hitting a limit is a result, never an error.
#ifndef SVC_CORE_COMMON_STATUS_H_
#define SVC_CORE_COMMON_STATUS_H_

#include <cstdint>
#include <string_view>

namespace svc::core {

// Whether a call did its job at all. kError carries a message and no result.
enum class CallStatus : int32_t { kOk = 0, kError = 1 };

// How a successful call ended. New values go at the end (they cross into JS as integers).
enum class ResultStatus : int32_t {
  kOptimal = 0,    // an exact method finished: the answer is proven optimal
  kWorkLimit = 1,  // a heuristic spent its work budget (the normal end of a heuristic)
  kDeadline = 2,   // the wall-clock deadline stopped the search; best answer so far
  kCancelled = 3,  // the shared cancel flag stopped the search; best answer so far
};

// Which exact method proved the answer; kNone for a heuristic answer. Values cross into JS.
enum class Proof : int32_t {
  kNone = 0,
  kExhaustive = 1,
  kBranchAndBound = 2,
  kDynamicProgram = 3,
  kPlanted = 4,
  kBoundAttained = 5,  // the answer attains a proven bound (every positive edge cut, no negative one)
};

constexpr std::string_view ResultStatusName(ResultStatus s) {
  switch (s) {
    case ResultStatus::kOptimal: return "optimal";
    case ResultStatus::kWorkLimit: return "work_limit";
    case ResultStatus::kDeadline: return "deadline";
    case ResultStatus::kCancelled: return "cancelled";
  }
  return "unknown";
}

constexpr std::string_view ProofName(Proof p) {
  switch (p) {
    case Proof::kNone: return "none";
    case Proof::kExhaustive: return "exhaustive";
    case Proof::kBranchAndBound: return "branch_and_bound";
    case Proof::kDynamicProgram: return "dynamic_program";
    case Proof::kPlanted: return "planted";
    case Proof::kBoundAttained: return "bound_attained";
  }
  return "unknown";
}

}  // namespace svc::core

#endif  // SVC_CORE_COMMON_STATUS_H_
