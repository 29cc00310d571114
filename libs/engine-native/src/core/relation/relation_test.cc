// relation: the known cases (√2+√3, √2+∛3, cos(2π/7), the golden ratio asked at degree 6, ln 6 =
// ln 2 + ln 3, Machin's formula), abstention on π and e with a small max_height (with its bound),
// the exact check refusing a relation the digits do not support, and validation. (Native == TS on
// random algebraic numbers is in libs/engine-native/src/relation.test.ts.)
#include <cstdio>
#include <string>
#include <vector>

#include <gmpxx.h>

#include "relation/exact.h"
#include "relation/irreducible.h"
#include "relation/problem.h"
#include "relation/solve.h"
#include "testing/test_util.h"

namespace {

using svc::core::CallStatus;
using svc::core::Limits;
using svc::core::RelationOutcome;
using svc::core::RelationProblem;
using svc::core::RelationStop;
using svc::core::SolveOptions;

// A problem from plain decimal strings (as engine-ts canonical.ts parses them; no exponents here).
struct Case {
  std::vector<uint8_t> negative, digits, exact;
  std::vector<int32_t> lengths, exponents;
  RelationProblem p;
  Case(const std::vector<std::string>& xs, int degree, double max_height, int work_digits) {
    for (const std::string& x0 : xs) {
      std::string x = x0;
      negative.push_back(x[0] == '-' ? 1 : 0);
      if (x[0] == '-') x = x.substr(1);
      const size_t dot = x.find('.');
      const std::string all = dot == std::string::npos ? x : x.substr(0, dot) + x.substr(dot + 1);
      size_t lead = 0;
      while (lead < all.size() && all[lead] == '0') lead++;
      for (size_t i = lead; i < all.size(); i++) digits.push_back(static_cast<uint8_t>(all[i] - '0'));
      lengths.push_back(static_cast<int32_t>(all.size() - lead));
      exponents.push_back(dot == std::string::npos ? 0 : -static_cast<int32_t>(x.size() - dot - 1));
      exact.push_back(dot == std::string::npos ? 1 : 0);
    }
    p.n = degree > 0 ? degree + 1 : static_cast<int32_t>(xs.size());
    p.relation.degree = degree;
    p.relation.negative = negative;
    p.relation.digits = digits;
    p.relation.lengths = lengths;
    p.relation.exponents = exponents;
    p.relation.exact = exact;
    p.relation.max_height = max_height;
    p.relation.work_digits = work_digits;
  }
  RelationOutcome Find() const { return svc::core::FindRelation(p.relation, Limits()); }
  bool Valid() const {
    std::string error;
    return svc::core::ValidateRelation("relation", p, SolveOptions{}, &error) == CallStatus::kOk;
  }
};

bool Is(const RelationOutcome& o, const std::vector<std::string>& want) {
  if (o.relation != want) {
    std::printf("got");
    for (const auto& c : o.relation) std::printf(" %s", c.c_str());
    std::printf(" (stop %d)\n", static_cast<int>(o.stop));
    return false;
  }
  return o.stop == RelationStop::kFound;
}

}  // namespace

