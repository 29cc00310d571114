// design: the instance as the methods see it and their shared helpers (model.h).
#include "design/model.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

bool DesignModel::Check() {
  if (stop != Stop::kNone) return true;
  stop = limits_.CheckLimits();
  return stop != Stop::kNone;
}

double DesignModel::Cost(int32_t a, int32_t b) const {
  if (d_.coupling == Coupling::kTable) return d_.cells[static_cast<size_t>(a) * K_ + b];
  if (d_.coupling == Coupling::kCirculant) return d_.cells[(a - b + K_) % K_];
  return 0;
}

void DesignModel::BuildAdjacency() {
  start_.assign(L_ + 1, 0);
  const size_t m = d_.bond_i.size();
  for (size_t k = 0; k < m; ++k) {
    start_[d_.bond_i[k] + 1]++;
    start_[d_.bond_j[k] + 1]++;
  }
  for (int32_t s = 0; s < L_; ++s) start_[s + 1] += start_[s];
  std::vector<int32_t> fill(start_.begin(), start_.end() - 1);
  nbr_.assign(2 * m, 0);
  mult_.assign(2 * m, 0);
  for (size_t k = 0; k < m; ++k) {
    const int32_t i = d_.bond_i[k], j = d_.bond_j[k];
    nbr_[fill[i]] = j;
    mult_[fill[i]++] = d_.bond_mult[k];
    nbr_[fill[j]] = i;
    mult_[fill[j]++] = d_.bond_mult[k];
  }
}

void DesignModel::RowMinima() {
  row_min_.assign(K_, 0);
  if (d_.coupling == Coupling::kTable) {
    for (int32_t a = 0; a < K_; ++a) {
      double m = kInf;
      for (int32_t b = 0; b < K_; ++b) m = std::min(m, d_.cells[static_cast<size_t>(a) * K_ + b]);
      row_min_[a] = m;
    }
  } else if (d_.coupling == Coupling::kCirculant) {
    double m = kInf;
    for (int32_t t = 0; t < K_; ++t) m = std::min(m, d_.cells[t]);
    std::fill(row_min_.begin(), row_min_.end(), m);
  }
}

void DesignModel::BiasRow(int32_t s, double* out) const {
  std::fill(out, out + K_, 0.0);
  for (int32_t k = d_.bias_start[s]; k < d_.bias_start[s + 1]; ++k) out[d_.bias_value[k]] = d_.bias_energy[k];
}

double DesignModel::SiteFloor(int32_t s, double f, std::vector<double>& row) const {
  BiasRow(s, row.data());
  double m = kInf;
  for (int32_t v = 0; v < K_; ++v) m = std::min(m, row[v] + f * row_min_[v]);
  return m;
}

double DesignModel::DegreeOf(int32_t s) const {
  double d = 0;
  for (int32_t e = start_[s]; e < start_[s + 1]; ++e) d += mult_[e];
  return d;
}

void DesignModel::SparseRows() {
  sparse_ = false;
  if (d_.coupling != Coupling::kTable) return;
  const size_t kk = static_cast<size_t>(K_) * K_;
  size_t nnz = 0;
  for (size_t k = 0; k < kk; ++k) nnz += d_.cells[k] != 0 ? 1 : 0;
  if (2 * nnz > kk) return;
  sparse_ = true;
  sp_start_.assign(K_ + 1, 0);
  sp_col_.clear();
  sp_val_.clear();
  for (int32_t v = 0; v < K_; ++v) {
    for (int32_t a = 0; a < K_; ++a) {
      const double c = d_.cells[static_cast<size_t>(v) * K_ + a];
      if (c != 0) {
        sp_col_.push_back(a);
        sp_val_.push_back(c);
      }
    }
    sp_start_[v + 1] = static_cast<int32_t>(sp_col_.size());
  }
}

