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
};

// x: the terms in fixed point (2^prec); judge returns the relation a candidate stands for, or nullopt.
EmbeddingOutcome EmbeddingSearch(const std::vector<mpz_class>& x, int prec, int dbits, int tol_bits,
                                 const std::function<std::optional<std::vector<mpz_class>>(const std::vector<mpz_class>&)>& judge,
                                 const std::function<bool()>& stop);

}  // namespace svc::core

#endif  // SVC_CORE_RELATION_EMBEDDING_H_
