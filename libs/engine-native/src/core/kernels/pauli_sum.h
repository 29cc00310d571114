// Pauli sums applied matrix-free by bit operations (engine-ts kernels/pauli-sum.ts, whose file
// comment is the specification): qubit q is bit q of a basis index; a term is coeff·P with masks x
// (X or Y on qubit q) and z (Z or Y); P|b> = i^{|x&z|} (-1)^{|b&z|} |b^x>. Terms with the same x
// form a group; the symmetry found splits the space into sectors (U(1): the number of 1 bits;
// Z-parity; X-parity after a Hadamard on every qubit).
#ifndef SVC_CORE_KERNELS_PAULI_SUM_H_
#define SVC_CORE_KERNELS_PAULI_SUM_H_

#include <bit>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "common/solve_limits.h"

namespace svc::core {

// A Pauli sum sum_t coeff[t] P_t on n qubits (views; the caller keeps the memory).
struct PauliTermsView {
  int32_t n = 0;
  std::span<const int32_t> x;
  std::span<const int32_t> z;
  std::span<const double> coeff;
};

// Owned terms (hadamard transforms, the phase models).
struct PauliTerms {
  int32_t n = 0;
  std::vector<int32_t> x;
  std::vector<int32_t> z;
  std::vector<double> coeff;
  PauliTermsView view() const { return {n, x, z, coeff}; }
};

// Every term with flip mask x != 0: phase masks and coefficients c * i^{|x&z|} (re, im).
struct PauliGroup {
  uint32_t x = 0;
  std::vector<uint32_t> z;
  std::vector<double> re;
  std::vector<double> im;
  bool constant = false;  // every z is 0: the element is (cre, cim)
  double cre = 0;
  double cim = 0;

  // The element from source state b to b ^ x.
  void Element(uint32_t b, double* fr, double* fi) const {
    if (constant) {
      *fr = cre;
      *fi = cim;
      return;
    }
    double r = 0, i = 0;
    for (size_t t = 0; t < z.size(); ++t) {
      if (std::popcount(b & z[t]) & 1) {
        r -= re[t];
        i -= im[t];
      } else {
        r += re[t];
        i += im[t];
      }
    }
    *fr = r;
    *fi = i;
  }
};

struct PauliOperator {
  int32_t n = 0;
  bool complex = false;           // some term has an odd number of Y
  std::vector<uint32_t> diag_z;   // diagonal terms (x = 0)
  std::vector<double> diag_c;
  std::vector<PauliGroup> groups; // by first appearance of x
  double scale = 0;               // sum |c|
  int32_t terms = 0;
};

enum class Symmetry : int32_t { kNone = 0, kU1 = 1, kZParity = 2, kXParity = 3 };

PauliOperator MakePauliOperator(const PauliTermsView& t);
Symmetry DetectSymmetry(const PauliOperator& op);
// W H W with W = H^{(x)n}: X <-> Z, Y -> -Y (same spectrum).
PauliTerms HadamardTerms(const PauliTermsView& t);
// In-place normalised Walsh-Hadamard transform of a full-space vector (interleaved when complex).
void WalshHadamard(std::span<double> v, int32_t n, bool complex);
double Binomial(int32_t n, int32_t k);

// One symmetry sector's basis, states increasing (pauli-sum.ts SectorBasis).
class SectorBasis {
 public:
  enum class Kind : int32_t { kFull = 0, kParity = 1, kOnes = 2 };
  SectorBasis(int32_t n, Kind kind, int32_t value);

  int64_t dim() const { return dim_; }
  Kind kind() const { return kind_; }
  int32_t value() const { return value_; }
  int32_t n() const { return n_; }

  uint32_t State(int64_t i) const {
    if (kind_ == Kind::kFull) return static_cast<uint32_t>(i);
    if (kind_ == Kind::kParity) {
      const uint32_t u = static_cast<uint32_t>(i);
      return (u << 1) | ((std::popcount(u) & 1) ^ static_cast<uint32_t>(value_));
    }
    return static_cast<uint32_t>(states_[i]);
  }
  int64_t Index(uint32_t b) const {
    if (kind_ == Kind::kFull) return b;
    if (kind_ == Kind::kParity) return b >> 1;
    return hi_offset_[b >> lo_bits_] + lo_rank_[b & ((1u << lo_bits_) - 1)];
  }
  bool Contains(uint32_t b) const {
    if (kind_ == Kind::kFull) return true;
    if (kind_ == Kind::kParity) return (std::popcount(b) & 1) == value_;
    return std::popcount(b) == value_;
  }
  const std::vector<int32_t>& states() const { return states_; }

 private:
  int32_t n_;
  Kind kind_;
  int32_t value_;
  int64_t dim_ = 0;
  int32_t lo_bits_ = 0;
  std::vector<int32_t> states_;
  std::vector<int32_t> hi_offset_;
  std::vector<int32_t> lo_rank_;
};

// The sectors of a symmetry, larger first (pauli-sum.ts sectorsFor).
std::vector<SectorBasis> SectorsFor(int32_t n, Symmetry symmetry);

// H on one sector: its diagonal and w = H v (vectors of dim doubles, 2*dim interleaved when complex).
class SectorOperator {
 public:
  // Building the diagonal polls `limits` (when given) every 64 Ki rows; interrupted() tells.
  // cancel_only: only a cancel interrupts (past a deadline the sector is still needed).
  SectorOperator(const PauliOperator& op, const SectorBasis& basis, const Limits* limits = nullptr, bool cancel_only = false);
  bool interrupted() const { return interrupted_; }
  int64_t dim() const { return basis_.dim(); }
  bool complex() const { return op_.complex; }
  bool diagonal() const { return op_.groups.empty(); }
  const std::vector<double>& diag() const { return diag_; }
  const SectorBasis& basis() const { return basis_; }
  void Apply(const double* v, double* w) const;
  // w = H v and returns Re(v^H w), summed block by block within the two fixed row halves (one pass
  // over the memory instead of two: Lanczos' alpha).
  double ApplyDot(const double* v, double* w) const;
  // The dense matrix on the sector (row-major; interleaved when complex).
  std::vector<double> Dense() const;

 private:
  void ApplyRows(const double* v, double* w, double* dot) const;
  void ApplyXorBlock(const double* v, double* w, int64_t start, int64_t len) const;
  void ApplyOnes(const double* v, double* w, int64_t start, int64_t len) const;

  const PauliOperator& op_;
  const SectorBasis& basis_;
  std::vector<double> diag_;
  bool interrupted_ = false;
};

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_PAULI_SUM_H_
