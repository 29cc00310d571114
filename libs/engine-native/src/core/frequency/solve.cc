#include "frequency/solve.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "common/checks.h"
#include "frequency/fft.h"
#include "frequency/tone_fit.h"
#include "frequency/window.h"

namespace svc::core {

namespace {

constexpr double kPi = std::numbers::pi;
// engine-ts solve.ts JACOBSEN_P, by window index (the rectangle uses Candan's correction instead).
constexpr double kJacobsenP[5] = {0, 0.56, 0.58, 0.549, 0.537};
const double kFalseAlarmMargin = std::log(1e4);
constexpr double kRelativeEnergyFloor = 1e-14;
constexpr double kResolvedBins = 1;
constexpr double kClusterBins = 3;
constexpr double kClusterRoundingBins = 1024;
constexpr double kLowestBin = 0.01;
constexpr double kEdgeBin = 1e-7;
constexpr double kRoundingBins = 16;
constexpr double kEps = std::numeric_limits<double>::epsilon();

struct Tone {
  double omega = 0, a = 0, b = 0;
  double J = 0;  // the energy it explains in the residual without the others, at its last fit
  bool significant = true;
};

double WrapPhase(double p) {
  double q = p - 2 * kPi * std::nearbyint(p / (2 * kPi));
  if (q <= -kPi) q += 2 * kPi;
  if (q > kPi) q -= 2 * kPi;
  return q;
}

// engine-ts solve.ts scaleExponent: k with max|x|·2^k in [1, 2).
int ScaleExponent(double max_abs) {
  int k = 0;
  double v = max_abs;
  while (v >= 2 && k > -1074) {
    v /= 2;
    --k;
  }
  while (v < 1 && k < 1074) {
    v *= 2;
    ++k;
  }
  return k;
}

// x·2^k exactly, in two steps as engine-ts does.
double Ldexp(double x, int k) {
  const int h = k / 2;
  return x * std::ldexp(1.0, h) * std::ldexp(1.0, k - h);
}

// engine-ts solve.ts clusterOmegaVariance: Var(ω_k)/σ² of the joint least squares over tone k, the
// tones within kClusterBins of it and the offset; 0 when none is that close, NaN when not positive definite.
double ClusterOmegaVariance(const std::vector<Tone>& tones, int k, int64_t n) {
  const double bin = 2 * kPi / static_cast<double>(n);
  std::vector<int> idx = {k};
  for (int j = 0; j < static_cast<int>(tones.size()); ++j) {
    if (j != k && std::fabs(tones[j].omega - tones[k].omega) < kClusterBins * bin) idx.push_back(j);
  }
  if (idx.size() == 1) return 0;
  const int c = static_cast<int>(idx.size()), p = 3 * c + 1;
  std::vector<double> g(static_cast<size_t>(p * p), 0), v(static_cast<size_t>(p), 0);
  std::vector<double> cs(c), sn(c), cw(c), sw(c);
  for (int q = 0; q < c; ++q) {
    cw[q] = std::cos(tones[idx[q]].omega);
    sw[q] = std::sin(tones[idx[q]].omega);
  }
  const double h = static_cast<double>(n - 1) / 2;
  v[0] = 1;
  for (int64_t i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) - h;
    for (int q = 0; q < c; ++q) {
      const Tone& tq = tones[idx[q]];
      if (i % 4096 == 0) {
        cs[q] = std::cos(tq.omega * t);
        sn[q] = std::sin(tq.omega * t);
      }
      const double cc = cs[q], ss = sn[q];
      v[1 + 3 * q] = cc;
      v[2 + 3 * q] = ss;
      v[3 + 3 * q] = t * (tq.b * cc - tq.a * ss);
      cs[q] = cc * cw[q] - ss * sw[q];
      sn[q] = ss * cw[q] + cc * sw[q];
    }
    for (int r = 0; r < p; ++r) {
      const double vr = v[r];
      for (int s = 0; s <= r; ++s) g[r * p + s] += vr * v[s];
    }
  }
  std::vector<double> d(p);
  for (int r = 0; r < p; ++r) d[r] = std::sqrt(g[r * p + r]);
  for (int r = 0; r < p; ++r) {
    if (!(d[r] > 0)) return std::numeric_limits<double>::quiet_NaN();
    for (int s = 0; s <= r; ++s) g[r * p + s] /= d[r] * d[s];
  }
  for (int r = 0; r < p; ++r) {
    for (int s = 0; s <= r; ++s) {
      double sum = g[r * p + s];
      for (int m = 0; m < s; ++m) sum -= g[r * p + m] * g[s * p + m];
      if (r == s) {
        if (!(sum > 1e-13)) return std::numeric_limits<double>::quiet_NaN();
        g[r * p + r] = std::sqrt(sum);
      } else {
        g[r * p + s] = sum / g[s * p + s];
      }
    }
  }
  std::vector<double> e(p, 0);
  e[3] = 1;
  for (int r = 0; r < p; ++r) {
    double sum = e[r];
    for (int m = 0; m < r; ++m) sum -= g[r * p + m] * e[m];
    e[r] = sum / g[r * p + r];
  }
  for (int r = p - 1; r >= 0; --r) {
    double sum = e[r];
    for (int m = r + 1; m < p; ++m) sum -= g[m * p + r] * e[m];
    e[r] = sum / g[r * p + r];
  }
  return e[3] / (d[3] * d[3]);
}

double Median(std::vector<double> a) {
  const size_t m = a.size();
  const auto mid = a.begin() + static_cast<ptrdiff_t>(m / 2);
  std::nth_element(a.begin(), mid, a.end());
  if (m % 2 == 1) return *mid;
  return 0.5 * (*std::max_element(a.begin(), mid) + *mid);
}

class Analysis {
 public:
  Analysis(const FrequencyProblem& p, const FrequencyBudget& budget, const Limits& limits)
      : p_(p), budget_(budget), limits_(limits), n_(p.n), plan_(p.n) {}

