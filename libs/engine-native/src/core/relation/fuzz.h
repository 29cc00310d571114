// relation's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_RELATION_FUZZ_H_
#define SVC_CORE_RELATION_FUZZ_H_

#include "relation/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

// Decimal values (digits with a leading nonzero, exponents near the working precision, some
// exact integers, some zero), or one value and a degree; heights and digits mostly in range,
// anything sometimes (lengths that disagree, digits above 9, extreme numbers).
inline void FuzzRelation(Reader& r, const SolverEntry& entry) {
  std::vector<uint8_t> digits, exact, negative, warm;
  std::vector<int32_t> lengths, exponents;
  RelationProblem p;
  RelationView& v = p.relation;
  v.degree = r.U8() < 128 ? 0 : (r.U8() < 240 ? r.Int(1, 6) : r.Int(-2, 30));
  const size_t count = v.degree != 0 ? (r.U8() < 245 ? 1 : r.U8() % 4) : (r.U8() < 240 ? 2 + r.U8() % 5 : r.U8() % 40);
  p.n = r.U8() < 240 ? (v.degree != 0 ? v.degree + 1 : static_cast<int32_t>(count)) : r.Int(-2, 40);
  for (size_t k = 0; k < count; ++k) {
    const size_t len = r.U8() < 230 ? r.U8() % 70 : r.U8();
    for (size_t d = 0; d < len; ++d) digits.push_back(r.U8() < 250 ? static_cast<uint8_t>(d == 0 ? 1 + r.U8() % 9 : r.U8() % 10) : r.U8());
    lengths.push_back(r.U8() < 245 ? static_cast<int32_t>(len) : r.Int(-3, 300));
    exponents.push_back(r.U8() < 240 ? -static_cast<int32_t>(r.U8() % 70) : r.Int(-20000, 20000));
    exact.push_back(r.U8() < 200 ? 0 : 1);
    negative.push_back(r.Bit() ? 1 : 0);
  }
  v.digits = digits;
  v.lengths = lengths;
  v.exponents = exponents;
  v.exact = exact;
  v.negative = negative;
  v.max_height = r.U8() < 230 ? std::pow(10.0, r.U8() % 16) : r.Real();
  v.work_digits = r.U8() < 240 ? r.Int(10, 60) : r.Int(-5, 2000);
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_relation{RelationProblem::kFamily, &FuzzRelation};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_RELATION_FUZZ_H_
