// tsp: engine-ts families/tsp/solve.ts (that file's comment is the specification), step for step
// up to the root bound: the DP, the candidate lists, the first 2-opt/Or-opt local search and the
// Held–Karp bound are the same operations, so certified values and the root bound agree. From
// there the native search is stronger: α-nearness candidates from the bound's penalties,
// Lin–Kernighan chains (tour.h), and random-walk double bridges among the kicks (docs/tsp.md).
#include "tsp/solve.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/checks.h"
#include "common/prng.h"
#include "tsp/alpha.h"
#include "tsp/branch.h"
#include "tsp/distance.h"
#include "tsp/merge.h"
#include "tsp/tour.h"

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Subgradient steps without a better bound before the step factor halves (solve.ts BOUND_PATIENCE).
constexpr int32_t kBoundPatience = 5;
// The Held–Karp DP's largest n (2^(n-1)·(n-1) doubles); budgets never ask for more.
constexpr int32_t kDpCap = 24;
// Branch and bound below the root keeps three n×n arrays; budgets never ask for more.
constexpr int32_t kBnbCap = 2000;
// α-nearness candidates per city (LKH's 5 suit its 5-opt move; this LK of 2-opt steps after an
// or3opt start reached pr1002's optimum on more seeds with 10) and the depth of a Lin–Kernighan chain.
constexpr int32_t kAlphaCandidates = 10;
constexpr int32_t kLkDepth = 30;

// The k nearest cities of every city (distance, then index), n*k row-major.
std::vector<int32_t> CandidateLists(int32_t n, const TspDistance& d, int32_t k) {
  std::vector<int32_t> out(static_cast<size_t>(n) * k);
  std::vector<double> best_d(k);
  std::vector<int32_t> best_j(k);
  for (int32_t i = 0; i < n; ++i) {
    int32_t size = 0;
    for (int32_t j = 0; j < n; ++j) {
      if (j == i) continue;
      const double dj = d(i, j);
      if (size == k && !(dj < best_d[k - 1])) continue;
      int32_t q = size < k ? size++ : k - 1;
      while (q > 0 && best_d[q - 1] > dj) {
        best_d[q] = best_d[q - 1];
        best_j[q] = best_j[q - 1];
        --q;
      }
      best_d[q] = dj;
      best_j[q] = j;
    }
    std::copy(best_j.begin(), best_j.begin() + k, out.begin() + static_cast<size_t>(i) * k);
  }
  return out;
}

// Every distance, n×n row-major (solve.ts distanceMatrix).
std::vector<double> DistanceMatrix(int32_t n, const TspDistance& d) {
  std::vector<double> D(static_cast<size_t>(n) * n);
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) D[static_cast<size_t>(i) * n + j] = d(i, j);
  }
  return D;
}

// Held–Karp over subsets of cities 1..n-1 (start 0); false when a limit stopped it.
bool HeldKarp(int32_t n, const TspDistance& d, const Limits& limits, Work& work, std::vector<int32_t>* tour,
              Stop* stop) {
  const int32_t m = n - 1;
  const std::vector<double> D = DistanceMatrix(n, d);
  const uint32_t size = uint32_t{1} << m;
  std::vector<double> dp(static_cast<size_t>(size) * m, kInf);
  std::vector<int8_t> parent(static_cast<size_t>(size) * m, -1);
  for (int32_t j = 0; j < m; ++j) dp[(size_t{1} << j) * m + j] = D[j + 1];
  for (uint32_t S = 1; S < size; ++S) {
    if ((S & 1023u) == 0 && (*stop = limits.CheckLimits()) != Stop::kNone) return false;
    for (int32_t j = 0; j < m; ++j) {
      if (!(S & (uint32_t{1} << j))) continue;
      const double v = dp[static_cast<size_t>(S) * m + j];
      if (v == kInf) continue;
      const size_t row = static_cast<size_t>(j + 1) * n;
      for (int32_t k = 0; k < m; ++k) {
        if (S & (uint32_t{1} << k)) continue;
        const uint32_t T = S | (uint32_t{1} << k);
        const double c = v + D[row + k + 1];
        const size_t at = static_cast<size_t>(T) * m + k;
        if (c < dp[at]) {
          dp[at] = c;
          parent[at] = static_cast<int8_t>(j);
        }
      }
    }
  }
  work.nodes += size;
  const uint32_t full = size - 1;
  int32_t best_j = 0;
  double best = kInf;
  for (int32_t j = 0; j < m; ++j) {
    const double c = dp[static_cast<size_t>(full) * m + j] + D[static_cast<size_t>(j + 1) * n];
    if (c < best) {
      best = c;
      best_j = j;
    }
  }
  tour->assign(n, 0);
  uint32_t S = full;
  int32_t j = best_j;
  for (int32_t k = n - 1; k >= 1; --k) {
    (*tour)[k] = j + 1;
    const int32_t pj = parent[static_cast<size_t>(S) * m + j];
    S &= ~(uint32_t{1} << j);
    j = pj;
  }
  (*tour)[0] = 0;
  return true;
}

