// select: branch and bound (branch_bound.h).
#include "select/branch_bound.h"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

SelectBranchAndBound::SelectBranchAndBound(const SelectView& s, int32_t m, std::vector<uint8_t> incumbent,
                                           double incumbent_value, int64_t work_cap, const Limits& limits, double eps)
    : R_(s.redundancy.data()), m_(m), k_(s.k), P_(static_cast<size_t>(m) * s.k),
      status_(m, 0), g_(s.affinity.begin(), s.affinity.end()), scratch_(m),
      best_(std::move(incumbent)), best_v_(incumbent_value), work_cap_(work_cap),
      limits_(limits), eps_(eps) {
  std::vector<double> row(m - 1);
  for (int32_t i = 0; i < m; ++i) {
    int32_t q = 0;
    const double* ri = R_ + static_cast<size_t>(i) * m;
    for (int32_t j = 0; j < m; ++j) {
      if (j != i) row[q++] = ri[j];
    }
    std::sort(row.begin(), row.end());
    double sum = 0;
    P_[static_cast<size_t>(i) * k_] = 0;
    for (int32_t r = 1; r < k_; ++r) {
      sum += row[r - 1];
      P_[static_cast<size_t>(i) * k_ + r] = sum;
    }
  }
}

void SelectBranchAndBound::Run() {
  Node(0, 0, m_);
  if (root_bound_ == kInf) root_bound_ = best_v_;
}

void SelectBranchAndBound::Record(double v) {
  best_v_ = v;
  for (int32_t i = 0; i < m_; ++i) best_[i] = status_[i] == 1 || status_[i] == 3 ? 1 : 0;
}

void SelectBranchAndBound::Node(double V, int32_t s, int32_t undecided) {
  ++nodes_;
  work_ += undecided;
  if (work_ > work_cap_) {
    aborted_ = true;
    return;
  }
  if ((nodes_ & 1023) == 0 && (stop_ = limits_.CheckLimits()) != Stop::kNone) {
    aborted_ = true;
    return;
  }
  const int32_t t = k_ - s;
  if (t == 0) {
    if (V > best_v_ + eps_) Record(V);
    return;
  }
  if (undecided < t) return;
  if (undecided == t) {
    double v = V;
    for (int32_t i = 0; i < m_; ++i) {
      if (status_[i] != 0) continue;
      v += g_[i];
      const double* ri = R_ + static_cast<size_t>(i) * m_;
      for (int32_t j = i + 1; j < m_; ++j) {
        if (status_[j] == 0) v -= ri[j];
      }
    }
    if (v > best_v_ + eps_) {
      for (int32_t i = 0; i < m_; ++i) {
        if (status_[i] == 0) status_[i] = 3;
      }
      Record(v);
      for (int32_t i = 0; i < m_; ++i) {
        if (status_[i] == 3) status_[i] = 0;
      }
    }
    return;
  }
  int32_t u = 0;
  int32_t b = -1;
  double bu = -kInf;
  const int32_t off = t - 1;
  for (int32_t i = 0; i < m_; ++i) {
    if (status_[i] != 0) continue;
    const double x = g_[i] - 0.5 * P_[static_cast<size_t>(i) * k_ + off];
    scratch_[u++] = x;
    if (x > bu) {
      bu = x;
      b = i;
    }
  }
  std::sort(scratch_.begin(), scratch_.begin() + u);
  double bound = V;
  for (int32_t q = u - 1; q >= u - t; --q) bound += scratch_[q];
  if (nodes_ == 1) root_bound_ = bound;
  if (bound <= best_v_ + eps_) return;
  const double gb = g_[b];
  status_[b] = 1;
  const double* rb = R_ + static_cast<size_t>(b) * m_;
  for (int32_t j = 0; j < m_; ++j) {
    if (status_[j] == 0) g_[j] -= rb[j];
  }
  Node(V + gb, s + 1, undecided - 1);
  for (int32_t j = 0; j < m_; ++j) {
    if (status_[j] == 0) g_[j] += rb[j];
  }
  if (aborted_) {
    status_[b] = 0;
    return;
  }
  status_[b] = 2;
  Node(V, s, undecided - 1);
  status_[b] = 0;
}

}  // namespace svc::core
