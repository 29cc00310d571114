// erasure's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_ERASURE_FUZZ_H_
#define SVC_CORE_ERASURE_FUZZ_H_

#include "erasure/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

// Mostly a consistent code (n = k + m, at least k shards present, shard_size bytes each) with
// shards of any length and any loss pattern; anything sometimes.
inline void FuzzErasure(Reader& r, const SolverEntry& entry) {
  std::vector<uint8_t> present, shards, warm;
  ErasureProblem p;
  ErasureView& e = p.erasure;
  e.k = r.U8() < 240 ? 1 + r.U8() % 12 : r.Int(-2, 300);
  e.m = r.U8() < 240 ? r.U8() % 8 : r.Int(-2, 300);
  p.n = r.U8() < 240 ? e.k + e.m : r.Int(0, 30);
  e.shard_size = r.U8() < 240 ? 1 + r.U8() % 80 : r.Real();
  const size_t n = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
  present.assign(r.Length(n, 64), 1);
  for (auto& f : present) f = r.U8() < 250 ? static_cast<uint8_t>(r.U8() < 200) : r.U8();
  size_t given = 0;
  for (uint8_t f : present) given += f == 1;
  const size_t size = e.shard_size >= 1 && e.shard_size <= 80 ? static_cast<size_t>(e.shard_size) : 3;
  shards.resize(r.U8() < 240 ? given * size : r.U8() % 200);
  for (auto& x : shards) x = r.U8();
  e.present = present;
  e.shards = shards;
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_erasure{ErasureProblem::kFamily, &FuzzErasure};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_ERASURE_FUZZ_H_