std::vector<int32_t> NearestNeighbour(int32_t n, const TspDistance& d, const std::vector<int32_t>& cand, int32_t k) {
  std::vector<uint8_t> used(n, 0);
  std::vector<int32_t> order(n, 0);
  int32_t cur = 0;
  used[0] = 1;
  for (int32_t t = 1; t < n; ++t) {
    int32_t next = -1;
    for (int32_t q = 0; q < k; ++q) {
      const int32_t c = cand[static_cast<size_t>(cur) * k + q];
      if (!used[c]) {
        next = c;
        break;
      }
    }
    if (next < 0) {
      double best = kInf;
      for (int32_t j = 0; j < n; ++j) {
        if (used[j]) continue;
        const double dj = d(cur, j);
        if (dj < best) {
          best = dj;
          next = j;
        }
      }
    }
    used[next] = 1;
    order[t] = next;
    cur = next;
  }
  return order;
}

struct BoundResult {
  double bound = -kInf;
  bool tour = false;
  double scale = 0;  // the magnitudes summed into the bound (solve.ts)
  std::vector<double> pi;  // the best bound's penalties
};

// solve.ts oneTreeBound, operation for operation.
BoundResult OneTreeBound(int32_t n, const TspDistance& d, int64_t iters, double ub, const Limits& limits, Stop* stop) {
  std::vector<double> pi(n, 0.0), key(n), best_pi(n, 0.0);
  std::vector<int32_t> parent(n), deg(n);
  std::vector<uint8_t> in_tree(n);
  BoundResult out;
  double best = -kInf;
  double best_scale = 0;
  double lambda = 2;
  int32_t since_best = 0;
  for (int64_t it = 0; it < iters; ++it) {
    // The first 1-tree always (a deadline or cancel cannot take the bound away), then a check per step.
    if (it > 0 && (*stop = limits.CheckLimits()) != Stop::kNone) break;
    std::fill(deg.begin(), deg.end(), 0);
    std::fill(in_tree.begin(), in_tree.end(), 0);
    std::fill(key.begin(), key.end(), kInf);
    double w = 0;
    double mag = 0;
    int32_t cur = 1;
    in_tree[1] = 1;
    for (int32_t j = 2; j < n; ++j) {
      key[j] = d(1, j) + pi[1] + pi[j];
      parent[j] = 1;
    }
    for (int32_t t = 2; t < n; ++t) {
      int32_t next = -1;
      double best_key = kInf;
      for (int32_t j = 2; j < n; ++j) {
        if (!in_tree[j] && key[j] < best_key) {
          best_key = key[j];
          next = j;
        }
      }
      if (next < 0) return BoundResult{};  // no finite edge left (cannot happen with finite distances)
      in_tree[next] = 1;
      w += best_key;
      mag += std::fabs(best_key);
      ++deg[next];
      ++deg[parent[next]];
      cur = next;
      for (int32_t j = 2; j < n; ++j) {
        if (in_tree[j]) continue;
        const double c = d(cur, j) + pi[cur] + pi[j];
        if (c < key[j]) {
          key[j] = c;
          parent[j] = cur;
        }
      }
    }
    double m1 = kInf, m2 = kInf;
    int32_t j1 = -1, j2 = -1;
    for (int32_t j = 1; j < n; ++j) {
      const double c = d(0, j) + pi[0] + pi[j];
      if (c < m1) {
        m2 = m1, j2 = j1;
        m1 = c, j1 = j;
      } else if (c < m2) {
        m2 = c, j2 = j;
      }
    }
    w += m1 + m2;
    mag += std::fabs(m1) + std::fabs(m2);
    deg[0] = 2;
    ++deg[j1];
    ++deg[j2];
    double sum_pi = 0;
    for (int32_t i = 0; i < n; ++i) {
      sum_pi += pi[i];
      mag += 2 * std::fabs(pi[i]);
    }
    const double value = w - 2 * sum_pi;
    if (value > best) {
      best = value;
      best_scale = mag;
      best_pi = pi;
      since_best = 0;
    } else if (++since_best >= kBoundPatience) {
      lambda /= 2;
      since_best = 0;
    }
    double norm = 0;
    for (int32_t i = 0; i < n; ++i) norm += static_cast<double>((deg[i] - 2) * (deg[i] - 2));
    if (norm == 0) {
      out.bound = value;
      out.tour = true;
      out.scale = mag;
      out.pi = pi;
      return out;
    }
    const double step = (lambda * (ub - value)) / norm;
    if (!(step > 0)) break;
    for (int32_t i = 0; i < n; ++i) pi[i] += step * (deg[i] - 2);
  }
  out.bound = best;
  out.scale = best_scale;
  out.pi = std::move(best_pi);
  return out;
}

