// Deadline and cancellation: solvers stop promptly, report why, and keep their best answer.
#include "common/solve_limits.h"

#include <atomic>
#include <cmath>
#include <limits>
#include <string>
#include <chrono>
#include <thread>
#include <vector>

#include <pthread.h>
#include <time.h>

#include "qubo/evaluate.h"
#include "qubo/exact.h"
#include "common/registry.h"
#include "kernels/tabu.h"
#include "qubo/test_instances.h"
#include "testing/test_util.h"
#include "qubo/model.h"

namespace {

using svc::core::Clock;
using svc::core::Limits;
using svc::core::Stop;

// CPU time of a thread, in ms. "Stops promptly" is checked in the solver thread's own CPU time,
// never in wall time: on a loaded machine the thread may wait far longer than it works, and a
// solver that ignores its limits still shows as seconds of CPU.
double CpuMs(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double ThreadCpuMs() { return CpuMs(CLOCK_THREAD_CPUTIME_ID); }

clockid_t CpuClockOf(pthread_t thread) {
  clockid_t c{};
  CHECK(pthread_getcpuclockid(thread, &c) == 0);
  return c;
}

void TestCheckLimits() {
  int32_t flag = 0;
  const Limits none(&flag, Clock::now(), 0);
  CHECK(none.CheckLimits() == Stop::kNone);
  std::atomic_ref<int32_t>(flag).store(Limits::kDeadlineFlag);  // the service's deadline
  CHECK(none.CheckLimits() == Stop::kDeadline);
  std::atomic_ref<int32_t>(flag).store(1);
  CHECK(none.CheckLimits() == Stop::kCancelled);
  const Limits past(nullptr, Clock::now() - std::chrono::seconds(1), 10);
  CHECK(past.CheckLimits() == Stop::kDeadline);
  const Limits huge(nullptr, Clock::now(), 1e300);  // clamped, no overflow
  CHECK(huge.CheckLimits() == Stop::kNone);
}

void TestExactDeadline() {
  svc::core::Prng rng(1);
  const svc::test::Instance in = svc::test::RandomInstance(rng, 30, 0.5, 10, true);
  const svc::core::QuboModel m = svc::core::ModelFromQubo(in.Qubo());
  const double cpu0 = ThreadCpuMs();
  const Limits limits(nullptr, Clock::now(), 30);
  const svc::core::ExactOutcome r = svc::core::ExactGray(m, 30, limits);
  const double took = ThreadCpuMs() - cpu0;
  CHECK(!r.complete);
  CHECK(r.stop == Stop::kDeadline);
  CHECK(took < 30 + 200);  // polled every 4096 steps: at most the 30 ms before the deadline, and a few µs
  CHECK(r.steps > 0);
  CHECK(r.steps < (int64_t{1} << 30) - 1);
  // The best state so far is real: its energy matches the tracked one.
  CHECK_NEAR(svc::core::QuboEnergy(in.Qubo(), r.x), r.energy, 1e-9);
}

void TestExactCancelledBeforeStart() {
  int32_t flag = 1;
  svc::core::Prng rng(2);
  const svc::test::Instance in = svc::test::RandomInstance(rng, 20, 0.5, 10, true);
  const svc::core::ExactOutcome r =
      svc::core::ExactGray(svc::core::ModelFromQubo(in.Qubo()), 20, Limits(&flag, Clock::now(), 0));
  CHECK(!r.complete);
  CHECK(r.stop == Stop::kCancelled);
  CHECK(r.steps == 0);
}

void TestTabuCancelledFromAnotherThread() {
  svc::core::Prng rng(3);
  const svc::test::Instance in = svc::test::RandomInstance(rng, 2000, 0.01, 5, false);
  const svc::core::QuboModel m = svc::core::ModelFromMaxcut(in.Maxcut());
  svc::core::TabuParams p;
  p.max_moves = 1'000'000'000;  // far more than fits in the test's time
  p.max_phases = p.max_moves;
  p.stall = 5000;
  p.tenure_base = 200;
  p.tenure_span = 100;
  p.anneal_sweeps = 40;
  p.elite_pool = 2;
  p.shrink_rounds = 400;
  p.use_trees = true;
  int32_t flag = 0;
  const Limits limits(&flag, Clock::now(), 0);
  // Cancelled once the search's thread has worked 50 ms (its CPU time, so a loaded machine that
  // leaves it waiting does not cancel it before its first move).
  const clockid_t search_clock = CpuClockOf(pthread_self());
  double cpu_at_cancel = 0;
  std::atomic<bool> returned{false};  // the search ended without the cancel: the checks below fail, the test ends
  std::thread canceller([&flag, &cpu_at_cancel, &returned, search_clock] {
    const double cpu0 = CpuMs(search_clock);
    while (!returned.load() && CpuMs(search_clock) - cpu0 < 50) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    cpu_at_cancel = CpuMs(search_clock);
    std::atomic_ref<int32_t>(flag).store(1);
  });
  svc::core::Prng search_rng(0);
  const svc::core::TabuOutcome r = svc::core::TabuSearch(m, p, search_rng, limits, {});
  const double cpu_end = ThreadCpuMs();
  returned.store(true);
  canceller.join();
  CHECK(r.stop == Stop::kCancelled);
  CHECK(r.moves > 0);
  CHECK(cpu_end - cpu_at_cancel < 500);  // the search's own work after the cancel
  CHECK_NEAR(svc::core::ModelEnergy(m, r.x), r.energy, 1e-6);
}

void TestSolveReportsDeadline() {
  svc::core::Prng rng(4);
  const svc::test::Instance in = svc::test::RandomInstance(rng, 28, 0.5, 10, true);
  svc::core::SolveOptions o;
  svc::core::QuboBudget budget;
  budget.search.exact_max_n = 28;
  const double cpu0 = ThreadCpuMs();
  const Limits limits(nullptr, Clock::now(), 20);
  svc::core::SolveResult out;
  std::string error;
  CHECK(svc::core::Solve("optimize", in.View(budget), o, limits, &out, &error) ==
        svc::core::CallStatus::kOk);
  CHECK(out.status == svc::core::ResultStatus::kDeadline);
  CHECK(out.proof == svc::core::Proof::kNone);
  CHECK(out.has_bound);
  CHECK(out.bound <= out.objective);
  CHECK(ThreadCpuMs() - cpu0 < 20 + 200);
}

struct Seen {
  std::vector<svc::core::ProgressPoint> points;
};

void Record(void* context, const svc::core::ProgressPoint& p) { static_cast<Seen*>(context)->points.push_back(p); }

// The sink maps the internal minimisation to the objective, keeps the best and bound monotone,
// reports nothing in the wrong sense before a mapping, and throttles to one report per interval.
void TestProgressSink() {
  Seen seen;
  const Clock::time_point start = Clock::now();
  svc::core::ProgressSink sink(Record, &seen, start);
  Limits limits(nullptr, start, 0);
  limits.set_progress(&sink);
  limits.Report(5, 1, 10);  // unmapped: work and time only
  CHECK(seen.points.size() == 1);
  CHECK(std::isnan(seen.points[0].best) && std::isnan(seen.points[0].bound));
  CHECK(seen.points[0].work == 10);
  {
    const svc::core::ObjectiveScope scope(limits, -1, 3);  // objective = 3 - value
    for (int k = 0; k < 1000; ++k) limits.Report(7 - (k % 3), k == 0 ? -2.0 : -4.0, k);
    // Inside one interval (1000 cheap calls): at most one more report, unless the box is slow.
    const size_t after_burst = seen.points.size();
    CHECK(after_burst <= 3);
    sink.Flush(9, std::numeric_limits<double>::quiet_NaN(), 2000);  // worse best, no bound: kept
    const svc::core::ProgressPoint& last = seen.points.back();
    CHECK(last.best == 3 - 5);   // the least value offered was 5
    CHECK(last.bound == 3 + 2);  // the greatest bound offered was -2
    CHECK(last.work == 2000);
    CHECK(last.elapsed_ms >= 0);
  }
  sink.Flush(1, 0, 3000);  // the scope ended: unknown again
  CHECK(std::isnan(seen.points.back().best));
  CHECK(sink.reports() == static_cast<int64_t>(seen.points.size()));
  std::this_thread::sleep_for(std::chrono::milliseconds(120));
  const size_t before = seen.points.size();
  limits.Report(1, 0, 4000);
  CHECK(seen.points.size() == before + 1);  // the interval has passed
}

// Progress is observation only: the same answer with and without a listener, and the reports
// are achieved values (never better than the final objective) under a valid bound.
void TestOptimizeProgressSameAnswer() {
  for (const char* command : {"optimize", "maxcut"}) {
    svc::core::Prng rng(11);
    const bool maxcut = std::string(command) == "maxcut";
    const svc::test::Instance in = svc::test::RandomInstance(rng, 120, 0.1, 10, !maxcut);
    svc::core::SolveOptions o;
    svc::core::QuboBudget budget;
    budget.search.exact_max_n = 0;
    budget.search.tabu_iterations = 200000;
    budget.search.restarts = 50;
    budget.search.stall = 2000;
    budget.search.tenure_base = 10;
    budget.search.tenure_span = 10;
    budget.search.anneal_sweeps = 10;
    budget.search.elite_pool = 4;
    budget.search.shrink_rounds = 3;
    o.seed = 5;
    svc::core::SolveResult plain, watched;
    std::string error;
    CHECK(svc::core::Solve(command, in.View(budget), o, Limits(), &plain, &error) == svc::core::CallStatus::kOk);
    Seen seen;
    const Clock::time_point start = Clock::now();
    svc::core::ProgressSink sink(Record, &seen, start);
    Limits limits(nullptr, start, 0);
    limits.set_progress(&sink);
    CHECK(svc::core::Solve(command, in.View(budget), o, limits, &watched, &error) == svc::core::CallStatus::kOk);
    CHECK(plain.answer == watched.answer);
    CHECK(plain.objective == watched.objective);
    CHECK(plain.has_bound == watched.has_bound && plain.bound == watched.bound);
    CHECK(!seen.points.empty());
    if (seen.points.empty()) continue;
    const bool maximise = maxcut;
    const double tol = 1e-6 * (1 + std::fabs(watched.objective));
    double prev_work = -1;
    for (size_t k = 0; k < seen.points.size(); ++k) {
      const svc::core::ProgressPoint& p = seen.points[k];
      CHECK(!std::isnan(p.best));
      CHECK(maximise ? p.best <= watched.objective + tol : p.best >= watched.objective - tol);
      if (k > 0) CHECK(maximise ? p.best >= seen.points[k - 1].best : p.best <= seen.points[k - 1].best);
      if (!std::isnan(p.bound)) CHECK(maximise ? p.bound >= watched.objective - tol : p.bound <= watched.objective + tol);
      CHECK(p.work >= prev_work);
      prev_work = p.work;
    }
    CHECK_NEAR(seen.points.back().best, watched.objective, tol);
  }
}

}  // namespace

int main() {
  TestProgressSink();
  TestOptimizeProgressSameAnswer();
  TestCheckLimits();
  TestExactDeadline();
  TestExactCancelledBeforeStart();
  TestTabuCancelledFromAnotherThread();
  TestSolveReportsDeadline();
  return svc::test::Finish("solve_limits_test");
}
