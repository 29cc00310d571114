// Named solve_limits.h, not limits.h: with src/core on the include path that name would
// shadow the C library <limits.h>.
// Deadline and cancellation: one CheckLimits(), called at phase boundaries and every few
// thousand steps of an inner loop (a relaxed atomic load plus, with a deadline, a clock read).
#ifndef SVC_CORE_COMMON_SOLVE_LIMITS_H_
#define SVC_CORE_COMMON_SOLVE_LIMITS_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>

#include "common/status.h"

namespace svc::core {

using Clock = std::chrono::steady_clock;

// Why a search must stop now, if it must.
enum class Stop : int32_t { kNone = 0, kDeadline = 1, kCancelled = 2 };

constexpr ResultStatus StatusFor(Stop stop, ResultStatus otherwise) {
  return stop == Stop::kDeadline    ? ResultStatus::kDeadline
         : stop == Stop::kCancelled ? ResultStatus::kCancelled
                                    : otherwise;
}

// The limits of one solve. Does not own the cancel flag: the caller keeps that memory alive
// (in the addon it is the SharedArrayBuffer behind a JS Int32Array) for the whole solve.
class Limits {
 public:
  // Longer deadlines are clamped (about 31 years) so the time_point cannot overflow.
  static constexpr double kMaxDeadlineMs = 1e12;

  // No deadline, no cancel flag.
  Limits() : start_(Clock::now()) {}

  // deadline_ms <= 0 means none; it counts from `start` (the engine call, not the thread start).
  Limits(int32_t* cancel_flag, Clock::time_point start, double deadline_ms)
      : cancel_flag_(cancel_flag),
        start_(start),
        has_deadline_(deadline_ms > 0),
        deadline_(start + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double, std::milli>(
                                  deadline_ms > 0 ? std::min(deadline_ms, kMaxDeadlineMs) : 0))) {}

  // The one limit check: phase boundaries, and every few thousand inner-loop steps.
  Stop CheckLimits() const {
    if (cancel_flag_ != nullptr &&
        std::atomic_ref<int32_t>(*cancel_flag_).load(std::memory_order_relaxed) != 0) {
      return Stop::kCancelled;
    }
    if (has_deadline_ && Clock::now() >= deadline_) return Stop::kDeadline;
    return Stop::kNone;
  }

  double ElapsedMs() const {
    return std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
  }

  Clock::time_point start() const { return start_; }

 private:
  int32_t* cancel_flag_ = nullptr;
  Clock::time_point start_;
  bool has_deadline_ = false;
  Clock::time_point deadline_{};
};

}  // namespace svc::core

#endif  // SVC_CORE_COMMON_SOLVE_LIMITS_H_
