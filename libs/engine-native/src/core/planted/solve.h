// quantum-scale search on the planted instance of planted/generate.h: a port of engine-ts
// families/planted/solve.ts (its file comment is the specification), and the registry entry.
#ifndef SVC_CORE_PLANTED_SOLVE_H_
#define SVC_CORE_PLANTED_SOLVE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/prng.h"
#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "planted/generate.h"
#include "planted/problem.h"

namespace svc::core {

// e^(-x) from + - * / only (engine-ts expNeg), and thr[a] = floor(e^(-2 a beta) 2^32), a = 0..16.
double PlantedExpNeg(double x);
void AcceptThresholds(double beta, uint32_t* thr);

struct PlantedSearchResult {
  std::vector<uint8_t> x;  // 0/1, 1 = +1
  int64_t energy = 0;
  int64_t sweeps = 0;
  int64_t rounds = 0;
  Stop stop = Stop::kNone;
};

// The search of planted-ising-solve.ts on a built graph.
PlantedSearchResult PlantedSearch(const PlantedLayout& layout, const PlantedGraph& g,
                                  const PlantedSpec& budget, Prng& rng, const Limits& limits);

// The registry entry of quantum-scale (problem.planted carries degree, seed and budget).
CallStatus SolveQuantumScale(const PlantedProblem& problem, const SolveOptions& options,
                             const Limits& limits, SolveResult* out, std::string* error);

// Shape checks of a quantum-scale request (the registry calls them before SolveQuantumScale).
CallStatus ValidatePlanted(std::string_view command, const PlantedProblem& problem,
                           const SolveOptions& options, std::string* error);

}  // namespace svc::core

#endif  // SVC_CORE_PLANTED_SOLVE_H_
