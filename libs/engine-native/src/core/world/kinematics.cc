#include "world/kinematics.h"

#include <cmath>
#include <numbers>

namespace svc::core {

namespace {
constexpr double kTwoPi = 2 * std::numbers::pi;
constexpr double kTwoPiError = 2.5e-16;
}  // namespace

Err WrapAngle(Err t) {
  // JavaScript's Math.round: the nearest integer, halves up (q − ⌊q⌋ is exact).
  const double q = t.v / kTwoPi;
  double k = std::floor(q);
  if (q - k >= 0.5) k += 1;
  double v = t.v - k * kTwoPi;
  if (v <= -std::numbers::pi) {
    v += kTwoPi;
    k -= 1;
  }
  if (v > std::numbers::pi) {
    v -= kTwoPi;
    k += 1;
  }
  return {v, t.e + std::fabs(k) * kTwoPiError + kUnitRoundoff * (std::fabs(t.v) + std::fabs(v))};
}

WorldComputed PlanarChain(const WorldProblem& p) {
  const int64_t n = p.n;
  const auto& L = p.world.links;
  const double bx = p.world.base.size() == 3 ? p.world.base[0] : 0;
  const double by = p.world.base.size() == 3 ? p.world.base[1] : 0;
  const double bt = p.world.base.size() == 3 ? p.world.base[2] : 0;
  WorldComputed out;
  out.answer.resize((n + 1) * 3);
  Err x = Exact(bx), y = Exact(by), th = Exact(bt);
  const auto put = [&](int64_t i) {
    const Err w = WrapAngle(th);
    out.answer[3 * i] = x.v;
    out.answer[3 * i + 1] = y.v;
    out.answer[3 * i + 2] = w.v;
    out.tolerance = std::max({out.tolerance, x.e, y.e, w.e});
  };
  put(0);
  for (int64_t i = 0; i < n; ++i) {
    th = Add(th, Exact(L[2 * i + 1]));
    const Err len = Exact(L[2 * i]);
    x = Add(x, Mul(len, Cos(th)));
    y = Add(y, Mul(len, Sin(th)));
    put(i + 1);
  }
  out.objective = std::hypot(x.v - bx, y.v - by);
  return out;
}

WorldComputed DhChain(const WorldProblem& p) {
  const int64_t n = p.n;
  const auto& D = p.world.links;
  WorldComputed out;
  out.answer.resize((n + 1) * 12);
  double R[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  double P[3] = {0, 0, 0};
  double e_r = 0, e_p = 0;
  const double u = kUnitRoundoff, g3 = (3 * u) / (1 - 3 * u), root3 = std::sqrt(3.0);
  const auto put = [&](int64_t i) {
    double* o = out.answer.data() + 12 * i;
    o[0] = P[0], o[1] = P[1], o[2] = P[2];
    for (int k = 0; k < 9; ++k) o[3 + k] = R[k];
  };
  put(0);
  for (int64_t i = 0; i < n; ++i) {
    const double a = D[4 * i], alpha = D[4 * i + 1], d = D[4 * i + 2], theta = D[4 * i + 3];
    const double ct = std::cos(theta), st = std::sin(theta), ca = std::cos(alpha), sa = std::sin(alpha);
    const double A[9] = {ct, -(st * ca), st * sa, st, ct * ca, -(ct * sa), 0, sa, ca};
    const double t[3] = {a * ct, a * st, d};
    const double e_a = 15 * u, e_t = 4 * u * std::fabs(a), tn = std::hypot(a, d);
    for (int r = 0; r < 3; ++r) P[r] = P[r] + (R[3 * r] * t[0] + R[3 * r + 1] * t[1] + R[3 * r + 2] * t[2]);
    e_p = e_p + (1 + e_r) * e_t + e_r * tn + g3 * (root3 + e_r) * (tn + e_t) + u * root3 * std::hypot(P[0], P[1], P[2]);
    double N[9];
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) N[3 * r + c] = R[3 * r] * A[c] + R[3 * r + 1] * A[3 + c] + R[3 * r + 2] * A[6 + c];
    }
    for (int k = 0; k < 9; ++k) R[k] = N[k];
    e_r = e_r * (1 + e_a) + (1 + e_r) * e_a + g3 * (root3 + e_r) * (root3 + e_a);
    put(i + 1);
  }
  out.tolerance = std::max(e_p, e_r);
  out.objective = std::hypot(P[0], P[1], P[2]);
  return out;
}

}  // namespace svc::core
