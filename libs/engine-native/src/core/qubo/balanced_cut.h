// Max-cut of a balanced signed graph in O(n + m): when the nodes split so that every positive
// edge crosses and no negative edge does, that split cuts sum max(0, w), the proven upper bound.
// Bipartite graphs with non-negative weights (trees, even rings, grids) are the common case.
#ifndef SVC_CORE_QUBO_BALANCED_CUT_H_
#define SVC_CORE_QUBO_BALANCED_CUT_H_

#include <cstdint>
#include <vector>

#include "qubo/problem.h"

namespace svc::core {

// The split, or false when the graph is not balanced (an odd cycle of positive edges, counting
// negative edges as even). Zero-weight edges impose nothing. Every component's first node
// (node n - 1, then ascending) is on side 0, so the split is unique and the same in engine-ts.
// A pair listed twice with signs that disagree is taken as unbalanced (canonical input merges).
bool BalancedCut(const MaxcutView& p, std::vector<uint8_t>* side);

// BalancedCut's split as a certified answer (proof kBoundAttained), or false to search.
bool SolveBalancedMaxcut(const MaxcutView& p, SolveResult* out);

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_BALANCED_CUT_H_
