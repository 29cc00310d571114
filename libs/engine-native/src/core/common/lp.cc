#include "common/lp.h"

#ifdef SVC_HAVE_CLP
#include <coin/ClpConfig.h>
#include <coin/ClpSimplex.hpp>
#endif

#include <algorithm>

namespace svc::core::lp {

#ifdef SVC_HAVE_CLP

bool Available() { return true; }
const char* Version() { return CLP_VERSION; }

struct Model::Impl {
  ClpSimplex clp;
  bool solvedOnce = false;
  bool keep = false;
  int64_t iterations = 0;
  Impl() {
    clp.setLogLevel(0);
    clp.messageHandler()->setLogLevel(0);
  }
};

Model::Model() : impl_(std::make_unique<Impl>()) {}
Model::~Model() = default;

int32_t Model::AddColumn(double cost, double lower, double upper) {
  auto& m = impl_->clp;
  const int32_t j = m.numberColumns();
  const double lo = lower == -kInf ? -COIN_DBL_MAX : lower;
  const double hi = upper == kInf ? COIN_DBL_MAX : upper;
  m.addColumn(0, nullptr, nullptr, lo, hi, cost);
  return j;
}

void Model::AddRows(const std::vector<Row>& rows) {
  if (rows.empty()) return;
  std::vector<double> lo(rows.size()), hi(rows.size());
  std::vector<CoinBigIndex> starts(rows.size() + 1, 0);
  std::vector<int> index;
  std::vector<double> value;
  for (size_t r = 0; r < rows.size(); ++r) {
    lo[r] = rows[r].lower == -kInf ? -COIN_DBL_MAX : rows[r].lower;
    hi[r] = rows[r].upper == kInf ? COIN_DBL_MAX : rows[r].upper;
    index.insert(index.end(), rows[r].index.begin(), rows[r].index.end());
    value.insert(value.end(), rows[r].value.begin(), rows[r].value.end());
    starts[r + 1] = static_cast<CoinBigIndex>(index.size());
  }
  impl_->clp.addRows(static_cast<int>(rows.size()), lo.data(), hi.data(), starts.data(), index.data(), value.data());
}

void Model::DeleteRows(const std::vector<int32_t>& which) {
  if (which.empty()) return;
  std::vector<int> w(which.begin(), which.end());
  impl_->clp.deleteRows(static_cast<int>(w.size()), w.data());
}

void Model::SetColumnBounds(int32_t column, double lower, double upper) {
  impl_->clp.setColumnBounds(column, lower == -kInf ? -COIN_DBL_MAX : lower, upper == kInf ? COIN_DBL_MAX : upper);
}

void Model::KeepFactorization() { impl_->keep = true; }

int32_t Model::Columns() const { return impl_->clp.numberColumns(); }
int32_t Model::Rows() const { return impl_->clp.numberRows(); }

Status Model::Solve(int64_t maxIterations) {
  auto& m = impl_->clp;
  m.setMaximumIterations(maxIterations > 0 ? static_cast<int>(std::min<int64_t>(maxIterations, 2'000'000'000)) : 2'000'000'000);
  if (!impl_->solvedOnce && m.numberRows() == 0) {
    m.primal();
  } else {
    // 1|2: keep the work areas and the factorization between calls (KeepFactorization).
    m.dual(0, impl_->keep ? 3 : 0);
  }
  impl_->solvedOnce = true;
  impl_->iterations += m.numberIterations();
  switch (m.status()) {
    case 0: return Status::kOptimal;
    case 1: return Status::kInfeasible;
    case 2: return Status::kUnbounded;
    default: return Status::kStopped;
  }
}

double Model::Objective() const { return impl_->clp.objectiveValue(); }
const double* Model::Primal() const { return impl_->clp.primalColumnSolution(); }
const double* Model::Dual() const { return impl_->clp.dualRowSolution(); }
const double* Model::ReducedCost() const { return impl_->clp.dualColumnSolution(); }
int64_t Model::Iterations() const { return impl_->iterations; }

#else  // !SVC_HAVE_CLP

bool Available() { return false; }
const char* Version() { return ""; }

struct Model::Impl {};
Model::Model() : impl_(std::make_unique<Impl>()) {}
Model::~Model() = default;
int32_t Model::AddColumn(double, double, double) { return 0; }
void Model::AddRows(const std::vector<Row>&) {}
void Model::DeleteRows(const std::vector<int32_t>&) {}
void Model::SetColumnBounds(int32_t, double, double) {}
void Model::KeepFactorization() {}
int32_t Model::Columns() const { return 0; }
int32_t Model::Rows() const { return 0; }
Status Model::Solve(int64_t) { return Status::kUnavailable; }
double Model::Objective() const { return 0; }
const double* Model::Primal() const { return nullptr; }
const double* Model::Dual() const { return nullptr; }
const double* Model::ReducedCost() const { return nullptr; }
int64_t Model::Iterations() const { return 0; }

#endif

}  // namespace svc::core::lp
