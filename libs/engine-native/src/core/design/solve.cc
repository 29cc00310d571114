// design: a port of engine-ts families/design/solve.ts, step for step and with the same generator
// calls (that file's comment is the specification).
#include "design/solve.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <vector>

#include "common/checks.h"
#include "common/prng.h"

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Largest hardSites·K whose gamma table the tabu search keeps (solve.ts GAMMA_CAP).
constexpr int64_t kGammaCap = int64_t{1} << 23;
// Tabu iterations per site before the branch and bound of small components (solve.ts).
constexpr int64_t kPreProofItersPerSite = 200;
// Answers kept by the evolutionary search, and the hard sites from which it runs (solve.ts).
constexpr int32_t kPopulation = 10;
constexpr int32_t kEvolveMinSites = 100;
// Tabu iterations per site of the single run before the evolution (solve.ts).
constexpr int64_t kPreEvolveItersPerSite = 2000;
// The caps of the contract (commands.md): L*K and K with a table.
constexpr int64_t kMaxCells = 100'000'000;
constexpr int32_t kMaxTableK = 4096;

using Sites = std::span<const int32_t>;

class Solver {
 public:
  Solver(const DesignView& d, int32_t L, const Limits& limits, Work* work)
      : d_(d), L_(L), K_(d.k), limits_(limits), work_(*work) {}

  Stop stop = Stop::kNone;

  // Limits.check of model.ts: true once a limit fired.
  bool Check() {
    if (stop != Stop::kNone) return true;
    stop = limits_.CheckLimits();
    return stop != Stop::kNone;
  }

  double Cost(int32_t a, int32_t b) const {
    if (d_.coupling == Coupling::kTable) return d_.cells[static_cast<size_t>(a) * K_ + b];
    if (d_.coupling == Coupling::kCirculant) return d_.cells[(a - b + K_) % K_];
    return 0;
  }

  void BuildAdjacency() {
    start_.assign(L_ + 1, 0);
    const size_t m = d_.bond_i.size();
    for (size_t k = 0; k < m; ++k) {
      start_[d_.bond_i[k] + 1]++;
      start_[d_.bond_j[k] + 1]++;
    }
    for (int32_t s = 0; s < L_; ++s) start_[s + 1] += start_[s];
    std::vector<int32_t> fill(start_.begin(), start_.end() - 1);
    nbr_.assign(2 * m, 0);
    mult_.assign(2 * m, 0);
    for (size_t k = 0; k < m; ++k) {
      const int32_t i = d_.bond_i[k], j = d_.bond_j[k];
      nbr_[fill[i]] = j;
      mult_[fill[i]++] = d_.bond_mult[k];
      nbr_[fill[j]] = i;
      mult_[fill[j]++] = d_.bond_mult[k];
    }
  }

  void RowMinima() {
    row_min_.assign(K_, 0);
    if (d_.coupling == Coupling::kTable) {
      for (int32_t a = 0; a < K_; ++a) {
        double m = kInf;
        for (int32_t b = 0; b < K_; ++b) m = std::min(m, d_.cells[static_cast<size_t>(a) * K_ + b]);
        row_min_[a] = m;
      }
    } else if (d_.coupling == Coupling::kCirculant) {
      double m = kInf;
      for (int32_t t = 0; t < K_; ++t) m = std::min(m, d_.cells[t]);
      std::fill(row_min_.begin(), row_min_.end(), m);
    }
  }

  void BiasRow(int32_t s, double* out) const {
    std::fill(out, out + K_, 0.0);
    for (int32_t k = d_.bias_start[s]; k < d_.bias_start[s + 1]; ++k) out[d_.bias_value[k]] = d_.bias_energy[k];
  }

  double SiteFloor(int32_t s, double f, std::vector<double>& row) const {
    BiasRow(s, row.data());
    double m = kInf;
    for (int32_t v = 0; v < K_; ++v) m = std::min(m, row[v] + f * row_min_[v]);
    return m;
  }

  double DegreeOf(int32_t s) const {
    double d = 0;
    for (int32_t e = start_[s]; e < start_[s + 1]; ++e) d += mult_[e];
    return d;
  }

  // solve.ts sparseRowsOf: the nonzero entries of each table row when at most half are nonzero.
  void SparseRows() {
    sparse_ = false;
    if (d_.coupling != Coupling::kTable) return;
    const size_t kk = static_cast<size_t>(K_) * K_;
    size_t nnz = 0;
    for (size_t k = 0; k < kk; ++k) nnz += d_.cells[k] != 0 ? 1 : 0;
    if (2 * nnz > kk) return;
    sparse_ = true;
    sp_start_.assign(K_ + 1, 0);
    sp_col_.clear();
    sp_val_.clear();
    for (int32_t v = 0; v < K_; ++v) {
      for (int32_t a = 0; a < K_; ++a) {
        const double c = d_.cells[static_cast<size_t>(v) * K_ + a];
        if (c != 0) {
          sp_col_.push_back(a);
          sp_val_.push_back(c);
        }
      }
      sp_start_[v + 1] = static_cast<int32_t>(sp_col_.size());
    }
  }

