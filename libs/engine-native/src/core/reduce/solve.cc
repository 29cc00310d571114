#include "reduce/solve.h"

#include <fplll/fplll.h>

#include "reduce/certify.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace svc::core {

namespace {

void Fail(std::string* error, std::string message) {
  if (error != nullptr) *error = std::move(message);
}

// Splits the text into rows·cols tokens, each "-"? digits without a leading zero (or "0").
bool Tokens(const ReduceView& v, std::vector<std::string_view>* out, std::string* error) {
  const std::string_view text(reinterpret_cast<const char*>(v.text.data()), v.text.size());
  size_t start = 0;
  for (;;) {
    const size_t end = text.find(' ', start);
    const std::string_view tok = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    const size_t idx = out->size();
    const std::string where = "entry " + std::to_string(idx / std::max(1, v.cols)) + "," + std::to_string(idx % std::max(1, v.cols));
    const bool negative = !tok.empty() && tok[0] == '-';
    const std::string_view digits = negative ? tok.substr(1) : tok;
    if (digits.empty() || digits.size() > static_cast<size_t>(kReduceMaxDigits)) {
      Fail(error, where + " must be an integer of 1.." + std::to_string(kReduceMaxDigits) + " digits");
      return false;
    }
    for (char c : digits) {
      if (c < '0' || c > '9') {
        Fail(error, where + " is not a decimal integer");
        return false;
      }
    }
    if (digits.size() > 1 && digits[0] == '0') {
      Fail(error, where + " has a leading zero");
      return false;
    }
    if (negative && digits == "0") {
      Fail(error, where + " is -0");
      return false;
    }
    out->push_back(tok);
    if (out->size() > static_cast<size_t>(v.rows) * static_cast<size_t>(v.cols)) break;
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  if (out->size() != static_cast<size_t>(v.rows) * static_cast<size_t>(v.cols)) {
    Fail(error, "text holds a number of entries other than rows x cols");
    return false;
  }
  return true;
}

}  // namespace

CallStatus ValidateReduce(std::string_view /*command*/, const ReduceProblem& pr, const SolveOptions& /*options*/,
                          std::string* error) {
  const ReduceView& v = pr.reduce;
  if (v.rows < 1 || v.rows > kReduceMaxVectors) {
    Fail(error, "rows must be in 1.." + std::to_string(kReduceMaxVectors));
    return CallStatus::kError;
  }
  if (v.cols < 1 || v.cols > kReduceMaxDimension) {
    Fail(error, "cols must be in 1.." + std::to_string(kReduceMaxDimension));
    return CallStatus::kError;
  }
  if (!(v.delta > 0.25 && v.delta < 1)) {
    Fail(error, "delta must be in (0.25, 1)");
    return CallStatus::kError;
  }
  if (pr.n != v.rows) {
    Fail(error, "n must equal rows");
    return CallStatus::kError;
  }
  if (!pr.linear.empty() || pr.pairs.size() != 0) {
    Fail(error, "reduce takes no objective terms");
    return CallStatus::kError;
  }
  std::vector<std::string_view> tokens;
  return Tokens(v, &tokens, error) ? CallStatus::kOk : CallStatus::kError;
}

IntMatrix ReduceBasis(const ReduceView& v) {
  std::vector<std::string_view> tokens;
  std::string ignored;
  IntMatrix b(v.rows, std::vector<mpz_class>(v.cols));
  if (!Tokens(v, &tokens, &ignored)) return b;
  for (int32_t i = 0; i < v.rows; ++i) {
    for (int32_t j = 0; j < v.cols; ++j) b[i][j].set_str(std::string(tokens[static_cast<size_t>(i) * v.cols + j]), 10);
  }
  return b;
}

namespace {

// fplll's L² on b (in place), with its transform and inverse when u is not null (both start as the
// identity); returns fplll's status.
int Fplll(IntMatrix* b, IntMatrix* u, IntMatrix* v, double delta, double eta) {
  const int32_t m = static_cast<int32_t>(b->size());
  const int32_t cols = static_cast<int32_t>((*b)[0].size());
  fplll::ZZ_mat<mpz_t> z(m, cols), zu, zv;
  for (int32_t i = 0; i < m; ++i) {
    for (int32_t j = 0; j < cols; ++j) mpz_set(z[i][j].get_data(), (*b)[i][j].get_mpz_t());
  }
  int status;
  if (u != nullptr) {
    zu.gen_identity(m);
    zv.gen_identity(m);
    status = fplll::lll_reduction(z, zu, zv, delta, eta);
  } else {
    status = fplll::lll_reduction(z, delta, eta);
  }
  if (status != fplll::RED_SUCCESS) return status;
  auto copy = [m](fplll::ZZ_mat<mpz_t>& from, IntMatrix* to) {
    const int32_t c = from.get_cols();
    to->assign(m, std::vector<mpz_class>(c));
    for (int32_t i = 0; i < m; ++i) {
      for (int32_t j = 0; j < c; ++j) (*to)[i][j] = mpz_class(from[i][j].get_data());
    }
  };
  copy(z, b);
  if (u != nullptr) {
    copy(zu, u);
    copy(zv, v);
  }
  return status;
}

}  // namespace

bool RunReduce(const ReduceView& view, const Limits& limits, bool use_fplll, ReduceRun* run, std::string* error) {
  const IntMatrix input = ReduceBasis(view);
  const int32_t m = view.rows;
  Reduction& r = run->reduction;
  r = Reduction{};
  auto stop = [&] {
    run->stop = limits.CheckLimits();
    return run->stop != Stop::kNone;
  };
  // fplll needs 0.5 <= eta < sqrt(delta) (it exits the process otherwise): eta = 0.51, nearer 0.5
  // for delta near 0.25; with no room at all the exact pass runs alone.
  const double eta = std::min(fplll::LLL_DEF_ETA, 0.5 + (std::sqrt(view.delta) - 0.5) / 2);
  const bool fplll_ok = use_fplll && view.delta > 0.25 && view.delta < 1 && eta > 0.5 && eta < std::sqrt(view.delta);
  bool lattice_proved = false;  // U·B = B', V·B' = B proved by RecoverTransforms
  std::vector<int32_t> columns;
  if (fplll_ok && PivotColumns(input, &columns)) {
    // The fast path: fplll without transforms, with eta just above 1/2 and delta a little above the
    // request's (room for the floating-point check: fplll's own tests are approximate), then U and V
    // recovered exactly and the LLL conditions proved in floating point.
    const double fast_eta = std::min(0.5 + 1e-7, eta);
    const double fast_delta = view.delta + (1 - view.delta) * 0.01;
    IntMatrix b = input;
    run->fplll_status = Fplll(&b, nullptr, nullptr, fast_delta, fast_eta);
    if (run->fplll_status == fplll::RED_SUCCESS && !stop() && RecoverTransforms(input, b, columns, &r.u, &r.v, stop)) {
      r.b = std::move(b);
      r.rank = m;
      lattice_proved = true;
      run->path = "fplll";
      if (CertifyReducedFloat(r.b, view.delta)) {
        run->float_certified = true;
        return true;
      }
    }
    if (run->stop != Stop::kNone && !lattice_proved) {
      // Stopped before the transforms: the input itself is a basis of the same lattice.
      r.b = input;
      r.u = Identity(m);
      r.v = Identity(m);
      return true;
    }
  }
  if (!lattice_proved) {
    if (fplll_ok) {
      // fplll's L² with its transform and inverse.
      IntMatrix b = input;
      run->fplll_status = Fplll(&b, &r.u, &r.v, view.delta, eta);
      if (run->fplll_status == fplll::RED_SUCCESS) {
        r.b = std::move(b);
        run->path = "fplll+transforms";
      } else {
        r.u.clear();
        r.v.clear();
      }
    }
    if (r.b.empty()) {
      // Without fplll (or when it failed): the exact pass from the input.
      r.b = input;
      r.u = Identity(m);
      r.v = Identity(m);
      run->path = "exact";
    }
  }
  if (limits.CheckLimits() != Stop::kNone) {
    run->stop = limits.CheckLimits();
  } else {
    const int64_t before = r.swaps + r.reductions;
    ExactLll(&r, view.delta, stop);
    // The exact pass's row operations keep U·B = B' and V·B' = B; a proof from RecoverTransforms
    // stands only when it changed nothing.
    if (r.swaps + r.reductions != before) lattice_proved = false;
  }
  if (!lattice_proved) {
    std::string detail;
    if (!CheckSameLattice(input, r.b, r.u, r.v, r.rank, &detail)) {
      Fail(error, "reduce: the exact check failed: " + detail);
      return false;
    }
  }
  return true;
}

CallStatus SolveReduce(const ReduceProblem& problem, const SolveOptions& /*options*/, const Limits& limits,
                       SolveResult* out, std::string* error) {
  ReduceRun run;
  if (!RunReduce(problem.reduce, limits, true, &run, error)) return CallStatus::kError;
  const Reduction& r = run.reduction;
  const bool stopped = run.stop != Stop::kNone;
  if (!stopped && !run.float_certified) {
    int32_t rank = 0;
    mpz_class shortest;
    std::string detail;
    if (!CheckReduced(r.b, problem.reduce.delta, &rank, &shortest, &detail)) {
      Fail(error, "reduce: the exact check failed: " + detail);
      return CallStatus::kError;
    }
  }
  const std::string text = ReductionText(r);
  out->kind = ResultKind::kDecimal;
  out->answer.assign(text.begin(), text.end());
  out->objective = 0;
  out->proof = Proof::kNone;
  out->status = StatusFor(run.stop, ResultStatus::kOptimal);
  out->work.iterations = r.swaps;
  out->work.nodes = r.reductions;
  out->SetExtra("exact", stopped ? 0 : 1);
  out->SetExtra("fplll", run.fplll_status);
  return CallStatus::kOk;
}

}  // namespace svc::core
