// An exact proof of irreducibility (irreducible modulo a prime, Ben-Or's test): the twin of
// engine-ts families/relation/irreducible.ts (the argument is told there).
#ifndef SVC_CORE_RELATION_IRREDUCIBLE_H_
#define SVC_CORE_RELATION_IRREDUCIBLE_H_

#include <gmpxx.h>

#include <vector>

namespace svc::core {

// p: ascending integer coefficients, primitive, degree ≥ 1. True when proven irreducible over ℚ.
bool ProvenIrreducible(const std::vector<mpz_class>& p);

}  // namespace svc::core

#endif  // SVC_CORE_RELATION_IRREDUCIBLE_H_