std::vector<int32_t> CanonicalTour(const std::vector<int32_t>& t) {
  const int32_t n = static_cast<int32_t>(t.size());
  int32_t z = 0;
  while (t[z] != 0) ++z;
  std::vector<int32_t> out(n);
  const bool fwd = n < 3 || t[(z + 1) % n] < t[(z + n - 1) % n];
  for (int32_t k = 0; k < n; ++k) out[k] = fwd ? t[(z + k) % n] : t[(z - k + n) % n];
  return out;
}

// budget.ts boundIterations: at least 1 (the first 1-tree, always computed).
int64_t BoundIterations(const TspBudget& b, int32_t n) {
  return std::max<int64_t>(
      1, std::min<int64_t>(b.bound_iters, static_cast<int64_t>(std::floor(b.bound_work / (static_cast<double>(n) * n)))));
}

void Iterate(TspTour& tour, int64_t kicks, Prng& rng, const Limits& limits, Work& work, bool has_lower, double lower,
             Stop* stop, bool report = true) {
  for (int64_t r = 0; r < kicks; ++r) {
    if ((r & 7) == 0) {
      if ((*stop = limits.CheckLimits()) != Stop::kNone) return;
      if (report) limits.Report(tour.length, has_lower ? lower : kNaN, static_cast<double>(work.restarts));
    }
    const double before = tour.length;
    // Even kicks: a double bridge at cities close in the plane (random walks); odd ones (and walks
    // that end on their start): two adjacent segments of 1..50 cities swapped (solve.ts).
    if ((r & 1) || !tour.WalkKick(rng)) tour.SegmentKick(rng);
    tour.LocalSearch(limits, work, stop);
    ++work.restarts;
    if (tour.length <= before) {
      tour.log.clear();
    } else {
      tour.Undo();
      tour.length = before;
    }
    if (*stop != Stop::kNone || (has_lower && tour.length <= lower)) return;
  }
}

// Iterated Lin–Kernighan with trials merged into the best tour, from kTrialsMinN cities: plain
// kicks on the best tour first (kTrialsFirstPerN·n of them), then trials. A trial copies the best
// tour, shakes it with n/kTrialShakeDiv random segment swaps, runs its own kicks (kTrialKicksDiv:
// n/that per trial) and is merged with the best tour (MergeTours, both ways); a shorter child
// becomes the best tour after a local search. Regions improved in different trials add up that
// way instead of being lost with a trial that is longer overall.
constexpr int32_t kTrialsMinN = 200;
constexpr int64_t kTrialsFirstPerN = 2;
constexpr int32_t kTrialShakeDiv = 50;
constexpr int32_t kTrialKicksDiv = 2;

