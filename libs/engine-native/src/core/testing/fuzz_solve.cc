// libFuzzer harness over the core's checked entry point: every command of the registry gets a
// problem and options read from the fuzz bytes (sizes, indices and values anywhere in range,
// including negative, out-of-range, non-finite and mismatched lengths), then ValidateRequest and,
// when it accepts, Solve with small work budgets and a 200 ms deadline. The property: no crash,
// no sanitizer report, and a solve that reports kOk returns the answer its result kind promises
// (n values 0/1, an order of the n items, a value per site or per variable, finite numbers) with a
// finite objective, or kError with a message. Half the cases reach every registered command through its
// records (RunFromRecords: a new family needs no edit here), half through shaped generators of the
// families known here. Built two ways (CMakeLists.txt):
//   clang++ -fsanitize=fuzzer,address,undefined    coverage-guided (SVC_LIBFUZZER=ON)
//   g++ -fsanitize=address,undefined + fuzz_driver.cc   a fixed pseudo-random corpus, run by ctest
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cctype>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "common/registry.h"
#include "common/solve_limits.h"
#include "planted/problem.h"
#include "qap/problem.h"
#include "design/problem.h"
#include "cover/problem.h"
#include "erasure/problem.h"
#include "milp/problem.h"
#include "qubo/problem.h"
#include "rank/problem.h"
#include "tsp/problem.h"
#include "rules/problem.h"
#include "select/problem.h"
#include "spectrum/problem.h"
#include "entropy/problem.h"
#include "reduce/problem.h"
#include "relation/problem.h"

