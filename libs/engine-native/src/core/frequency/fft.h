// The discrete Fourier transform of any length, X[k] = Σ_n x[n]·e^(−2πi·kn/N): a port of engine-ts
// families/frequency/fft.ts (that file's comment is the specification). Mixed-radix Stockham
// passes (radix 4 while 4 divides N, then 2, 3, 5, 7, 11, 13); a prime N whose N − 1 is
// 2·3·5-smooth by Rader's cyclic convolution of length N − 1; any other length with a prime factor
// above 13 by Bluestein's chirp z-transform over the smallest 2·3·5-smooth M ≥ 2N − 1; real inputs
// of even length through one complex transform of length N/2. Real and imaginary parts in separate
// arrays.
#ifndef SVC_CORE_FREQUENCY_FFT_H_
#define SVC_CORE_FREQUENCY_FFT_H_

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace svc::core {

// Largest prime handled by a mixed-radix pass.
inline constexpr int32_t kFftMaxRadix = 13;

// The radices of a mixed-radix length in pass order; empty when a prime factor above kFftMaxRadix
// is left (or n < 1).
std::vector<int32_t> FftRadices(int64_t n);

// The smallest 2^a·3^b·5^c ≥ n.
int64_t SmoothAtLeast(int64_t n);

// The n roots W^k = e^(−2πik/n), k < n: cos and sin of angles in [0, π/4] mirrored into the other
// octants when 8 divides n (an eighth of the libm calls), each computed directly otherwise.
struct UnitRoots {
  explicit UnitRoots(int64_t n);
  int64_t n;
  std::vector<double> re, im;
};

// Whether n is prime (trial division), and the smallest primitive root of a prime p.
bool IsPrime(int64_t n);
int64_t PrimitiveRoot(int64_t p);

// A plan for complex transforms of one length. Holds its scratch: one thread at a time.
class FftPlan {
 public:
  explicit FftPlan(int64_t n);
  ~FftPlan();
  FftPlan(const FftPlan&) = delete;
  FftPlan& operator=(const FftPlan&) = delete;

  int64_t size() const { return n_; }
  // Bluestein's convolution length, or 0.
  int64_t bluestein_length() const;
  // Rader's convolution length (N − 1), or 0.
  int64_t rader_length() const;

  // The forward DFT of (re, im), n values each, in place.
  void Forward(double* re, double* im);
  // The inverse DFT, scaled by 1/n, in place.
  void Inverse(double* re, double* im);

 private:
  struct Pass {
    int32_t r = 0;
    int64_t m = 0;
    int64_t s = 0;
    std::vector<double> tw_re, tw_im;  // W_{n_s}^{p·k}: index p·(r−1) + k − 1
  };
  struct Bluestein;
  struct Rader;

  void RunPass(const Pass& pass, const double* xr, const double* xi, double* yr, double* yi) const;

  int64_t n_;
  std::vector<Pass> passes_;
  std::vector<double> scratch_re_, scratch_im_;
  std::unique_ptr<Bluestein> bluestein_;
  std::unique_ptr<Rader> rader_;
};

// A plan for real inputs of length n ≥ 2.
class RealFftPlan {
 public:
  explicit RealFftPlan(int64_t n);

  int64_t size() const { return n_; }
  // X[k] for k = 0 … ⌊n/2⌋ of the real x (n values) into out_re, out_im (⌊n/2⌋ + 1 each).
  void Forward(const double* x, double* out_re, double* out_im);

 private:
  int64_t n_;
  FftPlan half_;
  std::vector<double> tw_re_, tw_im_, z_re_, z_im_;
};

}  // namespace svc::core

#endif  // SVC_CORE_FREQUENCY_FFT_H_
