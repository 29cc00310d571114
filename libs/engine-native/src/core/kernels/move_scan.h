// Tabu step 2 as a scan: the cyclic-first minimum of delta over admissible variables.
#ifndef SVC_CORE_KERNELS_MOVE_SCAN_H_
#define SVC_CORE_KERNELS_MOVE_SCAN_H_

#include <cstdint>

namespace svc::core {

// Variable i is admissible when tabu_until[i] <= moves or delta[i] < aspire. Returns the first
// i in the order r, r+1, ..., n-1, 0, ..., r-1 holding the smallest admissible delta (strict <,
// so NaN is never chosen), or -1 when none is admissible with a delta below +inf.
// Two vectorised passes (minimum, then first position holding it) on SSE2; same choice as
// SelectByScanReference in every case, signed zeros included.
int32_t SelectByScan(const double* delta, const double* tabu_until, int32_t n, int32_t r,
                     double moves, double aspire);

// The plain one-pass scan of tabu.ts selectByScan; the specification of SelectByScan.
int32_t SelectByScanReference(const double* delta, const double* tabu_until, int32_t n,
                              int32_t r, double moves, double aspire);

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_MOVE_SCAN_H_
