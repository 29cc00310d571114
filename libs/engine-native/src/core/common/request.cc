#include "common/request.h"

namespace svc::core {

bool CheckPairs(int32_t n, const PairsView& pairs, std::string* error) {
  const auto fail = [&](std::string message) {
    if (error != nullptr) *error = std::move(message);
    return false;
  };
  const size_t m = pairs.i.size();
  if (pairs.j.size() != m || pairs.w.size() != m) {
    return fail("pair arrays i, j, w differ in length");
  }
  for (size_t k = 0; k < m; ++k) {
    const int32_t i = pairs.i[k];
    const int32_t j = pairs.j[k];
    if (i < 0 || j >= n || i >= j) {
      return fail("pair " + std::to_string(k) + " is not canonical (0 <= i < j < n)");
    }
  }
  return true;
}

}  // namespace svc::core
