// The analysis windows of frequency (engine-ts families/frequency/window.ts): periodic cosine-sum
// windows w[n] = Σ_j (−1)^j·c_j·cos(2πjn/N), by their index in kFrequencyWindows.
#ifndef SVC_CORE_FREQUENCY_WINDOW_H_
#define SVC_CORE_FREQUENCY_WINDOW_H_

#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <string_view>
#include <vector>

namespace svc::core {

// The wire names, in the order of engine-ts FREQUENCY_WINDOWS (the index crosses).
inline constexpr std::array<std::string_view, 5> kFrequencyWindows = {"rectangular", "hann", "hamming", "blackman",
                                                                      "blackman-harris"};
inline constexpr int32_t kRectangularWindow = 0;

// The window's samples, length n.
inline std::vector<double> WindowSamples(int32_t window, int64_t n) {
  static constexpr double kCoefficients[5][4] = {
      {1, 0, 0, 0}, {0.5, 0.5, 0, 0}, {0.54, 0.46, 0, 0}, {0.42, 0.5, 0.08, 0}, {0.35875, 0.48829, 0.14128, 0.01168}};
  static constexpr int kTerms[5] = {1, 2, 2, 3, 4};
  std::vector<double> w(n);
  const double* c = kCoefficients[window];
  for (int64_t i = 0; i < n; ++i) {
    double v = c[0];
    for (int j = 1; j < kTerms[window]; ++j) {
      const double a = (2 * std::numbers::pi * static_cast<double>((j * i) % n)) / static_cast<double>(n);
      v += (j % 2 == 1 ? -1 : 1) * c[j] * std::cos(a);
    }
    w[i] = v;
  }
  return w;
}

}  // namespace svc::core

#endif  // SVC_CORE_FREQUENCY_WINDOW_H_
