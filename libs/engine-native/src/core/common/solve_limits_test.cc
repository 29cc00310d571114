// Deadline and cancellation: solvers stop promptly, report why, and keep their best answer.
#include "common/solve_limits.h"

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "qubo/evaluate.h"
#include "qubo/exact.h"
#include "common/registry.h"
#include "kernels/tabu.h"
#include "testing/test_instances.h"
#include "testing/test_util.h"

namespace {

using svc::core::Clock;
using svc::core::Limits;
using svc::core::Stop;

double MsSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

void TestCheckLimits() {
  int32_t flag = 0;
  const Limits none(&flag, Clock::now(), 0);
  CHECK(none.CheckLimits() == Stop::kNone);
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
  const Clock::time_point start = Clock::now();
  const Limits limits(nullptr, start, 30);
  const svc::core::ExactOutcome r = svc::core::ExactGray(m, 30, limits);
  const double took = MsSince(start);
  CHECK(!r.complete);
  CHECK(r.stop == Stop::kDeadline);
  CHECK(took < 30 + 200);  // polled every 4096 steps
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
  const Clock::time_point start = Clock::now();
  const Limits limits(&flag, start, 0);
  std::thread canceller([&flag] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::atomic_ref<int32_t>(flag).store(1);
  });
  svc::core::Prng search_rng(0);
  const svc::core::TabuOutcome r = svc::core::TabuSearch(m, p, search_rng, limits, {});
  canceller.join();
  CHECK(r.stop == Stop::kCancelled);
  CHECK(r.moves > 0);
  CHECK(MsSince(start) < 50 + 500);
  CHECK_NEAR(svc::core::ModelEnergy(m, r.x), r.energy, 1e-6);
}

void TestSolveReportsDeadline() {
  svc::core::Prng rng(4);
  const svc::test::Instance in = svc::test::RandomInstance(rng, 28, 0.5, 10, true);
  svc::core::SolveOptions o;
  o.budget.exact_max_n = 28;
  const Clock::time_point start = Clock::now();
  const Limits limits(nullptr, start, 20);
  svc::core::SolveResult out;
  std::string error;
  CHECK(svc::core::Solve("optimize", in.View(), o, limits, &out, &error) ==
        svc::core::CallStatus::kOk);
  CHECK(out.status == svc::core::ResultStatus::kDeadline);
  CHECK(out.proof == svc::core::Proof::kNone);
  CHECK(out.has_bound);
  CHECK(out.bound <= out.objective);
  CHECK(MsSince(start) < 20 + 200);
}

}  // namespace

int main() {
  TestCheckLimits();
  TestExactDeadline();
  TestExactCancelledBeforeStart();
  TestTabuCancelledFromAnotherThread();
  TestSolveReportsDeadline();
  return svc::test::Finish("solve_limits_test");
}
