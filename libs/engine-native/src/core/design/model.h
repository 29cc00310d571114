// design: the instance as the methods see it (adjacency, row minima, sparse table rows,
// components) and the helpers they share: cost rows, site floors, the greedy start, part energies.
// A port of engine-ts families/design/model.ts, step for step.
#ifndef SVC_CORE_DESIGN_MODEL_H_
#define SVC_CORE_DESIGN_MODEL_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "common/request.h"
#include "common/solve_limits.h"
#include "design/problem.h"

namespace svc::core {

// A component's sites (or the hard sites of every component left to search).
using DesignSites = std::span<const int32_t>;

class DesignModel {
 public:
  DesignModel(const DesignView& d, int32_t L, const Limits& limits, Work* work)
      : d_(d), L_(L), K_(d.k), limits_(limits), work_(*work) {}

  Stop stop = Stop::kNone;

  // Limits.check of model.ts: true once a limit fired.
  bool Check();

  double Cost(int32_t a, int32_t b) const;

  void BuildAdjacency();

  void RowMinima();

  void BiasRow(int32_t s, double* out) const;

  double SiteFloor(int32_t s, double f, std::vector<double>& row) const;

  double DegreeOf(int32_t s) const;

  // model.ts sparseRowsOf: the nonzero entries of each table row when at most half are nonzero.
  void SparseRows();

  void AddCostRow(double* row, int32_t v, double m) const;

  void Components();

  DesignSites SitesOf(size_t c) const;

  void Greedy(DesignSites hard, std::vector<int32_t>& x) const;

  double PartEnergy(DesignSites sites, const std::vector<int32_t>& x) const;

  bool Interchangeable(DesignSites sites) const;

  double FloorOf(DesignSites sites) const;

  const DesignView& d_;
  const int32_t L_;
  const int32_t K_;
  const Limits& limits_;
  Work& work_;
  std::vector<int32_t> start_, nbr_;
  std::vector<double> mult_;
  std::vector<double> row_min_;
  bool sparse_ = false;
  std::vector<int32_t> sp_start_, sp_col_;
  std::vector<double> sp_val_;
  std::vector<int32_t> order_, comp_start_;
  std::vector<int64_t> comp_bonds_;
};

}  // namespace svc::core

#endif  // SVC_CORE_DESIGN_MODEL_H_
