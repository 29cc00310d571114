// Named solve_limits.h, not limits.h: with src/core on the include path that name would
// shadow the C library <limits.h>.
// Deadline and cancellation: one CheckLimits(), called at phase boundaries and every few
// thousand steps of an inner loop (a relaxed atomic load plus, with a deadline, a clock read).
#ifndef SVC_CORE_COMMON_SOLVE_LIMITS_H_
#define SVC_CORE_COMMON_SOLVE_LIMITS_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>

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

// One progress report, in the command's own objective sense (what the answer's `objective` and
// `bound` mean). NaN = not known (no incumbent yet, or the family has no bound).
struct ProgressPoint {
  double best = std::numeric_limits<double>::quiet_NaN();
  double bound = std::numeric_limits<double>::quiet_NaN();
  double work = 0;        // the search's own unit (moves, nodes, iterations), monotone per phase
  double elapsed_ms = 0;  // since the engine call
};

// The listener of a solve's progress: a plain function pointer and its context (no N-API here).
// Called on the solving thread; it must copy what it needs and return quickly.
using ProgressFn = void (*)(void* context, const ProgressPoint& point);

// Throttles and maps the reports of one solve. Observation only: it never changes what the
// search does (no randomness, no limits), so answers are the same with or without a listener.
class ProgressSink {
 public:
  static constexpr double kIntervalMs = 100;

  ProgressSink(ProgressFn fn, void* context, Clock::time_point start)
      : fn_(fn), context_(context), start_(start), next_(start) {}

  // The family says how the search's internal value (a minimised energy, say) maps to its
  // objective: objective = sign * value + offset. Until then, `best` and `bound` are reported
  // as unknown (never a value in the wrong sense).
  void MapObjective(double sign, double offset) {
    sign_ = sign;
    offset_ = offset;
    mapped_ = true;
    best_ = kInf;
    bound_ = -kInf;
  }
  void Unmap() { mapped_ = false; }

  // From a search loop, next to its CheckLimits(): one clock read; a report at most every
  // kIntervalMs. `best` and `bound` are in the search's internal sense, a minimisation (NaN or
  // infinite: unknown); the sink keeps the least best and the greatest bound offered since the
  // mapping began, so a search that restarts never reports a worse best than before.
  void Offer(double best, double bound, double work) {
    Track(best, bound);
    const Clock::time_point now = Clock::now();
    if (now < next_) return;
    next_ = now + std::chrono::duration_cast<Clock::duration>(
                      std::chrono::duration<double, std::milli>(kIntervalMs));
    Emit(best, bound, work, now);
  }

  // At the end of a phase or solve, whatever the throttle says (still in the internal sense).
  void Flush(double best, double bound, double work) { Emit(best, bound, work, Clock::now()); }

  int64_t reports() const { return reports_; }

 private:
  void Track(double best, double bound) {
    if (std::isfinite(best) && best < best_) best_ = best;
    if (std::isfinite(bound) && bound > bound_) bound_ = bound;
  }

  void Emit(double best, double bound, double work, Clock::time_point now) {
    ProgressPoint p;
    Track(best, bound);
    if (mapped_) {
      if (std::isfinite(best_)) p.best = sign_ * best_ + offset_;
      if (std::isfinite(bound_)) p.bound = sign_ * bound_ + offset_;
    }
    p.work = work;
    p.elapsed_ms = std::chrono::duration<double, std::milli>(now - start_).count();
    ++reports_;
    fn_(context_, p);
  }

  ProgressFn fn_;
  void* context_;
  Clock::time_point start_;
  Clock::time_point next_;
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  double sign_ = 1;
  double offset_ = 0;
  bool mapped_ = false;
  double best_ = kInf;
  double bound_ = -kInf;
  int64_t reports_ = 0;
};

// The limits of one solve. Does not own the cancel flag: the caller keeps that memory alive
// (in the addon it is the SharedArrayBuffer behind a JS Int32Array) for the whole solve.
class Limits {
 public:
  // The cancel flag's value when the service raises it at a deadline (1: a caller's cancel).
  static constexpr int32_t kDeadlineFlag = 2;
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
  // The flag says why (kDeadlineFlag: the service's deadline, its second line behind the
  // engine's own clock; any other non-zero value: a cancel).
  Stop CheckLimits() const {
    if (cancel_flag_ != nullptr) {
      const int32_t f = std::atomic_ref<int32_t>(*cancel_flag_).load(std::memory_order_relaxed);
      if (f != 0) return f == kDeadlineFlag ? Stop::kDeadline : Stop::kCancelled;
    }
    if (has_deadline_ && Clock::now() >= deadline_) return Stop::kDeadline;
    return Stop::kNone;
  }

  double ElapsedMs() const {
    return std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
  }

  Clock::time_point start() const { return start_; }

  // Milliseconds left before the deadline (+infinity without one, 0 once it has passed).
  double RemainingMs() const {
    if (!has_deadline_) return std::numeric_limits<double>::infinity();
    return std::max(0.0, std::chrono::duration<double, std::milli>(deadline_ - Clock::now()).count());
  }

  // The same limits with the deadline brought forward to at most `ms` from now: a phase that
  // must leave the rest of the time to the next one.
  Limits Within(double ms) const {
    Limits l = *this;
    const Clock::time_point t = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                   std::chrono::duration<double, std::milli>(std::min(ms, kMaxDeadlineMs)));
    if (!l.has_deadline_ || t < l.deadline_) {
      l.has_deadline_ = true;
      l.deadline_ = t;
    }
    return l;
  }

  // The progress listener (not owned; null when no one listens, the common case).
  void set_progress(ProgressSink* sink) { progress_ = sink; }
  ProgressSink* progress() const { return progress_; }

  // A search reports its state: free when no one listens, else ProgressSink::Offer.
  void Report(double best, double bound, double work) const {
    if (progress_ != nullptr) progress_->Offer(best, bound, work);
  }

 private:
  ProgressSink* progress_ = nullptr;
  int32_t* cancel_flag_ = nullptr;
  Clock::time_point start_;
  bool has_deadline_ = false;
  Clock::time_point deadline_{};
};

// A family maps its search's internal value to its objective for one stretch of code
// (objective = sign * value + offset); reports outside it carry only work and time.
class ObjectiveScope {
 public:
  ObjectiveScope(const Limits& limits, double sign, double offset) : sink_(limits.progress()) {
    if (sink_ != nullptr) sink_->MapObjective(sign, offset);
  }
  ~ObjectiveScope() {
    if (sink_ != nullptr) sink_->Unmap();
  }
  ObjectiveScope(const ObjectiveScope&) = delete;
  ObjectiveScope& operator=(const ObjectiveScope&) = delete;

 private:
  ProgressSink* sink_;
};

}  // namespace svc::core

#endif  // SVC_CORE_COMMON_SOLVE_LIMITS_H_
