// world: hand-computed planar chains and DH frames against their definitions (and each link
// recovered from consecutive poses), planes and paraboloids on heightmaps (exact heights, normals at
// cell centres), k nearest neighbours against brute force with duplicates and ties in 1..8
// dimensions, predictions exact on polynomials and through the angle wrap, validation.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "testing/test_util.h"
#include "world/kdtree.h"
#include "world/problem.h"
#include "world/solve.h"

namespace {

using svc::core::CallStatus;
using svc::core::Limits;
using svc::core::Prng;
using svc::core::SolveOptions;
using svc::core::SolveResult;
using svc::core::WorldProblem;

constexpr double kPi = std::numbers::pi;
const std::vector<double> kBudget = {8};

SolveResult Run(const WorldProblem& p, CallStatus expect = CallStatus::kOk) {
  SolveResult out;
  std::string error;
  const CallStatus st = svc::core::Solve("world", p, SolveOptions{}, Limits(), &out, &error);
  CHECK(st == expect);
  if (st != expect) std::printf("status %d: %s\n", static_cast<int>(st), error.c_str());
  return out;
}

// The view borrows links and base: keep them alive while it is used.
WorldProblem Kinematics(int32_t chain, const std::vector<double>& links, const std::vector<double>& base) {
  WorldProblem p;
  p.n = static_cast<int32_t>(links.size() / (chain == 0 ? 2 : 4));
  p.world.op = svc::core::kKinematics;
  p.world.chain = chain;
  p.world.links = links;
  p.world.base = base;
  p.world.budget = kBudget;
  return p;
}

// 4x4 product and the DH matrix by their definitions.
using M4 = std::vector<std::vector<double>>;
M4 Mul(const M4& A, const M4& B) {
  M4 C(4, std::vector<double>(4, 0));
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      for (int k = 0; k < 4; ++k) C[i][j] += A[i][k] * B[k][j];
    }
  }
  return C;
}
M4 Dh(double a, double alpha, double d, double theta) {
  const M4 rz = {{std::cos(theta), -std::sin(theta), 0, 0}, {std::sin(theta), std::cos(theta), 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
  const M4 tz = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, d}, {0, 0, 0, 1}};
  const M4 tx = {{1, 0, 0, a}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
  const M4 rx = {{1, 0, 0, 0}, {0, std::cos(alpha), -std::sin(alpha), 0}, {0, std::sin(alpha), std::cos(alpha), 0}, {0, 0, 0, 1}};
  return Mul(Mul(Mul(rz, tz), tx), rx);
}

void TestKinematics() {
  const SolveResult straight = Run(Kinematics(0, {1, 0, 2, 0}, {0, 0, 0}));
  CHECK((straight.values == std::vector<double>{0, 0, 0, 1, 0, 0, 3, 0, 0}));
  const SolveResult turn = Run(Kinematics(0, {2, kPi / 2, 1, -kPi / 2}, {1, 1, 0}));
  CHECK_NEAR(turn.values[3], 1, 1e-15);
  CHECK_NEAR(turn.values[4], 3, 1e-15);
  CHECK(turn.values[6] == 2 && turn.values[7] == 3 && turn.values[8] == 0);
  const SolveResult square = Run(Kinematics(0, {1, kPi / 2, 1, kPi / 2, 1, kPi / 2, 1, kPi / 2}, {0, 0, 0}));
  CHECK(std::hypot(square.values[12], square.values[13]) <= square.Extra("tolerance"));
  // Random chains: links recovered from consecutive poses; DH frames against the product of definitions.
  Prng rng(3);
  for (int s = 0; s < 20; ++s) {
    const int n = 1 + (s % 12) * 3;
    std::vector<double> links, dh;
    for (int i = 0; i < n; ++i) {
      links.push_back(0.1 + 2 * rng.NextFloat());
      links.push_back((rng.NextFloat() - 0.5) * 2 * kPi);
      dh.push_back(2 * rng.NextFloat() - 1);
      dh.push_back((rng.NextFloat() - 0.5) * kPi);
      dh.push_back(2 * rng.NextFloat() - 1);
      dh.push_back((rng.NextFloat() - 0.5) * 2 * kPi);
    }
    const SolveResult planar = Run(Kinematics(0, links, {0.5, -2, 0.3}));
    const double tol = planar.Extra("tolerance");
    double theta = 0.3;
    for (int i = 0; i < n; ++i) {
      const double* a = &planar.values[3 * i];
      const double* b = &planar.values[3 * (i + 1)];
      theta += links[2 * i + 1];
      CHECK(std::fabs(std::hypot(b[0] - a[0], b[1] - a[1]) - links[2 * i]) <= 2 * tol + 1e-15);
      CHECK(std::fabs(std::atan2(std::sin(b[2] - theta), std::cos(b[2] - theta))) <= tol + 1e-15);
    }
    const SolveResult frames = Run(Kinematics(1, dh, {}));
    const double dtol = frames.Extra("tolerance");
    CHECK(dtol > 0 && dtol < 1e-10);
    M4 ref = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
    for (int i = 0; i < n; ++i) {
      ref = Mul(ref, Dh(dh[4 * i], dh[4 * i + 1], dh[4 * i + 2], dh[4 * i + 3]));
      const double* f = &frames.values[12 * (i + 1)];
      for (int r = 0; r < 3; ++r) {
        CHECK(std::fabs(f[r] - ref[r][3]) <= dtol + 1e-14);
        for (int c = 0; c < 3; ++c) CHECK(std::fabs(f[3 + 3 * r + c] - ref[r][c]) <= dtol + 1e-14);
      }
    }
    CHECK(std::fabs(frames.objective - std::hypot(ref[0][3], ref[1][3], ref[2][3])) < 1e-12);
  }
}

void TestTerrain() {
  // A paraboloid h = a x² + b y² + c xy + x − 2 on a 9 × 11 grid: exact at nodes, normals exact at centres.
  const double a = 0.3, b = -0.7, c = 0.2, dx = 0.5, dy = 0.25;
  const auto h = [&](double x, double y) { return a * x * x + b * y * y + c * x * y + x - 2; };
  std::vector<double> grid;
  for (int r = 0; r < 9; ++r) {
    for (int col = 0; col < 11; ++col) grid.push_back(h(col * dx, r * dy));
  }
  std::vector<double> pts = {0, 0, 1, 0.5, 5, 2, 2.5, 1.75};
  const int nodes = 4;
  for (int i = 0; i < 10; ++i) {
    for (int j = 0; j < 8; ++j) {
      pts.push_back((i + 0.5) * dx);
      pts.push_back((j + 0.5) * dy);
    }
  }
  WorldProblem p;
  p.n = static_cast<int32_t>(pts.size() / 2);
  p.world.op = svc::core::kTerrain;
  p.world.grid = grid;
  p.world.rows = 9;
  p.world.cols = 11;
  const std::vector<double> cell = {dx, dy};
  p.world.cell = cell;
  p.world.points = pts;
  p.world.budget = kBudget;
  const SolveResult res = Run(p);
  const double tol = res.Extra("tolerance");
  for (int i = 0; i < p.n; ++i) {
    const double x = pts[2 * i], y = pts[2 * i + 1];
    const double* o = &res.values[5 * i];
    if (i < nodes) {
      CHECK(std::fabs(o[0] - h(x, y)) <= tol + 1e-14);
    } else {
      const double hx = 2 * a * x + c * y + 1, hy = 2 * b * y + c * x, s = std::hypot(hx, hy, 1.0);
      CHECK(std::fabs(o[1] + hx / s) < 1e-14 && std::fabs(o[2] + hy / s) < 1e-14 && std::fabs(o[3] - 1 / s) < 1e-14);
      CHECK(std::fabs(o[0] - (h(x, y) + a * dx * dx / 4 + b * dy * dy / 4)) < 1e-13);
      CHECK(std::fabs(o[4] - std::atan(std::hypot(hx, hy))) < 1e-14);
    }
  }
}

void TestNeighbors() {
  for (int s = 0; s < 48; ++s) {
    const int dim = 1 + s % 8;
    const int n = 1 + (s * 37) % 500;
    const bool ties = s % 2 == 0;
    Prng rng(static_cast<uint32_t>(s));
    std::vector<double> points;
    for (int i = 0; i < n; ++i) {
      if (i > 0 && rng.NextFloat() < 0.2) {
        const int j = static_cast<int>(rng.NextU32() % i);
        for (int d = 0; d < dim; ++d) points.push_back(points[j * dim + d]);
        continue;
      }
      for (int d = 0; d < dim; ++d) points.push_back(ties ? static_cast<double>(rng.NextU32() % 6) : rng.NextFloat());
    }
    std::vector<double> queries;
    const int q = 60;
    for (int i = 0; i < q * dim; ++i) queries.push_back(ties ? static_cast<double>(rng.NextU32() % 6) : rng.NextFloat());
    const int k = std::min(n, 1 + s % 7);
    WorldProblem p;
    p.n = n;
    p.world.op = svc::core::kNeighbors;
    p.world.points = points;
    p.world.queries = queries;
    p.world.dim = dim;
    p.world.k = k;
    p.world.budget = kBudget;
    const SolveResult res = Run(p);
    CHECK(res.order.size() == static_cast<size_t>(q * k));
    for (int j = 0; j < q; ++j) {
      std::vector<std::pair<double, int>> all;
      for (int i = 0; i < n; ++i) {
        double d2 = 0;
        for (int d = 0; d < dim; ++d) {
          const double diff = queries[j * dim + d] - points[i * dim + d];
          d2 += diff * diff;
        }
        all.emplace_back(d2, i);
      }
      std::sort(all.begin(), all.end());
      for (int r = 0; r < k; ++r) {
        CHECK(res.order[j * k + r] == all[r].second);
        CHECK(res.values[j * k + r] == std::sqrt(all[r].first));
      }
    }
  }
  // Fifty identical points: ties by index.
  std::vector<double> same(150, 1.0);
  const std::vector<double> q = {1, 1, 1};
  WorldProblem p;
  p.n = 50;
  p.world.op = svc::core::kNeighbors;
  p.world.points = same;
  p.world.queries = q;
  p.world.dim = 3;
  p.world.k = 50;
  p.world.budget = kBudget;
  const SolveResult res = Run(p);
  for (int i = 0; i < 50; ++i) CHECK(res.order[i] == i);
}

void TestPredict() {
  WorldProblem p;
  p.world.op = svc::core::kPredict;
  p.world.budget = kBudget;
  const std::vector<double> two = {0, 1, 2, 0, 0, 2, 5, 0, 0, 0};
  p.n = 2;
  p.world.poses = two;
  p.world.at = 3;
  p.world.has_at = true;
  const SolveResult v = Run(p);
  CHECK((v.values == std::vector<double>{7, -1, 0, 0, 2, -1, 0, 0, 0, 0, 0, 0}));
  // x = t², y = 3 − t, z = 2t² − t at uneven times; the last three poses.
  std::vector<double> poses;
  for (double t : {-5.0, 0.5, 1.0, 2.5}) {
    for (double x : {t, t * t, 3 - t, 2 * t * t - t, 0.0}) poses.push_back(x);
  }
  p.n = 4;
  p.world.poses = poses;
  p.world.at = 4;
  const SolveResult a = Run(p);
  const double want[12] = {16, -1, 28, 0, 8, -1, 15, 0, 2, 0, 4, 0};
  for (int i = 0; i < 12; ++i) CHECK(std::fabs(a.values[i] - want[i]) <= a.Extra("tolerance") + 1e-13);
  // A heading through ±π: −3.1 then 3.1 turns 0.083 rad clockwise.
  const std::vector<double> wrap = {0, 0, 0, 0, -3.1, 1, 0, 0, 0, 3.1};
  p.n = 2;
  p.world.poses = wrap;
  p.world.at = 2;
  const SolveResult w = Run(p);
  CHECK_NEAR(w.values[7], 6.2 - 2 * kPi, 1e-12);
  CHECK_NEAR(w.values[3], 3.1 + (6.2 - 2 * kPi), 1e-12);
  // Times must increase; the acceleration model needs three poses.
  const std::vector<double> back = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0};
  p.world.poses = back;
  Run(p, CallStatus::kError);
  p.world.poses = two;
  p.world.model = 1;
  Run(p, CallStatus::kError);
}