  void AddCostRow(double* row, int32_t v, double m) const {
    if (sparse_) {
      for (int32_t q = sp_start_[v]; q < sp_start_[v + 1]; ++q) row[sp_col_[q]] += m * sp_val_[q];
      return;
    }
    if (d_.coupling == Coupling::kTable) {
      const double* c = d_.cells.data() + static_cast<size_t>(v) * K_;
      for (int32_t a = 0; a < K_; ++a) row[a] += m * c[a];
    } else if (d_.coupling == Coupling::kCirculant) {
      const double* c = d_.cells.data();
      for (int32_t a = 0; a < K_; ++a) row[a] += m * c[(a - v + K_) % K_];
    }
  }

  void Components() {
    std::vector<uint8_t> seen(L_, 0);
    order_.assign(L_, 0);
    comp_start_.clear();
    comp_bonds_.clear();
    int32_t tail = 0;
    for (int32_t r = 0; r < L_; ++r) {
      if (seen[r]) continue;
      comp_start_.push_back(tail);
      int32_t head = tail;
      order_[tail++] = r;
      seen[r] = 1;
      int64_t ends = 0;
      while (head < tail) {
        const int32_t s = order_[head++];
        ends += start_[s + 1] - start_[s];
        for (int32_t e = start_[s]; e < start_[s + 1]; ++e) {
          const int32_t u = nbr_[e];
          if (!seen[u]) {
            seen[u] = 1;
            order_[tail++] = u;
          }
        }
      }
      comp_bonds_.push_back(ends / 2);
    }
    comp_start_.push_back(tail);
  }

  Sites SitesOf(size_t c) const {
    return Sites(order_.data() + comp_start_[c], static_cast<size_t>(comp_start_[c + 1] - comp_start_[c]));
  }

  // solve.ts treeDp: false when the limits stopped it.
  bool TreeDp(Sites sites, std::vector<int32_t>& x, double* value) {
    const int32_t m = static_cast<int32_t>(sites.size());
    const size_t K = K_;
    // A site's local index: a sorted copy searched by binary search keeps memory at O(m).
    std::vector<std::pair<int32_t, int32_t>> index(m);
    for (int32_t t = 0; t < m; ++t) index[t] = {sites[t], t};
    std::sort(index.begin(), index.end());
    const auto local = [&](int32_t s) {
      return std::lower_bound(index.begin(), index.end(), std::make_pair(s, 0))->second;
    };
    std::vector<int32_t> parent(m, -1);
    std::vector<double> pmult(m, 0);
    for (int32_t t = 0; t < m; ++t) {
      const int32_t s = sites[t];
      for (int32_t e = start_[s]; e < start_[s + 1]; ++e) {
        const int32_t u = local(nbr_[e]);
        if (u > t && parent[u] < 0 && u != 0) {
          parent[u] = t;
          pmult[u] = mult_[e];
        }
      }
    }
    std::vector<int32_t> size(m, 1);
    for (int32_t t = m - 1; t > 0; --t) size[parent[t]] += size[t];
    std::vector<int32_t> cstart(m + 1, 0);
    for (int32_t t = 1; t < m; ++t) cstart[parent[t] + 1]++;
    for (int32_t t = 0; t < m; ++t) cstart[t + 1] += cstart[t];
    std::vector<int32_t> cfill(cstart.begin(), cstart.end() - 1);
    std::vector<int32_t> child(std::max(0, m - 1));
    for (int32_t t = 1; t < m; ++t) child[cfill[parent[t]]++] = t;
    for (int32_t t = 0; t < m; ++t) {
      std::sort(child.begin() + cstart[t], child.begin() + cstart[t + 1],
                [&](int32_t u, int32_t w) { return size[u] != size[w] ? size[u] > size[w] : u < w; });
    }
    // Back-pointers: one byte per entry up to K = 256, two up to 65536, else four.
    const int width = K <= 256 ? 1 : K <= 65536 ? 2 : 4;
    std::vector<uint8_t> arg(static_cast<size_t>(m) * K * width);
    const auto set_arg = [&](size_t at, int32_t b) {
      if (width == 1) arg[at] = static_cast<uint8_t>(b);
      else if (width == 2) std::memcpy(&arg[at * 2], &b, 2);  // little-endian low half
      else std::memcpy(&arg[at * 4], &b, 4);
    };
    const auto get_arg = [&](size_t at) {
      int32_t b = 0;
      if (width == 1) b = arg[at];
      else if (width == 2) std::memcpy(&b, &arg[at * 2], 2);
      else std::memcpy(&b, &arg[at * 4], 4);
      return b;
    };
    std::vector<std::vector<double>> pool;
    std::vector<std::vector<double>> acc(m);
    std::vector<uint8_t> has_acc(m, 0);
    std::vector<double> f(K);
    std::vector<int32_t> stack(m), next(m, 0);
    int32_t top = 0;
    stack[top++] = 0;
    double root_value = 0;
    int64_t done = 0;
    while (top > 0) {
      const int32_t t = stack[top - 1];
      if (next[t] < cstart[t + 1] - cstart[t]) {
        stack[top++] = child[cstart[t] + next[t]++];
        continue;
      }
      --top;
      if ((++done & 4095) == 0 && Check()) return false;
      BiasRow(sites[t], f.data());
      if (has_acc[t]) {
        const std::vector<double>& a = acc[t];
        for (size_t v = 0; v < K; ++v) f[v] += a[v];
        pool.push_back(std::move(acc[t]));
        acc[t] = {};
        has_acc[t] = 0;
      }
      if (t == 0) {
        int32_t best = 0;
        for (int32_t v = 1; v < K_; ++v) {
          if (f[v] < f[best]) best = v;
        }
        x[sites[0]] = best;
        root_value = f[best];
        break;
      }
      const int32_t par = parent[t];
      if (!has_acc[par]) {
        if (!pool.empty()) {
          acc[par] = std::move(pool.back());
          pool.pop_back();
        } else {
          acc[par].resize(K);
        }
        std::fill(acc[par].begin(), acc[par].end(), 0.0);
        has_acc[par] = 1;
      }
      std::vector<double>& pa = acc[par];
      const double mu = pmult[t];
      for (int32_t v = 0; v < K_; ++v) {
        int32_t best_b = 0;
        double best_c = kInf;
        for (int32_t b = 0; b < K_; ++b) {
          const double c = mu * Cost(v, b) + f[b];
          if (c < best_c) {
            best_c = c;
            best_b = b;
          }
        }
        pa[v] += best_c;
        set_arg(static_cast<size_t>(t) * K + v, best_b);
      }
    }
    for (int32_t t = 1; t < m; ++t) x[sites[t]] = get_arg(static_cast<size_t>(t) * K + x[sites[parent[t]]]);
    *value = root_value;
    return true;
  }

