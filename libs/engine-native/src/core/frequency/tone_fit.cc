#include "frequency/tone_fit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace svc::core {

namespace {

// A Gram term below this share of N is a vanished column (ω at 0 or π).
constexpr double kGramFloor = 1e-12;

// cos and sin of ω·(b − h) at the block starts b = 0, kRotationBlock, …: exact every
// kReseedBlocks blocks, by rotation through ω·kRotationBlock between (few large-argument libm calls).
class BlockStarts {
 public:
  BlockStarts(double omega, double h)
      : omega_(omega), h_(h), cw_(std::cos(omega * kRotationBlock)), sw_(std::sin(omega * kRotationBlock)) {}
  void Next(int64_t b0, double* c, double* s) {
    if (k_ % kReseedBlocks == 0) {
      c_ = std::cos(omega_ * (static_cast<double>(b0) - h_));
      s_ = std::sin(omega_ * (static_cast<double>(b0) - h_));
    } else {
      const double c2 = c_ * cw_ - s_ * sw_;
      s_ = s_ * cw_ + c_ * sw_;
      c_ = c2;
    }
    ++k_;
    *c = c_;
    *s = s_;
  }

 private:
  double omega_, h_, cw_, sw_, c_ = 1, s_ = 0;
  int64_t k_ = 0;
};

// f = u²/g and its first two derivatives, added to out.
void AddTerm(ToneFit* out, double u, double up, double upp, double g, double gp, double gpp) {
  const double J = u * u / g;
  out->J += J;
  out->dJ += (2 * u * up) / g - (J * gp) / g;
  out->d2J += (2 * up * up + 2 * u * upp) / g - (4 * u * up * gp) / (g * g) - (J * gpp) / g + (2 * J * gp * gp) / (g * g);
}

}  // namespace

ToneFit FitTone(std::span<const double> e, double omega) {
  const int64_t n = static_cast<int64_t>(e.size());
  const double h = static_cast<double>(n - 1) / 2;
  const double cw = std::cos(omega), sw = std::sin(omega);
  double u = 0, v = 0, up = 0, vp = 0, upp = 0, vpp = 0;
  double sc = 0, scp = 0, scpp = 0, d2 = 0, tsc = 0, t2cc = 0, se = 0;
  BlockStarts starts(omega, h);
  for (int64_t b0 = 0; b0 < n; b0 += kRotationBlock) {
    double c, s;
    starts.Next(b0, &c, &s);
    const int64_t end = std::min(n, b0 + kRotationBlock);
    for (int64_t i = b0; i < end; ++i) {
      const double t = static_cast<double>(i) - h;
      const double x = e[i];
      const double xt = x * t, xtt = xt * t;
      se += x;
      u += x * c;
      v += x * s;
      up -= xt * s;
      vp += xt * c;
      upp -= xtt * c;
      vpp -= xtt * s;
      const double cc = c * c - s * s;
      sc += c;
      scp -= t * s;
      scpp -= t * t * c;
      d2 += cc;
      tsc += t * s * c;
      t2cc += t * t * cc;
      const double c2 = c * cw - s * sw;
      s = s * cw + c * sw;
      c = c2;
    }
  }
  const double nn = static_cast<double>(n);
  // Against the centred cosine, as g11 is: e's mean is 0 only to its round-off, which near 0 Hz
  // (cosine ≈ 1) would pass for a tone. The sine is odd in t, its mean 0 exactly.
  u -= sc * se / nn;
  up -= scp * se / nn;
  upp -= scpp * se / nn;
  const double dd = -4 * tsc, ddd = -4 * t2cc;
  const double g11 = nn / 2 + d2 / 2 - (sc * sc) / nn;
  const double g11p = dd / 2 - (2 * sc * scp) / nn;
  const double g11pp = ddd / 2 - (2 * (scp * scp + sc * scpp)) / nn;
  const double g22 = nn / 2 - d2 / 2, g22p = -dd / 2, g22pp = -ddd / 2;
  ToneFit out;
  if (g11 > kGramFloor * nn) {
    AddTerm(&out, u, up, upp, g11, g11p, g11pp);
    out.a = u / g11;
  }
  if (g22 > kGramFloor * nn) {
    AddTerm(&out, v, vp, vpp, g22, g22p, g22pp);
    out.b = v / g22;
  }
  return out;
}

void AddTone(std::span<double> out, double omega, double a, double b, double sign) {
  const int64_t n = static_cast<int64_t>(out.size());
  const double h = static_cast<double>(n - 1) / 2;
  const double cw = std::cos(omega), sw = std::sin(omega);
  BlockStarts starts(omega, h);
  for (int64_t b0 = 0; b0 < n; b0 += kRotationBlock) {
    double c, s;
    starts.Next(b0, &c, &s);
    const int64_t end = std::min(n, b0 + kRotationBlock);
    for (int64_t i = b0; i < end; ++i) {
      out[i] += sign * (a * c + b * s);
      const double c2 = c * cw - s * sw;
      s = s * cw + c * sw;
      c = c2;
    }
  }
}

Refined RefineTone(std::span<const double> e, double omega0, double hw, double lo, double hi, int32_t max_steps) {
  const double bin = 2 * std::numbers::pi / static_cast<double>(e.size());
  const double a = std::max(lo, omega0 - hw), z = std::min(hi, omega0 + hw);
  double omega = std::min(z, std::max(a, omega0));
  Refined out;
  ToneFit fit = FitTone(e, omega);
  out.evaluations = 1;
  double last_step = 0;
  for (int32_t it = 0; it < max_steps; ++it) {
    double step = fit.d2J < 0 ? -fit.dJ / fit.d2J : (fit.dJ > 0 ? hw / 4 : -hw / 4);
    if (!std::isfinite(step)) break;
    if (std::fabs(step) > hw / 2) step = std::copysign(hw / 2, step);
    const bool local = fit.d2J < 0 && std::fabs(step) <= bin / 20;
    bool accepted = false;
    double next = omega;
    ToneFit trial;
    for (int halving = 0; halving < 40; ++halving) {
      next = std::min(z, std::max(a, omega + step));
      if (next == omega) break;
      trial = FitTone(e, next);
      ++out.evaluations;
      if (local || trial.J >= fit.J) {
        accepted = true;
        break;
      }
      step /= 2;
    }
    if (!accepted) break;
    last_step = next - omega;
    omega = next;
    fit = trial;
    if (std::fabs(last_step) <= 1e-13 * bin) break;
  }
  out.omega = omega;
  out.fit = fit;
  out.newton_distance = fit.d2J < 0 ? std::fabs(fit.dJ / fit.d2J) : std::fabs(last_step);
  return out;
}

}  // namespace svc::core
