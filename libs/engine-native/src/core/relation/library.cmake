# relation's optional native libraries (svc_optional_library: cmake/optional_library.cmake): GMP
# for its exact integer relations and LLL search, MPFR for its working precision. Without them
# the family is left out of the build and engine-ts serves relation.
svc_optional_library(mpfr
  FAMILY relation
  REQUIRED
  OPTION SVC_USE_MPFR "Build the precision and relation families with MPFR/GMP when they are found"
  DEBIAN libmpfr-dev IF_MISSING /usr/include/mpfr.h
  HEADERS mpfr.h
  LIBS mpfr
  VERSION mpfr.h "^#define MPFR_VERSION_STRING")
svc_optional_library(gmp
  FAMILY relation
  REQUIRED
  OPTION SVC_USE_MPFR "Build the precision and relation families with MPFR/GMP when they are found"
  DEBIAN libgmp-dev IF_MISSING /usr/include/gmpxx.h
  HEADERS gmp.h
  LIBS gmp
  VERSION gmp.h "^#define __GNU_MP_VERSION(_MINOR|_PATCHLEVEL)? ")
# Its LLL search (relation/embedding.cc) runs reduce's exact LLL, which needs only GMP.
svc_family_sources(relation reduce/lattice.cc)
