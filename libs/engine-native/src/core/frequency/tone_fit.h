// The least-squares fit of one real tone plus an offset to a centred residual as a function of ω,
// and its Newton refinement: a port of engine-ts families/frequency/tone-fit.ts (that file's
// comment is the specification).
#ifndef SVC_CORE_FREQUENCY_TONE_FIT_H_
#define SVC_CORE_FREQUENCY_TONE_FIT_H_

#include <cstdint>
#include <span>

namespace svc::core {

struct ToneFit {
  double J = 0, dJ = 0, d2J = 0;
  double a = 0, b = 0;  // coefficients of cos ωt and sin ωt (centred time)
};

// cos and sin run by rotation through ω sample by sample within blocks of kRotationBlock; each block
// starts from a rotation through ω·kRotationBlock, re-seeded exactly every kReseedBlocks blocks.
inline constexpr int64_t kRotationBlock = 64;
inline constexpr int64_t kReseedBlocks = 64;

// Evaluates the fit of a tone at ω to the centred residual e.
ToneFit FitTone(std::span<const double> e, double omega);

// Adds sign·(a·cos ωt + b·sin ωt), t = i − (n−1)/2, to out[i] for every i.
void AddTone(std::span<double> out, double omega, double a, double b, double sign);

struct Refined {
  double omega = 0;
  ToneFit fit;
  double newton_distance = 0;
  int64_t evaluations = 0;
};

// Maximises J over [max(lo, ω0 − hw), min(hi, ω0 + hw)] from ω0 (tone-fit.ts refineTone).
Refined RefineTone(std::span<const double> e, double omega0, double hw, double lo, double hi, int32_t max_steps);

}  // namespace svc::core

#endif  // SVC_CORE_FREQUENCY_TONE_FIT_H_