void IterateTrials(TspTour& best, int64_t kicks, Prng& rng, const Limits& limits, Work& work, bool has_lower,
                   double lower, Stop* stop) {
  const int32_t n = best.n();
  const auto open = [&] { return *stop == Stop::kNone && (!has_lower || best.length > lower); };
  if (n < kTrialsMinN) {
    Iterate(best, kicks, rng, limits, work, has_lower, lower, stop);
    return;
  }
  const int64_t first = std::min<int64_t>(kicks, kTrialsFirstPerN * n);
  Iterate(best, first, rng, limits, work, has_lower, lower, stop);
  int64_t left = kicks - first;
  const TspDistance& d = best.distance();
  while (left > 0 && open()) {
    TspTour trial = best.WithOrder(best.tour());
    for (int32_t s = std::max(2, n / kTrialShakeDiv); s > 0; --s) trial.SegmentKick(rng);
    trial.LocalSearch(limits, work, stop);
    trial.log.clear();
    if (*stop != Stop::kNone) return;
    const int64_t t = std::min<int64_t>(left, std::max(1, n / kTrialKicksDiv));
    Iterate(trial, t, rng, limits, work, has_lower, lower, stop, false);
    left -= t;
    double len_ab = kInf, len_ba = kInf;
    std::vector<int32_t> ab = MergeTours(best.tour(), trial.tour(), d, &len_ab);
    std::vector<int32_t> ba = MergeTours(trial.tour(), best.tour(), d, &len_ba);
    if (ab.empty()) len_ab = best.length;
    if (ba.empty()) len_ba = trial.length;
    const double top = std::min(len_ab, len_ba);
    if (top < best.length) {
      // An empty merge scored as its first parent: best.length cannot be the least here.
      best.Reset(len_ab <= len_ba ? ab : (ba.empty() ? trial.tour() : ba));
      best.QueueAll();
      Stop inner = Stop::kNone;
      best.LocalSearch(limits, work, &inner);
      best.log.clear();
      if (inner != Stop::kNone) *stop = inner;
      limits.Report(best.length, has_lower ? lower : kNaN, static_cast<double>(work.restarts));
    }
  }
}

}  // namespace

TspDistance::TspDistance(const TspProblem& p)
    : n_(p.n), matrix_(p.tsp.matrix), points_(p.tsp.points), metric_(p.tsp.metric) {
  if (metric_ == TspMetric::kGeo) {
    lat_.resize(n_);
    lon_.resize(n_);
    for (int32_t i = 0; i < n_; ++i) {
      lat_[i] = TsplibGeoRadians(points_[2 * static_cast<size_t>(i)]);
      lon_[i] = TsplibGeoRadians(points_[2 * static_cast<size_t>(i) + 1]);
    }
  }
}

bool TspDistance::Cache() {
  if (metric_ == TspMetric::kMatrix || n_ > kCacheMaxN || !cache_.empty()) return false;
  std::vector<int32_t> table(static_cast<size_t>(n_) * n_);
  for (int32_t i = 0; i < n_; ++i) {
    for (int32_t j = 0; j < n_; ++j) {
      const double v = Compute(i, j);
      if (!(std::fabs(v) <= 2147483647.0)) return false;
      table[static_cast<size_t>(i) * n_ + j] = static_cast<int32_t>(v);
    }
  }
  cache_ = std::move(table);
  return true;
}

double TspDistance::Compute(int32_t i, int32_t j) const {
  if (i == j) return 0;
  switch (metric_) {
    case TspMetric::kMatrix:
      return matrix_[static_cast<size_t>(i) * n_ + j];
    case TspMetric::kGeo:
      return TsplibGeoDistance(lat_[i], lon_[i], lat_[j], lon_[j]);
    default:
      break;
  }
  const double dx = points_[2 * static_cast<size_t>(i)] - points_[2 * static_cast<size_t>(j)];
  const double dy = points_[2 * static_cast<size_t>(i) + 1] - points_[2 * static_cast<size_t>(j) + 1];
  return TsplibPlaneDistance(metric_, dx, dy);
}

