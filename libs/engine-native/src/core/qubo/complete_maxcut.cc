#include "qubo/complete_maxcut.h"

#include <algorithm>

namespace svc::core {

void SolveCompleteMaxcut(int32_t n, SolveResult* out) {
  out->answer.assign(static_cast<size_t>(n), 0);
  std::fill(out->answer.begin() + n / 2, out->answer.end(), 1);
  // k (n - k) with k = ceil(n/2) ones; exact in double for every n < 2^31.
  const int64_t ones = n - n / 2;
  out->objective = static_cast<double>(ones * (int64_t{n} - ones));
  out->proof = Proof::kExhaustive;
  out->has_bound = false;
  out->status = ResultStatus::kOptimal;
  out->work = Work{};
}

}  // namespace svc::core
