// The qubo family's problems as the QUBO model the search kernels run on (kernels/model.h).
#ifndef SVC_CORE_QUBO_MODEL_H_
#define SVC_CORE_QUBO_MODEL_H_

#include "kernels/model.h"
#include "qubo/problem.h"

namespace svc::core {

// optimize maps one to one.
QuboModel ModelFromQubo(const QuboView& p);

// maxcut: cut(x) = sum w_ij (x_i + x_j - 2 x_i x_j), so minimising E = -cut uses
// h_i = -(weighted degree of i) and Q_ij = 2 w_ij.
QuboModel ModelFromMaxcut(const MaxcutView& p);

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_MODEL_H_