CallStatus ValidateTsp(std::string_view /*command*/, const TspProblem& p, const SolveOptions& options, std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const int32_t n = p.n;
  const TspView& t = p.tsp;
  if (n < 2) return fail("tsp needs at least 2 cities");
  if (t.metric == TspMetric::kMatrix) {
    if (!t.points.empty()) return fail("a matrix problem takes no points");
    if (n > (1 << 15)) return fail("a tsp matrix takes at most 32768 cities");
    if (t.matrix.size() != static_cast<size_t>(n) * n) return fail("matrix must have n*n entries");
    for (int32_t i = 0; i < n; ++i) {
      for (int32_t j = 0; j < n; ++j) {
        const double v = t.matrix[static_cast<size_t>(i) * n + j];
        if (!std::isfinite(v) || v != std::floor(v) || std::fabs(v) > 9007199254740991.0) return fail("matrix entries must be integers");
        if (i == j && v != 0) return fail("matrix must have a zero diagonal");
      }
    }
  } else {
    if (static_cast<int32_t>(t.metric) < 1 || static_cast<int32_t>(t.metric) > 4) return fail("unknown metric");
    if (!t.matrix.empty()) return fail("a points problem takes no matrix");
    if (t.points.size() != 2 * static_cast<size_t>(n)) return fail("points must have 2n coordinates");
    for (double v : t.points) {
      if (!std::isfinite(v) || std::fabs(v) > 1e100) return fail("coordinates must be finite");
    }
  }
  if (!p.linear.empty() || !p.pairs.i.empty() || p.complete || !options.warm_start.empty()) {
    return fail("tsp takes only a matrix or points");
  }
  TspBudget b;
  if (!DecodeBudget(t.budget, kTspBudget, &b, nullptr)) return fail("tsp budget out of range");
  return CallStatus::kOk;
}