int main() {
  const std::string sqrt2p3 = "3.146264369941972342329135065715570445512477129187328701232486";
  const std::string sqrt2cbrt3 = "2.856463132680503431123327034989807666961541128876298650723095";
  const std::string cos2pi7 = "0.623489801858733530525004884004239810632274730896402105365549";
  const std::string phi = "1.618033988749894848204586834365638117720309179805762862135448";
  const std::string ln2 = "0.693147180559945309417232121458176568075500134360255254120680", ln3 = "1.098612288668109691395245236922525704647490557822749451734694", ln6 = "1.791759469228055000812477358380702272722990692183004705855374";
  const std::string pi4 = "0.785398163397448309615660845819875721049292349843776455243736", at5 = "0.197395559849880758370049765194790293447585103787852101517688", at239 = "0.004184076002074723864538214959285452741048065307631950827019";
  const std::string pi = "3.141592653589793238462643383279502884197169399375105820974944", e = "2.718281828459045235360287471352662497757247093699959574966967";
  // Ascending powers: x^4 − 10x^2 + 1.
  CHECK(Is(Case({sqrt2p3}, 4, 1e6, 50).Find(), {"1", "0", "-10", "0", "1"}));
  // x^6 − 6x^4 − 6x^3 + 12x^2 − 36x + 1.
  CHECK(Is(Case({sqrt2cbrt3}, 6, 1e6, 50).Find(), {"1", "-36", "12", "-6", "-6", "0", "1"}));
  const RelationOutcome c7 = Case({cos2pi7}, 3, 1e6, 50).Find();
  CHECK(Is(c7, {"-1", "-4", "4", "8"}));
  CHECK(c7.irreducible && c7.degree == 3);
  // Asked at degree 6, the golden ratio answers its minimal polynomial x^2 − x − 1.
  const RelationOutcome g = Case({phi}, 6, 1e6, 50).Find();
  CHECK(Is(g, {"-1", "-1", "1"}));
  CHECK(g.irreducible && g.degree == 2);
  CHECK(Is(Case({ln6, ln2, ln3}, 0, 1e6, 50).Find(), {"1", "-1", "-1"}));
  CHECK(Is(Case({pi4, at5, at239}, 0, 1e6, 50).Find(), {"1", "-4", "1"}));
  // π, e, 1 with coefficients at most 100: none, and the bound proves it (> √3 · 100).
  const RelationOutcome none = Case({pi, e, "1"}, 0, 100, 50).Find();
  CHECK(none.relation.empty() && none.stop == RelationStop::kBound && none.bound > 173.2);
  // π of degree ≤ 4, height ≤ 1000.
  const RelationOutcome pin = Case({pi}, 4, 1000, 50).Find();
  CHECK(pin.relation.empty() && pin.stop == RelationStop::kBound && pin.bound > 2236);
  // √2 to 12 digits asked at 40: what PSLQ sees at 40 digits is not a relation of the decimals.
  const RelationOutcome shortx = Case({"1.41421356237"}, 2, 1e6, 40).Find();
  CHECK(shortx.relation.empty());
  // ... and at 10 digits, x^2 − 2 holds on every value the 12 digits allow.
  CHECK(Is(Case({"1.41421356237"}, 2, 1e6, 10).Find(), {"-2", "0", "1"}));
  // Exact integers: 3·2 − 2·3 = 0.
  CHECK(Is(Case({"2", "3"}, 0, 1e6, 20).Find(), {"3", "-2"}));
  // A zero value: the unit vector on it.
  CHECK(Is(Case({"0", pi}, 0, 1e6, 20).Find(), {"1", "0"}));
  CHECK(Case({"0.000", pi}, 0, 1e6, 20).Find().relation.empty());
  // The value 0 of degree 3: x.
  CHECK(Is(Case({"0"}, 3, 1e6, 20).Find(), {"0", "1"}));
  // Issue 31. A small non-zero value: never x^k (its digits prove x ≠ 0); what comes back has a_0 ≠ 0.
  const RelationOutcome small = Case({"-0.00003258653877320317864311006"}, 6, 1e6, 28).Find();
  CHECK(small.relation.empty() || small.relation[0] != "0");
  // Eight values of 30 digits at 11 working digits: the relation PSLQ sees at 11 digits,
  // [1,2,2,-4,0,-4,3,1] (residual 1.3e-7 on the decimals sent), is refuted by the 30 digits.
  const std::vector<std::string> eight = {"2.39789527279837054406194357796", "1.60943791243410037460075933322", "0.693147180559945309417232121458", "1.41421356237309504880168872420", "18.9370691399441224394914253604", "1.94591014905531330510535274344", "1.09861228866810969139524523692", "3.14159265358979323846264338327"};
  const RelationOutcome e8 = Case(eight, 0, 1e6, 11).Find();
  CHECK(e8.relation != std::vector<std::string>({"1", "2", "2", "-4", "0", "-4", "3", "1"}));
  if (!e8.relation.empty()) {
    // |Σ a_i·v_i| ≤ Σ |a_i|·u_i, in integers at 30 decimals (every value has 29 or 30).
    mpz_class sum = 0, allow = 0;
    for (size_t i = 0; i < eight.size(); i++) {
      std::string d = eight[i];
      const size_t dot = d.find('.');
      const size_t places = d.size() - dot - 1;
      d.erase(dot, 1);
      const mpz_class v = mpz_class(d, 10) * svc::core::Pow10(static_cast<int64_t>(30 - places));
      const mpz_class a(e8.relation[i], 10);
      sum += a * v;
      allow += abs(a) * svc::core::Pow10(static_cast<int64_t>(30 - places));
    }
    CHECK(abs(sum) <= allow);
  }
  // Machin's relation (height 16) and one of height 9 among four values, max_height 10: PSLQ's
  // first candidate is Machin's, refused by its height; LLL on the embedding lattice finds the other.
  const RelationOutcome m4 = Case({"-4.634038232428505433310333841643134536923", "0.004184076002074723864538214959285452741048", "0.1973955598498807583700497651947902934475", "3.141592653589793238462643383279502884197"}, 0, 10, 39).Find();
  CHECK(Is(m4, {"3", "-7", "-9", "5"}));
  // Irreducibility is proven exactly (mod a prime) or not claimed: x^4 − 10x^2 + 1 has no such proof.
  const auto ints = [](std::vector<int> a) {
    std::vector<mpz_class> r;
    for (int c : a) r.emplace_back(c);
    return r;
  };
  CHECK(svc::core::ProvenIrreducible(ints({-1, -1, 1})));
  CHECK(svc::core::ProvenIrreducible(ints({-1, -4, 4, 8})));
  CHECK(svc::core::ProvenIrreducible(ints({1, -36, 12, -6, -6, 0, 1})));
  CHECK(!svc::core::ProvenIrreducible(ints({1, 0, -10, 0, 1})));
  CHECK(!svc::core::ProvenIrreducible(ints({6, -5, 1})));
  CHECK(!svc::core::ProvenIrreducible(ints({0, 0, 1})));
  CHECK(!svc::core::ProvenIrreducible(ints({1, 0, -2, 0, 1})));
  // Validation.
  CHECK(Case({pi, e}, 0, 1e6, 50).Valid());
  CHECK(!Case({pi}, 0, 1e6, 50).Valid());
  CHECK(!Case({pi, e}, 0, 1e6, 5).Valid());
  CHECK(!Case({pi, e}, 0, 0.5, 50).Valid());
  CHECK(!Case({"0", "0.0"}, 0, 1e6, 50).Valid());
  Case wrong_n({pi, e}, 0, 1e6, 50);
  wrong_n.p.n = 3;
  CHECK(!wrong_n.Valid());
  return svc::test::Finish("relation_test");
}
