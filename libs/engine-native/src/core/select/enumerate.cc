// select: enumeration of the k-subsets (enumerate.h).
#include "select/enumerate.h"

#include <limits>
#include <vector>

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

SelectEnumerator::SelectEnumerator(const SelectView& s, int32_t m, const Limits& limits)
    : a_(s.affinity.data()), r_(s.redundancy.data()), m_(m), k_(s.k), limits_(limits),
      c_(s.k), best_c_(s.k) {}

void SelectEnumerator::Run() {
  if (limits_.CheckLimits() != Stop::kNone) {
    stop_ = limits_.CheckLimits();
    for (int32_t t = 0; t < k_; ++t) best_c_[t] = t;
    return;
  }
  Dfs(0, 0, 0);
}

std::vector<uint8_t> SelectEnumerator::Chosen() const {
  std::vector<uint8_t> chosen(m_, 0);
  for (int32_t t = 0; t < k_; ++t) chosen[best_c_[t]] = 1;
  return chosen;
}

void SelectEnumerator::Dfs(int32_t from, int32_t depth, double value) {
  if (depth == k_) {
    ++leaves_;
    if (value > best_) {
      best_ = value;
      best_c_ = c_;
    }
    if ((leaves_ & 4095) == 0) stop_ = limits_.CheckLimits();
    return;
  }
  const int32_t last = m_ - (k_ - depth);
  for (int32_t i = from; i <= last && stop_ == Stop::kNone; ++i) {
    double add = a_[i];
    for (int32_t t = 0; t < depth; ++t) add -= r_[static_cast<size_t>(c_[t]) * m_ + i];
    c_[depth] = i;
    Dfs(i + 1, depth + 1, value + add);
  }
}

}  // namespace svc::core
