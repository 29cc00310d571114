# reduce's optional native library (svc_optional_library: cmake/optional_library.cmake): fplll (its
# L² LLL) with GMP's C++ integers (gmpxx) for the exact pass and check. Without it the family is
# left out of the build and engine-ts serves reduce. fplll-tools: the fplll CLI the bench runs
# beside it (tools/src/bench/reduce.ts).
svc_optional_library(fplll
  FAMILY reduce
  REQUIRED
  OPTION SVC_USE_FPLLL "Build the reduce family with fplll/GMP when they are found"
  DEBIAN libfplll-dev fplll-tools IF_MISSING /usr/include/fplll/fplll.h
  HEADERS fplll/fplll.h gmpxx.h
  LIBS fplll gmpxx mpfr gmp
  VERSION fplll/fplll_config.h "^#define FPLLL_VERSION ")
