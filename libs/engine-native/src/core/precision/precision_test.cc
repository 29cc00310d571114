// precision: exact cases, half-even ties, a root settled exactly on a rounding boundary, published
// digits of π, e and ln 2, the spelling of answers, validation through the registry, and the
// answer crossing as a decimal result. (Thousands of random cases against Python's decimal, and
// the byte-for-byte agreement with engine-ts, are in libs/engine-native/src/precision.test.ts.)
#include <cstdio>
#include <string>
#include <vector>

#include "common/registry.h"
#include "precision/problem.h"
#include "precision/solve.h"
#include "testing/test_util.h"

namespace {

using svc::core::CallStatus;
using svc::core::Limits;
using svc::core::PrecisionOp;
using svc::core::PrecisionProblem;
using svc::core::ResultKind;
using svc::core::SolveOptions;
using svc::core::SolveResult;

// A problem from a decimal string x (parsed here the way engine-ts canonical.ts parses it).
struct Case {
  std::vector<uint8_t> digits;
  PrecisionProblem p;

  Case(PrecisionOp op, const std::string& x, int digits_wanted, double k = 0, double pp = 0, double q = 1) {
    p.n = digits_wanted;
    p.precision.op = op;
    p.precision.digits = digits_wanted;
    p.precision.k = k;
    p.precision.p = pp;
    p.precision.q = q;
    if (x.empty()) return;
    std::string s = x;
    long exponent = 0;
    const size_t e = s.find_first_of("eE");
    if (e != std::string::npos) {
      exponent = std::stol(s.substr(e + 1));
      s = s.substr(0, e);
    }
    p.precision.x_negative = s[0] == '-';
    if (s[0] == '-' || s[0] == '+') s = s.substr(1);
    const size_t dot = s.find('.');
    std::string all = s;
    if (dot != std::string::npos) {
      all = s.substr(0, dot) + s.substr(dot + 1);
      exponent -= static_cast<long>(s.size() - dot - 1);
    }
    const size_t lead = all.find_first_not_of('0');
    all = lead == std::string::npos ? "" : all.substr(lead);
    while (!all.empty() && all.back() == '0') {
      all.pop_back();
      ++exponent;
    }
    for (char c : all) digits.push_back(static_cast<uint8_t>(c - '0'));
    p.precision.has_x = true;
    p.precision.x_exponent = all.empty() ? 0 : static_cast<double>(exponent);
    p.precision.x_digits = digits;
  }
};

std::string Answer(Case&& c, bool* exact = nullptr, int* tries = nullptr) {
  std::string a, error;
  bool ex = false;
  int t = 0;
  if (!svc::core::PrecisionAnswer(c.p.precision, &a, &ex, &t, &error)) return "error: " + error;
  if (exact != nullptr) *exact = ex;
  if (tries != nullptr) *tries = t;
  return a;
}

#define CHECK_EQ_STR(a, b)                                                                         \
  do {                                                                                            \
    const std::string va_ = (a), vb_ = (b);                                                        \
    if (va_ != vb_) {                                                                             \
      std::printf("%s:%d: CHECK_EQ failed: %s\n   got %s\n  want %s\n", __FILE__, __LINE__, #a, va_.c_str(), vb_.c_str()); \
      ++svc::test::Failures();                                                                    \
    }                                                                                             \
  } while (0)

std::string Rejected(Case&& c) {
  std::string error;
  const SolveOptions o;
  return svc::core::ValidateRequest("precision", c.p, o, &error) == CallStatus::kOk ? "" : error;
}

}  // namespace

int main() {
  using Op = PrecisionOp;
  bool exact = false;
  int tries = -1;

  // Exact cases, found without a retry.
  CHECK_EQ_STR(Answer(Case(Op::kSqrt, "1522756", 31), &exact, &tries), "1234");
  CHECK(exact && tries == 0);
  CHECK_EQ_STR(Answer(Case(Op::kSqrt, "0", 31)), "0");
  CHECK_EQ_STR(Answer(Case(Op::kExp, "0", 5240), &exact), "1");
  CHECK(exact);
  CHECK_EQ_STR(Answer(Case(Op::kLn, "1.000", 5240)), "0");
  CHECK_EQ_STR(Answer(Case(Op::kPowq, "8", 31, 0, 2, 3), &exact), "4");
  CHECK(exact);
  CHECK_EQ_STR(Answer(Case(Op::kPowq, "0.0625", 31, 0, -3, 4)), "8");
  CHECK_EQ_STR(Answer(Case(Op::kPowq, "2", 31, 0, -10, 1)), "0.0009765625");
  CHECK_EQ_STR(Answer(Case(Op::kNthroot, "-3.375e-9", 31, 3)), "-0.0015");
  CHECK_EQ_STR(Answer(Case(Op::kPowq, "-8", 31, 0, 2, 6)), "-2");

  // Ties go to the even neighbour.
  CHECK_EQ_STR(Answer(Case(Op::kSqrt, "1.5625", 2), &exact), "1.2");
  CHECK(!exact);
  CHECK_EQ_STR(Answer(Case(Op::kSqrt, "1.8225", 2)), "1.4");
  CHECK_EQ_STR(Answer(Case(Op::kNthroot, "3.375", 1, 3)), "2");
  CHECK_EQ_STR(Answer(Case(Op::kPowq, "2.25", 2, 0, 3, 2)), "3.4");

  // 1.00005 is the midpoint of 1.0000 and 1.0001; its cube ± 10^−80 puts the root a hair off it:
  // the brackets cannot tell at the bits allowed, the exact comparison does.
  const std::string m3 = "1000150007500125";  // 100005^3
  CHECK_EQ_STR(Answer(Case(Op::kNthroot, m3 + std::string(64, '0') + "1e-80", 5, 3), nullptr, &tries), "1.0001");
  CHECK(tries == 4);
  CHECK_EQ_STR(Answer(Case(Op::kNthroot, "1000150007500124" + std::string(65, '9') + "e-80", 5, 3)), "1");

  // Published digits (OEIS A000796, A001113, A002162), rounded to 31.
  CHECK_EQ_STR(Answer(Case(Op::kPi, "", 31)), "3.14159265358979323846264338328");
  CHECK_EQ_STR(Answer(Case(Op::kE, "", 31)), "2.718281828459045235360287471353");
  CHECK_EQ_STR(Answer(Case(Op::kLn2, "", 31)), "0.6931471805599453094172321214582");
  CHECK_EQ_STR(Answer(Case(Op::kPi, "", 1)), "3");
  CHECK_EQ_STR(Answer(Case(Op::kSqrt, "2", 31)), "1.41421356237309504880168872421");
  CHECK_EQ_STR(Answer(Case(Op::kSqrt, "2", 31)).substr(0, 20), "1.414213562373095048");
  CHECK_EQ_STR(Answer(Case(Op::kExp, "1", 31)), "2.718281828459045235360287471353");
  CHECK_EQ_STR(Answer(Case(Op::kLn, "10", 31)), "2.302585092994045684017991454684");
  CHECK_EQ_STR(Answer(Case(Op::kLn, "0.5", 31)), "-0.6931471805599453094172321214582");

  // The spelling: plain for −7 < E < 21, else scientific; trailing zeros dropped.
  CHECK_EQ_STR(Answer(Case(Op::kExp, "-1000000", 31)), "3.296831478088558578968907969108e-434295");
  CHECK_EQ_STR(Answer(Case(Op::kExp, "2000000", 31)), "9.200395643397245398035182681176e+868588");
  CHECK_EQ_STR(Answer(Case(Op::kSqrt, "1e-999999", 31)), "3.162277660168379331998893544433e-500000");
  CHECK_EQ_STR(Answer(Case(Op::kLn, "1.0000000001", 31)), "9.999999999500000000033333333331e-11");
  CHECK_EQ_STR(Answer(Case(Op::kPowq, "1e20", 3, 0, 1, 1)), "100000000000000000000");
  CHECK_EQ_STR(Answer(Case(Op::kPowq, "1e21", 3, 0, 1, 1)), "1e+21");

  // 5240 digits: lengths and the leading digits.
  const std::string pi = Answer(Case(Op::kPi, "", 5240));
  CHECK(pi.size() == 5241 && pi.substr(0, 12) == "3.1415926535");
  const std::string e = Answer(Case(Op::kExp, "1", 5240));
  CHECK(e == Answer(Case(Op::kE, "", 5240)));

  // Validation through the registry names the field and the range.
  CHECK(Rejected(Case(Op::kSqrt, "-2", 5)).find("x >= 0") != std::string::npos);
  CHECK(Rejected(Case(Op::kLn, "0", 5)).find("x > 0") != std::string::npos);
  CHECK(Rejected(Case(Op::kExp, "2000000.5", 5)).find("2000000") != std::string::npos);
  CHECK(Rejected(Case(Op::kExp, "-1e30", 5)).find("2000000") != std::string::npos);
  CHECK(Rejected(Case(Op::kNthroot, "-2", 5, 4)).find("even root") != std::string::npos);
  CHECK(Rejected(Case(Op::kNthroot, "2", 5, 1)).find("k must") != std::string::npos);
  CHECK(Rejected(Case(Op::kPowq, "-2", 5, 0, 1, 2)).find("odd q") != std::string::npos);
  CHECK(Rejected(Case(Op::kPowq, "0", 5, 0, -1, 2)).find("p > 0") != std::string::npos);
  CHECK(Rejected(Case(Op::kPowq, "1e999999", 5, 0, 1000, 1)).find("exponent") != std::string::npos);
  CHECK(Rejected(Case(Op::kPi, "2", 5)).find("takes no x") != std::string::npos);
  CHECK(Rejected(Case(Op::kSqrt, "", 5)).find("needs x") != std::string::npos);
  CHECK(Rejected(Case(Op::kSqrt, "2", 5)).empty());
  {
    Case c(Op::kSqrt, "2", 5);
    c.p.n = 6;
    CHECK(Rejected(std::move(c)).find("n must equal digits") != std::string::npos);
  }

  // Through the registry: a decimal result with its text and exactness.
  {
    Case c(Op::kSqrt, "16", 31);
    SolveResult out;
    std::string error;
    const SolveOptions o;
    const Limits limits(nullptr, svc::core::Clock::now(), 0);
    CHECK(svc::core::Solve("precision", c.p, o, limits, &out, &error) == CallStatus::kOk);
    CHECK(out.kind == ResultKind::kDecimal);
    CHECK(std::string(out.answer.begin(), out.answer.end()) == "4");
    CHECK(out.Extra("exact") == 1);
  }
  return svc::test::Finish("precision_test");
}
