// Small pieces every family's validation shares.
#ifndef SVC_CORE_COMMON_CHECKS_H_
#define SVC_CORE_COMMON_CHECKS_H_

#include <cmath>
#include <span>
#include <string>

namespace svc::core {

// Stores `message` in *error (when given) and returns false, so checks can `return Fail(...)`.
inline bool Fail(std::string* error, std::string message) {
  if (error != nullptr) *error = std::move(message);
  return false;
}

// Every entry of a flat budget array a whole number in 0..2^53-1 (the TS facades build budgets
// from integers; anything else is a malformed request).
inline bool AllWholeNumbers(std::span<const double> flat) {
  for (double v : flat) {
    if (!(v >= 0) || v > 9007199254740991.0 || v != std::floor(v)) return false;
  }
  return true;
}

}  // namespace svc::core

#endif  // SVC_CORE_COMMON_CHECKS_H_