namespace {

// The symmetric solve (solve.ts solveSymmetric); progress reports length + offset.
CallStatus SolveSymmetric(const TspProblem& p, const TspBudget& b, const SolveOptions& options, const Limits& limits,
                          double offset, SolveResult* out) {
  const int32_t n = p.n;
  TspDistance d(p);
  const ObjectiveScope progress(limits, 1, offset);  // the tour length is the objective
  Work work;
  Stop stop = Stop::kNone;
  std::vector<double> root_pi;
  const auto done = [&](const std::vector<int32_t>& order, Proof proof, bool has_bound, double bound,
                        const std::vector<double>* tree = nullptr) {
    out->kind = ResultKind::kPermutation;
    out->order = CanonicalTour(order);
    out->values = root_pi;  // the root bound's penalties π (the service's one_tree certificate), empty without it
    // A closed branch tree's record (branch.h) follows π; the extra "tree" is its length (0: dropped at its cap).
    if (tree != nullptr) {
      out->values.insert(out->values.end(), tree->begin(), tree->end());
      out->SetExtra("tree", static_cast<double>(tree->size()));
    }
    double length = 0;
    for (int32_t k = 0; k < n; ++k) length += d(out->order[k], out->order[(k + 1) % n]);
    out->answer.clear();
    out->objective = length;
    out->proof = proof;
    out->has_bound = proof == Proof::kNone && has_bound;
    out->bound = out->has_bound ? std::min(bound, length) : 0;
    out->status = StatusFor(stop, proof != Proof::kNone ? ResultStatus::kOptimal : ResultStatus::kWorkLimit);
    out->work = work;
    return CallStatus::kOk;
  };
  if (n <= b.dp_max_n) {
    std::vector<int32_t> t;
    if (HeldKarp(n, d, limits, work, &t, &stop)) return done(t, Proof::kDynamicProgram, false, 0);
  }
  // Same distances, looked up: the bound's subgradient steps and the search read them often.
  d.Cache();
  const int32_t k = std::min(b.neighbours, n - 1);
  const std::vector<int32_t> cand = CandidateLists(n, d, k);
  TspTour tour(n, d, &cand, k, NearestNeighbour(n, d, cand, k));
  tour.QueueAll();
  tour.LocalSearch(limits, work, &stop);
  tour.log.clear();
  bool has_lower = false;
  double lower = 0;
  // Its first 1-tree whatever the limits say (solve.ts).
  const int64_t iters = BoundIterations(b, n);
  if (n >= 3) {
    BoundResult r = OneTreeBound(n, d, iters, tour.length, limits, &stop);
    if (std::isfinite(r.bound)) {
      has_lower = true;
      lower = std::ceil(r.bound - 1e-11 * (1 + r.scale));
      root_pi = std::move(r.pi);
    }
  }
  if (ProgressSink* sink = limits.progress()) {
    sink->Flush(tour.length, has_lower ? lower : kNaN, static_cast<double>(work.restarts));
  }
  // Beyond engine-ts: α-nearness candidates from the bound's penalties (when the budget allows a
  // second n² pass and no limit struck) and Lin–Kernighan chains in every local search from here.
  std::vector<int32_t> alpha;
  if (n >= 8 && stop == Stop::kNone && iters > 1 && !root_pi.empty()) {
    const int32_t ak = std::min(kAlphaCandidates, n - 1);
    alpha = AlphaCandidates(n, d, root_pi, ak, limits, &stop);
    if (!alpha.empty()) tour.SetCandidates(&alpha, ak);
  }
  tour.SetLinKernighan(kLkDepth);
  if (n >= 8 && stop == Stop::kNone && (!has_lower || tour.length > lower)) {
    tour.QueueAll();
    tour.LocalSearch(limits, work, &stop);
    tour.log.clear();
  }
  const int64_t kicks = std::min<int64_t>(b.max_kicks, b.kicks_per_n * n);
  const bool branch = n <= b.bnb_max_n && n >= 5 && has_lower;
  // Lin–Kernighan kicks cost about ten of engine-ts's and find the optimum in fewer: branch and
  // bound starts after a tenth of the budget's kicks.
  const int64_t first = branch ? std::min<int64_t>(kicks, b.bnb_kicks_per_n * n / 10) : kicks;
  Prng rng(options.seed);
  const auto open = [&] { return n >= 8 && stop == Stop::kNone && (!has_lower || tour.length > lower); };
  if (open()) IterateTrials(tour, first, rng, limits, work, has_lower, lower, &stop);
  if (branch && stop == Stop::kNone && tour.length > lower) {
    TspBranchResult r = TspBranchAndBound(n, DistanceMatrix(n, d), tour.length, root_pi, b.bnb_iters, b.bnb_nodes, limits, work, &stop);
    if (r.closed) return done(r.tour.empty() ? tour.tour() : r.tour, Proof::kBranchAndBound, false, 0, &r.tree);
    if (!r.tour.empty()) return done(r.tour, Proof::kNone, has_lower, lower);
    if (open()) IterateTrials(tour, kicks - first, rng, limits, work, has_lower, lower, &stop);
  }
  const bool proven = has_lower && tour.length <= lower && stop == Stop::kNone;
  return done(tour.tour(), proven ? Proof::kBranchAndBound : Proof::kNone, has_lower, lower);
}

bool IsAsymmetric(const TspProblem& p) {
  if (p.tsp.metric != TspMetric::kMatrix) return false;
  const size_t n = static_cast<size_t>(p.n);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      if (p.tsp.matrix[i * n + j] != p.tsp.matrix[j * n + i]) return true;
    }
  }
  return false;
}

