// design: tabu search in the TabuCol manner over the hard sites with an incremental table
// gamma[s][v] (bias plus bond costs against the neighbours), and sweeps of best single-site moves
// when that table would pass kDesignGammaCap. A port of engine-ts
// families/design/tabu.ts, step for step and with the same generator calls.
#ifndef SVC_CORE_DESIGN_TABU_H_
#define SVC_CORE_DESIGN_TABU_H_

#include <cstdint>
#include <vector>

#include "common/prng.h"
#include "design/model.h"

namespace svc::core {

// Largest hardSites·K whose gamma table the tabu search keeps (tabu.ts GAMMA_CAP).
inline constexpr int64_t kDesignGammaCap = int64_t{1} << 23;

// tabu.ts tabuSearch: improves x on the hard sites until it reaches target (within tol) or spends
// iters moves or work_cap value evaluations; the energy reached; *spent_out gets the evaluations spent.
double DesignTabuSearch(DesignModel& sv, DesignSites hard, std::vector<int32_t>& x, int64_t iters, double work_cap,
                        double target, double tol, Prng& rng, double* spent_out = nullptr);

}  // namespace svc::core

#endif  // SVC_CORE_DESIGN_TABU_H_
