// The one hot loop of erasure coding: out[r] = sum_i coef[r*k + i] * in[i] over GF(2^8), byte by
// byte, for every output row r. Kernels: a portable scalar one (a row of the multiplication table
// per coefficient), SSSE3 and AVX2 split-nibble table lookups (pshufb), AVX2 with GFNI (one
// gf2p8affineqb per coefficient), chosen by the CPU at run time (__builtin_cpu_supports), and
// ISA-L's ec_encode_data when the build found it
// (SVC_HAVE_ISAL, CMakeLists.txt). Every kernel gives the same bytes (the tests compare them all).
#ifndef SVC_CORE_ERASURE_KERNEL_H_
#define SVC_CORE_ERASURE_KERNEL_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace svc::core::erasure {

// Crosses into JS as the number in the result's extra "kernel"; new values go at the end.
enum class Kernel : int32_t { kScalar = 0, kSsse3 = 1, kAvx2 = 2, kIsal = 3, kGfni = 4 };

constexpr std::string_view KernelName(Kernel k) {
  switch (k) {
    case Kernel::kScalar: return "scalar";
    case Kernel::kSsse3: return "ssse3";
    case Kernel::kAvx2: return "avx2";
    case Kernel::kIsal: return "isa-l";
    case Kernel::kGfni: return "gfni";
  }
  return "unknown";
}

// Whether this build and this CPU can run `kernel`.
bool KernelAvailable(Kernel kernel);

// The fastest available kernel: GFNI, else ISA-L when built with it, else AVX2, SSSE3, scalar.
Kernel BestKernel();

// out[r][b] = XOR over i < k of coef[r*k + i] * in[i][b], for r < rows and b < len. The outputs
// must not overlap the inputs. `kernel` must be available.
void DotProduct(Kernel kernel, int32_t k, int32_t rows, const uint8_t* coef, const uint8_t* const* in,
                uint8_t* const* out, size_t len);

}  // namespace svc::core::erasure

#endif  // SVC_CORE_ERASURE_KERNEL_H_
