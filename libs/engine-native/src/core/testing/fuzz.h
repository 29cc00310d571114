// The fuzz harness's kit (testing/fuzz_solve.cc and every family's <folder>/fuzz.h): the reader of the
// fuzz bytes, the wire form every command carries (FillBase), the common options, and Run, which
// validates, solves and checks a case. A family's shaped generator lives in its own folder as
// <folder>/fuzz.h, defines kFuzz_<folder> (its family and its generator) and includes only this
// and its own headers; CMakeLists.txt gathers every <folder>/fuzz.h into the harness, as it gathers
// entries.h into the registry (a new family adds its file, no line elsewhere).
#ifndef SVC_CORE_TESTING_FUZZ_H_
#define SVC_CORE_TESTING_FUZZ_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "common/registry.h"
#include "common/request.h"
#include "common/solve_limits.h"

namespace svc::core::fuzz {

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

// An offset `size + delta` as the core would read it, wrapping instead of overflowing (Int may be extreme).
inline int32_t OffsetBy(size_t size, int32_t delta) {
  return static_cast<int32_t>(static_cast<uint32_t>(size) + static_cast<uint32_t>(delta));
}

// v + step, held at INT32_MAX instead of overflowing (v may be an extreme Int).
inline int32_t Next(int32_t v, int32_t step) {
  return static_cast<int32_t>(std::min<int64_t>(INT32_MAX, static_cast<int64_t>(v) + step));
}

// Now and then (1 in 16) replaces a budget by up to max_len - 1 arbitrary numbers.
inline void SometimesGarble(Reader& r, std::vector<double>& budget, size_t max_len) {
  if (r.U8() < 240) return;
  budget.resize(r.U8() % max_len);
  for (auto& x : budget) x = r.Real();
}

// The arrays of the wire form every command carries (FillBase): the objective's linear terms and pairs.
struct BaseArrays {
  std::vector<double> linear, w;
  std::vector<int32_t> i, j;
};

inline void FillBase(Reader& r, BaseArrays& a, ProblemBase& p, bool with_linear) {
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

// The common options: the seed and a warm start (mostly n values 0/1, held in `warm_start`).
inline SolveOptions Options(Reader& r, std::vector<uint8_t>& warm_start, int32_t n) {
  SolveOptions o;
  o.seed = r.U32();
  const uint8_t warm = r.U8();
  if (warm >= 170) {
    warm_start.resize(warm >= 250 ? r.U8() % 32 : (n > 0 && n <= 64 ? static_cast<size_t>(n) : 0));
    for (auto& b : warm_start) b = r.U8() < 250 ? (r.U8() & 1) : r.U8();
    o.warm_start = warm_start;
  }
  return o;
}

// The answer's shape by the kind the core set (testing/fuzz_solve.cc); aborts on a wrong one.
void Check(std::string_view command, const SolveResult& out, int32_t n);

// Cases run, accepted by validation, solved (the standalone driver's summary).
inline long g_cases = 0, g_accepted = 0, g_solved = 0;

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

// A family's shaped generator: reads a problem of `family` and its options from the fuzz bytes and
// runs it (Run) for the entry's command. Each <folder>/fuzz.h defines one as kFuzz_<folder>.
struct Shape {
  std::string_view family;
  void (*generate)(Reader& r, const SolverEntry& entry);
};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_TESTING_FUZZ_H_
