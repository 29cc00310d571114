#include "kernels/move_scan.h"

#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

inline bool Admissible(double d, double until, double moves, double aspire) {
  return until <= moves || d < aspire;
}

// min over admissible delta in [lo, hi) with m = key < m ? key : m, so NaN never enters;
// +inf when none. The lane order differs from a plain loop only in the sign of a zero result.
double MinAdmissible(const double* d, const double* until, int32_t lo, int32_t hi, double moves,
                     double aspire) {
  double m = kInf;
  int32_t i = lo;
#if defined(__SSE2__)
  const __m128d mv = _mm_set1_pd(moves);
  const __m128d av = _mm_set1_pd(aspire);
  const __m128d inf = _mm_set1_pd(kInf);
  __m128d m0 = inf;
  __m128d m1 = inf;
  for (; i + 4 <= hi; i += 4) {
    const __m128d d0 = _mm_loadu_pd(d + i);
    const __m128d d1 = _mm_loadu_pd(d + i + 2);
    const __m128d a0 = _mm_or_pd(_mm_cmple_pd(_mm_loadu_pd(until + i), mv), _mm_cmplt_pd(d0, av));
    const __m128d a1 =
        _mm_or_pd(_mm_cmple_pd(_mm_loadu_pd(until + i + 2), mv), _mm_cmplt_pd(d1, av));
    // _mm_min_pd(k, m) is exactly k < m ? k : m.
    m0 = _mm_min_pd(_mm_or_pd(_mm_and_pd(a0, d0), _mm_andnot_pd(a0, inf)), m0);
    m1 = _mm_min_pd(_mm_or_pd(_mm_and_pd(a1, d1), _mm_andnot_pd(a1, inf)), m1);
  }
  alignas(16) double lanes[4];
  _mm_store_pd(lanes, m0);
  _mm_store_pd(lanes + 2, m1);
  for (double v : lanes) m = v < m ? v : m;
#endif
  for (; i < hi; ++i) {
    if (Admissible(d[i], until[i], moves, aspire) && d[i] < m) m = d[i];
  }
  return m;
}

// First admissible i in [lo, hi) with delta == m (== treats -0 and +0 alike), or -1.
int32_t FirstEqual(const double* d, const double* until, int32_t lo, int32_t hi, double moves,
                   double aspire, double m) {
  int32_t i = lo;
#if defined(__SSE2__)
  const __m128d mv = _mm_set1_pd(moves);
  const __m128d av = _mm_set1_pd(aspire);
  const __m128d target = _mm_set1_pd(m);
  for (; i + 4 <= hi; i += 4) {
    const __m128d d0 = _mm_loadu_pd(d + i);
    const __m128d d1 = _mm_loadu_pd(d + i + 2);
    const __m128d e0 = _mm_and_pd(
        _mm_cmpeq_pd(d0, target),
        _mm_or_pd(_mm_cmple_pd(_mm_loadu_pd(until + i), mv), _mm_cmplt_pd(d0, av)));
    const __m128d e1 = _mm_and_pd(
        _mm_cmpeq_pd(d1, target),
        _mm_or_pd(_mm_cmple_pd(_mm_loadu_pd(until + i + 2), mv), _mm_cmplt_pd(d1, av)));
    const int bits = _mm_movemask_pd(e0) | (_mm_movemask_pd(e1) << 2);
    if (bits != 0) return i + __builtin_ctz(static_cast<unsigned>(bits));
  }
#endif
  for (; i < hi; ++i) {
    if (d[i] == m && Admissible(d[i], until[i], moves, aspire)) return i;
  }
  return -1;
}

}  // namespace

int32_t SelectByScanReference(const double* delta, const double* tabu_until, int32_t n,
                              int32_t r, double moves, double aspire) {
  int32_t v = -1;
  double best_d = kInf;
  for (int32_t i = r; i < n; ++i) {
    const double d = delta[i];
    if (d < best_d && Admissible(d, tabu_until[i], moves, aspire)) {
      best_d = d;
      v = i;
    }
  }
  for (int32_t i = 0; i < r; ++i) {
    const double d = delta[i];
    if (d < best_d && Admissible(d, tabu_until[i], moves, aspire)) {
      best_d = d;
      v = i;
    }
  }
  return v;
}

int32_t SelectByScan(const double* delta, const double* tabu_until, int32_t n, int32_t r,
                     double moves, double aspire) {
  const double high = MinAdmissible(delta, tabu_until, r, n, moves, aspire);
  const double low = MinAdmissible(delta, tabu_until, 0, r, moves, aspire);
  // Ties between the two segments go to [r, n), which the reference scans first.
  if (high < kInf && !(low < high)) {
    return FirstEqual(delta, tabu_until, r, n, moves, aspire, high);
  }
  if (low < kInf) return FirstEqual(delta, tabu_until, 0, r, moves, aspire, low);
  return -1;
}

}  // namespace svc::core
