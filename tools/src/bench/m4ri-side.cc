// The dense-elimination row of `npm run bench` (tools/src/bench/xorsat.ts): M4RI's elimination and
// ours on the same bit matrix. Built at bench time beside the project when M4RI's headers are
// installed (Debian libm4ri-dev), linked with M4RI and the engine's core library
// (libs/engine-native/build-core/libsvc_core.a); never part of the service.
//
//   m4ri-side <n>...   for each n: one random n × (n+1) matrix (splitmix64 words, each bit 1 with
//                      probability 1/2), then the least CPU time (the process's, so a loaded
//                      machine's waits count for neither) of 5 runs of each elimination on a fresh
//                      copy of it, in milliseconds:
//                        ours        svc::core::EchelonForm on the first n columns (xorsat's kernel)
//                        m4ri        mzd_echelonize_m4ri(A, 0, 0): M4RI's Four Russians echelon form
//                        m4ri_ple    mzd_echelonize(A, 0): M4RI's default (PLE decomposition)
//                      and the ranks of the three, which must agree (else exit 1). One JSON line per n.
#include <m4ri/m4ri.h>

#include <algorithm>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "common/solve_limits.h"
#include "xorsat/echelon.h"

namespace {

uint64_t SplitMix(uint64_t* s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

double CpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return 1e3 * static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
  for (int a = 1; a < argc; ++a) {
    const int n = std::atoi(argv[a]);
    if (n < 1) return 2;
    const size_t cols = static_cast<size_t>(n) + 1;
    const size_t words = (cols + 63) / 64;
    const uint64_t last = cols % 64 == 0 ? ~uint64_t{0} : (uint64_t{1} << (cols % 64)) - 1;
    std::vector<uint64_t> bits(static_cast<size_t>(n) * words);
    uint64_t seed = 0x5eed0000u + static_cast<uint64_t>(n);
    for (size_t r = 0; r < static_cast<size_t>(n); ++r) {
      for (size_t w = 0; w < words; ++w) bits[r * words + w] = SplitMix(&seed) & (w + 1 == words ? last : ~uint64_t{0});
    }
    double ours = 1e300, m4ri = 1e300, ple = 1e300;
    long rank_ours = -1, rank_m4ri = -1, rank_ple = -1;
    for (int rep = 0; rep < 5; ++rep) {
      svc::core::BitMatrix b(static_cast<size_t>(n), cols);
      std::copy(bits.begin(), bits.end(), b.Row(0));
      double t0 = CpuMs();
      const svc::core::Echelon e = svc::core::EchelonForm(&b, n, svc::core::Limits());
      ours = std::min(ours, CpuMs() - t0);
      rank_ours = e.rank;
      for (int method = 0; method < 2; ++method) {
        mzd_t* m = mzd_init(n, static_cast<rci_t>(cols));
        for (size_t r = 0; r < static_cast<size_t>(n); ++r) {
          std::copy(bits.begin() + static_cast<long>(r * words), bits.begin() + static_cast<long>((r + 1) * words),
                    mzd_row(m, static_cast<rci_t>(r)));
        }
        // M4RI's echelon form covers every column: the rank on the first n is the rank of a copy
        // without the last, so both run on [A | b] and the ranks are compared on A alone below.
        t0 = CpuMs();
        const rci_t rank = method == 0 ? mzd_echelonize_m4ri(m, 0, 0) : mzd_echelonize(m, 0);
        const double ms = CpuMs() - t0;
        // Rows of rank [A | b] whose first set bit is column n are not pivots of A.
        long on_a = 0;
        for (rci_t r = 0; r < rank; ++r) {
          bool any = false;
          for (rci_t c = 0; c < n && !any; c += 64) {
            const int w = std::min(64, n - c);
            any = mzd_read_bits(m, r, c, w) != 0;
          }
          on_a += any ? 1 : 0;
        }
        if (method == 0) {
          m4ri = std::min(m4ri, ms);
          rank_m4ri = on_a;
        } else {
          ple = std::min(ple, ms);
          rank_ple = on_a;
        }
        mzd_free(m);
      }
    }
    std::printf("{\"n\":%d,\"ours\":%.3f,\"m4ri\":%.3f,\"m4ri_ple\":%.3f,\"rank\":%ld,\"rank_m4ri\":%ld,\"rank_ple\":%ld}\n", n,
                ours, m4ri, ple, rank_ours, rank_m4ri, rank_ple);
    if (rank_ours != rank_m4ri || rank_ours != rank_ple) return 1;
  }
  return 0;
}
