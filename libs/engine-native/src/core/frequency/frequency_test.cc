// frequency: the FFT (mixed radix, Rader, Bluestein) against the DFT's definition on every length
// 1..160 and large smooth and prime ones; noiseless tones to 1e-6 bin (measured ~1e-13); white noise within 1.2x the Cramér–Rao bound
// with fixed seeds; several tones; constant, two-sample and Nyquist signals; validation.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "frequency/fft.h"
#include "frequency/problem.h"
#include "frequency/solve.h"
#include "testing/test_util.h"

namespace {

using svc::core::CallStatus;
using svc::core::FftPlan;
using svc::core::FrequencyProblem;
using svc::core::Limits;
using svc::core::Prng;
using svc::core::RealFftPlan;
using svc::core::ResultKind;
using svc::core::SolveOptions;
using svc::core::SolveResult;

constexpr double kPi = std::numbers::pi;

struct Peak {
  double frequency, amplitude, phase, tolerance;
  bool significant;
};

struct Tone {
  double f, a, phase;
};

// engine-ts frequencyBudgetFor: newtonSteps, sweeps, polishSweeps.
const std::vector<double> kBudget = {40, 8, 200};

std::vector<double> Signal(int64_t n, const std::vector<Tone>& tones, double offset, double sigma, uint32_t seed) {
  Prng rng(seed);
  std::vector<double> x(n);
  bool have = false;
  double spare = 0;
  for (int64_t i = 0; i < n; ++i) {
    double v = offset;
    for (const Tone& t : tones) v += t.a * std::cos(2 * kPi * t.f * static_cast<double>(i) + t.phase);
    if (sigma > 0) {
      double g;
      if (have) {
        g = spare;
        have = false;
      } else {
        double u = 0;
        while (u == 0) u = rng.NextFloat();
        const double w = rng.NextFloat();
        const double r = std::sqrt(-2 * std::log(u));
        spare = r * std::sin(2 * kPi * w);
        have = true;
        g = r * std::cos(2 * kPi * w);
      }
      v += sigma * g;
    }
    x[i] = v;
  }
  return x;
}

std::vector<Peak> Solve(const std::vector<double>& x, int32_t window = 1, int32_t top = 1, SolveResult* raw = nullptr) {
  FrequencyProblem p;
  p.n = static_cast<int32_t>(x.size());
  p.frequency = {x, window, top, kBudget};
  SolveResult out;
  std::string error;
  const CallStatus st = svc::core::Solve("frequency", p, SolveOptions{}, Limits(), &out, &error);
  CHECK(st == CallStatus::kOk);
  if (st != CallStatus::kOk) std::printf("error: %s\n", error.c_str());
  CHECK(out.kind == ResultKind::kNumeric);
  std::vector<Peak> peaks;
  for (size_t k = 0; k + 5 <= out.values.size(); k += 5) {
    peaks.push_back({out.values[k], out.values[k + 1], out.values[k + 2], out.values[k + 3], out.values[k + 4] == 1});
  }
  if (raw != nullptr) *raw = out;
  return peaks;
}

double Wrap(double p) { return std::atan2(std::sin(p), std::cos(p)); }

void TestFftAgainstDefinition() {
  std::vector<int64_t> lengths;
  for (int64_t n = 1; n <= 160; ++n) lengths.push_back(n);
  for (int64_t n : {243, 256, 343, 509, 625, 1001, 1021, 1024, 2 * 17 * 19}) lengths.push_back(n);
  for (int64_t n : lengths) {
    Prng rng(static_cast<uint32_t>(n));
    std::vector<double> re(n), im(n);
    for (int64_t k = 0; k < n; ++k) {
      re[k] = rng.NextFloat() * 2 - 1;
      im[k] = rng.NextFloat() * 2 - 1;
    }
    std::vector<double> wr(n, 0), wi(n, 0);
    for (int64_t k = 0; k < n; ++k) {
      for (int64_t j = 0; j < n; ++j) {
        const double a = -2 * kPi * static_cast<double>((k * j) % n) / static_cast<double>(n);
        wr[k] += re[j] * std::cos(a) - im[j] * std::sin(a);
        wi[k] += re[j] * std::sin(a) + im[j] * std::cos(a);
      }
    }
    FftPlan plan(n);
    std::vector<double> r2 = re, i2 = im;
    plan.Forward(r2.data(), i2.data());
    double err = 0;
    for (int64_t k = 0; k < n; ++k) err = std::max({err, std::fabs(r2[k] - wr[k]), std::fabs(i2[k] - wi[k])});
    CHECK(err / std::sqrt(static_cast<double>(n)) < 1e-13 * std::log2(static_cast<double>(n) + 1) + 1e-15);
    plan.Inverse(r2.data(), i2.data());
    double back = 0;
    for (int64_t k = 0; k < n; ++k) back = std::max({back, std::fabs(r2[k] - re[k]), std::fabs(i2[k] - im[k])});
    CHECK(back < 1e-13);
    if (n >= 2) {
      RealFftPlan real(n);
      std::vector<double> hr(n / 2 + 1), hi(n / 2 + 1);
      real.Forward(re.data(), hr.data(), hi.data());
      std::vector<double> cr = re, ci(n, 0);
      FftPlan(n).Forward(cr.data(), ci.data());
      double e = 0;
      for (int64_t k = 0; k <= n / 2; ++k) e = std::max({e, std::fabs(hr[k] - cr[k]), std::fabs(hi[k] - ci[k])});
      CHECK(e < 1e-12);
    }
  }
  CHECK(svc::core::SmoothAtLeast(131073) == 131220);
  CHECK(FftPlan(65537).rader_length() == 65536 && FftPlan(65537).bluestein_length() == 0);
  CHECK(FftPlan(65521).bluestein_length() == 131072 && FftPlan(65521).rader_length() == 0);
  CHECK(FftPlan(2 * 17 * 19).bluestein_length() == 1296);
  CHECK(svc::core::IsPrime(65537) && !svc::core::IsPrime(65535) && svc::core::PrimitiveRoot(65537) == 3);
  // A tone lands in its bin at large smooth and prime lengths.
  for (int64_t n : {65536, 65537, 65521, 59049, 78125}) {
    const int64_t k0 = 1234;
    std::vector<double> re(n), im(n);
    for (int64_t j = 0; j < n; ++j) {
      const double a = 2 * kPi * static_cast<double>((k0 * j) % n) / static_cast<double>(n);
      re[j] = std::cos(a);
      im[j] = std::sin(a);
    }
    FftPlan(n).Forward(re.data(), im.data());
    double worst = 0;
    for (int64_t k = 0; k < n; ++k) worst = std::max(worst, std::hypot(re[k] - (k == k0 ? static_cast<double>(n) : 0), im[k]));
    CHECK(worst / static_cast<double>(n) < 1e-13);
  }
}

void TestNoiselessTones() {
  Prng rng(11);
  double worst = 0;
  for (int s = 0; s < 150; ++s) {
    const int64_t n = 8 + rng.NextU32() % 3000;
    const double f = (0.3 + rng.NextFloat() * (static_cast<double>(n) / 2 - 0.6)) / static_cast<double>(n);
    const double a = 0.1 + 10 * rng.NextFloat(), ph = Wrap(6.3 * rng.NextFloat());
    const std::vector<double> x = Signal(n, {{f, a, ph}}, 5 * rng.NextFloat() - 2, 0, 0);
    const std::vector<Peak> peaks = Solve(x, s % 5);
    CHECK(peaks.size() == 1);
    const double err = std::fabs(peaks[0].frequency - f) * static_cast<double>(n);
    worst = std::max(worst, err);
    CHECK(err < 1e-6);
    CHECK(std::fabs(peaks[0].amplitude - a) / a < 1e-9);
    CHECK(std::fabs(Wrap(peaks[0].phase - ph)) < 1e-9);
    CHECK(peaks[0].tolerance >= std::fabs(peaks[0].frequency - f));
  }
  CHECK(worst < 1e-10);
  std::printf("noiseless tones: worst error %.3g bin\n", worst);
  for (auto [n, bins] : std::vector<std::pair<int64_t, double>>{{65537, 1234.37}, {65536, 0.41}, {4099, 2049.3}, {30030, 7.5}, {17, 8.2}, {16, 7.8}, {9, 0.5}}) {
    const double f = bins / static_cast<double>(n);
    const std::vector<Peak> peaks = Solve(Signal(n, {{f, 1, 0.3}}, 0, 0, 0), 0);
    CHECK(std::fabs(peaks[0].frequency - f) * static_cast<double>(n) < 1e-6);
  }
}

void TestCramerRao() {
  for (auto [n, snr_db] : std::vector<std::pair<int64_t, int>>{{64, 0}, {256, 0}, {1000, 0}, {256, 10}, {128, 20}}) {
    const double sigma = 1, a = std::sqrt(2 * std::pow(10.0, snr_db / 10.0));
    Prng rng(static_cast<uint32_t>(1000 + n + snr_db));
    double se = 0;
    int inside = 0;
    const int trials = 300;
    for (int s = 0; s < trials; ++s) {
      const double f = (5 + rng.NextFloat() * (static_cast<double>(n) / 2 - 10)) / static_cast<double>(n);
      const std::vector<double> x = Signal(n, {{f, a, 6.3 * rng.NextFloat()}}, 0, sigma, static_cast<uint32_t>(50000 + s + 1000 * snr_db + n));
      const std::vector<Peak> peaks = Solve(x);
      se += (peaks[0].frequency - f) * (peaks[0].frequency - f);
      if (std::fabs(peaks[0].frequency - f) <= peaks[0].tolerance) ++inside;
    }
    const double eta = a * a / (2 * sigma * sigma);
    const double nn = static_cast<double>(n);
    const double crb = std::sqrt(12 / ((2 * kPi) * (2 * kPi) * eta * nn * (nn * nn - 1)));
    const double ratio = std::sqrt(se / trials) / crb;
    std::printf("n = %lld, SNR %d dB: RMS / CRB = %.3f, within tolerance %.3f\n", static_cast<long long>(n), snr_db, ratio,
                inside / static_cast<double>(trials));
    CHECK(ratio < 1.2);
    CHECK(inside > 0.97 * trials);
  }
}

void TestSeveralTonesAndEdges() {
  const std::vector<Tone> tones = {{0.1003, 1, 0.1}, {0.1235, 0.01, -1}, {0.31, 0.5, 2}};
  const std::vector<double> x = Signal(2048, tones, 3, 0, 0);
  for (int32_t window : {1, 4, 0}) {
    SolveResult raw;
    const std::vector<Peak> peaks = Solve(x, window, 3, &raw);
    CHECK(peaks.size() == 3);
    if (peaks.size() != 3) continue;
    const int order[3] = {0, 2, 1};
    for (int k = 0; k < 3; ++k) {
      CHECK(std::fabs(peaks[k].frequency - tones[order[k]].f) * 2048 < 1e-6);
      CHECK(std::fabs(peaks[k].amplitude - tones[order[k]].a) / tones[order[k]].a < 1e-7);
    }
    CHECK(std::fabs(raw.Extra("offset") - 3) < 1e-9);
  }
  // top 1 still fits the three tones jointly (strongest first; the others become the service's other_peaks).
  const std::vector<Peak> one = Solve(x, 1, 1);
  CHECK(one.size() == 3);
  if (!one.empty()) CHECK(std::fabs(one[0].frequency - tones[0].f) * 2048 < 1e-6);
  // Only peaks above the noise floor; pure noise gives one peak, not significant, the whole band.
  CHECK(Solve(Signal(1024, {{0.2, 1, 0}}, 0, 0.5, 3), 1, 5).size() == 1);
  CHECK(Solve(Signal(1024, {{0.2, 1, 0}}, 0, 0, 0), 1, 5).size() == 1);
  const std::vector<Peak> noise = Solve(Signal(512, {}, 0, 1, 9), 1, 3);
  CHECK(noise.size() == 1 && !noise[0].significant && noise[0].tolerance == 0.5);
  // Constant, two samples, the Nyquist tone.
  for (double c : {0.0, 3.5, -2.0}) {
    SolveResult raw;
    const std::vector<Peak> p = Solve({c, c, c, c, c}, 1, 1, &raw);
    CHECK(raw.Extra("constant") == 1);
    CHECK(p[0].frequency == 0 && p[0].amplitude == std::fabs(c) && p[0].phase == (c < 0 ? kPi : 0) && p[0].tolerance == 0);
  }
  const std::vector<Peak> two = Solve({1, -1});
  CHECK(two[0].frequency == 0.5);
  CHECK(std::fabs(two[0].amplitude - 1) < 1e-12);
  std::vector<double> alt(64);
  for (int i = 0; i < 64; ++i) alt[i] = 2 * (i % 2 == 0 ? 1 : -1) + 0.5;
  const std::vector<Peak> nyq = Solve(alt, 0);
  CHECK(nyq[0].frequency == 0.5);
  CHECK(std::fabs(nyq[0].amplitude - 2) < 1e-12);
  // Extreme magnitudes are scaled exactly.
  const std::vector<double> base = Signal(300, {{0.0731, 1, 1}}, 0, 0.1, 4);
  std::vector<double> tiny = base, huge = base;
  for (double& v : tiny) v *= 1e-300;
  for (double& v : huge) v *= std::ldexp(1.0, 400);
  const double f0 = Solve(base)[0].frequency;
  CHECK(Solve(tiny)[0].frequency == f0);
  CHECK(Solve(huge)[0].frequency == f0);
}

void TestValidationAndCancel() {
  std::string error;
  SolveResult out;
  const std::vector<double> x = {1, 2, 3};
  FrequencyProblem p;
  p.n = 3;
  p.frequency = {x, 1, 1, kBudget};
  CHECK(svc::core::Solve("frequency", p, SolveOptions{}, Limits(), &out, &error) == CallStatus::kOk);
  FrequencyProblem bad = p;
  bad.n = 1;
  bad.frequency.signal = std::span<const double>(x.data(), 1);
  CHECK(svc::core::Solve("frequency", bad, SolveOptions{}, Limits(), &out, &error) == CallStatus::kError);
  bad = p;
  bad.n = 4;
  CHECK(svc::core::Solve("frequency", bad, SolveOptions{}, Limits(), &out, &error) == CallStatus::kError);
  bad = p;
  bad.frequency.top = 0;
  CHECK(svc::core::Solve("frequency", bad, SolveOptions{}, Limits(), &out, &error) == CallStatus::kError);
  bad = p;
  bad.frequency.window = 5;
  CHECK(svc::core::Solve("frequency", bad, SolveOptions{}, Limits(), &out, &error) == CallStatus::kError);
  const std::vector<double> nan = {1, std::nan(""), 3};
  bad = p;
  bad.frequency.signal = nan;
  CHECK(svc::core::Solve("frequency", bad, SolveOptions{}, Limits(), &out, &error) == CallStatus::kError);
  const std::vector<double> short_budget = {40};
  bad = p;
  bad.frequency.budget = short_budget;
  CHECK(svc::core::Solve("frequency", bad, SolveOptions{}, Limits(), &out, &error) == CallStatus::kError);
  // A cancel set before the call still answers the first peak, stopped.
  const std::vector<double> y = Signal(777, {{0.11, 1, 0}, {0.3, 0.3, 0}}, 0, 0.01, 2);
  FrequencyProblem q;
  q.n = 777;
  q.frequency = {y, 1, 2, kBudget};
  int32_t flag = 1;
  CHECK(svc::core::Solve("frequency", q, SolveOptions{}, Limits(&flag, svc::core::Clock::now(), 0), &out, &error) == CallStatus::kOk);
  CHECK(out.status == svc::core::ResultStatus::kCancelled);
  CHECK(out.values.size() == 5);
}

// With SVC_BENCH_FFT set (tools/src/bench/frequency.ts): one JSON line per length, the least time of
// `reps` real and complex transforms with a plan made beforehand (ms), as FFT benchmarks count.
void BenchFft(const char* spec) {
  std::vector<int64_t> lengths;
  for (const char* p = spec; *p != 0;) {
    char* end = nullptr;
    const long long v = std::strtoll(p, &end, 10);
    if (end == p) break;
    if (v >= 2) lengths.push_back(v);
    p = *end == ',' ? end + 1 : end;
  }
  for (int64_t n : lengths) {
    std::vector<double> x(n), re(n), im(n), hr(n / 2 + 1), hi(n / 2 + 1);
    for (int64_t i = 0; i < n; ++i) x[i] = std::sin(0.1 * static_cast<double>(i)) + 0.01 * static_cast<double>(i % 7);
    RealFftPlan real(n);
    FftPlan complex(n);
    const int reps = n > 1 << 20 ? 10 : n > 1 << 17 ? 40 : 200;
    double best_real = 1e300, best_complex = 1e300;
    for (int r = 0; r < reps; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      real.Forward(x.data(), hr.data(), hi.data());
      best_real = std::min(best_real, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      std::copy(x.begin(), x.end(), re.begin());
      std::fill(im.begin(), im.end(), 0.0);
      const auto t1 = std::chrono::steady_clock::now();
      complex.Forward(re.data(), im.data());
      best_complex = std::min(best_complex, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t1).count());
    }
    const char* method = complex.rader_length() > 0 ? "rader" : complex.bluestein_length() > 0 ? "bluestein" : "mixed-radix";
    std::printf("{\"n\": %lld, \"method\": \"%s\", \"realMs\": %.6f, \"complexMs\": %.6f, \"reps\": %d}\n",
                static_cast<long long>(n), method, best_real, best_complex, reps);
  }
}

}  // namespace

int main() {
  if (const char* spec = std::getenv("SVC_BENCH_FFT")) {
    BenchFft(spec);
    return 0;
  }
  TestFftAgainstDefinition();
  TestNoiselessTones();
  TestCramerRao();
  TestSeveralTonesAndEdges();
  TestValidationAndCancel();
  return svc::test::Finish("frequency_test");
}
