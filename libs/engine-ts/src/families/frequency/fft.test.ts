import { describe, expect, it } from 'vitest';
import { Prng } from '../../prng';
import { fftInPlace, fftRadices, ifftInPlace, isPrime, planFft, planRealFft, primitiveRoot, realFft, smoothAtLeast } from './fft';

/** The DFT by its definition (angles reduced exactly). */
function naiveDft(re: ArrayLike<number>, im: ArrayLike<number>): [Float64Array, Float64Array] {
  const n = re.length;
  const or = new Float64Array(n), oi = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    let sr = 0, si = 0;
    for (let j = 0; j < n; j++) {
      const a = (-2 * Math.PI * ((k * j) % n)) / n;
      sr += re[j] * Math.cos(a) - im[j] * Math.sin(a);
      si += re[j] * Math.sin(a) + im[j] * Math.cos(a);
    }
    or[k] = sr;
    oi[k] = si;
  }
  return [or, oi];
}

function random(n: number, seed: number): [Float64Array, Float64Array] {
  const r = new Prng(seed);
  return [Float64Array.from({ length: n }, () => r.nextFloat() * 2 - 1), Float64Array.from({ length: n }, () => r.nextFloat() * 2 - 1)];
}

const maxErr = (a: Float64Array, b: Float64Array) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);

describe('fft', () => {
  it('plans radix 4, 2, 3, 5, 7, 11, 13 passes, Rader for primes with a 2·3·5-smooth N − 1, Bluestein for the rest', () => {
    expect(fftRadices(64)).toEqual([4, 4, 4]);
    expect(fftRadices(128)).toEqual([4, 4, 4, 2]);
    expect(fftRadices(2 * 3 * 5 * 7 * 11 * 13)).toEqual([2, 3, 5, 7, 11, 13]);
    expect(fftRadices(17)).toBeNull();
    expect(fftRadices(65537)).toBeNull();
    expect(smoothAtLeast(131073)).toBe(131220);
    expect(smoothAtLeast(1)).toBe(1);
    expect(planFft(65537).rader?.l).toBe(65536);
    expect(planFft(65537).bluestein).toBeNull();
    expect(planFft(65521).bluestein?.m).toBe(131072);
    expect(planFft(2 * 17 * 19).bluestein?.m).toBe(1296);
    expect([isPrime(65537), isPrime(65535), primitiveRoot(65537), primitiveRoot(23)]).toEqual([true, false, 3, 5]);
  });

  it('agrees with the DFT definition on every length 1..150 and a few composite and prime lengths', () => {
    const lengths = [...Array.from({ length: 150 }, (_, i) => i + 1), 256, 243, 625, 343, 1001, 1024, 509, 1021, 2 * 17 * 19];
    for (const n of lengths) {
      const [re, im] = random(n, n);
      const [wr, wi] = naiveDft(re, im);
      const plan = planFft(n);
      fftInPlace(plan, re, im);
      const scale = Math.sqrt(n);
      expect(maxErr(re, wr) / scale, `n = ${n}`).toBeLessThan(1e-13 * Math.log2(n + 1) + 1e-15);
      expect(maxErr(im, wi) / scale, `n = ${n}`).toBeLessThan(1e-13 * Math.log2(n + 1) + 1e-15);
      // A plan is reusable, and the inverse undoes it.
      const [r2, i2] = random(n, n);
      const [c2, d2] = [r2.slice(), i2.slice()];
      fftInPlace(plan, r2, i2);
      ifftInPlace(plan, r2, i2);
      expect(maxErr(r2, c2), `inverse n = ${n}`).toBeLessThan(1e-13);
      expect(maxErr(i2, d2), `inverse n = ${n}`).toBeLessThan(1e-13);
    }
  });

  it('real inputs: the half spectrum of even and odd lengths equals the complex transform', () => {
    for (const n of [2, 3, 4, 5, 6, 7, 8, 17, 30, 64, 97, 100, 1000, 4099, 65537]) {
      const [x] = random(n, 100 + n);
      const re = x.slice(), im = new Float64Array(n);
      fftInPlace(planFft(n), re, im);
      const half = (n >> 1) + 1;
      const or = new Float64Array(half), oi = new Float64Array(half);
      realFft(planRealFft(n), x, or, oi);
      expect(maxErr(or, re.subarray(0, half)), `n = ${n}`).toBeLessThan(1e-12);
      expect(maxErr(oi, im.subarray(0, half)), `n = ${n}`).toBeLessThan(1e-12);
    }
  });

  it('large lengths keep the round-off of a stable FFT: a tone lands in its bin, error ~ε·log n', () => {
    for (const n of [65536, 65537, 65521, 3 ** 10, 5 ** 7]) {
      const k0 = 1234;
      const re = Float64Array.from({ length: n }, (_, j) => Math.cos((2 * Math.PI * ((k0 * j) % n)) / n));
      const im = Float64Array.from({ length: n }, (_, j) => Math.sin((2 * Math.PI * ((k0 * j) % n)) / n));
      fftInPlace(planFft(n), re, im);
      let worst = 0;
      for (let k = 0; k < n; k++) worst = Math.max(worst, Math.hypot(re[k] - (k === k0 ? n : 0), im[k]));
      expect(worst / n, `n = ${n}`).toBeLessThan(1e-13);
    }
  });
});
