// The fewest violated equations of an inconsistent core (engine-ts families/xorsat/fewest-violations.ts
// is its twin, with the same generator calls). Exact: a Gray-code walk over the pivot variables
// (every point of the column space, 2^rank), or a breadth-first search over the syndromes of the
// left null space (2^d, d = m - rank: the fewest equations whose flip makes the system consistent).
// Otherwise a WalkSAT-style local search, with a proven lower bound from contradictions (sets of
// equations summing to 0 = 1, each holding a violated equation under any x): pairwise disjoint
// ones, or all of them when each equation is in few.
#ifndef SVC_CORE_XORSAT_FEWEST_VIOLATIONS_H_
#define SVC_CORE_XORSAT_FEWEST_VIOLATIONS_H_

#include <cstdint>
#include <vector>

#include "common/solve_limits.h"
#include "xorsat/eliminate.h"
#include "xorsat/structure.h"

namespace svc::core {

// Violated equations of x.
int64_t SystemViolations(const XorSystem& c, const std::vector<uint8_t>& x);

// What a search found: its best assignment of the core's variables and that one's violations.
struct CoreSearch {
  std::vector<uint8_t> x;
  int64_t violations = 0;
  bool exhaustive = false;  // the walk or the search finished: violations is the fewest
  int64_t iterations = 0;
  Stop stop = Stop::kNone;
};

// Gray-code walk over the pivot variables (the others 0), from x = 0; stops early at `lower`.
CoreSearch WalkColumnSpace(const XorSystem& c, const std::vector<int32_t>& pivots, int64_t lower,
                           const Limits& limits);

// The fewest equations whose flip makes the core consistent: breadth-first from syndrome 0 to the
// rhs's syndrome, one step per distinct nonzero column of the null space (ns.d() <= 30), at most
// max_work steps × columns. Fills *flip (0/1 per equation) and returns true when it reached it.
bool SearchSyndromes(const XorSystem& c, const NullSpace& ns, int64_t max_work, const Limits& limits,
                     std::vector<uint8_t>* flip, int64_t* iterations, Stop* stop);

// A lower bound on the violations from the null vectors of parity 1 (contradictions: any x
// violates at least one equation of each): the larger of (a) how many of them, chosen greedily
// (fewest equations first, then in basis order), are pairwise disjoint, and (b) ceil(k / t) for
// all k of them when no equation is in more than t. `chosen`: the equations of each of (a).
int64_t PackContradictions(const NullSpace& ns, std::vector<std::vector<int32_t>>* chosen);

// WalkSAT from x0: a random violated equation (NextInt), then with probability kNoise (NextFloat)
// a random variable of it (NextInt), else its variable of largest gain (the first on ties).
// Stops at `lower`, after `steps` flips or once its flips visited `work` equation entries (a flip
// of x visits every entry of every equation of x), or at a limit.
CoreSearch LocalSearch(const XorSystem& c, const std::vector<uint8_t>& x0, int64_t lower, int64_t steps,
                       int64_t work, uint32_t seed, const Limits& limits);

}  // namespace svc::core

#endif  // SVC_CORE_XORSAT_FEWEST_VIOLATIONS_H_
