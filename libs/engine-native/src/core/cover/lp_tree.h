// cover: the LP path (built with CLP, common/lp.h): LP bounds and an LP branch and bound with
// reduced-cost fixing and reliability branching (docs/cover.md "The LP path"). C++ only: engine-ts
// keeps the Lagrangian tree.
#ifndef SVC_CORE_COVER_LP_TREE_H_
#define SVC_CORE_COVER_LP_TREE_H_

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/lp.h"
#include "cover/search.h"
#include "cover/tree_record.h"

namespace svc::core {

// The LP path (built with CLP, common/lp.h): the set-cover LP relaxation min c·x, Σ_{j∋i} x_j ≥ 1
// for every element the reductions left uncovered, 0 ≤ x ≤ 1 over the free sets, solved by CLP's
// dual simplex, warm after every bound change; depth-first branch and bound on it.
// A floating-point LP answer is never the proof: every bound that prunes or certifies is recomputed
// here from the LP's row duals y by weak duality, valid for any y ≥ 0 (clipped): with
// d_j = c_j − Σ_{i∈S_j} y_i and the node's column bounds [l_j, u_j],
//   L(y) = fixed + Σ_i y_i + Σ_j (d_j ≥ 0 ? d_j·l_j : d_j·u_j),
// minus a rounding margin (1e-9 of the sum of the magnitudes of its terms, far above the
// accumulated error of N double additions for N ≤ 5e6), then rounded up when every cost is an
// integer. Reduced-cost fixing uses the same L(y): forcing x_j = 1 (d_j > 0) gives L + d_j, forcing
// x_j = 0 (d_j < 0, at u_j = 1) gives L − d_j; a side whose bound reaches the incumbent cannot hold
// a better cover and is fixed away for the node's subtree (for the whole tree at the root).
// The tree is recorded (rec_, the service's `tree` certificate) with every fixing listed: a branch
// is a split; a reduced-cost or probe fixing of column k to v is a split whose 1 − v side is a leaf
// (the duals that proved it, or "infeasible"); a pruned node is a leaf (its duals, "infeasible" when
// a row has every column fixed to 0, or zero multipliers when every column is fixed).
class CoverLpTree {
 public:
  enum class Eval { kPrune, kBranch, kLimit };

  CoverLpTree(CoverSearch& s, int64_t node_cap);

  // Solves the LP at the current bounds in chunks of pivots, checking the limits between them.
  // False when a limit stopped it.
  bool SolveLp(lp::Status* status);

  double Round(double v) const { return s_.integral_ ? std::ceil(v) : v; }
  bool Prunes(double lb) const { return lb >= s_.best_cost_ - s_.tol_; }

  // L(y) of the comment above from the LP's current duals (sets y_, d_); returns L before the margin
  // and the margin in *margin.
  double DualBound(double* margin);

  void SetBounds(int32_t k, double lo, double hi, bool record);
  void Undo(size_t mark);

  // Reduced-cost fixing from the last DualBound (sum, margin); returns how many columns it fixed.
  int32_t FixByReducedCost(double sum, double margin, bool record);

  // LP rounding: the reductions' sets, then the free sets by decreasing x_j (then cost, then index)
  // while an element is uncovered, then redundant ones removed, costliest first; kept when cheaper
  // than the incumbent (its cost summed exactly, not the LP's).
  void TryPrimal(const double* x);

  // The Lagrangian heuristic of Search from the LP duals (as multipliers of the uncovered elements).
  // The last DualBound's duals per element (0 on the rows' absent elements).
  std::vector<double> ElementDuals() const;
  void DualHeuristic();

  // True when some row has every column fixed to 0 (the node holds no cover).
  bool Infeasible() const;

  // One side of a strong-branching probe on column k (at most kStrongIters pivots): the LP's
  // objective after them (a dual simplex objective, a lower estimate of the child's LP value), or
  // +∞ when the child provably holds no better cover (its dual bound prunes, or it is infeasible).
  double Probe(int32_t k, double v);

  void Learn(int32_t k, int side, double gain, double frac);
  double Pseudo(int32_t k, int side) const;

  // Reliability branching: the fractional column of best product score (estimated gains of its two
  // children from pseudo-costs); columns with fewer than kReliable observations per side, up to
  // kMaxStrong of the best-scored, are probed first (strong branching). A probe whose child cannot
  // hold a better cover fixes the column to the other side (*refix: the node is solved again).
  // -1 when no column is fractional.
  int32_t Choose(const std::vector<double>& x, double z, bool record, bool* refix);

  // Solves the node, prunes it or picks the column to branch on (*branch); may fix columns (on the
  // trail). *bound gets the node's proven bound.
  Eval Evaluate(bool root, int32_t* branch, double* bound);

  // The root: its proven bound (−∞ when a limit stopped it first); *closed when it needs no tree.
  double Root(bool* closed);

  // The entries of the LP the reductions leave (free sets × uncovered elements).
  static int64_t Entries(const CoverSearch& s);

  // Depth-first branch and bound (after Root()): the root again (its LP re-solve is free; the
  // fixings and probes use the incumbent found since), then the tree; true when it closed.
  bool Run();

  int64_t pivots_ = 0;
  CoverTreeRecord rec_;

 private:
  // Where the next recorded node goes: a split's side (parent -1: the root).
  struct Slot {
    int32_t parent = -1;
    int side = 0;
  };
  // Records column k fixed to v: a split whose 1 - v side is `other` (a leaf); the slot moves to side v.
  void RecordFix(int32_t k, int v, int32_t other);
  // Records a leaf at the slot: the current duals, or "infeasible" when `infeasible`.
  void RecordLeaf(bool infeasible);
  Slot slot_;
  // The leaf of each side of the last probes (-1: none): "infeasible" or the probe's duals.
  int32_t probe_leaf_[2] = {-1, -1};
  // Pseudo-cost learning from the next solved node (the child of branching k to side).
  void Pending(int32_t k, int side, double z, double frac);
  // Strong branching: pivots per probe, probes per node, observations that make a column reliable.
  static constexpr int64_t kStrongIters = 40;
  static constexpr int kMaxStrong = 8;
  static constexpr int32_t kReliable = 2;
  struct Change {
    int32_t k;
    double lo, hi;
  };
  CoverSearch& s_;
  const int64_t node_cap_;
  lp::Model m_;
  std::vector<int32_t> col_set_, row_elem_, elem_row_;
  std::vector<double> lo_, hi_, y_, d_;
  std::vector<Change> trail_;
  int64_t nnz_ = 0;
  double base_cost_ = 0;
  std::vector<double> pc_sum_[2];
  std::vector<int32_t> pc_cnt_[2];
  double pc_all_sum_[2] = {0, 0};
  int64_t pc_all_cnt_[2] = {0, 0};
  int32_t pending_k_ = -1, pending_side_ = 0;
  double pending_z_ = 0, pending_frac_ = 0, node_z_ = 0, node_x_ = 0;
};

}  // namespace svc::core

#endif  // SVC_CORE_COVER_LP_TREE_H_
