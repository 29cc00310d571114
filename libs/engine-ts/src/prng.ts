/**
 * The shared seeded generator: xoshiro128** (Blackman & Vigna) seeded through splitmix32.
 * Every operation is 32-bit unsigned integer arithmetic (`Math.imul`, `>>> 0`), so a C++ port
 * with `uint32_t` reproduces the stream bit for bit.
 *
 * Seeding (exact): a 32-bit state `z = seed >>> 0`; four times in a row
 *   z = (z + 0x9E3779B9) mod 2^32
 *   t = z; t = (t ^ (t >>> 16)) * 0x85EBCA6B mod 2^32
 *          t = (t ^ (t >>> 13)) * 0xC2B2AE35 mod 2^32
 *          t =  t ^ (t >>> 16)
 *   s[k] = t            (k = 0, 1, 2, 3)
 * The mix is a bijection of z and the four z differ, so at most one s[k] is 0: the xoshiro state
 * is never all zero.
 *
 * Step (xoshiro128**, exact):
 *   result = rotl(s1 * 5, 7) * 9
 *   t = s1 << 9
 *   s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11)
 */
export class Prng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  /** @param seed any number; only its low 32 bits (`seed >>> 0`) are used. */
  constructor(seed: number) {
    let z = seed >>> 0;
    const next = (): number => {
      z = (z + 0x9e3779b9) >>> 0;
      let t = z;
      t = Math.imul(t ^ (t >>> 16), 0x85ebca6b) >>> 0;
      t = Math.imul(t ^ (t >>> 13), 0xc2b2ae35) >>> 0;
      return (t ^ (t >>> 16)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
  }

  /** The next unsigned 32-bit output, in [0, 2^32). */
  nextU32(): number {
    const s1 = this.s1;
    const r = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = (s1 << 9) >>> 0;
    this.s2 = (this.s2 ^ this.s0) >>> 0;
    this.s3 = (this.s3 ^ this.s1) >>> 0;
    this.s1 = (this.s1 ^ this.s2) >>> 0;
    this.s0 = (this.s0 ^ this.s3) >>> 0;
    this.s2 = (this.s2 ^ t) >>> 0;
    this.s3 = rotl(this.s3, 11);
    return r;
  }

  /** `nextU32() / 2^32`: a double in [0, 1) with 32 random bits (exact in C++ as well). */
  nextFloat(): number {
    return this.nextU32() / 4294967296;
  }

  /**
   * An unbiased integer in [0, bound), bound an integer in [1, 2^32).
   * Exact method (OpenBSD arc4random_uniform): `threshold = (2^32 - bound) mod bound`;
   * draw `r = nextU32()` until `r >= threshold`; return `r mod bound`. bound = 1 still draws once.
   */
  nextInt(bound: number): number {
    if (!(bound >= 1 && bound <= 0xffffffff) || bound !== Math.floor(bound)) {
      throw new RangeError(`nextInt bound must be an integer in [1, 2^32), got ${bound}`);
    }
    const threshold = (4294967296 - bound) % bound;
    for (;;) {
      const r = this.nextU32();
      if (r >= threshold) return r % bound;
    }
  }

  /** The internal state (s0..s3), for tests and for checking a port. */
  state(): [number, number, number, number] {
    return [this.s0, this.s1, this.s2, this.s3];
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

/**
 * Fisher–Yates shuffle of `a` in place: for i = len−1 down to 1, swap a[i] with a[nextInt(i+1)].
 * Returns `a`.
 */
export function shuffleInPlace<T extends { length: number; [k: number]: number }>(a: T, rng: Prng): T {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a;
}
