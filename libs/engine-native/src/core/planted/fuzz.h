// planted's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_PLANTED_FUZZ_H_
#define SVC_CORE_PLANTED_FUZZ_H_

#include "planted/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

inline void FuzzPlanted(Reader& r, const SolverEntry& entry) {
  std::vector<uint8_t> warm;
  PlantedProblem p;
  p.n = r.Int(0, 64);
  p.planted.degree = r.Int(0, 6);
  p.planted.instance_seed = r.U32();
  p.planted.anneal_sweeps = r.U8() % 20;
  p.planted.reheat_sweeps = r.U8() % 20;
  p.planted.max_sweeps = r.U8() % 200;
  p.planted.beta_start = r.Real();
  p.planted.beta_end = r.Real();
  p.planted.beta_reheat = r.Real();
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_planted{PlantedProblem::kFamily, &FuzzPlanted};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_PLANTED_FUZZ_H_