// One-way distances (solve.ts solveAsymmetric, asymmetric.ts): the Held–Karp DP on the directed
// costs up to dp_max_n, otherwise the symmetric solve of the 2n-city form (in-node i, out-node
// n + i; w(in i, out i) = 0, w(out i, in j) = c(i, j) − min + M, in–in and out–out F; M = n·R + 1,
// F = M + n·R + 1), read back as a directed tour and re-scored on the directed costs; the
// symmetric bound minus the offset n·(M − min) bounds the directed optimum.
CallStatus SolveAsymmetric(const TspProblem& p, const TspBudget& b, const SolveOptions& options, const Limits& limits,
                           SolveResult* out, std::string* error) {
  const int32_t n = p.n;
  const size_t sn = static_cast<size_t>(n);
  const std::span<const double> c = p.tsp.matrix;
  const auto length_of = [&](const std::vector<int32_t>& t) {
    double len = 0;
    for (int32_t k = 0; k < n; ++k) {
      const int32_t a = t[k], z = t[(k + 1) % n];
      len += a == z ? 0 : c[static_cast<size_t>(a) * sn + z];
    }
    return len;
  };
  Work work;
  if (n <= b.dp_max_n) {
    const ObjectiveScope progress(limits, 1, 0);
    TspDistance d(p);
    Stop stop = Stop::kNone;
    std::vector<int32_t> t;
    if (HeldKarp(n, d, limits, work, &t, &stop)) {
      out->kind = ResultKind::kPermutation;
      out->order = std::move(t);  // from city 0, in its direction
      out->answer.clear();
      out->objective = length_of(out->order);
      out->proof = Proof::kDynamicProgram;
      out->has_bound = false;
      out->bound = 0;
      out->status = StatusFor(stop, ResultStatus::kOptimal);
      out->work = work;
      return CallStatus::kOk;
    }
  }
  double lo = kInf, hi = -kInf;
  for (size_t i = 0; i < sn; ++i) {
    for (size_t j = 0; j < sn; ++j) {
      if (i == j) continue;
      lo = std::min(lo, c[i * sn + j]);
      hi = std::max(hi, c[i * sn + j]);
    }
  }
  const double range = hi - lo;
  const double big_m = n * range + 1;
  const double big_f = big_m + n * range + 1;
  // Every sum an exact double (asymmetric.ts ASYMMETRIC_SUM_MAX; contracts refuses wider ranges).
  if (!(2.0 * n * big_f <= 4503599627370496.0)) {
    Fail(error, "asymmetric tsp: the entries' range is too wide for exact arithmetic");
    return CallStatus::kError;
  }
  const int32_t n2 = 2 * n;
  const size_t sn2 = static_cast<size_t>(n2);
  std::vector<double> w(sn2 * sn2, 0.0);
  for (size_t i = 0; i < sn; ++i) {
    for (size_t j = 0; j < sn; ++j) {
      if (i == j) continue;
      w[i * sn2 + j] = big_f;
      w[(sn + i) * sn2 + sn + j] = big_f;
      const double leg = c[i * sn + j] - lo + big_m;
      w[(sn + i) * sn2 + j] = leg;
      w[j * sn2 + sn + i] = leg;
    }
  }
  const double offset = n * (lo - big_m);
  TspProblem sym = p;
  sym.n = n2;
  sym.tsp.matrix = std::span<const double>(w);
  SolveResult r;
  const CallStatus status = SolveSymmetric(sym, b, options, limits, offset, &r);
  if (status != CallStatus::kOk) return status;
  // Read back: in 0 next to out 0 sets the direction; every in-node next to its out-node.
  const std::vector<int32_t>& t = r.order;
  int32_t z = 0;
  while (z < n2 && t[z] != 0) ++z;
  const bool fwd = z < n2 && t[(z + 1) % n2] == n;
  const auto at = [&](int32_t k) { return fwd ? t[(z + k) % n2] : t[(z - k + n2) % n2]; };
  std::vector<int32_t> tour(sn);
  bool ok = z < n2 && (fwd || t[(z + n2 - 1) % n2] == n);
  for (int32_t k = 0; ok && k < n; ++k) {
    const int32_t a = at(2 * k);
    ok = a >= 0 && a < n && at(2 * k + 1) == n + a;
    tour[k] = a;
  }
  if (!ok) {
    Fail(error, "asymmetric tsp: the symmetric tour misses a fixed edge");
    return CallStatus::kError;
  }
  const double length = length_of(tour);
  if (length != r.objective + offset) {
    Fail(error, "asymmetric tsp: the directed length disagrees with the symmetric form's");
    return CallStatus::kError;
  }
  r.work.nodes += work.nodes;
  out->kind = ResultKind::kPermutation;
  out->order = std::move(tour);
  out->answer.clear();
  out->objective = length;
  out->proof = r.proof;
  out->has_bound = r.proof == Proof::kNone && r.has_bound;
  out->bound = out->has_bound ? std::min(r.bound + offset, length) : 0;
  out->status = r.status;
  out->work = r.work;
  return CallStatus::kOk;
}

}  // namespace

CallStatus SolveTsp(const TspProblem& p, const SolveOptions& options, const Limits& limits, SolveResult* out,
                    std::string* error) {
  TspBudget b;
  if (!DecodeBudget(p.tsp.budget, kTspBudget, &b, nullptr)) {
    Fail(error, "tsp budget out of range");
    return CallStatus::kError;
  }
  if (IsAsymmetric(p)) return SolveAsymmetric(p, b, options, limits, out, error);
  return SolveSymmetric(p, b, options, limits, 0, out);
}

}  // namespace svc::core
