// A tiny CHECK macro for the core tests: no framework, a failing check sets the exit code.
#ifndef SVC_CORE_TESTING_TEST_UTIL_H_
#define SVC_CORE_TESTING_TEST_UTIL_H_

#include <cmath>
#include <cstdio>

namespace svc::test {
inline int& Failures() {
  static int failures = 0;  // test binaries only; the core itself has no globals
  return failures;
}
inline int Finish(const char* name) {
  if (Failures() == 0) {
    std::printf("%s: all checks passed\n", name);
    return 0;
  }
  std::printf("%s: %d check(s) failed\n", name, Failures());
  return 1;
}
}  // namespace svc::test

#define CHECK(cond)                                                               \
  do {                                                                            \
    if (!(cond)) {                                                                \
      std::printf("%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);        \
      ++svc::test::Failures();                                                    \
    }                                                                             \
  } while (0)

#define CHECK_NEAR(a, b, tol)                                                     \
  do {                                                                            \
    const double va_ = (a), vb_ = (b);                                            \
    if (!(std::fabs(va_ - vb_) <= (tol))) {                                       \
      std::printf("%s:%d: CHECK_NEAR failed: %s = %.17g, %s = %.17g\n", __FILE__, \
                  __LINE__, #a, va_, #b, vb_);                                    \
      ++svc::test::Failures();                                                    \
    }                                                                             \
  } while (0)

#endif  // SVC_CORE_TESTING_TEST_UTIL_H_
