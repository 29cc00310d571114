// The search PSLQ hands over when its candidate is refused or its precision runs out: exact LLL
// (core/reduce/lattice.h) on the embedding lattice of the terms. The twin of engine-ts
// families/relation/embedding.ts (the method is told there), integer for integer.
#ifndef SVC_CORE_RELATION_EMBEDDING_H_
#define SVC_CORE_RELATION_EMBEDDING_H_

#include <gmpxx.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace svc::core {

// LLL's δ for the embedding lattice (engine-ts EMBEDDING_DELTA).
inline constexpr double kEmbeddingDelta = 0.99;

struct EmbeddingOutcome {
  std::vector<mpz_class> relation;  // empty when none
  int64_t swaps = 0;
  bool stopped = false;
  mpz_class norm_squared_bound;  // M: every relation of the true values has ‖a‖² ≥ M (0 when stopped)
};

// min_i ⌊d_i / (d_(i−1)·k)⌋ over the Gram determinants of the (independent) rows of b.
mpz_class GramSchmidtFloor(const std::vector<std::vector<mpz_class>>& b, const mpz_class& k);

// x: the terms in fixed point (2^prec); slack: c of engine-ts embedding.ts; judge returns the
// relation a candidate stands for, or nullopt.
EmbeddingOutcome EmbeddingSearch(const std::vector<mpz_class>& x, int prec, int dbits, int tol_bits, const mpz_class& slack,
                                 const std::function<std::optional<std::vector<mpz_class>>(const std::vector<mpz_class>&)>& judge,
                                 const std::function<bool()>& stop);

}  // namespace svc::core

#endif  // SVC_CORE_RELATION_EMBEDDING_H_
