// The elite pool of the path-relinking rounds: a port of engine-ts kernels/elite-pool.ts.
// Up to `capacity` distinct assignments with their energies; for a symmetric model (max-cut)
// members are stored normalised (x[n-1] = 0). Memory: capacity * n bytes.
#ifndef SVC_CORE_KERNELS_ELITE_POOL_H_
#define SVC_CORE_KERNELS_ELITE_POOL_H_

#include <cstdint>
#include <utility>
#include <vector>

namespace svc::core {

class ElitePool {
 public:
  ElitePool(int32_t n, int32_t capacity, bool symmetric)
      : n_(n), capacity_(capacity), symmetric_(symmetric),
        energies_(static_cast<size_t>(capacity)), hashes_(static_cast<size_t>(capacity)) {}

  int32_t size() const { return size_; }
  int32_t capacity() const { return capacity_; }
  const std::vector<uint8_t>& member(int32_t i) const { return members_[i]; }
  double energy(int32_t i) const { return energies_[i]; }

  // A copy enters when it is not a member yet and the pool has room, or when
  // energy < worst - eps (replacing the worst, the first on ties). True when it entered.
  bool Offer(const std::vector<uint8_t>& x, double energy, double eps) {
    const uint8_t f = symmetric_ && x[n_ - 1] ? 1 : 0;
    uint32_t h = 0x811c9dc5u;
    for (int32_t i = 0; i < n_; ++i) h = (h ^ static_cast<uint32_t>(x[i] ^ f)) * 16777619u;
    for (int32_t k = 0; k < size_; ++k) {
      if (hashes_[k] == h && SameAs(members_[k], x, f)) return false;
    }
    int32_t at;
    if (size_ < capacity_) {
      at = size_++;
      if (at == static_cast<int32_t>(members_.size())) members_.emplace_back(static_cast<size_t>(n_));
    } else {
      at = Worst();
      if (!(energy < energies_[at] - eps)) return false;
    }
    std::vector<uint8_t>& m = members_[at];
    for (int32_t i = 0; i < n_; ++i) m[i] = x[i] ^ f;
    energies_[at] = energy;
    hashes_[at] = h;
    return true;
  }

  // Drops every member but the best (the first on ties).
  void KeepBest() {
    int32_t b = 0;
    for (int32_t k = 1; k < size_; ++k) {
      if (energies_[k] < energies_[b]) b = k;
    }
    if (b != 0) {
      std::swap(members_[0], members_[b]);
      energies_[0] = energies_[b];
      hashes_[0] = hashes_[b];
    }
    size_ = 1;
  }

 private:
  int32_t Worst() const {
    int32_t w = 0;
    for (int32_t k = 1; k < size_; ++k) {
      if (energies_[k] > energies_[w]) w = k;
    }
    return w;
  }

  bool SameAs(const std::vector<uint8_t>& m, const std::vector<uint8_t>& x, uint8_t f) const {
    for (int32_t i = 0; i < n_; ++i) {
      if (m[i] != (x[i] ^ f)) return false;
    }
    return true;
  }

  int32_t n_;
  int32_t capacity_;
  bool symmetric_;
  int32_t size_ = 0;
  std::vector<std::vector<uint8_t>> members_;
  std::vector<double> energies_;
  std::vector<uint32_t> hashes_;
};

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_ELITE_POOL_H_
