// What the permutation families' tests (rank, tsp, qap) share: a checked solve through the
// registry and the permutation check of its order (test binaries only).
#ifndef SVC_CORE_TESTING_TEST_PERMUTATION_H_
#define SVC_CORE_TESTING_TEST_PERMUTATION_H_

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "common/registry.h"
#include "testing/test_options.h"
#include "testing/test_util.h"

namespace svc::test {

// Whether `order` holds every one of 0..n-1 once.
inline bool IsPermutation(const std::vector<int32_t>& order, int32_t n) {
  if (static_cast<int32_t>(order.size()) != n) return false;
  std::vector<int32_t> s = order;
  std::sort(s.begin(), s.end());
  for (int32_t i = 0; i < n; ++i) {
    if (s[i] != i) return false;
  }
  return true;
}

// Solves `problem` as `command` with `seed`; a failed call is a failed check (and printed).
template <typename P>
core::SolveResult RunSolve(std::string_view command, const P& problem, uint32_t seed, const core::Limits& limits = core::Limits()) {
  core::SolveOptions o;
  o.seed = seed;
  core::SolveResult out;
  std::string error;
  const core::CallStatus st = core::Solve(command, problem, o, limits, &out, &error);
  CHECK(st == core::CallStatus::kOk);
  if (st != core::CallStatus::kOk) std::printf("error: %s\n", error.c_str());
  return out;
}

}  // namespace svc::test

#endif  // SVC_CORE_TESTING_TEST_PERMUTATION_H_
