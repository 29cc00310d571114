# rank's optional native library (svc_optional_library: cmake/optional_library.cmake): COIN-OR CLP,
# the LP engine of its LP bounds (common/lp.h, whose Solve() answers kUnavailable without it). The
# family is native either way and keeps its own bounds without it. Linked shared (the addon then
# needs coinor-libclp1 at run time).
svc_optional_library(clp
  FAMILY rank
  OPTION SVC_USE_CLP "Give rank and cover CLP's LP bounds when CLP is found"
  DEBIAN coinor-libclp-dev IF_MISSING /usr/include/coin/ClpSimplex.hpp
  HEADERS coin/ClpSimplex.hpp
  LIBS Clp CoinUtils
  EXISTS coin/ClpConfig.h
  VERSION coin/ClpConfig.h "^#define CLP_VERSION "
  DEFINE SVC_HAVE_CLP)