  void Run(SolveResult* out);

 private:
  struct Detection {
    double omega = 0;
    bool significant = true;
    bool coarse_only = false;
  };

  void Residual(int k);
  Detection Detect();
  double Refit(int k, double omega0, double hw, bool coarse_only);
  bool Sweep(int32_t rounds);
  int32_t Rounds() const;
  bool MergeClosest();
  bool Stopped() {
    if (stop_ == Stop::kNone) stop_ = limits_.CheckLimits();
    return stop_ != Stop::kNone;
  }

  const FrequencyProblem& p_;
  const FrequencyBudget& budget_;
  const Limits& limits_;
  const int64_t n_;
  RealFftPlan plan_;
  std::vector<double> y_, w_, model_, r_, er_, ei_, power_;
  std::vector<Tone> tones_;
  double bin_ = 0, lo_ = 0, hi_ = 0;
  double settled_ = 0, round_move_ = 0, tail_ = 0;
  int64_t evaluations_ = 0, ffts_ = 0, sweeps_ = 0;
  Stop stop_ = Stop::kNone;
};

// r = y − model (+ tone k's own part when k ≥ 0), centred.
void Analysis::Residual(int k) {
  for (int64_t i = 0; i < n_; ++i) r_[i] = y_[i] - model_[i];
  if (k >= 0) AddTone(r_, tones_[k].omega, tones_[k].a, tones_[k].b, 1);
  double mean = 0;
  for (int64_t i = 0; i < n_; ++i) mean += r_[i];
  mean /= static_cast<double>(n_);
  for (int64_t i = 0; i < n_; ++i) r_[i] -= mean;
}

Analysis::Detection Analysis::Detect() {
  Residual(-1);
  for (int64_t i = 0; i < n_; ++i) r_[i] *= w_[i];
  plan_.Forward(r_.data(), er_.data(), ei_.data());
  ++ffts_;
  const int64_t half = n_ / 2 + 1;
  const int64_t first = n_ <= 3 ? 1 : 0;
  int64_t m = first;
  for (int64_t k = 0; k < half; ++k) {
    power_[k] = er_[k] * er_[k] + ei_[k] * ei_[k];
    if (k >= first && power_[k] > power_[m]) m = k;
  }
  const int64_t bins = (n_ - 1) / 2;
  Detection d;
  d.significant = false;  // fewer than 8 bins: no floor to stand above
  if (bins >= 8) {
    const double floor = Median(std::vector<double>(power_.begin() + 1, power_.begin() + bins + 1)) / std::numbers::ln2;
    d.significant = power_[m] > floor * (std::log(static_cast<double>(bins)) + kFalseAlarmMargin);
  }
  const auto bin_at = [&](int64_t k, double* re, double* im) {
    const int64_t j = ((k % n_) + n_) % n_;
    if (j < half) {
      *re = er_[j];
      *im = ei_[j];
    } else {
      *re = er_[n_ - j];
      *im = -ei_[n_ - j];
    }
  };
  double ar, ai, br, bi, cr, ci;
  bin_at(m - 1, &ar, &ai);
  bin_at(m, &br, &bi);
  bin_at(m + 1, &cr, &ci);
  double num_r = ar - cr, num_i = ai - ci, den_r, den_i, scale;
  if (p_.frequency.window == kRectangularWindow) {
    den_r = 2 * br - ar - cr;
    den_i = 2 * bi - ai - ci;
    const double x = kPi / static_cast<double>(n_);
    scale = std::tan(x) / x;
  } else {
    den_r = 2 * br + ar + cr;
    den_i = 2 * bi + ai + ci;
    scale = kJacobsenP[p_.frequency.window];
  }
  const double d2 = den_r * den_r + den_i * den_i;
  double delta = d2 > 0 ? (scale * (num_r * den_r + num_i * den_i)) / d2 : 0;
  if (!std::isfinite(delta)) delta = 0;
  delta = std::max(-0.5, std::min(0.5, delta));
  if (n_ <= 3) {
    d.omega = static_cast<double>(m) * bin_;
    d.coarse_only = true;
  } else {
    d.omega = std::max(lo_, std::min(hi_, (static_cast<double>(m) + delta) * bin_));
  }
  return d;
}

double Analysis::Refit(int k, double omega0, double hw, bool coarse_only) {
  Residual(k);
  double omega, a, b, J;
  if (coarse_only) {
    const ToneFit f = FitTone(r_, omega0);
    ++evaluations_;
    omega = omega0;
    a = f.a;
    b = f.b;
    J = f.J;
  } else {
    const Refined rf = RefineTone(r_, omega0, hw, lo_, hi_, budget_.newton_steps);
    evaluations_ += rf.evaluations;
    omega = rf.omega;
    a = rf.fit.a;
    b = rf.fit.b;
    J = rf.fit.J;
    if (omega >= hi_ - kEdgeBin * bin_) {
      const ToneFit edge = FitTone(r_, kPi);
      ++evaluations_;
      if (edge.J >= rf.fit.J * (1 - 1e-12)) {
        omega = kPi;
        a = edge.a;
        b = edge.b;
        J = edge.J;
      }
    }
  }
  const Tone old = tones_[k];
  AddTone(model_, old.omega, old.a, old.b, -1);
  tones_[k] = Tone{omega, a, b, J, old.significant};
  AddTone(model_, omega, a, b, 1);
  round_move_ = std::max(round_move_, std::fabs(omega - old.omega));
  return std::max({std::fabs(omega - old.omega) / (settled_ * bin_), std::fabs(a - old.a) / settled_, std::fabs(b - old.b) / settled_});
}

bool Analysis::Sweep(int32_t rounds) {
  double last = std::numeric_limits<double>::infinity(), last_move = std::numeric_limits<double>::infinity();
  for (int32_t s = 0; s < rounds; ++s) {
    ++sweeps_;
    double moved = 0;
    round_move_ = 0;
    for (int j = 0; j < static_cast<int>(tones_.size()); ++j) {
      moved = std::max(moved, Refit(j, tones_[j].omega, bin_ / 2, n_ <= 3));
    }
    // Two tones drawn within a bin of each other are one unresolved tone: the weaker goes, the rounds go on.
    if (MergeClosest()) {
      last = std::numeric_limits<double>::infinity();
      continue;
    }
    const double rate = moved / last;
    last = moved;
    const double omega_rate = round_move_ / last_move;
    last_move = round_move_;
    tail_ = omega_rate < 0.99 ? round_move_ / (1 - omega_rate) : 100 * round_move_;
    if (moved == 0 || (moved < 1 && (s == 0 ? moved < 1e-3 : rate < 1 && (moved * rate) / (1 - rate) < 1))) return true;
    if (Stopped()) return false;
  }
  return false;
}

bool Analysis::MergeClosest() {
  for (size_t j = 0; j < tones_.size(); ++j) {
    for (size_t k = j + 1; k < tones_.size(); ++k) {
      if (std::fabs(tones_[j].omega - tones_[k].omega) >= kResolvedBins * bin_) continue;
      const size_t weak = tones_[j].J < tones_[k].J ? j : k;
      AddTone(model_, tones_[weak].omega, tones_[weak].a, tones_[weak].b, -1);
      tones_.erase(tones_.begin() + static_cast<ptrdiff_t>(weak));
      return true;
    }
  }
  return false;
}

int32_t Analysis::Rounds() const {
  const double by_work = std::floor(std::ldexp(1.0, 30) / (static_cast<double>(tones_.size()) * static_cast<double>(n_)));
  return static_cast<int32_t>(std::min<double>(budget_.polish_sweeps, std::max<double>(budget_.sweeps, by_work)));
}

void Analysis::Run(SolveResult* out) {
  const std::span<const double> x = p_.frequency.signal;
  const int64_t n = n_;
  out->kind = ResultKind::kNumeric;
  bool equal = true;
  for (int64_t i = 1; i < n && equal; ++i) equal = x[i] == x[0];
  if (equal) {
    out->values = {0, std::fabs(x[0]), x[0] < 0 ? kPi : 0, 0, 1};
    out->objective = 0;
    out->SetExtra("offset", x[0]);
    out->SetExtra("noise", 0);
    out->SetExtra("constant", 1);
    out->SetExtra("dof", static_cast<double>(n - 1));
    out->SetExtra("converged", 1);
    out->status = ResultStatus::kOptimal;
    return;
  }
  double max_abs = 0;
  for (double v : x) max_abs = std::max(max_abs, std::fabs(v));
  const int k2 = ScaleExponent(max_abs);
  y_.resize(n);
  const double up1 = std::ldexp(1.0, k2 / 2), up2 = std::ldexp(1.0, k2 - k2 / 2);  // Ldexp's two exact steps
  for (int64_t i = 0; i < n; ++i) y_[i] = x[i] * up1 * up2;
  bin_ = 2 * kPi / static_cast<double>(n);
  settled_ = std::max(1e-12, 4 * kEps * std::sqrt(static_cast<double>(n)));
  lo_ = kLowestBin * bin_;
  hi_ = kPi - kEdgeBin * bin_;
  w_ = WindowSamples(p_.frequency.window, UnitRoots(n));
  const int64_t half = n / 2 + 1;
  er_.assign(half, 0);
  ei_.assign(half, 0);
  power_.assign(half, 0);
  model_.assign(n, 0);
  r_.assign(n, 0);

  const int32_t fitted = FittedTones(n, p_.frequency.top);
  bool converged = true;
  // A round that drops a merged tone frees a place, so detections are capped apart (2K + 4).
  for (int32_t attempts = 0; static_cast<int32_t>(tones_.size()) < fitted && attempts < 2 * fitted + 4; ++attempts) {
    const int64_t k_next = static_cast<int64_t>(tones_.size()) + 1;
    if (!tones_.empty() && n - 1 - 3 * k_next < 1) break;
    if (!tones_.empty() && (n - 1) / 2 < 8) break;
    const Detection d = Detect();
    if (!tones_.empty() && !d.significant) break;
    tones_.push_back(Tone{d.omega, 0, 0, 0, d.significant});
    const int k = static_cast<int>(tones_.size()) - 1;
    Refit(k, d.omega, bin_, d.coarse_only);
    double largest = 0, nearest = std::numeric_limits<double>::infinity();
    for (int j = 0; j < k; ++j) {
      largest = std::max(largest, tones_[j].J);
      nearest = std::min(nearest, std::fabs(tones_[j].omega - tones_[k].omega));
    }
    if (k > 0 && (!(tones_[k].J >= kRelativeEnergyFloor * largest) || nearest < kResolvedBins * bin_)) {
      AddTone(model_, tones_[k].omega, tones_[k].a, tones_[k].b, -1);
      tones_.pop_back();
      break;
    }
    if (Stopped()) break;
    if (tones_.size() >= 2) converged = Sweep(Rounds());
    if (stop_ != Stop::kNone) break;
  }
  if (tones_.size() >= 2 && stop_ == Stop::kNone && !converged) converged = Sweep(Rounds());

  for (size_t j = 0; j < tones_.size(); ++j) {
    for (size_t k = j + 1; k < tones_.size(); ++k) {
      if (std::fabs(tones_[j].omega - tones_[k].omega) < kResolvedBins * bin_) converged = false;
    }
  }
  double offset = 0;
  for (int64_t i = 0; i < n; ++i) offset += y_[i] - model_[i];
  offset /= static_cast<double>(n);
  double rss = 0;
  for (int64_t i = 0; i < n; ++i) {
    const double e = y_[i] - model_[i] - offset;
    rss += e * e;
  }
  const int64_t dof = n - 1 - 3 * static_cast<int64_t>(tones_.size());
  const double sigma2 = dof >= 1 ? rss / static_cast<double>(dof) : std::numeric_limits<double>::quiet_NaN();
  struct Row {
    double frequency, amplitude, phase, tolerance, significant;
  };
  std::vector<Row> rows;
  const double h = static_cast<double>(n - 1) / 2;
  for (int k = 0; k < static_cast<int>(tones_.size()); ++k) {
    const Tone& t = tones_[k];
    Residual(k);
    const ToneFit fit = FitTone(r_, t.omega);
    ++evaluations_;
    const bool on_edge = (t.omega <= lo_ && fit.dJ < 0) || (t.omega >= hi_ && fit.dJ > 0) || t.omega == kPi;
    const double newton = on_edge || !(fit.d2J < 0) ? 0 : std::fabs(fit.dJ / fit.d2J);
    bool edge_max = true;
    if (t.omega == kPi) {
      const ToneFit inside = FitTone(r_, kPi - 1e-3 * bin_);
      ++evaluations_;
      edge_max = !(inside.J > fit.J * (1 + 1e-12));
    }
    double tol;
    if (!t.significant || !(dof >= 1) || !edge_max) {
      tol = kPi;
    } else if (!(fit.d2J < 0)) {
      tol = bin_ / 2;
    } else {
      const double joint = ClusterOmegaVariance(tones_, k, n);
      const double variance = std::max((-2 * sigma2) / fit.d2J, sigma2 * joint);
      const double coupling = joint > 0 ? (kClusterRoundingBins / kRoundingBins) * std::max(1.0, (joint * -fit.d2J) / 2) : 1;
      tol = std::isnan(joint) ? kPi
                              : 3 * std::sqrt(variance) + 2 * newton + 2 * tail_ +
                                    coupling * kRoundingBins * std::sqrt(static_cast<double>(n)) * kEps * bin_;
    }
    rows.push_back(Row{t.omega / (2 * kPi), Ldexp(std::hypot(t.a, t.b), -k2), WrapPhase(std::atan2(-t.b, t.a) - t.omega * h),
                       std::min(0.5, tol / (2 * kPi)), t.significant ? 1.0 : 0.0});
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return a.amplitude != b.amplitude ? a.amplitude > b.amplitude : a.frequency < b.frequency;
  });
  out->values.clear();
  for (const Row& row : rows) {
    for (double v : {row.frequency, row.amplitude, row.phase, row.tolerance, row.significant}) out->values.push_back(v);
  }
  out->objective = out->values[0];
  out->SetExtra("offset", Ldexp(offset, -k2));
  out->SetExtra("noise", std::isnan(sigma2) ? 0 : Ldexp(std::sqrt(sigma2), -k2));
  out->SetExtra("constant", 0);
  out->SetExtra("dof", static_cast<double>(std::max<int64_t>(0, dof)));
  out->SetExtra("converged", converged ? 1 : 0);
  out->work.iterations = evaluations_;
  out->work.nodes = ffts_;
  out->work.restarts = sweeps_;
  out->status = StatusFor(stop_, ResultStatus::kOptimal);
}

}  // namespace