void DesignModel::AddCostRow(double* row, int32_t v, double m) const {
  if (sparse_) {
    for (int32_t q = sp_start_[v]; q < sp_start_[v + 1]; ++q) row[sp_col_[q]] += m * sp_val_[q];
    return;
  }
  if (d_.coupling == Coupling::kTable) {
    const double* c = d_.cells.data() + static_cast<size_t>(v) * K_;
    for (int32_t a = 0; a < K_; ++a) row[a] += m * c[a];
  } else if (d_.coupling == Coupling::kCirculant) {
    const double* c = d_.cells.data();
    for (int32_t a = 0; a < K_; ++a) row[a] += m * c[(a - v + K_) % K_];
  }
}

void DesignModel::Components() {
  std::vector<uint8_t> seen(L_, 0);
  order_.assign(L_, 0);
  comp_start_.clear();
  comp_bonds_.clear();
  int32_t tail = 0;
  for (int32_t r = 0; r < L_; ++r) {
    if (seen[r]) continue;
    comp_start_.push_back(tail);
    int32_t head = tail;
    order_[tail++] = r;
    seen[r] = 1;
    int64_t ends = 0;
    while (head < tail) {
      const int32_t s = order_[head++];
      ends += start_[s + 1] - start_[s];
      for (int32_t e = start_[s]; e < start_[s + 1]; ++e) {
        const int32_t u = nbr_[e];
        if (!seen[u]) {
          seen[u] = 1;
          order_[tail++] = u;
        }
      }
    }
    comp_bonds_.push_back(ends / 2);
  }
  comp_start_.push_back(tail);
}

DesignSites DesignModel::SitesOf(size_t c) const {
  return DesignSites(order_.data() + comp_start_[c], static_cast<size_t>(comp_start_[c + 1] - comp_start_[c]));
}

void DesignModel::Greedy(DesignSites hard, std::vector<int32_t>& x) const {
  std::vector<uint8_t> set(L_, 0);
  std::vector<double> row(K_);
  for (int32_t s : hard) {
    BiasRow(s, row.data());
    for (int32_t e = start_[s]; e < start_[s + 1]; ++e) {
      const int32_t u = nbr_[e];
      if (set[u]) AddCostRow(row.data(), x[u], mult_[e]);
    }
    int32_t best = 0;
    for (int32_t v = 1; v < K_; ++v) {
      if (row[v] < row[best]) best = v;
    }
    x[s] = best;
    set[s] = 1;
  }
}

double DesignModel::PartEnergy(DesignSites sites, const std::vector<int32_t>& x) const {
  double e = 0;
  for (int32_t s : sites) {
    for (int32_t k = d_.bias_start[s]; k < d_.bias_start[s + 1]; ++k) {
      if (d_.bias_value[k] == x[s]) e += d_.bias_energy[k];
    }
    for (int32_t q = start_[s]; q < start_[s + 1]; ++q) {
      const int32_t u = nbr_[q];
      if (u > s) e += mult_[q] * Cost(x[s], x[u]);
    }
  }
  return e;
}

bool DesignModel::Interchangeable(DesignSites sites) const {
  for (int32_t s : sites) {
    if (d_.bias_start[s + 1] > d_.bias_start[s]) return false;
  }
  if (d_.coupling == Coupling::kNone) return true;
  if (d_.coupling == Coupling::kCirculant) {
    for (int32_t t = 2; t < K_; ++t) {
      if (d_.cells[t] != d_.cells[1]) return false;
    }
    return true;
  }
  const double diag = d_.cells[0];
  const double off = K_ > 1 ? d_.cells[1] : 0;
  for (int32_t a = 0; a < K_; ++a) {
    for (int32_t b = 0; b < K_; ++b) {
      if (d_.cells[static_cast<size_t>(a) * K_ + b] != (a == b ? diag : off)) return false;
    }
  }
  return true;
}

double DesignModel::FloorOf(DesignSites sites) const {
  std::vector<double> row(K_);
  double f = 0;
  for (int32_t s : sites) f += SiteFloor(s, 0.5 * DegreeOf(s), row);
  return f;
}

}  // namespace svc::core
