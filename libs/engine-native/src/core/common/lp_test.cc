// The CLP wrapper: a small LP with known primal/dual optimum, warm re-solves after adding a row and
// after tightening a bound, row deletion, infeasibility; without CLP, Solve() says unavailable.
#include "common/lp.h"

#include <cmath>
#include <cstring>

#include "testing/test_util.h"

namespace {

using svc::core::lp::Model;
using svc::core::lp::Row;
using svc::core::lp::Status;

bool Near(double a, double b) { return std::fabs(a - b) <= 1e-7; }

// min x + 2y s.t. x + y >= 3, x - y <= 1, 0 <= x, y <= 10: optimum x = 2, y = 1, value 4;
// duals 1.5 (first row) and -0.5 (second, a <= row of a minimisation).
void TestSmallLp() {
  Model m;
  CHECK(m.AddColumn(1, 0, 10) == 0);
  CHECK(m.AddColumn(2, 0, 10) == 1);
  m.AddRows({Row{3, svc::core::lp::kInf, {0, 1}, {1, 1}}, Row{-svc::core::lp::kInf, 1, {0, 1}, {1, -1}}});
  CHECK(m.Rows() == 2 && m.Columns() == 2);
  CHECK(m.Solve() == Status::kOptimal);
  CHECK(Near(m.Objective(), 4));
  CHECK(Near(m.Primal()[0], 2) && Near(m.Primal()[1], 1));
  CHECK(Near(m.Dual()[0], 1.5) && Near(m.Dual()[1], -0.5));
  // Weak duality by hand: the duals give the objective back.
  CHECK(Near(3 * m.Dual()[0] + 1 * m.Dual()[1], 4));

  // A cut y >= 2 re-solved warm: x = 1 would violate nothing; optimum x = 1, y = 2, value 5.
  m.AddRows({Row{2, svc::core::lp::kInf, {1}, {1}}});
  CHECK(m.Solve() == Status::kOptimal);
  CHECK(Near(m.Objective(), 5));
  // Delete the cut: back to 4.
  m.DeleteRows({2});
  CHECK(m.Rows() == 2);
  CHECK(m.Solve() == Status::kOptimal);
  CHECK(Near(m.Objective(), 4));
  // Bounds x <= 0.5 force y >= 2.5: value 0.5 + 5 = 5.5.
  m.SetColumnBounds(0, 0, 0.5);
  CHECK(m.Solve() == Status::kOptimal);
  CHECK(Near(m.Objective(), 5.5));
  CHECK(Near(m.ReducedCost()[1], 0));
  // x + y >= 3 with both at most 1: infeasible.
  m.SetColumnBounds(0, 0, 1);
  m.SetColumnBounds(1, 0, 1);
  CHECK(m.Solve() == Status::kInfeasible);
  CHECK(m.Iterations() > 0);
}

void TestUnavailable() {
  Model m;
  m.AddColumn(1, 0, 1);
  CHECK(m.Solve() == Status::kUnavailable);
  CHECK(std::strlen(svc::core::lp::Version()) == 0);
}

}  // namespace

int main() {
  if (svc::core::lp::Available()) {
    CHECK(std::strlen(svc::core::lp::Version()) > 0);
    TestSmallLp();
  } else {
    TestUnavailable();
  }
  return svc::test::Finish("lp_test");
}
