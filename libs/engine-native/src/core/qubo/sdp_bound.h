// A proven upper bound on the maximum cut from the Goemans–Williamson SDP relaxation.
//
// Relaxation: max ¼ Σ L_ij X_ij, diag X = 1, X ⪰ 0, with L = D − W the weighted Laplacian
// (D_ii = Σ_j W_ij, signed weights allowed). Its dual: min Σ y_i with Diag y − L/4 ⪰ 0. For ANY y
// and any cut x ∈ {±1}^n, ¼ xᵀLx = Σ y_i + xᵀ(L/4 − Diag y)x ≤ Σ y_i + n·λ_max(L/4 − Diag y), so
// a proven μ ≥ λ_max(L/4 − Diag y) gives the proven bound Σ y_i + n·μ.
//
// 1. Primal, approximately: the mixing method (Wang, Chang, Kolter 2017), unit vectors v_i ∈ R^k,
//    k = ⌈√(2n)⌉ + 1, v_i ← −normalize(g_i) with g_i = Σ_j W_ij v_j, node by node, until a sweep
//    lowers Σ W_ij <v_i, v_j> by less than tol·Σ|W_ij| (or max_sweeps).
// 2. Dual from the KKT conditions: (Diag y − L/4) v = 0 row by row with v_i = −g_i/‖g_i‖ gives
//    y_i = ¼ (D_ii + ‖g_i‖).
// 3. λ_max(L/4 − Diag y) estimated by Lanczos (300 steps, full reorthogonalisation, Sturm
//    bisection on T) with the Ritz residual ρ of the top Ritz pair.
// 4. Proof: a floating-point Cholesky of B = μ'I − (L/4 − Diag y) (μ' = the estimate plus a small
//    margin) that runs to completion. By Demmel's bound (Higham, Accuracy and Stability, Thm 10.3)
//    the computed factor satisfies R̂ᵀR̂ = B + ΔB with |ΔB| ≤ γ_{n+1}|R̂ᵀ||R̂|, hence
//    ‖ΔB‖₂ ≤ α·tr B with α = γ_{n+1}/(1 − γ_{n+1}) (Rump's criterion, BIT 2006), so
//    λ_min(B) ≥ −α·tr B. Adding the rounding of B's diagonal (D_ii, μ' and y_i are summed in
//    floating point; off-diagonals W_ij/4 are exact) and an absolute term for underflow gives a
//    μ ≥ λ_max(L/4 − Diag y) that is proven, not estimated. μ' = θ + max(10⁻⁶·scale, 0.3ρ);
//    a failed Cholesky retries with 10× the margin, three tries in all, then gives up (the
//    caller keeps its other bound).
//
// Dense O(n³/3) factorisation on the packed lower triangle (n(n+1)/2 doubles), so the size is
// capped (SdpBoundMaxN); a deadline or cancellation stops it and then nothing is claimed.
// engine-ts families/qubo/sdp-bound.ts performs the same operations in the same order.
#ifndef SVC_CORE_QUBO_SDP_BOUND_H_
#define SVC_CORE_QUBO_SDP_BOUND_H_

#include <cstdint>
#include <span>
#include <vector>

#include "common/request.h"
#include "common/solve_limits.h"
#include "qubo/problem.h"

namespace svc::core {

// Smallest n the solver attaches an SDP bound to (below it the exact methods usually certify and
// the cycle bound is used alone). engine-ts families/qubo/sdp-bound.ts is the twin (SDP_MIN_N).
inline constexpr int32_t kSdpMinN = 64;

// Largest n for the SDP bound at this exact budget: 0 at flash (bound_work < 50M), 2048 at medium,
// 6000 at high (bound_work >= 200M). Dense Cholesky: ~2.9·10⁹ and 7.2·10¹⁰ flops at those caps.
int32_t SdpBoundMaxN(const ExactBudget& exact);

struct SdpBoundOutcome {
  bool proven = false;        // bound is a proven upper bound on the maximum cut
  double bound = 0;           // floor'ed when every weight is an integer
  double estimate = 0;        // Σ y + n·θ (Lanczos estimate): what the proof tried to reach
  double primal = 0;          // the mixing method's relaxation value (≤ SDP optimum, approx.)
  int64_t sweeps = 0;         // mixing sweeps
  int32_t cholesky_tries = 0; // factorisations attempted
  Stop stop = Stop::kNone;    // a limit that fired (then proven is false)
  std::vector<double> y;      // when proven: the dual point and the proven
  double mu = 0;              //   μ ≥ λ_max(L/4 − Diag y) (bound = Σ y + n·μ, rounded up)
};

// Steps 1–4 on a max-cut instance (canonical edges). `seed` seeds the start vectors.
SdpBoundOutcome MaxcutSdpBound(const MaxcutView& p, uint32_t seed, const Limits& limits,
                               int32_t max_sweeps = 3000, double tol = 1e-8);

// Step 4 alone: tries to prove λ_max(L/4 − Diag y) ≤ μ for a μ slightly above `shift` by a
// Cholesky of shift·I − (L/4 − Diag y). True with *mu set when the factorisation succeeds;
// false when it fails (the matrix is not numerically positive definite) or a limit fired (*stop).
bool ProveShift(const MaxcutView& p, std::span<const double> y, double shift,
                const Limits& limits, double* mu, Stop* stop = nullptr);

// Σ y_i + n·mu rounded upward (a margin for the summation), floor'ed when `integral`.
double DualCutBound(std::span<const double> y, double mu, bool integral);

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_SDP_BOUND_H_