namespace {

using namespace svc::core;

// Reads the fuzz bytes; past the end every read is zero.
class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t U8() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint32_t U32() {
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k) v |= static_cast<uint32_t>(U8()) << (8 * k);
    return v;
  }
  bool Bit() { return (U8() & 1) != 0; }
  // Mostly small integers in [lo, hi]; sometimes any int32.
  int32_t Int(int32_t lo, int32_t hi) {
    const uint8_t mode = U8();
    if (mode < 240) return lo + static_cast<int32_t>(U32() % static_cast<uint32_t>(hi - lo + 1));
    return static_cast<int32_t>(U32());
  }
  // Mostly small integers and eighths; sometimes extreme or non-finite values.
  double Real() {
    const uint8_t mode = U8();
    if (mode < 200) return static_cast<double>(static_cast<int32_t>(U32() % 201) - 100);
    if (mode < 230) return static_cast<double>(static_cast<int32_t>(U32() % 801) - 400) / 8.0;
    switch (mode % 6) {
      case 0: return std::numeric_limits<double>::quiet_NaN();
      case 1: return std::numeric_limits<double>::infinity();
      case 2: return -1e308;
      case 3: return 1e300;
      case 4: return -0.0;
      default: {
        uint64_t bits = static_cast<uint64_t>(U32()) | (static_cast<uint64_t>(U32()) << 32);
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return d;
      }
    }
  }
  // A length near `expected` (usually equal), for mismatched arrays.
  size_t Length(size_t expected, size_t cap) {
    const uint8_t mode = U8();
    if (mode < 220) return expected;
    return U8() % (cap + 1);
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// Owns every array a problem view points into.
struct Arrays {
  std::vector<double> linear, w, affinity, redundancy, budget, rules_budget, wins, coords;
  std::vector<int32_t> i, j, pin_index, rules_k, rules_start, rules_nodes;
  std::vector<uint8_t> pin_value, warm, rules_type, negative_signs;
  std::vector<int32_t> bias_start, bias_value;
  std::vector<double> bias_energy, mult, cells;
};

// An offset `size + delta` as the core would read it, wrapping instead of overflowing (Int may be extreme).
int32_t OffsetBy(size_t size, int32_t delta) {
  return static_cast<int32_t>(static_cast<uint32_t>(size) + static_cast<uint32_t>(delta));
}

// v + step, held at INT32_MAX instead of overflowing (v may be an extreme Int).
int32_t Next(int32_t v, int32_t step) {
  return static_cast<int32_t>(std::min<int64_t>(INT32_MAX, static_cast<int64_t>(v) + step));
}

// Now and then (1 in 16) replaces a budget by up to max_len - 1 arbitrary numbers.
void SometimesGarble(Reader& r, std::vector<double>& budget, size_t max_len) {
  if (r.U8() < 240) return;
  budget.resize(r.U8() % max_len);
  for (auto& x : budget) x = r.Real();
}

void FillBase(Reader& r, Arrays& a, ProblemBase& p, bool with_linear) {
  p.n = r.Int(0, 28);
  const size_t n = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
  a.linear.resize(with_linear ? r.Length(n, 64) : (r.U8() < 240 ? 0 : r.U8() % 8));
  for (auto& x : a.linear) x = r.Real();
  // Sorted distinct pairs most of the time, anything sometimes.
  const size_t m = r.U8() % 48;
  const bool canonical = r.U8() < 200;
  int32_t ci = 0, cj = 1;
  for (size_t k = 0; k < m; ++k) {
    if (canonical) {
      if (cj >= static_cast<int32_t>(n)) break;
      a.i.push_back(ci);
      a.j.push_back(cj);
      cj += 1 + r.U8() % 3;
      while (cj >= static_cast<int32_t>(n) && ci + 2 < static_cast<int32_t>(n)) {
        ++ci;
        cj = ci + 1 + (cj - static_cast<int32_t>(n));
      }
    } else {
      a.i.push_back(r.Int(-2, static_cast<int32_t>(n) + 1));
      a.j.push_back(r.Int(-2, static_cast<int32_t>(n) + 1));
    }
    a.w.push_back(r.Real());
  }
  if (r.U8() >= 245 && !a.w.empty()) a.w.pop_back();  // lengths disagree
  p.linear = a.linear;
  p.pairs = PairsView{a.i, a.j, a.w};
  p.complete = r.U8() >= 235;
}

SolveOptions Options(Reader& r, Arrays& a, int32_t n) {
  SolveOptions o;
  o.seed = r.U32();
  const uint8_t warm = r.U8();
  if (warm >= 170) {
    a.warm.resize(warm >= 250 ? r.U8() % 32 : (n > 0 && n <= 64 ? static_cast<size_t>(n) : 0));
    for (auto& b : a.warm) b = r.U8() < 250 ? (r.U8() & 1) : r.U8();
    o.warm_start = a.warm;
  }
  // Budgets come from our TS facade (never from callers): small, so a case takes milliseconds.
  o.budget.exact_max_n = r.U8() % 17;
  o.budget.restarts = 1 + r.U8() % 4;
  o.budget.tabu_iterations = r.U8() * 20;
  o.budget.stall = 1 + r.U8() * 2;
  o.budget.tenure_base = 1 + r.U8() % 8;
  o.budget.tenure_span = 1 + r.U8() % 8;
  o.budget.anneal_sweeps = r.U8() % 8;
  o.budget.elite_pool = 1 + r.U8() % 10;
  o.budget.shrink_rounds = 1 + r.U8() % 10;
  o.budget.use_trees = r.Bit();
  o.exact.has_budget = r.Bit();
  o.exact.bnb_max_n = r.U8() % 40;
  o.exact.bnb_work = r.U8() * 100;
  o.exact.bound_work = r.U8() * 100;
  o.exact.force_bnb = r.U8() >= 230;
  o.exact.heuristic = r.U8() >= 230;
  return o;
}

// The answer's shape by the kind the core set (never by the command's name): a value per variable,
// a value per site, an order of the n items, or n values 0/1 (a planted instance's n is its own).
void Check(std::string_view command, const SolveResult& out, int32_t n) {
  const auto fail = [&](const char* what) {
    std::fprintf(stderr, "%.*s (%.*s): %s, n = %d\n", static_cast<int>(command.size()), command.data(),
                 static_cast<int>(ResultKindName(out.kind).size()), ResultKindName(out.kind).data(), what, n);
    std::abort();
  };
  // The 0/1 kinds may overflow to an infinite objective on extreme weights (the contract caps their
  // sum at 1e150 before any engine runs); the others' objective must stay finite.
  const bool finite = std::isfinite(out.objective);
  switch (out.kind) {
    case ResultKind::kPlanted:
      return;
    case ResultKind::kDecimal: {
      const std::string s(out.answer.begin(), out.answer.end());
      if (s.find(';') != std::string::npos) {
        // Matrices in one text (reduce's "B';U;V"): three of n rows, integers separated by ' ', rows
        // by '\n'. Told apart from a decimal by its ';', never by the command's name.
        size_t sections = 1, rows = 1;
        bool digit_before = false;
        for (char c : s) {
          if (c == ';') {
            if (rows != static_cast<size_t>(n) || !digit_before) fail("a reduce section has the wrong number of rows");
            ++sections;
            rows = 1;
            digit_before = false;
          } else if (c == '\n') {
            ++rows;
          } else if (c == '-' || c == ' ') {
            digit_before = false;
          } else if (c >= '0' && c <= '9') {
            digit_before = true;
          } else {
            fail("not a matrix text");
          }
        }
        if (sections != 3 || rows != static_cast<size_t>(n)) fail("not three matrices of n rows");
        return;
      }
      // A decimal's text: [-]digits[.digits][e±digits], nothing else.
      size_t i = s.starts_with('-') ? 1 : 0;
      const size_t start = i;
      while (i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.')) ++i;
      if (i == start || !std::isdigit(static_cast<unsigned char>(s[start]))) fail("not a decimal's text");
      if (i < s.size()) {
        if (s[i] != 'e' || i + 2 >= s.size() || (s[i + 1] != '+' && s[i + 1] != '-')) fail("not a decimal's exponent");
        for (size_t k = i + 2; k < s.size(); ++k) {
          if (!std::isdigit(static_cast<unsigned char>(s[k]))) fail("not a decimal's exponent");
        }
      }
      return;
    }
    case ResultKind::kVector:
      if (!finite || !out.answer.empty() || out.values.size() != static_cast<size_t>(n) ||
          !std::all_of(out.values.begin(), out.values.end(), [](double v) { return std::isfinite(v); })) {
        fail("not a finite value per variable");
      }
      return;
    case ResultKind::kNumeric:
      // A numeric operation: finite reals in the family's own layout, and a finite summary unless a
      // limit (time or work) stopped it before it had any (then NaN and no reals).
      if (!(finite || (out.values.empty() && std::isnan(out.objective))) || !out.answer.empty() ||
          !std::all_of(out.values.begin(), out.values.end(), [](double v) { return std::isfinite(v); })) {
        fail("not finite numbers");
      }
      return;
    case ResultKind::kLabels:
      if (!finite || !out.answer.empty() || out.order.size() != static_cast<size_t>(n) ||
          !std::all_of(out.order.begin(), out.order.end(), [](int32_t v) { return v >= 0; })) {
        fail("not a value per site");
      }
      return;
    case ResultKind::kPermutation: {
      std::vector<uint8_t> seen(n > 0 ? n : 0, 0);
      if (!finite || !out.answer.empty() || out.order.size() != static_cast<size_t>(n)) fail("not an order of the items");
      for (int32_t v : out.order) {
        if (v < 0 || v >= n || seen[v]) fail("not an order of the items");
        seen[v] = 1;
      }
      return;
    }
    case ResultKind::kBytes: {
      // Blocks of equal size, named by increasing indices below n.
      if (!out.order.empty() && out.answer.size() % out.order.size() != 0) fail("bytes not in blocks of equal size");
      if (out.order.empty() && !out.answer.empty()) fail("bytes without blocks");
      for (size_t t = 0; t < out.order.size(); ++t) {
        if (out.order[t] < 0 || out.order[t] >= n || (t > 0 && out.order[t] <= out.order[t - 1])) fail("block indices not increasing below n");
      }
      return;
    }
    case ResultKind::kBinary:
    case ResultKind::kSample:
    case ResultKind::kRules:
    case ResultKind::kXorsat:
      if (out.answer.size() != static_cast<size_t>(n)) fail("not n answer values");
      for (uint8_t b : out.answer) {
        if (b > 1) fail("an answer value not 0 or 1");
      }
      return;
  }
  fail("unknown result kind");
}

long g_cases = 0, g_accepted = 0, g_solved = 0;

template <typename P>
void Run(std::string_view command, const P& problem, const SolveOptions& options) {
  ++g_cases;
  std::string error;
  if (ValidateRequest(command, problem, options, &error) != CallStatus::kOk) return;
  ++g_accepted;
  SolveResult out;
  const Limits limits(nullptr, Clock::now(), 200);
  if (Solve(command, problem, options, limits, &out, &error) == CallStatus::kOk) {
    ++g_solved;
    Check(command, out, problem.n);
  }
}

}  // namespace

// For the standalone driver's summary: cases run, accepted by validation, solved.
extern "C" void SvcFuzzStats(long* cases, long* accepted, long* solved) {
  *cases = g_cases;
  *accepted = g_accepted;
  *solved = g_solved;
}

// Any registered command through its records (SolverEntry::wire and ::budget, common/wire.h), as
// the binding hands it over: every field (optional ones present or absent) with a length from its
// WireLength hint (sometimes any), values mostly small and in range, and the budget mostly small.
// A family added to the registry is fuzzed here with no edit to this file.
void RunFromRecords(Reader& r, const SolverEntry& entry) {
  WireArgs args;
  args.n = r.Int(0, 24);
  const size_t n = args.n > 0 && args.n <= 64 ? static_cast<size_t>(args.n) : 4;
  std::vector<std::vector<double>> f64;
  std::vector<std::vector<int32_t>> i32;
  std::vector<std::vector<uint8_t>> u8;
  f64.reserve(32);
  i32.reserve(32);
  u8.reserve(32);
  const auto length = [&](WireLength hint) -> size_t {
    const size_t want = hint == WireLength::kN ? n : hint == WireLength::kNPlus1 ? n + 1
                        : hint == WireLength::kNN ? n * n : hint == WireLength::kTwoN ? 2 * n : r.U8() % 24;
    return r.Length(want, 64);
  };
  for (const WireSpec& s : entry.wire()) {
    if (s.name == kBudgetField) continue;
    if (s.optional && r.U8() < 96) continue;
    WireValue v;
    switch (s.type) {
      case WireType::kF64: {
        auto& a = f64.emplace_back(length(s.length));
        for (auto& x : a) x = r.U8() < 230 ? static_cast<double>(r.Int(-3, 9)) : r.Real();
        v.f64 = a;
        break;
      }
      case WireType::kI32: {
        // Offsets and indices: mostly non-decreasing small numbers from 0, anything sometimes.
        auto& a = i32.emplace_back(length(s.length));
        int32_t at = 0;
        for (auto& x : a) {
          x = r.U8() < 230 ? at : r.Int(-2, static_cast<int32_t>(n) + 2);
          at = Next(at, r.U8() % 3);
        }
        v.i32 = a;
        break;
      }
      case WireType::kU8: {
        auto& a = u8.emplace_back(length(s.length));
        for (auto& x : a) x = r.U8() < 240 ? r.Bit() : r.U8();
        v.u8 = a;
        break;
      }
      case WireType::kNumber:
        v.number = r.U8() < 230 ? static_cast<double>(r.Int(0, 12)) : r.Real();
        break;
      case WireType::kEnum:
        v.number = r.U8() < 240 && !s.names.empty() ? static_cast<double>(r.U8() % s.names.size()) : r.Real();
        break;
    }
    args.Set(s.name, v);
  }
  for (const BudgetSpec& b : entry.budget()) {
    // Small work (a case takes milliseconds), within the record's range most of the time.
    const double small = static_cast<double>(r.U8() % 64);
    args.budget.push_back(r.U8() < 240 ? std::min(std::max(small, b.lo), b.hi) : r.Real());
  }
  Arrays a;
  const SolveOptions o = Options(r, a, args.n);
  ++g_cases;
  Limits limits(nullptr, Clock::now(), 200);
  SolveResult out;
  std::string error;
  if (entry.solve_wire(entry.command, args, o, limits, &out, &error) == CallStatus::kOk) {
    ++g_accepted;
    ++g_solved;
    Check(entry.command, out, args.n);
  } else if (error.empty()) {
    std::fprintf(stderr, "%.*s: kError without a message\n", static_cast<int>(entry.command.size()), entry.command.data());
    std::abort();
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader r(data, size);
  const auto solvers = Solvers();
  const SolverEntry& entry = solvers[r.U8() % solvers.size()];
  // Half the cases through the records (every registered command), half through the shaped
  // generators below (structured inputs of the families known here, straight into their views).
  if (r.Bit()) {
    RunFromRecords(r, entry);
    return 0;
  }
  Arrays a;
  if (entry.family == QuboFamilyProblem::kFamily) {
    QuboFamilyProblem p;
    FillBase(r, a, p, true);
    // Pins half the time and sample options half the time, for every command of the family: the
    // command that needs them (pins: want) gets them as often as the others get them to refuse.
    if (r.Bit()) {
      const size_t k = r.U8() % 6;
      for (size_t t = 0; t < k; ++t) {
        a.pin_index.push_back(r.U8() < 240 ? static_cast<int32_t>(t * 2) : r.Int(-1, 40));
        a.pin_value.push_back(r.U8() < 245 ? (r.U8() & 1) : r.U8());
      }
      if (r.U8() >= 245 && !a.pin_value.empty()) a.pin_value.pop_back();
      p.pins = PinsView{a.pin_index, a.pin_value};
    }
    if (r.Bit()) {
      p.sample.count = r.Int(1, 20);
      p.sample.has_window = r.Bit();
      p.sample.window = r.Real();
      p.sample.exact_max_n = r.U8() % 17;
      p.sample.rounds = r.U8() % 64;
      p.sample.max_flips = r.Int(1, 8);
    }
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == SelectProblem::kFamily) {
    SelectProblem p;
    FillBase(r, a, p, false);
    const size_t m = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
    p.select.k = r.Int(0, static_cast<int32_t>(m) + 1);
    a.affinity.resize(r.Length(m, 64));
    for (auto& x : a.affinity) x = r.Real();
    if (r.U8() < 200) {
      a.redundancy.assign(r.Length(m * m, 64), 0.0);
      for (size_t u = 0; u < m && u * m < a.redundancy.size(); ++u) {
        for (size_t v = u + 1; v < m && v * m + u < a.redundancy.size() && u * m + v < a.redundancy.size(); ++v) {
          const double x = r.U8() < 250 ? std::fabs(r.Real()) : r.Real();
          a.redundancy[u * m + v] = x;
          a.redundancy[v * m + u] = r.U8() < 250 ? x : r.Real();
        }
      }
    }
    a.budget.resize(r.U8() % 12);
    for (auto& x : a.budget) x = std::fabs(r.Real()) * 1000;
    p.select.affinity = a.affinity;
    p.select.redundancy = a.redundancy;
    p.select.budget = a.budget;
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == RulesProblem::kFamily) {
    RulesProblem p;
    FillBase(r, a, p, true);
    const size_t rules = r.U8() % 10;
    a.rules_start.push_back(0);
    for (size_t t = 0; t < rules; ++t) {
      a.rules_type.push_back(r.U8() < 240 ? r.U8() % 8 : r.U8());
      a.rules_k.push_back(r.Int(-1, 6));
      const size_t len = r.U8() % 5;
      for (size_t q = 0; q < len; ++q) a.rules_nodes.push_back(r.Int(-1, p.n > 0 ? p.n : 4));
      a.rules_start.push_back(r.U8() < 250 ? static_cast<int32_t>(a.rules_nodes.size()) : r.Int(-3, 40));
    }
    if (r.U8() >= 250 && !a.rules_k.empty()) a.rules_k.pop_back();
    a.rules_budget.resize(r.U8() % 12);
    for (auto& x : a.rules_budget) x = std::fabs(r.Real()) * 1000;
    p.rules = RulesView{a.rules_type, a.rules_k, a.rules_start, a.rules_nodes, a.rules_budget};
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == RankProblem::kFamily) {
    RankProblem p;
    FillBase(r, a, p, false);
    const size_t n = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
    a.wins.assign(r.Length(n * n, 64), 0.0);
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n && i * n + j < a.wins.size(); ++j) {
        if (i != j || r.U8() >= 250) a.wins[i * n + j] = r.U8() < 240 ? r.U8() % 4 : r.Real();
      }
    }
    // The budget of budget.ts most of the time (dpMaxN, bnbMaxN, bnbNodes, restarts, memo, lpMaxN,
    // lpNodes, lpPivots), anything sometimes.
    a.budget = {static_cast<double>(r.U8() % 16), static_cast<double>(r.U8() % 40), static_cast<double>(r.U8() * 40),
                static_cast<double>(r.U8() % 8), static_cast<double>(1 << (r.U8() % 12)),
                static_cast<double>(r.U8() % 40), static_cast<double>(r.U8() % 8), static_cast<double>(r.U8() * 20)};
    SometimesGarble(r, a.budget, 10);
    p.rank.wins = a.wins;
    p.rank.budget = a.budget;
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == TspProblem::kFamily) {
    TspProblem p;
    FillBase(r, a, p, false);
    const size_t n = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
    p.tsp.metric = static_cast<TspMetric>(r.U8() < 245 ? r.U8() % 5 : r.Int(-2, 9));
    if (p.tsp.metric == TspMetric::kMatrix || r.U8() >= 250) {
      a.wins.assign(r.Length(n * n, 64), 0.0);
      for (size_t i = 0; i < n; ++i) {
        for (size_t j = i + 1; j < n && j * n + i < a.wins.size(); ++j) {
          const double x = r.U8() < 240 ? static_cast<double>(r.Int(-50, 200)) : r.Real();
          a.wins[i * n + j] = x;
          a.wins[j * n + i] = r.U8() < 250 ? x : r.Real();
        }
      }
      p.tsp.matrix = a.wins;
    }
    if (p.tsp.metric != TspMetric::kMatrix || r.U8() >= 250) {
      a.coords.resize(r.Length(2 * n, 64));
      for (auto& x : a.coords) x = r.U8() < 240 ? static_cast<double>(r.Int(-90, 90)) + r.U8() / 100.0 : r.Real();
      p.tsp.points = a.coords;
    }
    a.budget = {static_cast<double>(r.U8() % 14), static_cast<double>(1 + r.U8() % 10), static_cast<double>(r.U8() % 20),
                static_cast<double>(r.U8() * 10), static_cast<double>(r.U8() % 20), static_cast<double>(r.U8()) * 1e4,
                static_cast<double>(r.U8() % 70), static_cast<double>(r.U8() % 4), static_cast<double>(r.U8() * 4),
                static_cast<double>(r.U8() % 50)};
    SometimesGarble(r, a.budget, 12);
    p.tsp.budget = a.budget;
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == QapProblem::kFamily) {
    QapProblem p;
    FillBase(r, a, p, false);
    const size_t n = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
    a.wins.resize(r.Length(n * n, 64));
    a.coords.resize(r.Length(n * n, 64));
    for (auto& x : a.wins) x = r.U8() < 240 ? static_cast<double>(r.Int(-20, 20)) : r.Real();
    for (auto& x : a.coords) x = r.U8() < 240 ? static_cast<double>(r.Int(0, 30)) : r.Real();
    a.budget = {static_cast<double>(r.U8() % 12), static_cast<double>(r.U8() * 100), static_cast<double>(r.U8() * 4), static_cast<double>(r.U8()) * 1e4};
    SometimesGarble(r, a.budget, 6);
    p.qap.flow = a.wins;
    p.qap.dist = a.coords;
    p.qap.budget = a.budget;
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == DesignProblem::kFamily) {
    DesignProblem p;
    FillBase(r, a, p, false);
    const int32_t L = p.n > 0 && p.n <= 64 ? p.n : 4;
    const int32_t K = r.U8() < 245 ? 1 + r.U8() % 6 : r.Int(-2, 70);
    p.design.k = K;
    // Mostly the canonical form of canonical.ts (bias CSR with increasing values, bonds i < j), anything sometimes.
    a.bias_start.assign(1, r.U8() < 250 ? 0 : r.Int(-2, 3));
    for (int32_t s = 0; s < L; ++s) {
      int32_t v = -1;
      const int32_t entries = r.U8() % 3;
      for (int32_t t = 0; t < entries; ++t) {
        v = r.U8() < 245 ? Next(v, 1 + r.U8() % 2) : r.Int(-2, 9);
        a.bias_value.push_back(v);
        a.bias_energy.push_back(r.U8() < 240 ? static_cast<double>(r.Int(-9, 9)) : r.Real());
      }
      a.bias_start.push_back(OffsetBy(a.bias_value.size(), r.U8() < 252 ? 0 : r.Int(-2, 2)));
    }
    if (r.U8() >= 250) a.bias_start.pop_back();
    a.mult.resize(a.i.size());
    for (auto& x : a.mult) x = r.U8() < 245 ? 1 + r.U8() % 3 : r.Real();
    const int32_t coupling = r.U8() < 250 ? r.U8() % 3 : r.Int(-1, 4);
    p.design.coupling = static_cast<Coupling>(coupling);
    const size_t kk = K > 0 && K <= 64 ? static_cast<size_t>(K) : 2;
    if (coupling == 1) {
      a.cells.assign(r.Length(kk * kk, 64), 0.0);
      for (size_t x = 0; x < kk; ++x) {
        for (size_t y = x; y < kk && y * kk + x < a.cells.size() && x * kk + y < a.cells.size(); ++y) {
          const double c = r.U8() < 240 ? static_cast<double>(r.Int(-5, 9)) : r.Real();
          a.cells[x * kk + y] = c;
          a.cells[y * kk + x] = r.U8() < 250 ? c : r.Real();
        }
      }
    } else if (coupling == 2) {
      a.cells.assign(r.Length(kk, 64), 0.0);
      for (size_t d = 0; d < a.cells.size(); ++d) {
        const size_t e = std::min(d, kk - d);
        a.cells[d] = r.U8() < 250 ? -static_cast<double>(e % 5) : r.Real();
      }
    } else if (r.U8() >= 250) {
      a.cells.resize(r.U8() % 5);
    }
    p.design.bias_start = a.bias_start;
    p.design.bias_value = a.bias_value;
    p.design.bias_energy = a.bias_energy;
    p.design.bond_i = a.i;
    p.design.bond_j = a.j;
    p.design.bond_mult = a.mult;
    p.design.cells = a.cells;
    p.pairs = {};
    a.budget = {static_cast<double>(r.U8()) * 1e3, static_cast<double>(r.U8() % 20), static_cast<double>(r.U8() * 100),
                static_cast<double>(r.U8() * 20), static_cast<double>(r.U8()) * 1e4};
    SometimesGarble(r, a.budget, 7);
    p.design.budget = a.budget;
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == CoverProblem::kFamily) {
    CoverProblem p;
    FillBase(r, a, p, false);
    p.pairs = {};
    p.linear = {};
    // Mostly canonical (offsets from 0, increasing elements covering the universe), anything sometimes.
    const int32_t U = r.U8() < 250 ? 1 + r.U8() % 24 : r.Int(-2, 40);
    p.cover.universe = U;
    const int32_t n = p.n > 0 && p.n <= 64 ? p.n : 4;
    a.bias_start.assign(1, r.U8() < 252 ? 0 : r.Int(-2, 3));
    for (int32_t j = 0; j < n; ++j) {
      int32_t e = -1;
      const int32_t len = r.U8() % 6;
      for (int32_t t = 0; t < len; ++t) {
        e = r.U8() < 248 ? Next(e, 1 + r.U8() % 4) : r.Int(-2, 30);
        if (r.U8() < 250 && U > 0 && e >= U) break;
        a.bias_value.push_back(e);
      }
      a.bias_start.push_back(OffsetBy(a.bias_value.size(), r.U8() < 252 ? 0 : r.Int(-2, 2)));
    }
    // Cover every element most of the time: a last set of all of them.
    if (r.U8() < 200 && U > 0 && U < 64) {
      for (int32_t e = 0; e < U; ++e) a.bias_value.push_back(e);
      a.bias_start.back() = static_cast<int32_t>(a.bias_value.size());
    }
    a.bias_energy.resize(r.U8() < 250 ? static_cast<size_t>(n) : r.U8() % 8);
    for (auto& x : a.bias_energy) x = r.U8() < 240 ? static_cast<double>(r.Int(-3, 20)) : r.Real();
    p.cover.start = a.bias_start;
    p.cover.elems = a.bias_value;
    p.cover.cost = a.bias_energy;
    a.budget = {static_cast<double>(r.U8() % 64), static_cast<double>(r.U8() % 4), static_cast<double>(r.U8() * 4),
                static_cast<double>(r.U8() % 16), static_cast<double>(r.U8()) * 1e3, static_cast<double>(r.U8() * 8),
                static_cast<double>(r.U8() * 8)};
    SometimesGarble(r, a.budget, 9);
    p.cover.budget = a.budget;
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == MilpProblem::kFamily) {
    MilpProblem p;
    FillBase(r, a, p, true);
    const size_t n = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
    // Mostly valid domains (binaries [0, 1], boxes, an infinite side with positive curvature), anything sometimes.
    a.pin_value.assign(r.U8() < 250 ? n : r.U8() % 8, 0);
    for (auto& b : a.pin_value) b = r.U8() < 250 ? r.Bit() : r.U8();
    a.bias_energy.assign(n, 0.0);  // diag
    a.cells.assign(2 * n, 0.0);    // lo, hi
    for (size_t v = 0; v < n; ++v) {
      const bool bin = v < a.pin_value.size() && a.pin_value[v] == 1;
      const int32_t kind = r.U8() % 4;
      a.cells[v] = bin ? 0 : kind == 0 ? -std::numeric_limits<double>::infinity() : static_cast<double>(r.Int(-9, 0));
      a.cells[n + v] = bin ? 1 : kind == 1 ? std::numeric_limits<double>::infinity() : static_cast<double>(r.Int(0, 9));
      a.bias_energy[v] = r.U8() < 240 ? static_cast<double>(r.Int(kind <= 1 ? 1 : -4, 9)) : r.Real();
    }
    if (r.U8() >= 250 && !a.cells.empty()) a.cells.pop_back();
    a.budget = {static_cast<double>(r.U8() * 4), static_cast<double>(r.U8() % 6)};
    SometimesGarble(r, a.budget, 4);
    p.milp.binary = a.pin_value;
    p.milp.lo = std::span<const double>(a.cells.data(), std::min(n, a.cells.size()));
    p.milp.hi = std::span<const double>(a.cells.data() + std::min(n, a.cells.size()), a.cells.size() - std::min(n, a.cells.size()));
    p.milp.diag = a.bias_energy;
    p.milp.budget = a.budget;
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == PlantedProblem::kFamily) {
    PlantedProblem p;
    p.n = r.Int(0, 64);
    p.planted.degree = r.Int(0, 6);
    p.planted.instance_seed = r.U32();
    p.planted.anneal_sweeps = r.U8() % 20;
    p.planted.reheat_sweeps = r.U8() % 20;
    p.planted.max_sweeps = r.U8() % 200;
    p.planted.beta_start = r.Real();
    p.planted.beta_end = r.Real();
    p.planted.beta_reheat = r.Real();
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == ErasureProblem::kFamily) {
    // Mostly a consistent code (n = k + m, at least k shards present, shard_size bytes each) with
    // shards of any length and any loss pattern; anything sometimes.
    ErasureProblem p;
    ErasureView& e = p.erasure;
    e.k = r.U8() < 240 ? 1 + r.U8() % 12 : r.Int(-2, 300);
    e.m = r.U8() < 240 ? r.U8() % 8 : r.Int(-2, 300);
    p.n = r.U8() < 240 ? e.k + e.m : r.Int(0, 30);
    e.shard_size = r.U8() < 240 ? 1 + r.U8() % 80 : r.Real();
    const size_t n = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
    a.pin_value.assign(r.Length(n, 64), 1);
    for (auto& f : a.pin_value) f = r.U8() < 250 ? static_cast<uint8_t>(r.U8() < 200) : r.U8();
    size_t given = 0;
    for (uint8_t f : a.pin_value) given += f == 1;
    const size_t size = e.shard_size >= 1 && e.shard_size <= 80 ? static_cast<size_t>(e.shard_size) : 3;
    a.rules_type.resize(r.U8() < 240 ? given * size : r.U8() % 200);
    for (auto& x : a.rules_type) x = r.U8();
    e.present = a.pin_value;
    e.shards = a.rules_type;
  } else if (entry.family == SpectrumProblem::kFamily) {
    // Pauli sums: masks mostly inside n qubits, some Y-heavy (complex), k past 2^n sometimes, a
    // budget mostly in range with small work and small dense sizes (the Lanczos path runs too).
    SpectrumProblem p;
    p.n = r.U8() < 240 ? r.Int(1, 12) : r.Int(-2, 30);
    const int32_t bits = p.n >= 1 && p.n <= 24 ? p.n : 4;
    const size_t m = r.U8() % 24;
    for (size_t t = 0; t < m; ++t) {
      const uint32_t all = (1u << bits) - 1;
      a.i.push_back(r.U8() < 245 ? static_cast<int32_t>(r.U32() & all) : r.Int(-3, 1 << 20));
      a.j.push_back(r.U8() < 245 ? static_cast<int32_t>(r.U32() & all & (r.Bit() ? all : 0)) : r.Int(-3, 1 << 20));
      a.w.push_back(r.U8() < 240 ? static_cast<double>(r.Int(-4, 4)) / 2 : r.Real());
    }
    if (r.U8() >= 245 && !a.w.empty()) a.w.pop_back();  // lengths disagree
    p.spectrum.x = a.i;
    p.spectrum.z = a.j;
    p.spectrum.coeff = a.w;
    p.spectrum.k = r.U8() < 240 ? r.Int(1, 9) : r.Real();
    p.spectrum.vectors = r.U8() < 200 ? (r.Bit() ? 1 : 0) : r.Real();
    a.budget = {r.U8() < 240 ? std::pow(10.0, -static_cast<double>(4 + r.U8() % 11)) : r.Real(),
                static_cast<double>(1 + r.U8() * 2), static_cast<double>(r.U8() % 65),
                static_cast<double>(1 + r.U8()) * 65536};
    SometimesGarble(r, a.budget, 6);
    p.spectrum.budget = a.budget;
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == RelationProblem::kFamily) {
    // Decimal values (digits with a leading nonzero, exponents near the working precision, some
    // exact integers, some zero), or one value and a degree; heights and digits mostly in range,
    // anything sometimes (lengths that disagree, digits above 9, extreme numbers).
    RelationProblem p;
    RelationView& v = p.relation;
    v.degree = r.U8() < 128 ? 0 : (r.U8() < 240 ? r.Int(1, 6) : r.Int(-2, 30));
    const size_t count = v.degree != 0 ? (r.U8() < 245 ? 1 : r.U8() % 4) : (r.U8() < 240 ? 2 + r.U8() % 5 : r.U8() % 40);
    p.n = r.U8() < 240 ? (v.degree != 0 ? v.degree + 1 : static_cast<int32_t>(count)) : r.Int(-2, 40);
    for (size_t k = 0; k < count; ++k) {
      const size_t len = r.U8() < 230 ? r.U8() % 70 : r.U8();
      for (size_t d = 0; d < len; ++d) a.pin_value.push_back(r.U8() < 250 ? static_cast<uint8_t>(d == 0 ? 1 + r.U8() % 9 : r.U8() % 10) : r.U8());
      a.i.push_back(r.U8() < 245 ? static_cast<int32_t>(len) : r.Int(-3, 300));
      a.j.push_back(r.U8() < 240 ? -static_cast<int32_t>(r.U8() % 70) : r.Int(-20000, 20000));
      a.rules_type.push_back(r.U8() < 200 ? 0 : 1);
      // Not a.warm: Options() below refills it, and the view would dangle.
      a.negative_signs.push_back(r.Bit() ? 1 : 0);
    }
    v.digits = a.pin_value;
    v.lengths = a.i;
    v.exponents = a.j;
    v.exact = a.rules_type;
    v.negative = a.negative_signs;
    v.max_height = r.U8() < 230 ? std::pow(10.0, r.U8() % 16) : r.Real();
    v.work_digits = r.U8() < 240 ? r.Int(10, 60) : r.Int(-5, 2000);
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == EntropyProblem::kFamily) {
    // A state (sometimes of the wrong length, zero or non-finite) or a Pauli sum, a subsystem mask.
    EntropyProblem p;
    p.n = r.U8() < 240 ? r.Int(1, 10) : r.Int(-2, 24);
    const int32_t bits = p.n >= 1 && p.n <= 20 ? p.n : 3;
    a.pin_value.resize(r.Length(static_cast<size_t>(bits), 24));
    for (auto& b : a.pin_value) b = r.U8() < 245 ? r.Bit() : r.U8();
    p.entropy.subsystem = a.pin_value;
    if (r.Bit()) {
      a.linear.resize(r.Length(size_t{2} << bits, 64));
      for (auto& x : a.linear) x = r.U8() < 240 ? static_cast<double>(r.Int(-3, 3)) / 4 : r.Real();
      p.entropy.state = a.linear;
      p.entropy.has_state = true;
    } else {
      const size_t m = r.U8() % 16;
      for (size_t t = 0; t < m; ++t) {
        const uint32_t all = (1u << bits) - 1;
        a.i.push_back(r.U8() < 245 ? static_cast<int32_t>(r.U32() & all) : r.Int(-3, 1 << 20));
        a.j.push_back(r.U8() < 245 ? static_cast<int32_t>(r.U32() & all) : r.Int(-3, 1 << 20));
        a.w.push_back(r.U8() < 240 ? static_cast<double>(r.Int(-4, 4)) / 2 : r.Real());
      }
      p.entropy.x = a.i;
      p.entropy.z = a.j;
      p.entropy.coeff = a.w;
    }
    p.entropy.vectors = r.U8() < 200 ? (r.Bit() ? 1 : 0) : r.Real();
    a.budget = {r.U8() < 240 ? std::pow(10.0, -static_cast<double>(4 + r.U8() % 11)) : r.Real(),
                static_cast<double>(1 + r.U8() * 2), static_cast<double>(r.U8() % 65),
                static_cast<double>(1 + r.U8()) * 65536, r.U8() < 240 ? std::pow(10.0, -static_cast<double>(4 + r.U8() % 11)) : r.Real()};
    SometimesGarble(r, a.budget, 7);
    p.entropy.budget = a.budget;
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  } else if (entry.family == ReduceProblem::kFamily) {
    // Integer bases as text: small entries, some of 20..80 digits, dependent rows (a multiple of an
    // earlier one), zero rows; sometimes a malformed token, a wrong count, rows/cols/delta out of range.
    ReduceProblem p;
    const int32_t rows = r.U8() < 245 ? r.Int(1, 7) : r.Int(-1, 300);
    const int32_t cols = r.U8() < 245 ? r.Int(1, 7) : r.Int(-1, 500);
    p.n = r.U8() < 250 ? rows : r.Int(0, 9);
    p.reduce.rows = rows;
    p.reduce.cols = cols;
    const uint8_t dm = r.U8();
    p.reduce.delta = dm < 200 ? 0.26 + 0.739 * (r.U8() / 255.0) : dm < 230 ? 0.99 : r.Real();
    std::string text;
    std::vector<std::string> previous;
    const int32_t rr = std::clamp(rows, 0, 8), cc = std::clamp(cols, 0, 8);
    for (int32_t i = 0; i < rr; ++i) {
      const uint8_t kind = r.U8();
      for (int32_t j = 0; j < cc; ++j) {
        std::string tok;
        if (kind < 30 && i > 0) {
          // A multiple of row 0's entry (dependent rows), spelled exactly.
          const std::string& base = previous[static_cast<size_t>(j)];
          tok = base == "0" ? "0" : (r.Bit() ? base : base + "0");
        } else if (kind < 40) {
          tok = "0";
        } else if (r.U8() < 30) {
          tok = std::string(1, static_cast<char>('1' + r.U8() % 9));
          const int len = 20 + r.U8() % 60;
          for (int t = 0; t < len; ++t) tok += static_cast<char>('0' + r.U8() % 10);
        } else {
          tok = std::to_string(r.Int(-20, 20));
        }
        if (r.U8() >= 252) tok = r.Bit() ? "-0" : (r.Bit() ? "0" + tok : "x");
        if (i == 0) previous.push_back(tok);
        if (!text.empty()) text += ' ';
        text += tok;
      }
    }
    if (r.U8() >= 250) text += " 1";
    p.reduce.text = std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(text.data()), text.size());
    const SolveOptions o = Options(r, a, p.n);
    Run(entry.command, p, o);
  }
  return 0;
}