void TestValidation() {
  Run(Kinematics(0, {1, 0, 2}, {0, 0, 0}), CallStatus::kError);
  Run(Kinematics(1, {1, 0, 2, 0}, {0, 0, 0}), CallStatus::kError);  // base on a DH chain
  Run(Kinematics(0, {1e200, 0}, {0, 0, 0}), CallStatus::kError);
  const std::vector<double> one_link = {1, 0}, origin = {0, 0, 0};  // the view points into these
  WorldProblem p = Kinematics(0, one_link, origin);
  p.world.chain = -1;
  Run(p, CallStatus::kError);
  WorldProblem q;
  q.n = 3;
  q.world.op = svc::core::kNeighbors;
  const std::vector<double> pts = {0, 1, 2};
  q.world.points = pts;
  q.world.queries = pts;
  q.world.dim = 1;
  q.world.k = 4;
  q.world.budget = kBudget;
  Run(q, CallStatus::kError);
}

double ThreadCpuMs() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// With SVC_BENCH_KDTREE=n (tools/src/bench/world.ts): one JSON line, n uniform random 3-D points and n
// queries, k = 1 — the least build and query times of 3 runs (ms), wall clock and this thread's CPU
// time (on a shared machine the CPU time is what one core spent), one thread.
void BenchKdTree(long n) {
  Prng rng(1);
  std::vector<double> pts(3 * n), qs(3 * n);
  for (double& v : pts) v = rng.NextFloat();
  for (double& v : qs) v = rng.NextFloat();
  double build = 1e300, query = 1e300, build_cpu = 1e300, query_cpu = 1e300, sum = 0;
  std::vector<double> d2(n);
  std::vector<int32_t> idx(n);
  // Queries in Morton order of their cells (what WorldNeighbors does), timed with the search.
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = ThreadCpuMs();
    const svc::core::KdTree tree(pts, static_cast<int32_t>(n), 3);
    const auto t1 = std::chrono::steady_clock::now();
    const double c1 = ThreadCpuMs();
    const std::vector<int32_t> order = tree.QueryOrder(qs, static_cast<int64_t>(n));
    for (long j : order) tree.Nearest(&qs[3 * j], 1, &d2[j], &idx[j]);
    const auto t2 = std::chrono::steady_clock::now();
    const double c2 = ThreadCpuMs();
    build = std::min(build, std::chrono::duration<double, std::milli>(t1 - t0).count());
    query = std::min(query, std::chrono::duration<double, std::milli>(t2 - t1).count());
    build_cpu = std::min(build_cpu, c1 - c0);
    query_cpu = std::min(query_cpu, c2 - c1);
  }
  for (double v : d2) sum += std::sqrt(v);
  std::printf("{\"n\": %ld, \"buildMs\": %.3f, \"queryMs\": %.3f, \"buildCpuMs\": %.3f, \"queryCpuMs\": %.3f, \"sumDistances\": %.17g}\n",
              n, build, query, build_cpu, query_cpu, sum);
}

}  // namespace

int main() {
  if (const char* n = std::getenv("SVC_BENCH_KDTREE")) {
    BenchKdTree(std::strtol(n, nullptr, 10));
    return 0;
  }
  TestKinematics();
  TestTerrain();
  TestNeighbors();
  TestPredict();
  TestValidation();
  return svc::test::Finish("world_test");
}