  void Greedy(Sites hard, std::vector<int32_t>& x) const {
    std::vector<uint8_t> set(L_, 0);
    std::vector<double> row(K_);
    for (int32_t s : hard) {
      BiasRow(s, row.data());
      for (int32_t e = start_[s]; e < start_[s + 1]; ++e) {
        const int32_t u = nbr_[e];
        if (set[u]) AddCostRow(row.data(), x[u], mult_[e]);
      }
      int32_t best = 0;
      for (int32_t v = 1; v < K_; ++v) {
        if (row[v] < row[best]) best = v;
      }
      x[s] = best;
      set[s] = 1;
    }
  }

  double PartEnergy(Sites sites, const std::vector<int32_t>& x) const {
    double e = 0;
    for (int32_t s : sites) {
      for (int32_t k = d_.bias_start[s]; k < d_.bias_start[s + 1]; ++k) {
        if (d_.bias_value[k] == x[s]) e += d_.bias_energy[k];
      }
      for (int32_t q = start_[s]; q < start_[s + 1]; ++q) {
        const int32_t u = nbr_[q];
        if (u > s) e += mult_[q] * Cost(x[s], x[u]);
      }
    }
    return e;
  }

  // solve.ts tabuSearch: the energy reached; *spent_out gets the value evaluations spent.
  double TabuSearch(Sites hard, std::vector<int32_t>& x, int64_t iters, double work_cap, double target, double tol,
                    Prng& rng, double* spent_out = nullptr) {
    const int32_t h = static_cast<int32_t>(hard.size());
    const size_t K = K_;
    double energy = PartEnergy(hard, x);
    if (spent_out != nullptr) *spent_out = 0;
    if (K_ == 1 || h == 0) return energy;
    if (static_cast<int64_t>(h) * K_ > kGammaCap) return Sweeps(hard, x, iters, work_cap, energy, tol, spent_out);
    std::vector<int32_t> local(L_, -1);
    for (int32_t t = 0; t < h; ++t) local[hard[t]] = t;
    std::vector<double> gamma(static_cast<size_t>(h) * K);
    std::vector<double> floor(h);
    std::vector<double> row(K);
    for (int32_t t = 0; t < h; ++t) {
      const int32_t s = hard[t];
      BiasRow(s, gamma.data() + t * K);
      for (int32_t e = start_[s]; e < start_[s + 1]; ++e) AddCostRow(gamma.data() + t * K, x[nbr_[e]], mult_[e]);
      floor[t] = SiteFloor(s, DegreeOf(s), row);
    }
    std::vector<int32_t> active(h), pos(h, -1);
    int32_t n_active = 0;
    const auto refresh = [&](int32_t t) {
      const bool on = gamma[t * K + x[hard[t]]] > floor[t] + tol;
      if (on && pos[t] < 0) {
        pos[t] = n_active;
        active[n_active++] = t;
      } else if (!on && pos[t] >= 0) {
        const int32_t last = active[--n_active];
        active[pos[t]] = last;
        pos[last] = pos[t];
        pos[t] = -1;
      }
    };
    for (int32_t t = 0; t < h; ++t) refresh(t);
    std::vector<int32_t> tabu(static_cast<size_t>(h) * K, 0);
    std::vector<int32_t> best_x(h);
    for (int32_t t = 0; t < h; ++t) best_x[t] = x[hard[t]];
    double best = energy;
    bool dirty = false;
    double spent = 0;
    int64_t it = 0;
    for (; it < iters; ++it) {
      if (best <= target + tol) break;
      if ((it & 255) == 0 && Check()) break;
      if (spent > work_cap) break;
      double best_d = kInf;
      int32_t mt = -1, mv = -1;
      uint32_t ties = 0;
      for (int32_t q = 0; q < n_active; ++q) {
        const int32_t t = active[q];
        const int32_t cur = x[hard[t]];
        const size_t base = t * K;
        const double g0 = gamma[base + cur];
        for (int32_t v = 0; v < K_; ++v) {
          if (v == cur) continue;
          const double dd = gamma[base + v] - g0;
          if (dd > best_d) continue;
          if (tabu[base + v] > it && !(energy + dd < best - tol)) continue;
          if (dd < best_d) {
            best_d = dd;
            mt = t;
            mv = v;
            ties = 1;
          } else if (rng.NextInt(++ties) == 0) {
            mt = t;
            mv = v;
          }
        }
      }
      spent += static_cast<double>(n_active) * K_;
      if (mt < 0) {
        mt = n_active > 0 ? active[rng.NextInt(static_cast<uint32_t>(n_active))] : static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(h)));
        const int32_t cur = x[hard[mt]];
        mv = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(K_ - 1)));
        if (mv >= cur) ++mv;
        best_d = gamma[mt * K + mv] - gamma[mt * K + cur];
      }
      if (best_d > 0 && dirty) {
        for (int32_t t = 0; t < h; ++t) best_x[t] = x[hard[t]];
        dirty = false;
      }
      const int32_t s = hard[mt];
      const int32_t old = x[s];
      x[s] = mv;
      energy += best_d;
      const int32_t tenure = static_cast<int32_t>(std::floor(0.6 * n_active));
      tabu[mt * K + old] = static_cast<int32_t>(it + tenure + rng.NextInt(10));
      for (int32_t e = start_[s]; e < start_[s + 1]; ++e) {
        const int32_t u = local[nbr_[e]];
        const double mu = mult_[e];
        AddCostRow(gamma.data() + u * K, mv, mu);
        AddCostRow(gamma.data() + u * K, old, -mu);
        refresh(u);
      }
      refresh(mt);
      spent += static_cast<double>(start_[s + 1] - start_[s]) * K_;
      if (energy < best) {
        best = energy;
        dirty = true;
      }
    }
    work_.iterations += it;
    if (!dirty) {
      for (int32_t t = 0; t < h; ++t) x[hard[t]] = best_x[t];
    }
    if (spent_out != nullptr) *spent_out = spent;
    return PartEnergy(hard, x);
  }

  // solve.ts evolve: the hybrid evolutionary search for colourings.
  void Evolve(Sites hard, std::vector<int32_t>& x, int64_t iters, double work_cap, double target, double tol, Prng& rng) {
    const int32_t h = static_cast<int32_t>(hard.size());
    // Tabu iterations per individual: 4 per site, then 4 and 10 per site in turn (solve.ts).
    int64_t L = 4 * static_cast<int64_t>(h);
    std::vector<std::vector<int32_t>> pop;
    std::vector<double> fit;
    int64_t used_iters = 0;
    double used_work = 0;
    const auto load = [&](const std::vector<int32_t>& vals) {
      for (int32_t t = 0; t < h; ++t) x[hard[t]] = vals[t];
    };
    const auto run = [&]() {
      const int64_t before = work_.iterations;
      double spent = 0;
      const double e = TabuSearch(hard, x, std::min(L, iters - used_iters), work_cap - used_work, target, tol, rng, &spent);
      used_iters += work_.iterations - before;
      used_work += spent;
      return e;
    };
    const auto save = [&]() {
      std::vector<int32_t> v(h);
      for (int32_t t = 0; t < h; ++t) v[t] = x[hard[t]];
      return v;
    };
    int32_t best_k = 0;
    for (int32_t k = 0; k < kPopulation; ++k) {
      if (k > 0) {
        for (int32_t t = 0; t < h; ++t) x[hard[t]] = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(K_)));
      }
      const double e = run();
      pop.push_back(save());
      fit.push_back(e);
      if (e < fit[best_k]) best_k = k;
      if (e <= target + tol || stop != Stop::kNone || used_iters >= iters || used_work > work_cap) {
        load(pop[best_k]);
        return;
      }
    }
    std::vector<int32_t> child(h);
    std::vector<uint8_t> taken(h);
    std::vector<int32_t> size(K_);
    while (used_iters < iters && used_work <= work_cap && stop == Stop::kNone) {
      const int32_t a = static_cast<int32_t>(rng.NextInt(kPopulation));
      int32_t c = static_cast<int32_t>(rng.NextInt(kPopulation - 1));
      if (c >= a) ++c;
      std::fill(taken.begin(), taken.end(), 0);
      for (int32_t l = 0; l < K_; ++l) {
        const std::vector<int32_t>& par = l % 2 == 0 ? pop[a] : pop[c];
        std::fill(size.begin(), size.end(), 0);
        for (int32_t t = 0; t < h; ++t) {
          if (!taken[t]) size[par[t]]++;
        }
        int32_t v = 0;
        for (int32_t w = 1; w < K_; ++w) {
          if (size[w] > size[v]) v = w;
        }
        if (size[v] == 0) break;
        for (int32_t t = 0; t < h; ++t) {
          if (!taken[t] && par[t] == v) {
            child[t] = l;
            taken[t] = 1;
          }
        }
      }
      for (int32_t t = 0; t < h; ++t) {
        if (!taken[t]) child[t] = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(K_)));
      }
      load(child);
      work_.restarts++;
      L = (work_.restarts % 2 == 0 ? 4 : 10) * static_cast<int64_t>(h);
      const double e = run();
      const int32_t worse = fit[a] >= fit[c] ? a : c;
      pop[worse] = save();
      fit[worse] = e;
      if (e < fit[best_k] || worse == best_k) {
        best_k = 0;
        for (int32_t k = 1; k < kPopulation; ++k) {
          if (fit[k] < fit[best_k]) best_k = k;
        }
      }
      if (e <= target + tol) break;
    }
    load(pop[best_k]);
  }

  double Sweeps(Sites hard, std::vector<int32_t>& x, int64_t iters, double work_cap, double energy, double tol,
                double* spent_out = nullptr) {
    std::vector<double> row(K_);
    double spent = 0;
    int64_t moves = 0;
    for (int64_t sweep = 0; sweep < iters && spent <= work_cap; ++sweep) {
      bool improved = false;
      for (size_t t = 0; t < hard.size(); ++t) {
        if ((t & 1023) == 0 && Check()) break;
        const int32_t s = hard[t];
        BiasRow(s, row.data());
        for (int32_t e = start_[s]; e < start_[s + 1]; ++e) AddCostRow(row.data(), x[nbr_[e]], mult_[e]);
        spent += static_cast<double>(1 + start_[s + 1] - start_[s]) * K_;
        int32_t b = x[s];
        for (int32_t v = 0; v < K_; ++v) {
          if (row[v] < row[b] - tol) b = v;
        }
        if (b != x[s]) {
          energy += row[b] - row[x[s]];
          x[s] = b;
          improved = true;
          ++moves;
        }
      }
      if (!improved || stop != Stop::kNone) break;
    }
    work_.iterations += moves;
    if (spent_out != nullptr) *spent_out = spent;
    return PartEnergy(hard, x);
  }

  bool Interchangeable(Sites sites) const {
    for (int32_t s : sites) {
      if (d_.bias_start[s + 1] > d_.bias_start[s]) return false;
    }
    if (d_.coupling == Coupling::kNone) return true;
    if (d_.coupling == Coupling::kCirculant) {
      for (int32_t t = 2; t < K_; ++t) {
        if (d_.cells[t] != d_.cells[1]) return false;
      }
      return true;
    }
    const double diag = d_.cells[0];
    const double off = K_ > 1 ? d_.cells[1] : 0;
    for (int32_t a = 0; a < K_; ++a) {
      for (int32_t b = 0; b < K_; ++b) {
        if (d_.cells[static_cast<size_t>(a) * K_ + b] != (a == b ? diag : off)) return false;
      }
    }
    return true;
  }

  // solve.ts branchAndBound: whether the tree closed within node_cap nodes.
  bool BranchAndBound(Sites sites, std::vector<int32_t>& x, int64_t node_cap, double tol) {
    const int32_t m = static_cast<int32_t>(sites.size());
    const size_t K = K_;
    const auto local = [&](int32_t s) {
      for (int32_t t = 0; t < m; ++t) {
        if (sites[t] == s) return t;
      }
      return -1;
    };
    std::vector<std::vector<int32_t>> nb(m);
    std::vector<std::vector<double>> nbm(m);
    for (int32_t t = 0; t < m; ++t) {
      for (int32_t e = start_[sites[t]]; e < start_[sites[t] + 1]; ++e) {
        nb[t].push_back(local(nbr_[e]));
        nbm[t].push_back(mult_[e]);
      }
    }
    std::vector<double> deg(m);
    for (int32_t t = 0; t < m; ++t) deg[t] = DegreeOf(sites[t]);
    std::vector<double> placed_w(m, 0);
    std::vector<uint8_t> in_order(m, 0);
    std::vector<int32_t> order(m);
    for (int32_t dd = 0; dd < m; ++dd) {
      int32_t b = -1;
      for (int32_t t = 0; t < m; ++t) {
        if (in_order[t]) continue;
        if (b < 0 || placed_w[t] > placed_w[b] ||
            (placed_w[t] == placed_w[b] && (deg[t] > deg[b] || (deg[t] == deg[b] && sites[t] < sites[b])))) {
          b = t;
        }
      }
      order[dd] = b;
      in_order[b] = 1;
      for (size_t q = 0; q < nb[b].size(); ++q) placed_w[nb[b][q]] += nbm[b][q];
    }
    const bool symmetric = Interchangeable(sites);
    bool no_bias = true;
    for (int32_t s : sites) {
      if (d_.bias_start[s + 1] != d_.bias_start[s]) no_bias = false;
    }
    const bool rotation = !symmetric && d_.coupling == Coupling::kCirculant && no_bias;
    std::vector<double> partial(static_cast<size_t>(m) * K);
    for (int32_t t = 0; t < m; ++t) BiasRow(sites[t], partial.data() + t * K);
    std::vector<double> free_deg = deg;
    std::vector<uint8_t> placed(m, 0);
    std::vector<int32_t> cur(m, 0), best_x(m);
    for (int32_t t = 0; t < m; ++t) best_x[t] = x[sites[t]];
    double best = PartEnergy(sites, x);
    int64_t nodes = 0;
    bool aborted = false;
    std::vector<std::vector<int32_t>> kids(m);
    const auto dfs = [&](auto&& self, int32_t depth, double fixed, int32_t max_used) -> void {
      if (depth == m) {
        if (fixed < best - tol) {
          best = fixed;
          best_x = cur;
        }
        return;
      }
      if (++nodes > node_cap || ((nodes & 255) == 0 && Check())) {
        aborted = true;
        return;
      }
      double bound = fixed;
      for (int32_t t = 0; t < m; ++t) {
        if (placed[t]) continue;
        double lo = kInf;
        const double half = 0.5 * free_deg[t];
        for (int32_t v = 0; v < K_; ++v) lo = std::min(lo, partial[t * K + v] + half * row_min_[v]);
        bound += lo;
      }
      if (bound >= best - tol) return;
      const int32_t t = order[depth];
      const int32_t top = symmetric ? std::min(K_ - 1, max_used + 1) : rotation && depth == 0 ? 0 : K_ - 1;
      std::vector<int32_t>& vals = kids[depth];
      vals.clear();
      for (int32_t v = 0; v <= top; ++v) vals.push_back(v);
      const double* pt = partial.data() + t * K;
      std::sort(vals.begin(), vals.end(), [&](int32_t a, int32_t b) { return pt[a] != pt[b] ? pt[a] < pt[b] : a < b; });
      for (const int32_t v : vals) {
        const double add = partial[t * K + v];
        placed[t] = 1;
        cur[t] = v;
        for (size_t q = 0; q < nb[t].size(); ++q) {
          const int32_t u = nb[t][q];
          if (placed[u]) continue;
          AddCostRow(partial.data() + u * K, v, nbm[t][q]);
          free_deg[u] -= nbm[t][q];
        }
        self(self, depth + 1, fixed + add, std::max(max_used, v));
        for (size_t q = 0; q < nb[t].size(); ++q) {
          const int32_t u = nb[t][q];
          if (placed[u]) continue;
          AddCostRow(partial.data() + u * K, v, -nbm[t][q]);
          free_deg[u] += nbm[t][q];
        }
        placed[t] = 0;
        if (aborted) return;
      }
    };
    dfs(dfs, 0, 0.0, -1);
    work_.nodes += nodes;
    for (int32_t t = 0; t < m; ++t) x[sites[t]] = best_x[t];
    return !aborted;
  }

  double FloorOf(Sites sites) const {
    std::vector<double> row(K_);
    double f = 0;
    for (int32_t s : sites) f += SiteFloor(s, 0.5 * DegreeOf(s), row);
    return f;
  }

  const DesignView& d_;
  const int32_t L_;
  const int32_t K_;
  const Limits& limits_;
  Work& work_;
  std::vector<int32_t> start_, nbr_;
  std::vector<double> mult_;
  std::vector<double> row_min_;
  bool sparse_ = false;
  std::vector<int32_t> sp_start_, sp_col_;
  std::vector<double> sp_val_;
  std::vector<int32_t> order_, comp_start_;
  std::vector<int64_t> comp_bonds_;
};

