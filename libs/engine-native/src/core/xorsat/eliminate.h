// The numeric elimination of an xorsat core as structure.h planned it (engine-ts
// families/xorsat/eliminate.ts is its twin): its rank, whether it is consistent, an assignment
// satisfying every pivot row, and, for the dense plan, the left null space.
#ifndef SVC_CORE_XORSAT_ELIMINATE_H_
#define SVC_CORE_XORSAT_ELIMINATE_H_

#include <cstdint>
#include <vector>

#include "common/solve_limits.h"
#include "xorsat/echelon.h"
#include "xorsat/structure.h"

namespace svc::core {

struct CoreElimination {
  int32_t rank = 0;             // rank of the core's coefficient matrix
  bool consistent = true;       // no row reduced to 0 = 1
  std::vector<uint8_t> x;       // core variables: every equation holds when consistent
  std::vector<int32_t> pivots;  // core variables whose columns are a basis of the column space
  Stop stop = Stop::kNone;      // not kNone: a limit stopped it; nothing else is set
};

// Dense: the core [A | rhs] in echelon form (s->augmented when the plan built it: taken). Lazy:
// each solved variable as a row over the active variables and the constant (in solving order), the
// dense equations through them, that system in echelon form; the active variables by
// back-substitution, the solved ones in solving order.
CoreElimination EliminateCore(XorsatStructure* s, const Limits& limits);

// An assignment of the core's variables satisfying every equation with rhs XOR flip (flip: 0/1 per
// core equation, the flipped system consistent), by the dense kernel.
Stop SolveFlipped(const XorSystem& core, const std::vector<uint8_t>& flip, const Limits& limits,
                  std::vector<uint8_t>* x);

// The left null space of the core: d = m - rank rows y (over the core equations) with y·A = 0,
// a basis, each with its parity y·rhs (1: the equations of y sum to 0 = 1, a contradiction).
struct NullSpace {
  BitMatrix y;
  std::vector<uint8_t> parity;
  Stop stop = Stop::kNone;

  int32_t d() const { return static_cast<int32_t>(parity.size()); }
};

// [A | rhs | I] in echelon form on A's columns: the rows left zero on A carry y in the identity's
// columns. Its bits: m × (n + 1 + m).
NullSpace CoreNullSpace(const XorSystem& core, const Limits& limits);

}  // namespace svc::core

#endif  // SVC_CORE_XORSAT_ELIMINATE_H_
