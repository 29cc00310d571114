# precision's optional native libraries (svc_optional_library: cmake/optional_library.cmake): MPFR
# and GMP. Without them the family is left out of the build and engine-ts serves precision.
svc_optional_library(mpfr
  FAMILY precision
  REQUIRED
  OPTION SVC_USE_MPFR "Build the precision and relation families with MPFR/GMP when they are found"
  DEBIAN libmpfr-dev IF_MISSING /usr/include/mpfr.h
  HEADERS mpfr.h
  LIBS mpfr
  VERSION mpfr.h "^#define MPFR_VERSION_STRING")
svc_optional_library(gmp
  FAMILY precision
  REQUIRED
  OPTION SVC_USE_MPFR "Build the precision and relation families with MPFR/GMP when they are found"
  DEBIAN libgmp-dev IF_MISSING /usr/include/gmpxx.h
  HEADERS gmp.h
  LIBS gmp
  VERSION gmp.h "^#define __GNU_MP_VERSION(_MINOR|_PATCHLEVEL)? ")