double WeightSum(const DesignView& d) {
  double s = 0;
  for (double e : d.bias_energy) s += std::fabs(e);
  double c = 0;
  for (double v : d.cells) c = std::max(c, std::fabs(v));
  double m = 0;
  for (double v : d.bond_mult) m += v;
  return s + m * c;
}

}  // namespace

double DesignEnergy(const DesignView& d, int32_t L, std::span<const int32_t> x) {
  const int32_t K = d.k;
  const auto cost = [&](int32_t a, int32_t b) {
    if (d.coupling == Coupling::kTable) return d.cells[static_cast<size_t>(a) * K + b];
    if (d.coupling == Coupling::kCirculant) return d.cells[(a - b + K) % K];
    return 0.0;
  };
  double e = 0;
  for (int32_t s = 0; s < L; ++s) {
    for (int32_t k = d.bias_start[s]; k < d.bias_start[s + 1]; ++k) {
      if (d.bias_value[k] == x[s]) e += d.bias_energy[k];
    }
  }
  for (size_t k = 0; k < d.bond_i.size(); ++k) e += d.bond_mult[k] * cost(x[d.bond_i[k]], x[d.bond_j[k]]);
  return e;
}

CallStatus ValidateDesign(std::string_view /*command*/, const DesignProblem& p, const SolveOptions& options,
                          std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const DesignView& d = p.design;
  const int32_t L = p.n;
  const int32_t K = d.k;
  if (L < 1 || K < 1) return fail("design needs L >= 1 sites and K >= 1 values");
  if (static_cast<int64_t>(L) * K > kMaxCells) return fail("design takes at most 100000000 sites x values");
  if (!p.linear.empty() || !p.pairs.i.empty() || p.complete || !options.warm_start.empty()) {
    return fail("design takes only its own fields");
  }
  if (d.bias_start.size() != static_cast<size_t>(L) + 1 || d.bias_start[0] != 0) return fail("bias_start must have L+1 entries from 0");
  if (d.bias_value.size() != d.bias_energy.size() || static_cast<size_t>(d.bias_start[L]) != d.bias_value.size()) {
    return fail("bias arrays disagree in length");
  }
  // Offsets first (non-decreasing up to the entry count), then the entries they delimit.
  for (int32_t s = 0; s < L; ++s) {
    if (d.bias_start[s + 1] < d.bias_start[s]) return fail("bias_start must not decrease");
  }
  for (int32_t s = 0; s < L; ++s) {
    for (int32_t k = d.bias_start[s]; k < d.bias_start[s + 1]; ++k) {
      if (d.bias_value[k] < 0 || d.bias_value[k] >= K) return fail("bias value out of range");
      if (k > d.bias_start[s] && d.bias_value[k] <= d.bias_value[k - 1]) return fail("bias values must increase within a site");
      if (!std::isfinite(d.bias_energy[k])) return fail("bias energies must be finite");
    }
  }
  const size_t m = d.bond_i.size();
  if (d.bond_j.size() != m || d.bond_mult.size() != m) return fail("bond arrays disagree in length");
  for (size_t k = 0; k < m; ++k) {
    if (d.bond_i[k] < 0 || d.bond_i[k] >= d.bond_j[k] || d.bond_j[k] >= L) return fail("bonds must be 0 <= i < j < L");
    if (!(d.bond_mult[k] >= 1) || !std::isfinite(d.bond_mult[k])) return fail("bond multiplicities must be finite and >= 1");
  }
  if (d.coupling == Coupling::kTable) {
    if (K > kMaxTableK) return fail("a table takes at most 4096 values");
    if (d.cells.size() != static_cast<size_t>(K) * K) return fail("a table has K*K cells");
    for (int32_t a = 0; a < K; ++a) {
      for (int32_t b = 0; b < K; ++b) {
        const double c = d.cells[static_cast<size_t>(a) * K + b];
        if (!std::isfinite(c)) return fail("table cells must be finite");
        if (c != d.cells[static_cast<size_t>(b) * K + a]) return fail("the table must be symmetric");
      }
    }
  } else if (d.coupling == Coupling::kCirculant) {
    if (d.cells.size() != static_cast<size_t>(K)) return fail("a circulant has K cells");
    for (int32_t t = 0; t < K; ++t) {
      if (!std::isfinite(d.cells[t]) || d.cells[t] != d.cells[(K - t) % K]) return fail("circulant cells must be finite and symmetric");
    }
  } else if (d.coupling == Coupling::kNone) {
    if (!d.cells.empty() || m != 0) return fail("no coupling takes no cells and no bonds");
  } else {
    return fail("unknown coupling");
  }
  // Every energy is at most Σ|bias| + Σ mult·max|cost| in magnitude: keep it finite (the contract caps sums at 1e150).
  if (!(WeightSum(d) <= 1e300)) return fail("design energies could overflow: the magnitudes sum past 1e300");
  DesignBudget b;
  std::string why;
  if (!DecodeBudget(d.budget, kDesignBudget, &b, &why)) return fail("design " + why);
  return CallStatus::kOk;
}

