// How an xorsat system is taken apart before any dense elimination (engine-ts
// families/xorsat/structure.ts is its twin, decision for decision):
//   1. Peeling. A variable in exactly one equation can satisfy that equation whatever the others
//      are: the equation is set aside (to be satisfied last, by that variable) and the degrees of
//      its other variables drop, which may free more. It changes neither the rank (each peeled
//      equation brings a variable of its own: +1) nor the fewest violations (a peeled equation is
//      never violated), so everything after works on the core: the equations left.
//   2. The core is eliminated densely (bit-packed Four Russians, echelon.h) when that is cheaper,
//      else by lazy (structured) elimination first: variables are made active, heaviest first,
//      until every equation has at most one idle variable; an equation with exactly one solves it
//      (the variable is then a function of active and earlier solved ones), one with none is a
//      dense equation over the active variables alone. Only the dense equations × active variables
//      are eliminated densely.
#ifndef SVC_CORE_XORSAT_STRUCTURE_H_
#define SVC_CORE_XORSAT_STRUCTURE_H_

#include <cstdint>
#include <span>
#include <vector>

#include "xorsat/echelon.h"
#include "xorsat/problem.h"

namespace svc::core {

// XOR equations in compressed rows, with their columns once built: equation e is
// x[vars[start[e]]] ^ ... ^ x[vars[start[e+1]-1]] = rhs[e] (variables increasing and distinct).
// The rows are its own, or the problem's when the core is the whole problem (not copied).
struct XorSystem {
  int32_t n = 0;
  std::span<const int32_t> start;
  std::span<const int32_t> vars;
  std::span<const uint8_t> rhs;
  std::vector<int32_t> col_start;  // length n + 1 once built
  std::vector<int32_t> col_eqs;    // the equations of each variable, increasing

  XorSystem() = default;
  XorSystem(const XorSystem&) = delete;  // the spans may point into own_*
  XorSystem& operator=(const XorSystem&) = delete;
  XorSystem(XorSystem&&) = default;
  XorSystem& operator=(XorSystem&&) = default;

  int32_t m() const { return static_cast<int32_t>(rhs.size()); }
  // Fills col_start and col_eqs from the rows (once: later calls do nothing).
  void BuildColumns();

  std::vector<int32_t> own_start;
  std::vector<int32_t> own_vars;
  std::vector<uint8_t> own_rhs;
};

// What the plan decided. Indices of the core are its own (XorSystem core); core_eqs and core_vars
// map them back to the problem's.
struct XorsatStructure {
  int64_t empty_violated = 0;     // equations with no variable and rhs 1: violated by every x
  std::vector<int32_t> peel_eq;   // peeled equations in peeling order ...
  std::vector<int32_t> peel_var;  // ... and the variable each leaves for last
  std::vector<int32_t> core_eqs;  // increasing
  std::vector<int32_t> core_vars; // increasing
  XorSystem core;
  bool lazy = false;
  // Lazy elimination (core numbering): solved_eq[k] solves solved_var[k] from active variables and
  // variables solved before it; dense_eqs hold active and solved variables only.
  std::vector<int32_t> solved_eq;
  std::vector<int32_t> solved_var;
  std::vector<int32_t> dense_eqs;
  std::vector<int32_t> active_vars;  // in the order they were made active
  // The core's [A | rhs] as a bit matrix (m × (n + 1)) when the plan built it in its degree pass:
  // the core is the whole problem and dense. Else 0 × 0 (EliminateCore builds it).
  BitMatrix augmented;

  // Bits the numeric elimination holds at once: core equations × (core variables + 1) dense; lazy:
  // (solved + dense equations) × (active variables + 1).
  double DenseBits() const;
};

// The plan of a problem whose view the caller has validated (the core may point into the view:
// keep it alive). The core's columns are built when lazy elimination is weighed, else left to the
// caller (XorSystem::BuildColumns) for an inconsistent core. A problem dense as a whole (the dense
// plan's density) of at most max_build_bits bits m × (n + 1) gets its bit matrix in the same pass
// over the equation lists as the degrees, kept in `augmented` when the core is the whole problem.
XorsatStructure PlanXorsat(const XorsatView& v, int32_t n, double max_build_bits = 0);

}  // namespace svc::core

#endif  // SVC_CORE_XORSAT_STRUCTURE_H_
