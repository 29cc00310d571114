// Irreducibility modulo a prime: the twin of engine-ts families/relation/irreducible.ts.
#include "relation/irreducible.h"

#include <array>
#include <cstdint>

namespace svc::core {

namespace {

// engine-ts IRREDUCIBILITY_PRIMES.
constexpr std::array<int64_t, 42> kPrimes = {2,  3,  5,  7,  11, 13, 17, 19, 23, 29, 31, 37, 41, 43,
                                             47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107,
                                             109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181};

using Poly = std::vector<int64_t>;

int64_t Mod(int64_t a, int64_t q) { return ((a % q) + q) % q; }

int64_t Inverse(int64_t a, int64_t q) {
  int64_t r = 1, b = a, e = q - 2;
  while (e > 0) {
    if (e & 1) r = (r * b) % q;
    b = (b * b) % q;
    e >>= 1;
  }
  return r;
}

Poly& Trim(Poly& a) {
  while (!a.empty() && a.back() == 0) a.pop_back();
  return a;
}

// a mod f over GF(q), f monic.
Poly Reduce(Poly r, const Poly& f, int64_t q) {
  const int d = static_cast<int>(f.size()) - 1;
  for (int k = static_cast<int>(r.size()) - 1; k >= d; k--) {
    const int64_t c = r[k];
    if (c == 0) continue;
    for (int j = 0; j <= d; j++) r[k - d + j] = Mod(r[k - d + j] - c * f[j], q);
  }
  if (static_cast<int>(r.size()) > d) r.resize(d);
  return Trim(r);
}

Poly MulMod(const Poly& a, const Poly& b, const Poly& f, int64_t q) {
  if (a.empty() || b.empty()) return {};
  Poly r(a.size() + b.size() - 1, 0);
  for (size_t i = 0; i < a.size(); i++) {
    for (size_t j = 0; j < b.size(); j++) r[i + j] = (r[i + j] + a[i] * b[j]) % q;
  }
  return Reduce(r, f, q);
}

int GcdDegree(Poly a, Poly b, int64_t q) {
  Trim(a);
  Trim(b);
  while (!b.empty()) {
    const int64_t inv = Inverse(b.back(), q);
    Poly monic = b;
    for (auto& c : monic) c = (c * inv) % q;
    Poly r = a.size() >= monic.size() ? Reduce(a, monic, q) : a;
    a = monic;
    b = r;
  }
  return static_cast<int>(a.size()) - 1;
}

}  // namespace

bool ProvenIrreducible(const std::vector<mpz_class>& p) {
  const int d = static_cast<int>(p.size()) - 1;
  if (d == 1) return true;
  for (const int64_t q : kPrimes) {
    Poly f(p.size());
    mpz_class t;
    for (size_t i = 0; i < p.size(); i++) {
      mpz_fdiv_r_ui(t.get_mpz_t(), p[i].get_mpz_t(), static_cast<unsigned long>(q));
      f[i] = static_cast<int64_t>(t.get_si());
    }
    if (f[d] == 0) continue;
    const int64_t inv = Inverse(f[d], q);
    for (auto& c : f) c = (c * inv) % q;
    Poly h = {0, 1};
    bool irreducible = true;
    for (int i = 1; i <= d / 2 && irreducible; i++) {
      Poly base = h, acc = {1};
      for (int64_t e = q; e > 0; e >>= 1) {
        if (e & 1) acc = MulMod(acc, base, f, q);
        base = MulMod(base, base, f, q);
      }
      h = acc;
      Poly hx = h;
      while (hx.size() < 2) hx.push_back(0);
      hx[1] = Mod(hx[1] - 1, q);
      if (GcdDegree(f, hx, q) != 0) irreducible = false;
    }
    if (irreducible) return true;
  }
  return false;
}

}  // namespace svc::core