CallStatus SolveDesign(const DesignProblem& p, const SolveOptions& options, const Limits& limits, SolveResult* out,
                       std::string* error) {
  DesignBudget b;
  if (!DecodeBudget(p.design.budget, kDesignBudget, &b, error)) {
    Fail(error, "design budget out of range");
    return CallStatus::kError;
  }
  const DesignView& d = p.design;
  const int32_t L = p.n;
  const int32_t K = d.k;
  Work work;
  Solver sv(d, L, limits, &work);
  std::vector<int32_t> x(L, 0);
  const auto done = [&](Proof proof, bool has_bound, double bound) {
    out->objective = DesignEnergy(d, L, x);
    if (proof == Proof::kNone && sv.stop == Stop::kNone && has_bound && bound >= out->objective - 1e-9 * (1 + std::fabs(out->objective))) {
      proof = Proof::kBranchAndBound;
    }
    out->kind = ResultKind::kLabels;
    out->order = std::move(x);
    out->answer.clear();
    out->proof = proof;
    out->has_bound = proof == Proof::kNone && has_bound && std::isfinite(bound);
    out->bound = out->has_bound ? std::min(bound, out->objective) : 0;
    out->status = StatusFor(sv.stop, proof != Proof::kNone ? ResultStatus::kOptimal : ResultStatus::kWorkLimit);
    out->work = work;
    return CallStatus::kOk;
  };
  if (K == 1) return done(Proof::kExhaustive, false, 0);
  sv.BuildAdjacency();
  sv.RowMinima();
  sv.SparseRows();
  std::vector<double> row(K);
  const double tol = 1e-9 * (1 + WeightSum(d));
  sv.Components();
  const size_t n_comp = sv.comp_start_.size() - 1;
  std::vector<size_t> hard_comps;
  double exact_energy = 0;
  bool used_dp = false;
  double dp_work = 0;
  for (size_t c = 0; c < n_comp; ++c) {
    const Sites sites = sv.SitesOf(c);
    const int32_t size = static_cast<int32_t>(sites.size());
    if (size == 1) {
      const int32_t s = sites[0];
      sv.BiasRow(s, row.data());
      int32_t v = 0;
      for (int32_t w = 1; w < K; ++w) {
        if (row[w] < row[v]) v = w;
      }
      x[s] = v;
      exact_energy += row[v];
      continue;
    }
    const double cells = static_cast<double>(size) * K * K;
    if (sv.comp_bonds_[c] == size - 1 && dp_work + cells <= b.dp_work && sv.stop == Stop::kNone) {
      double e = 0;
      if (sv.TreeDp(sites, x, &e)) {
        dp_work += cells;
        exact_energy += e;
        used_dp = true;
        continue;
      }
    }
    hard_comps.push_back(c);
  }
  if (hard_comps.empty()) return done(used_dp ? Proof::kDynamicProgram : Proof::kExhaustive, false, 0);
  std::vector<int32_t> hard;
  for (size_t c : hard_comps) {
    const Sites s = sv.SitesOf(c);
    hard.insert(hard.end(), s.begin(), s.end());
  }
  const int32_t h = static_cast<int32_t>(hard.size());
  const double hard_floor = sv.FloorOf(hard);
  sv.Greedy(hard, x);
  Prng rng(options.seed);
  // Branch and bound keeps a partial row per site and value: only within the γ table's cap (solve.ts).
  bool small = static_cast<int64_t>(h) * K <= kGammaCap;
  for (size_t c : hard_comps) {
    if (static_cast<int32_t>(sv.SitesOf(c).size()) > b.bnb_max_sites) small = false;
  }
  if (!small) {
    if (h >= kEvolveMinSites && static_cast<int64_t>(h) * K <= kGammaCap && sv.Interchangeable(hard)) {
      const int64_t before = work.iterations;
      double spent = 0;
      const double e = sv.TabuSearch(hard, x, std::min<int64_t>(b.tabu_iters, kPreEvolveItersPerSite * h), b.tabu_work, hard_floor, tol, rng, &spent);
      if (e > hard_floor + tol && sv.stop == Stop::kNone) {
        sv.Evolve(hard, x, b.tabu_iters - (work.iterations - before), b.tabu_work - spent, hard_floor, tol, rng);
      }
    } else {
      sv.TabuSearch(hard, x, b.tabu_iters, b.tabu_work, hard_floor, tol, rng);
    }
    return done(Proof::kNone, true, exact_energy + hard_floor);
  }
  const int64_t first = std::min<int64_t>(b.tabu_iters, kPreProofItersPerSite * h);
  const double first_work = (b.tabu_work * static_cast<double>(first)) / static_cast<double>(b.tabu_iters);
  sv.TabuSearch(hard, x, first, first_work, hard_floor, tol, rng);
  if (sv.stop != Stop::kNone) return done(Proof::kNone, true, exact_energy + hard_floor);
  int32_t open = 0;
  int64_t nodes_left = b.bnb_nodes;
  double bound = exact_energy;
  for (size_t c : hard_comps) {
    const Sites sites = sv.SitesOf(c);
    const int64_t before = work.nodes;
    const bool closed = sv.stop == Stop::kNone && nodes_left > 0 && sv.BranchAndBound(sites, x, nodes_left, tol);
    nodes_left -= work.nodes - before;
    if (closed) {
      bound += sv.PartEnergy(sites, x);
    } else {
      ++open;
      bound += sv.FloorOf(sites);
    }
  }
  if (open == 0) return done(Proof::kBranchAndBound, false, 0);
  if (sv.stop == Stop::kNone && b.tabu_iters > first) {
    sv.TabuSearch(hard, x, b.tabu_iters - first, b.tabu_work - first_work, hard_floor, tol, rng);
  }
  return done(Proof::kNone, true, bound);
}

}  // namespace svc::core
