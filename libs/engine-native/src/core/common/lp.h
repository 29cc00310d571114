#pragma once
// A linear program solved by COIN-OR CLP (Debian coinor-libclp-dev), the LP engine of the LP
// bounds (rank's ordering LP, cover's set-cover LP). Optional at build time: CMake defines
// SVC_HAVE_CLP when CLP is found; without it Available() is false and Solve() answers
// kUnavailable, so a caller keeps its own bound. CLP never sees N-API; its messages are silenced.
//
// Use: add the columns, then rows; Solve() (dual simplex, warm from the last basis after rows or
// bounds change); read Primal/Dual/ReducedCost. Minimisation. A floating-point LP answer is not a
// proof: callers turn the duals into a bound they check themselves (weak duality from any
// nonnegative multipliers), so an inexact LP only weakens the bound, never makes it false.
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

namespace svc::core::lp {

constexpr double kInf = std::numeric_limits<double>::infinity();

// True when the engine was built with CLP.
bool Available();
// CLP's version ("1.17.6"), or "" without it.
const char* Version();

enum class Status { kOptimal, kInfeasible, kUnbounded, kStopped, kUnavailable };

// One sparse row lower <= Σ value[k]·x[index[k]] <= upper (±kInf for a free side).
struct Row {
  double lower = -kInf;
  double upper = kInf;
  std::vector<int32_t> index;
  std::vector<double> value;
};

class Model {
 public:
  Model();
  ~Model();
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;

  // Columns first (before any row): cost and bounds; returns the column's index.
  int32_t AddColumn(double cost, double lower, double upper);
  void AddRows(const std::vector<Row>& rows);
  // Removes rows by index (any order); later rows shift down.
  void DeleteRows(const std::vector<int32_t>& which);
  void SetColumnBounds(int32_t column, double lower, double upper);
  // From now on Solve() keeps CLP's work areas and factorization between calls (dual simplex start
  // options 1|2, as CBC's resolves do): much cheaper re-solves after column bound changes. Only for
  // a model whose rows are final: no AddRows/DeleteRows after it (cover's LP tree).
  void KeepFactorization();
  int32_t Columns() const;
  int32_t Rows() const;

  // Dual simplex (primal the first time when there are no rows), at most maxIterations pivots
  // (deterministic; 0 = no cap). kStopped when the cap ends it: values are then the last basis's.
  Status Solve(int64_t maxIterations = 0);
  double Objective() const;
  const double* Primal() const;       // Columns() values
  const double* Dual() const;         // Rows() values (≥ 0 on a ≥ row of a minimisation)
  const double* ReducedCost() const;  // Columns() values
  // Pivots done by all Solve() calls so far.
  int64_t Iterations() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace svc::core::lp
