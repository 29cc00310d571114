// The internal minimisation form shared by the solvers: E(x) = sum h_i x_i + sum_{i<j} Q_ij x_i x_j.
#ifndef SVC_CORE_KERNELS_MODEL_H_
#define SVC_CORE_KERNELS_MODEL_H_

#include <cstdint>
#include <vector>

#include "common/csr.h"

namespace svc::core {

struct QuboModel {
  int32_t n = 0;
  std::vector<double> h;  // linear terms
  Csr q;                  // symmetric couplings, both directions stored
};

// Energy from scratch (model order; used by tests and for warm starts).
double ModelEnergy(const QuboModel& m, const std::vector<uint8_t>& x);

// f_i = h_i + sum_j Q_ij x_j: flipping i changes E by (1 - 2 x_i) f_i.
void ModelFields(const QuboModel& m, const std::vector<uint8_t>& x, std::vector<double>* f);

// Energies closer than this are equal: 1e-12 x (1 + sum of |h| and |w|), the rounding scale of
// the model's sums (tabu's improvement test and the qubo solve's closing comparisons).
double EnergyTolerance(const QuboModel& m);

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_MODEL_H_
