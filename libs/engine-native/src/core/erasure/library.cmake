# erasure's optional native library (svc_optional_library: cmake/optional_library.cmake): ISA-L, one
# more kernel for the family's dot product (erasure/kernel.cc: ec_encode_data), used on CPUs without
# GFNI, where it beats the family's own AVX2/SSSE3 kernels; the family is native either way. Linked
# statically when libisal.a exists (Debian ships only the shared library: the addon then needs
# libisal2 at run time). The ctest compares every kernel's bytes.
svc_optional_library(isa-l
  FAMILY erasure
  OPTION SVC_WITH_ISAL "Give the erasure family ISA-L's kernels when ISA-L is found"
  DEBIAN libisal-dev IF_MISSING /usr/include/isa-l/erasure_code.h
  HEADERS isa-l.h
  LIBS "libisal.a|isal"
  EXISTS isa-l/erasure_code.h
  VERSION isa-l.h "^#define ISAL_(MAJOR|MINOR|PATCH)_VERSION "
  DEFINE SVC_HAVE_ISAL)
