/**
 * An exact proof of irreducibility: a primitive integer polynomial p of degree d that stays of
 * degree d and is irreducible modulo a prime q is irreducible over ℚ (a factorisation over ℤ would
 * reduce to one mod q). Irreducibility mod q by Ben-Or's test: p is irreducible over GF(q) iff
 * gcd(p, x^(q^i) − x) = 1 for i = 1..⌊d/2⌋ (every irreducible factor of degree i divides
 * x^(q^i) − x). The primes 2..181 are tried in order; none may certify it (x⁴ − 10x² + 1, the
 * minimal polynomial of √2 + √3, is reducible mod every prime), and then irreducibility is not
 * claimed. The C++ twin is core/relation/irreducible.cc.
 */

/** The primes tried, in order. */
export const IRREDUCIBILITY_PRIMES: readonly number[] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181];

const mod = (a: number, q: number): number => ((a % q) + q) % q;

function inverse(a: number, q: number): number {
  let r = 1, b = a, e = q - 2;
  while (e > 0) {
    if (e & 1) r = (r * b) % q;
    b = (b * b) % q;
    e >>= 1;
  }
  return r;
}

const trim = (a: number[]): number[] => {
  while (a.length > 0 && a[a.length - 1] === 0) a.pop();
  return a;
};

/** a mod f over GF(q), f monic (ascending coefficients). */
function reduce(a: number[], f: readonly number[], q: number): number[] {
  const r = [...a];
  const d = f.length - 1;
  for (let k = r.length - 1; k >= d; k--) {
    const c = r[k];
    if (c === 0) continue;
    for (let j = 0; j <= d; j++) r[k - d + j] = mod(r[k - d + j] - c * f[j], q);
  }
  return trim(r.slice(0, d));
}

function mulMod(a: readonly number[], b: readonly number[], f: readonly number[], q: number): number[] {
  if (a.length === 0 || b.length === 0) return [];
  const r = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) r[i + j] = (r[i + j] + a[i] * b[j]) % q;
  return reduce(r, f, q);
}

/** The degree of gcd(a, b) over GF(q). */
function gcdDegree(a: number[], b: number[], q: number): number {
  a = trim([...a]);
  b = trim([...b]);
  while (b.length > 0) {
    const inv = inverse(b[b.length - 1], q);
    const monic = b.map((c) => (c * inv) % q);
    const r = a.length >= monic.length ? reduce(a, monic, q) : a;
    a = monic;
    b = r;
  }
  return a.length - 1;
}

/** Whether p (ascending integer coefficients, primitive, degree ≥ 1) is proven irreducible over ℚ. */
export function provenIrreducible(p: readonly bigint[]): boolean {
  const d = p.length - 1;
  if (d === 1) return true;
  for (const q of IRREDUCIBILITY_PRIMES) {
    const Q = BigInt(q);
    const f = p.map((c) => Number(((c % Q) + Q) % Q));
    if (f[d] === 0) continue;
    const inv = inverse(f[d], q);
    const monic = f.map((c) => (c * inv) % q);
    let h = [0, 1];
    let irreducible = true;
    for (let i = 1; i <= Math.floor(d / 2) && irreducible; i++) {
      // h ← h^q mod f
      let base = h, e = q, acc = [1];
      while (e > 0) {
        if (e & 1) acc = mulMod(acc, base, monic, q);
        base = mulMod(base, base, monic, q);
        e >>= 1;
      }
      h = acc;
      const hx = [...h];
      while (hx.length < 2) hx.push(0);
      hx[1] = mod(hx[1] - 1, q);
      if (gcdDegree(monic, hx, q) !== 0) irreducible = false;
    }
    if (irreducible) return true;
  }
  return false;
}