int32_t FittedTones(int64_t n, int32_t top) {
  const auto cap = static_cast<int64_t>(std::floor(std::sqrt(std::ldexp(1.0, 26) / static_cast<double>(n))));
  return std::max<int32_t>(top, static_cast<int32_t>(std::min<int64_t>(kFrequencyMaxTop, cap)));
}

CallStatus ValidateFrequency(std::string_view /*command*/, const FrequencyProblem& p, const SolveOptions& options,
                             std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const FrequencyView& f = p.frequency;
  if (p.n < 2) return fail("frequency needs at least 2 samples");
  if (f.signal.size() != static_cast<size_t>(p.n)) return fail("frequency needs signal of length n");
  if (!p.linear.empty() || p.pairs.size() != 0 || p.complete || !options.warm_start.empty()) {
    return fail("frequency takes only its own fields");
  }
  // The contract caps Σ|x| at 1e150: amplitudes, offsets and their squares stay finite.
  for (double v : f.signal) {
    if (!(std::fabs(v) <= 1e150)) return fail("signal values must be finite and at most 1e150 in magnitude");
  }
  if (f.window < 0 || f.window >= static_cast<int32_t>(kFrequencyWindows.size())) return fail("unknown window");
  if (f.top < 1 || f.top > kFrequencyMaxTop) return fail("top must be 1..64");
  FrequencyBudget b;
  std::string why;
  if (!DecodeBudget(f.budget, kFrequencyBudget, &b, &why)) return fail(why);
  return CallStatus::kOk;
}

CallStatus SolveFrequency(const FrequencyProblem& p, const SolveOptions& /*options*/, const Limits& limits,
                          SolveResult* out, std::string* error) {
  FrequencyBudget budget;
  if (!DecodeBudget(p.frequency.budget, kFrequencyBudget, &budget, error)) return CallStatus::kError;
  Analysis analysis(p, budget, limits);
  analysis.Run(out);
  return CallStatus::kOk;
}

}  // namespace svc::core
