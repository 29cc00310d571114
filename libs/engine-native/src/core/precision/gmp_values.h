// Owning wrappers of GMP and MPFR values (no N-API here: the core knows nothing of Node).
#ifndef SVC_CORE_PRECISION_GMP_VALUES_H_
#define SVC_CORE_PRECISION_GMP_VALUES_H_

#include <gmp.h>
#include <mpfr.h>

namespace svc::core::precision {

class Int {
 public:
  Int() { mpz_init(v_); }
  explicit Int(unsigned long x) { mpz_init_set_ui(v_, x); }
  Int(const Int& o) { mpz_init_set(v_, o.v_); }
  Int& operator=(const Int& o) {
    if (this != &o) mpz_set(v_, o.v_);
    return *this;
  }
  ~Int() { mpz_clear(v_); }
  mpz_ptr get() { return v_; }
  mpz_srcptr get() const { return v_; }

 private:
  mpz_t v_;
};

class Real {
 public:
  explicit Real(mpfr_prec_t prec) { mpfr_init2(v_, prec); }
  Real(const Real&) = delete;
  Real& operator=(const Real&) = delete;
  ~Real() { mpfr_clear(v_); }
  mpfr_ptr get() { return v_; }
  mpfr_srcptr get() const { return v_; }

 private:
  mpfr_t v_;
};

}  // namespace svc::core::precision

#endif  // SVC_CORE_PRECISION_GMP_VALUES_H_
