#include "kernels/pauli_spectrum.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "common/prng.h"
#include "kernels/hermitian_dense.h"
#include "kernels/lanczos.h"

namespace svc::core {

namespace {

constexpr double kEps = 2.220446049250313e-16;

struct Found {
  EigenPair pair;
  double error = 0;
  const SectorBasis* basis = nullptr;
};

EigenPair RayleighPair(const SectorOperator& sop, std::vector<double> x, KrylovWork& work) {
  std::vector<double> w(x.size());
  sop.Apply(x.data(), w.data());
  ++work.matvecs;
  const Rayleigh q = CompensatedRayleigh(x.data(), w.data(), static_cast<int64_t>(x.size()));
  return {q.value, q.residual, std::move(x)};
}

// Indices of the `count` smallest entries, ascending by (value, index).
std::vector<int64_t> SelectSmallest(const std::vector<double>& a, int64_t count) {
  std::vector<int64_t> idx;
  if (count <= 0) return idx;
  auto less = [&](int64_t i, int64_t j) { return a[i] < a[j] || (a[i] == a[j] && i < j); };
  for (int64_t i = 0; i < static_cast<int64_t>(a.size()); ++i) {
    if (static_cast<int64_t>(idx.size()) < count) {
      idx.push_back(i);
      std::push_heap(idx.begin(), idx.end(), less);
    } else if (less(i, idx.front())) {
      std::pop_heap(idx.begin(), idx.end(), less);
      idx.back() = i;
      std::push_heap(idx.begin(), idx.end(), less);
    }
  }
  std::sort(idx.begin(), idx.end(), less);
  return idx;
}

}  // namespace

SectorResult SectorLowest(const SectorOperator& sop, int64_t want, const SectorSettings& s) {
  SectorResult out;
  std::vector<Neighbour> above;
  const int st = sop.complex() ? 2 : 1;
  if (sop.diagonal()) {
    out.method = 1;
    const std::vector<int64_t> order = SelectSmallest(sop.diag(), std::min<int64_t>(want + 8, sop.dim()));
    for (int64_t i = 0; i < want; ++i) {
      std::vector<double> x;
      if (s.keep_vectors) {
        x.assign(sop.dim() * st, 0.0);
        x[order[i] * st] = 1;
      }
      out.pairs.push_back({sop.diag()[order[i]], 0, std::move(x)});
    }
    for (size_t i = static_cast<size_t>(want); i < order.size(); ++i) above.push_back({sop.diag()[order[i]], 0});
  } else if (sop.dim() <= s.dense_max_dim) {
    out.method = 2;
    std::vector<double> A = sop.Dense();
    const int64_t count = std::min<int64_t>(want + 8, sop.dim());
    DenseEigen eig = DenseLowest(A, sop.dim(), sop.complex(), count, true);
    std::vector<EigenPair> all;
    for (auto& x : eig.vectors) all.push_back(RayleighPair(sop, std::move(x), *s.work));
    for (int64_t i = 0; i < want; ++i) out.pairs.push_back(std::move(all[i]));
    for (size_t i = static_cast<size_t>(want); i < all.size(); ++i) above.push_back({all[i].value, all[i].residual});
  } else {
    out.method = 4;
    LinearOperator lop{sop.dim(), sop.complex(), [&sop](const double* v, double* w) { sop.Apply(v, w); },
                       [&sop](const double* v, double* w) { return sop.ApplyDot(v, w); }};
    KrylovParams kp;
    kp.op = &lop;
    kp.want = want;
    kp.cutoff = s.cutoff;
    kp.tol = s.tol;
    kp.residual = s.residual;
    kp.scale = s.scale;
    kp.slots = KrylovSlots(sop.dim(), sop.complex(), want, s.basis_bytes);
    kp.rng = s.rng;
    kp.limits = s.limits;
    kp.work = s.work;
    kp.check_rounds = s.check_rounds;
    kp.keep_vectors = s.keep_vectors;
    kp.pool = s.pool;
    KrylovResult r = KrylovLowest(kp);
    out.pairs = std::move(r.pairs);
    above = std::move(r.above);
    out.stopped = r.stopped;
    out.complete = false;
  }
  std::vector<double> vals, res;
  for (const EigenPair& q : out.pairs) {
    vals.push_back(q.value);
    res.push_back(q.residual);
  }
  // Kato-Temple's delta rests on knowing the neighbours: only a complete sector has them; else the residual.
  const std::vector<double> single = out.complete ? TempleBounds(vals, res, true, above) : res;
  std::vector<double> all_vals = vals, all_res = res;
  for (const Neighbour& a : above) {
    all_vals.push_back(a.value);
    all_res.push_back(a.residual);
  }
  const std::vector<double> bounds = ClusterBounds(all_vals, all_res, single);
  for (double b : bounds) out.errors.push_back(b + s.floor);
  return out;
}

double RoundingFloor(const PauliOperator& op) {
  return 2 * kEps * std::max(op.scale, std::numeric_limits<double>::denorm_min()) * (op.terms + 2);
}

int64_t KrylovSlots(int64_t dim, bool complex, int64_t want, double basis_bytes) {
  const double by_memory = std::floor(basis_bytes / (static_cast<double>(dim) * 8 * (complex ? 2 : 1)));
  return std::max<int64_t>(want + 5, std::min<int64_t>(kMaxKrylovSlots, static_cast<int64_t>(by_memory)));
}

PauliSpectrum ComputePauliSpectrum(const PauliTermsView& terms, const PauliSpectrumOptions& o, const Limits& limits) {
  const int32_t n = terms.n;
  const PauliOperator op0 = MakePauliOperator(terms);
  const Symmetry sym0 = DetectSymmetry(op0);
  PauliTerms hadamard;
  if (sym0 == Symmetry::kXParity) hadamard = HadamardTerms(terms);
  const PauliOperator op = sym0 == Symmetry::kXParity ? MakePauliOperator(hadamard.view()) : op0;
  PauliSpectrum out;
  out.scale = op.scale;
  out.floor = RoundingFloor(op);
  const double tol = std::max(o.tolerance * op.scale, 2 * out.floor);
  Prng rng(o.seed);
  KrylovWork work{0, o.max_matvecs};
  const bool diagonal = op.groups.empty();
  out.symmetry = diagonal ? 4 : static_cast<int32_t>(sym0);
  const std::vector<SectorBasis> bases = SectorsFor(n, diagonal ? Symmetry::kNone : sym0);
  out.sectors = static_cast<int32_t>(bases.size());
  std::vector<Found> found;
  VectorPool pool;
  double cutoff = std::numeric_limits<double>::infinity();
  bool stopped = false;
  bool complete = true;
  const int64_t k_all = std::min<int64_t>(o.k, int64_t{1} << n);
  for (const SectorBasis& basis : bases) {
    // Past a deadline every sector is still built and solved (dense ones whole, Lanczos ones to their
    // first values); a cancel interrupts.
    SectorOperator sop(op, basis, &limits, /*cancel_only=*/true);
    if (sop.interrupted()) {
      stopped = true;
      break;
    }
    SectorSettings settings;
    settings.cutoff = cutoff;
    settings.tol = tol;
    settings.scale = op.scale;
    settings.floor = out.floor;
    if (o.residual > 0) settings.residual = std::max(o.residual * op.scale, 4 * out.floor);
    settings.rng = &rng;
    settings.limits = &limits;
    settings.work = &work;
    settings.check_rounds = o.k >= 2;
    settings.basis_bytes = o.basis_bytes;
    settings.dense_max_dim = o.dense_max_dim;
    settings.keep_vectors = o.vectors;
    settings.pool = &pool;
    SectorResult r = SectorLowest(sop, std::min<int64_t>(o.k, sop.dim()), settings);
    out.methods |= r.method;
    if (r.stopped) stopped = true;
    if (!r.complete) complete = false;
    for (size_t i = 0; i < r.pairs.size(); ++i) {
      found.push_back({std::move(r.pairs[i]), r.errors[i], &basis});
      if (!o.vectors) found.back().pair.vector.clear();
    }
    std::stable_sort(found.begin(), found.end(), [](const Found& a, const Found& b) { return a.pair.value < b.pair.value; });
    // Values past the k-th are kept until the end: one within its bound of the k-th widens that bound.
    if (static_cast<int64_t>(found.size()) >= o.k) cutoff = found[o.k - 1].pair.value + found[o.k - 1].error;
    const Stop stop = limits.CheckLimits();
    if (stopped || stop != Stop::kNone) {
      stopped = true;
      if (stop == Stop::kCancelled) break;
    }
  }
  {
    // Values of several sectors within their bounds of each other: the i-th one's bound widens.
    std::vector<double> v, b;
    for (const Found& f : found) {
      v.push_back(f.pair.value);
      b.push_back(f.error);
    }
    const std::vector<double> widened = MergedBounds(v, b);
    for (size_t i = 0; i < found.size(); ++i) found[i].error = widened[i];
  }
  if (static_cast<int64_t>(found.size()) > o.k) found.resize(o.k);
  if (stopped || static_cast<int64_t>(found.size()) < k_all) complete = false;
  out.stopped = stopped;
  out.complete = complete;
  out.converged = complete && static_cast<int64_t>(found.size()) == k_all &&
                  std::all_of(found.begin(), found.end(), [tol](const Found& f) { return f.error <= tol; });
  out.matvecs = work.matvecs;
  for (const Found& f : found) {
    out.values.push_back(f.pair.value);
    out.errors.push_back(f.error);
    out.residuals.push_back(f.pair.residual);
    if (o.vectors) {
      std::vector<double> full(size_t{2} << n, 0.0);
      const int s = op.complex ? 2 : 1;
      for (int64_t i = 0; i < f.basis->dim(); ++i) {
        const uint32_t b = f.basis->State(i);
        full[2 * b] = f.pair.vector[i * s];
        if (op.complex) full[2 * b + 1] = f.pair.vector[i * s + 1];
      }
      // The Hadamard of an X-parity split is undone also when it left H diagonal.
      if (sym0 == Symmetry::kXParity) WalshHadamard(full, n, true);
      out.vectors.push_back(std::move(full));
    }
  }
  return out;
}

}  // namespace svc::core
