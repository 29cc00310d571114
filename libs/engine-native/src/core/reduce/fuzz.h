// reduce's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_REDUCE_FUZZ_H_
#define SVC_CORE_REDUCE_FUZZ_H_

#include "reduce/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

// Integer bases as text: small entries, some of 20..80 digits, dependent rows (a multiple of an
// earlier one), zero rows; sometimes a malformed token, a wrong count, rows/cols/delta out of range.
inline void FuzzReduce(Reader& r, const SolverEntry& entry) {
  std::vector<uint8_t> warm;
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
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_reduce{ReduceProblem::kFamily, &FuzzReduce};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_REDUCE_FUZZ_H_
