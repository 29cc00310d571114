// erasure: the field, the Cauchy code's MDS property by exhaustion (every erasure pattern of every
// (k, m) with k + m <= 8 rebuilds byte for byte), random patterns at k + m = 255, every available
// kernel against the scalar one (lengths across the vector widths and tails), the registry's
// checked entry point and its validation.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "erasure/code.h"
#include "erasure/gf256.h"
#include "erasure/kernel.h"
#include "erasure/problem.h"
#include "erasure/solve.h"
#include "testing/test_util.h"

namespace {

using svc::core::CallStatus;
using svc::core::ErasureProblem;
using svc::core::Prng;
using svc::core::ResultKind;
using svc::core::SolveResult;
using svc::core::erasure::Kernel;
namespace gf = svc::core::gf256;

constexpr Kernel kKernels[] = {Kernel::kScalar, Kernel::kSsse3, Kernel::kAvx2, Kernel::kIsal, Kernel::kGfni};

// A code word of the straightforward definition (gf256::Mul byte by byte): data then parity.
std::vector<std::vector<uint8_t>> Encode(int32_t k, int32_t m, const std::vector<std::vector<uint8_t>>& data) {
  std::vector<std::vector<uint8_t>> word = data;
  const size_t size = data[0].size();
  for (int32_t p = k; p < k + m; ++p) {
    std::vector<uint8_t> parity(size, 0);
    for (int32_t j = 0; j < k; ++j) {
      const uint8_t c = gf::Inv(static_cast<uint8_t>(p ^ j));
      for (size_t b = 0; b < size; ++b) parity[b] ^= gf::Mul(c, data[j][b]);
    }
    word.push_back(std::move(parity));
  }
  return word;
}

std::vector<std::vector<uint8_t>> RandomData(Prng& r, int32_t k, size_t size) {
  std::vector<std::vector<uint8_t>> data(k, std::vector<uint8_t>(size));
  for (auto& d : data) {
    for (auto& x : d) x = static_cast<uint8_t>(r.NextU32());
  }
  return data;
}

// Rebuilds the shards absent from `present` with `kernel` through SolveErasureWith; checks them
// against `word`. Returns false when the solve refused.
bool Rebuilds(Kernel kernel, int32_t k, int32_t m, const std::vector<std::vector<uint8_t>>& word,
              const std::vector<uint8_t>& present) {
  const size_t size = word[0].size();
  std::vector<uint8_t> shards;
  for (int32_t i = 0; i < k + m; ++i) {
    if (present[i]) shards.insert(shards.end(), word[i].begin(), word[i].end());
  }
  ErasureProblem p;
  p.n = k + m;
  p.erasure.k = k;
  p.erasure.m = m;
  p.erasure.shard_size = static_cast<double>(size);
  p.erasure.present = present;
  p.erasure.shards = shards;
  std::string error;
  SolveResult out;
  if (svc::core::ValidateRequest("recover", p, {}, &error) != CallStatus::kOk) return false;
  if (svc::core::SolveErasureWith(kernel, p, &out, &error) != CallStatus::kOk) return false;
  CHECK(out.kind == ResultKind::kBytes);
  std::vector<int32_t> absent;
  for (int32_t i = 0; i < k + m; ++i) {
    if (!present[i]) absent.push_back(i);
  }
  CHECK(out.order == absent);
  CHECK(out.answer.size() == absent.size() * size);
  for (size_t t = 0; t < absent.size() && out.answer.size() == absent.size() * size; ++t) {
    const bool same = std::equal(word[absent[t]].begin(), word[absent[t]].end(), out.answer.begin() + t * size);
    if (!same) std::printf("k=%d m=%d kernel=%d shard %d differs\n", k, m, static_cast<int>(kernel), absent[t]);
    CHECK(same);
  }
  return true;
}

void TestField() {
  for (int a = 1; a < 256; ++a) {
    CHECK(gf::Mul(static_cast<uint8_t>(a), gf::Inv(static_cast<uint8_t>(a))) == 1);
    for (int b = 0; b < 256; b += 7) {
      CHECK(gf::Mul(static_cast<uint8_t>(a), static_cast<uint8_t>(b)) == gf::Mul(static_cast<uint8_t>(b), static_cast<uint8_t>(a)));
    }
  }
  // Carry-less multiplication reduced by x^8 + x^4 + x^3 + x^2 + 1, computed the slow way.
  for (int a = 0; a < 256; a += 3) {
    for (int b = 0; b < 256; b += 5) {
      uint32_t p = 0;
      for (int bit = 0; bit < 8; ++bit) {
        if (b & (1 << bit)) p ^= static_cast<uint32_t>(a) << bit;
      }
      for (int bit = 15; bit >= 8; --bit) {
        if (p & (1u << bit)) p ^= gf::kPolynomial << (bit - 8);
      }
      CHECK(gf::Mul(static_cast<uint8_t>(a), static_cast<uint8_t>(b)) == p);
    }
  }
}

// Every (k, m) with k + m <= 8 and every subset of shards: at least k present rebuild the rest
// exactly on every kernel; fewer than k are refused.
void TestEveryPattern() {
  Prng r(1);
  long patterns = 0;
  for (int32_t n = 2; n <= 8; ++n) {
    for (int32_t k = 1; k < n; ++k) {
      const int32_t m = n - k;
      for (size_t size : {size_t{1}, size_t{37}}) {
        const auto word = Encode(k, m, RandomData(r, k, size));
        for (uint32_t mask = 0; mask < (1u << n); ++mask) {
          std::vector<uint8_t> present(n);
          int32_t given = 0;
          for (int32_t i = 0; i < n; ++i) given += present[i] = (mask >> i) & 1;
          for (Kernel kernel : kKernels) {
            if (!svc::core::erasure::KernelAvailable(kernel)) continue;
            const bool done = Rebuilds(kernel, k, m, word, present);
            CHECK(done == (given >= k));
            patterns += done;
          }
        }
      }
    }
  }
  std::printf("every pattern, k + m <= 8: %ld rebuilds checked\n", patterns);
}

// Random erasures of at most m shards at k + m = 255, on large enough shards to use the vectors.
void TestFullLength() {
  Prng r(2);
  for (auto [k, m] : {std::pair{223, 32}, std::pair{128, 127}, std::pair{254, 1}, std::pair{1, 254}, std::pair{200, 55}}) {
    const auto word = Encode(k, m, RandomData(r, k, 97));
    for (int trial = 0; trial < 6; ++trial) {
      std::vector<uint8_t> present(k + m, 1);
      const int32_t lose = trial == 0 ? m : static_cast<int32_t>(r.NextInt(static_cast<uint32_t>(m) + 1));
      for (int32_t t = 0; t < lose;) {
        const uint32_t i = r.NextInt(static_cast<uint32_t>(k + m));
        if (present[i]) {
          present[i] = 0;
          ++t;
        }
      }
      CHECK(Rebuilds(svc::core::erasure::BestKernel(), k, m, word, present));
    }
    // One more lost than parity: refused.
    std::vector<uint8_t> present(k + m, 1);
    for (int32_t i = 0; i <= m; ++i) present[i] = 0;
    CHECK(!Rebuilds(svc::core::erasure::BestKernel(), k, m, word, present));
  }
}

// Every available kernel gives the scalar kernel's bytes, at lengths around the vector widths.
void TestKernelsAgree() {
  Prng r(3);
  for (int trial = 0; trial < 200; ++trial) {
    const int32_t k = 1 + static_cast<int32_t>(r.NextInt(trial < 100 ? 12 : 200));
    const int32_t rows = 1 + static_cast<int32_t>(r.NextInt(trial < 190 ? 9 : 40));
    // Lengths around the vector widths, and past several chunks of the SIMD kernels (64 KiB at small k).
    const size_t len = trial >= 190 ? 3 * 65536 + r.NextInt(200) : trial % 3 == 0 ? r.NextInt(100) : r.NextInt(5000);
    std::vector<uint8_t> coef(static_cast<size_t>(k) * rows);
    for (auto& c : coef) c = static_cast<uint8_t>(r.NextU32());
    const auto data = RandomData(r, k, len + 1);
    std::vector<const uint8_t*> in(k);
    for (int32_t i = 0; i < k; ++i) in[i] = data[i].data();
    std::vector<std::vector<uint8_t>> want(rows, std::vector<uint8_t>(len + 1, 0xAB));
    std::vector<uint8_t*> want_out(rows);
    for (int32_t q = 0; q < rows; ++q) want_out[q] = want[q].data();
    svc::core::erasure::DotProduct(Kernel::kScalar, k, rows, coef.data(), in.data(), want_out.data(), len);
    // The scalar kernel against the definition, on the first row.
    for (size_t b = 0; b < len; ++b) {
      uint8_t s = 0;
      for (int32_t i = 0; i < k; ++i) s ^= gf::Mul(coef[i], data[i][b]);
      CHECK(want[0][b] == s);
    }
    for (Kernel kernel : kKernels) {
      if (kernel == Kernel::kScalar || !svc::core::erasure::KernelAvailable(kernel)) continue;
      std::vector<std::vector<uint8_t>> got(rows, std::vector<uint8_t>(len + 1, 0xAB));
      std::vector<uint8_t*> out(rows);
      for (int32_t q = 0; q < rows; ++q) out[q] = got[q].data();
      svc::core::erasure::DotProduct(kernel, k, rows, coef.data(), in.data(), out.data(), len);
      CHECK(got == want);  // the byte past len is untouched too
    }
  }
  std::printf("kernels here:");
  for (Kernel kernel : kKernels) {
    if (svc::core::erasure::KernelAvailable(kernel)) std::printf(" %s", std::string(KernelName(kernel)).c_str());
  }
  std::printf(" (best: %s)\n", std::string(KernelName(svc::core::erasure::BestKernel())).c_str());
}

// protect through the registry: the data shards present, the parity rebuilt.
void TestRegistry() {
  Prng r(4);
  const int32_t k = 10, m = 4;
  const auto data = RandomData(r, k, 1000);
  const auto word = Encode(k, m, data);
  std::vector<uint8_t> shards, present(k + m, 0);
  for (int32_t i = 0; i < k; ++i) {
    shards.insert(shards.end(), data[i].begin(), data[i].end());
    present[i] = 1;
  }
  ErasureProblem p;
  p.n = k + m;
  p.erasure = {k, m, 1000, present, shards};
  SolveResult out;
  std::string error;
  const svc::core::Limits limits(nullptr, svc::core::Clock::now(), 0);
  CHECK(svc::core::Solve("protect", p, {}, limits, &out, &error) == CallStatus::kOk);
  CHECK(out.order == std::vector<int32_t>({10, 11, 12, 13}));
  for (int32_t q = 0; q < m && out.answer.size() == 4000u; ++q) {
    CHECK(std::equal(word[k + q].begin(), word[k + q].end(), out.answer.begin() + q * 1000));
  }
  CHECK(out.Extra("kernel") == static_cast<double>(svc::core::erasure::BestKernel()));
  // Validation: each of these is refused with a message.
  const auto refused = [&](ErasureProblem q) {
    std::string e;
    SolveResult o;
    const bool no = svc::core::Solve("protect", q, {}, limits, &o, &e) == CallStatus::kError;
    CHECK(no && !e.empty());
  };
  ErasureProblem q = p;
  q.n = 13;
  refused(q);
  q = p;
  q.erasure.shard_size = 999;
  refused(q);
  q = p;
  q.erasure.shard_size = 1000.5;
  refused(q);
  q = p;
  q.erasure.k = 200;
  q.erasure.m = 56;
  q.n = 256;
  refused(q);
  std::vector<uint8_t> bad = present;
  bad[0] = 2;
  q = p;
  q.erasure.present = bad;
  refused(q);
  std::vector<uint8_t> few(present.begin(), present.end() - 1);
  q = p;
  q.erasure.present = few;
  refused(q);
}

}  // namespace

int main() {
  TestField();
  TestEveryPattern();
  TestFullLength();
  TestKernelsAgree();
  TestRegistry();
  return svc::test::Finish("erasure_test");
}
