// relation: the twin of engine-ts families/relation/solve.ts (the method is described there):
// one PSLQ run on the values, or runs on (1, x, …, x^k) for k = 1..degree up to the first relation.
#include "relation/solve.h"

#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "common/checks.h"
#include "relation/embedding.h"
#include "relation/exact.h"
#include "relation/irreducible.h"
#include "relation/pslq.h"

namespace svc::core {

namespace {

// Primitive, first nonzero coefficient positive (leading_last: the last one, for ascending powers).
std::vector<mpz_class> Normalise(std::vector<mpz_class> col, bool leading_last) {
  mpz_class g = 0;
  for (const auto& c : col) mpz_gcd(g.get_mpz_t(), g.get_mpz_t(), c.get_mpz_t());
  if (sgn(g) == 0) return col;
  for (auto& c : col) mpz_divexact(c.get_mpz_t(), c.get_mpz_t(), g.get_mpz_t());
  const int n = static_cast<int>(col.size());
  for (int k = 0; k < n; k++) {
    const int i = leading_last ? n - 1 - k : k;
    if (sgn(col[i]) == 0) continue;
    if (sgn(col[i]) < 0) {
      for (auto& c : col) c = -c;
    }
    break;
  }
  return col;
}

// ⌊t_i · 2^prec / 10^(E+1)⌋, E the largest ⌊log10 |t_i|⌋.
std::vector<mpz_class> FixedTerms(const std::vector<Dec>& terms, int prec) {
  std::optional<int64_t> E;
  for (const auto& t : terms) {
    const auto a = AdjustedExponent(t);
    if (a && (!E || *a > *E)) E = a;
  }
  std::vector<mpz_class> out;
  for (const auto& t : terms) {
    const int64_t k = t.e - (E.value_or(0) + 1);
    mpz_class v;
    if (k >= 0) {
      v = t.m * Pow10(k);
      mpz_mul_2exp(v.get_mpz_t(), v.get_mpz_t(), prec);
    } else {
      mpz_mul_2exp(v.get_mpz_t(), t.m.get_mpz_t(), prec);
      const mpz_class d = Pow10(-k);
      mpz_fdiv_q(v.get_mpz_t(), v.get_mpz_t(), d.get_mpz_t());
    }
    out.push_back(std::move(v));
  }
  return out;
}

// c of engine-ts embeddingSlack: 2 + ⌈max δ_i·2^Dbits / 10^(E+1)⌉.
mpz_class EmbeddingSlack(const RelationTerms& t, int dbits) {
  std::optional<int64_t> E;
  for (const auto& v : t.terms) {
    const auto a = AdjustedExponent(v);
    if (a && (!E || *a > *E)) E = a;
  }
  mpz_class worst = 0, num, units;
  for (const auto& a : t.allowance) {
    if (sgn(a.m) == 0) continue;
    const int64_t k = a.e - (E.value_or(0) + 1);
    num = abs(a.m);
    mpz_mul_2exp(num.get_mpz_t(), num.get_mpz_t(), static_cast<mp_bitcnt_t>(dbits));
    if (k >= 0) {
      units = num * Pow10(k);
    } else {
      mpz_cdiv_q(units.get_mpz_t(), num.get_mpz_t(), Pow10(-k).get_mpz_t());
    }
    if (units > worst) worst = units;
  }
  return 2 + worst;
}

}  // namespace

CallStatus ValidateRelation(std::string_view command, const RelationProblem& pr, const SolveOptions& options,
                            std::string* error) {
  (void)command;
  (void)options;
  const RelationView& v = pr.relation;
  const auto fail = [&](std::string m) {
    Fail(error, std::move(m));
    return CallStatus::kError;
  };
  if (!pr.linear.empty() || pr.pairs.size() != 0) return fail("relation takes no objective terms");
  const size_t count = v.lengths.size();
  if (v.degree < 0 || v.degree > kRelationMaxDegree) return fail("degree must be 0..24");
  if (v.degree > 0 ? count != 1 : (count < 2 || count > static_cast<size_t>(kRelationMaxValues))) {
    return fail(v.degree > 0 ? "a polynomial takes one value" : "values must hold 2..32 numbers");
  }
  if (pr.n != (v.degree > 0 ? v.degree + 1 : static_cast<int32_t>(count))) return fail("n must be the number of values, or degree + 1");
  if (v.negative.size() != count || v.exponents.size() != count || v.exact.size() != count) return fail("value arrays of different lengths");
  if (!(v.max_height >= 1 && v.max_height <= kRelationMaxHeight) || v.max_height != std::floor(v.max_height)) return fail("max_height must be an integer 1..1e15");
  if (v.work_digits < kRelationMinDigits || v.work_digits > kRelationMaxDigits) return fail("digits must be 10..1000");
  size_t sum = 0;
  bool nonzero = false;
  for (size_t i = 0; i < count; i++) {
    const int32_t len = v.lengths[i];
    if (len < 0 || len > kRelationMaxValueDigits) return fail("a value has more than 2000 digits");
    if (sum + static_cast<size_t>(len) > v.digits.size()) return fail("digits do not add up to the lengths");
    if (len > 0 && v.digits[sum] == 0) return fail("a value has a leading zero");
    if (v.exponents[i] < -kRelationMaxExponent || v.exponents[i] > kRelationMaxExponent) return fail("a value's exponent is outside ±10000");
    if (len > 0) nonzero = true;
    sum += static_cast<size_t>(len);
  }
  if (sum != v.digits.size()) return fail("digits do not add up to the lengths");
  for (uint8_t d : v.digits) {
    if (d > 9) return fail("a digit outside 0..9");
  }
  if (v.degree == 0 && !nonzero) return fail("every value is 0");
  return CallStatus::kOk;
}

RelationOutcome FindRelation(const RelationView& v, const Limits& limits) {
  std::vector<Dec> values;
  std::vector<std::optional<int64_t>> ulp;
  size_t at = 0;
  for (size_t i = 0; i < v.lengths.size(); i++) {
    std::string s;
    for (int32_t k = 0; k < v.lengths[i]; k++) s.push_back(static_cast<char>('0' + v.digits[at + k]));
    at += static_cast<size_t>(v.lengths[i]);
    Dec d;
    d.m = s.empty() ? mpz_class(0) : mpz_class(s, 10);
    if (v.negative[i] != 0) d.m = -d.m;
    d.e = v.exponents[i];
    values.push_back(std::move(d));
    ulp.push_back(v.exact[i] != 0 ? std::nullopt : std::optional<int64_t>(v.exponents[i]));
  }
  const int D = v.work_digits;
  const int dbits = DigitBits(D);
  const int prec = dbits + kPslqGuardBits;
  const int tol_bits = (3 * dbits) / 4;
  const mpz_class H(std::to_string(static_cast<int64_t>(v.max_height)), 10);
  const auto poll = [&limits]() { return limits.CheckLimits() != Stop::kNone; };
  const bool nonzero_x = v.degree > 0 && ProvenNonzero(values[0], ulp[0]);
  struct Run {
    PslqOutcome out;
    std::vector<mpz_class> relation;
    double bound = 0;
  };
  const auto run = [&](const RelationTerms& t, bool poly, bool final) {
    const int n = static_cast<int>(t.terms.size());
    Run r;
    // The relation a candidate column stands for (engine-ts solve.ts judge).
    const auto judge = [&](const std::vector<mpz_class>& col) -> std::optional<std::vector<mpz_class>> {
      std::vector<mpz_class> a = Normalise(col, poly);
      if (poly) {
        size_t top = a.size() - 1;
        while (top > 0 && sgn(a[top]) == 0) top--;
        size_t low = 0;
        if (nonzero_x) {
          while (low < top && sgn(a[low]) == 0) low++;
        }
        a = std::vector<mpz_class>(a.begin() + static_cast<std::ptrdiff_t>(low), a.begin() + static_cast<std::ptrdiff_t>(top + 1));
        if (a.size() < 2) return std::nullopt;
      }
      for (const auto& c : a) {
        if (abs(c) > H) return std::nullopt;
      }
      if (!CheckRelation(a, SliceTerms(t, a.size()), D)) return std::nullopt;
      return a;
    };
    const auto accept = [&](const std::vector<mpz_class>& col) {
      auto a = judge(col);
      if (!a) return false;
      r.relation = std::move(*a);
      return true;
    };
    const mpz_class hn = H * H * n;
    const std::vector<mpz_class> x = FixedTerms(t.terms, prec);
    r.out = Pslq(x, prec, hn, tol_bits, accept, poll);
    if (r.out.stop != RelationStop::kFound) r.relation.clear();
    // The bound excludes max_height only where the digits can decide it: N_D² > n·max_height².
    const mpz_class cap = DecidableNorm(D, n);
    if (r.out.stop == RelationStop::kBound && !(cap * cap > hn)) r.out.stop = RelationStop::kExhausted;
    // LLL's rigorous bound and search (engine-ts solve.ts).
    mpz_class lattice = 0;
    if (r.out.stop == RelationStop::kUnverified || r.out.stop == RelationStop::kExhausted ||
        r.out.stop == RelationStop::kIterations || (final && r.out.stop == RelationStop::kBound)) {
      EmbeddingOutcome e = EmbeddingSearch(x, prec, dbits, tol_bits, EmbeddingSlack(t, dbits), judge, poll);
      r.out.iterations += e.swaps;
      lattice = e.norm_squared_bound;
      if (!e.relation.empty()) {
        r.relation = std::move(e.relation);
        r.out.stop = RelationStop::kFound;
      } else if (e.stopped) {
        r.out.stop = RelationStop::kLimit;
      } else if (r.out.stop == RelationStop::kBound && !(lattice > hn)) {
        r.out.stop = RelationStop::kExhausted;
      }
    }
    if (r.relation.empty()) {
      mpz_class root;
      mpz_sqrt(root.get_mpz_t(), lattice.get_mpz_t());
      r.bound = BoundOf(r.out.max_diagonal, prec, root < cap ? root : cap);
    }
    return r;
  };
  const auto to_strings = [](const std::vector<mpz_class>& a) {
    std::vector<std::string> s;
    for (const auto& c : a) s.push_back(c.get_str());
    return s;
  };
  RelationOutcome o;
  if (v.degree == 0) {
    Run r = run(ValueTerms(values, ulp), false, true);
    o.relation = to_strings(r.relation);
    o.stop = r.out.stop;
    o.bound = r.bound;
    o.iterations = r.out.iterations;
    return o;
  }
  Run last;
  for (int k = 1; k <= v.degree; k++) {
    last = run(PowerTerms(values[0], ulp[0], k), true, k == v.degree);
    o.iterations += last.out.iterations;
    if (last.out.stop == RelationStop::kFound || last.out.stop == RelationStop::kLimit) break;
  }
  o.stop = last.out.stop;
  o.bound = last.bound;
  if (!last.relation.empty()) {
    o.degree = static_cast<int>(last.relation.size()) - 1;
    // An exact proof (irreducible.cc): p irreducible over ℚ with root x is its minimal polynomial.
    o.irreducible = ProvenIrreducible(last.relation);
    o.relation = to_strings(last.relation);
  }
  return o;
}

CallStatus SolveRelation(const RelationProblem& problem, const SolveOptions& options, const Limits& limits,
                         SolveResult* out, std::string* error) {
  (void)options;
  (void)error;
  const RelationView& v = problem.relation;
  const RelationOutcome o = FindRelation(v, limits);
  out->kind = ResultKind::kNumeric;
  out->values.clear();
  const size_t k = o.relation.size();
  double height = 0;
  for (size_t i = 0; i < k; i++) {
    const std::string& c = v.degree > 0 ? o.relation[k - 1 - i] : o.relation[i];
    const double d = std::stod(c);
    out->values.push_back(d);
    height = std::max(height, std::abs(d));
  }
  out->objective = height;
  out->proof = Proof::kNone;
  out->status = o.stop == RelationStop::kLimit ? ResultStatus::kDeadline : ResultStatus::kOptimal;
  out->work.iterations = o.iterations;
  out->SetExtra("found", k > 0 ? 1 : 0);
  out->SetExtra("stop", static_cast<double>(static_cast<int32_t>(o.stop)));
  out->SetExtra("bound", o.bound);
  out->SetExtra("iterations", static_cast<double>(o.iterations));
  out->SetExtra("degree", o.degree);
  out->SetExtra("irreducible", o.irreducible ? 1 : 0);
  return CallStatus::kOk;
}

}  // namespace svc::core
