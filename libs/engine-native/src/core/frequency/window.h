// The analysis windows of frequency (engine-ts families/frequency/window.ts): periodic cosine-sum
// windows w[n] = Σ_j (−1)^j·c_j·cos(2πjn/N), by their index in kFrequencyWindows.
#ifndef SVC_CORE_FREQUENCY_WINDOW_H_
#define SVC_CORE_FREQUENCY_WINDOW_H_

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "frequency/fft.h"

namespace svc::core {

// The wire names, in the order of engine-ts FREQUENCY_WINDOWS (the index crosses).
inline constexpr std::array<std::string_view, 5> kFrequencyWindows = {"rectangular", "hann", "hamming", "blackman",
                                                                      "blackman-harris"};
inline constexpr int32_t kRectangularWindow = 0;

// The window's samples, length roots.n: cos(2πji/n) is roots.re[(j·i) mod n].
inline std::vector<double> WindowSamples(int32_t window, const UnitRoots& roots) {
  static constexpr double kCoefficients[5][4] = {
      {1, 0, 0, 0}, {0.5, 0.5, 0, 0}, {0.54, 0.46, 0, 0}, {0.42, 0.5, 0.08, 0}, {0.35875, 0.48829, 0.14128, 0.01168}};
  static constexpr int kTerms[5] = {1, 2, 2, 3, 4};
  const int64_t n = roots.n;
  std::vector<double> w(n);
  const double* c = kCoefficients[window];
  for (int64_t i = 0; i < n; ++i) {
    double v = c[0];
    for (int j = 1; j < kTerms[window]; ++j) v += (j % 2 == 1 ? -1 : 1) * c[j] * roots.re[(j * i) % n];
    w[i] = v;
  }
  return w;
}

}  // namespace svc::core

#endif  // SVC_CORE_FREQUENCY_WINDOW_H_
