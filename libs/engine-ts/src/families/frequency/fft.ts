/**
 * The discrete Fourier transform of any length, X[k] = Σ_n x[n]·e^(−2πi·kn/N) (the C++ twin is
 * libs/engine-native/src/core/frequency/fft.cc, the same plan and the same passes):
 *   - mixed radix: a Stockham auto-sort (decimation in frequency, natural order in and out) whose
 *     passes are radix 4 while 4 divides N, then 2, 3, 5 and any odd prime up to 13 (a generic
 *     O(r²) butterfly for 7, 11, 13);
 *   - Rader's algorithm for a prime N whose N − 1 is 2·3·5-smooth: with g the smallest primitive
 *     root, X[g^(−m)] = x[0] + Σ_q x[g^q]·W^(g^(q−m)), a cyclic convolution of length N − 1 through
 *     two mixed-radix transforms (a real input's through the real transform of length N − 1), the
 *     kernel's transform part of the plan;
 *   - Bluestein's chirp z-transform for any other length with a prime factor above 13: the DFT as
 *     a convolution of length M ≥ 2N − 1, M the smallest 2·3·5-smooth number, through two
 *     mixed-radix transforms of length M (the chirp's transform is part of the plan);
 *   - a real input of even length through one complex transform of length N/2 and the untangling
 *     step; of odd length through the complex transform.
 * Twiddles are cos/sin of exact fractions (angle index reduced mod N before scaling), from angles in
 * [0, π/4] mirrored into the other octants when 8 divides the length (unitRoots).
 */

/** Largest prime handled by a mixed-radix pass; a larger prime factor sends the length to Bluestein. */
export const FFT_MAX_RADIX = 13;

interface Pass {
  /** Radix of the pass. */
  readonly r: number;
  /** Length of the sub-transforms this pass splits (n_s), and n_s / r. */
  readonly ns: number;
  readonly m: number;
  /** Distance between consecutive sub-transforms (product of earlier radices). */
  readonly s: number;
  /** W_{n_s}^{p·k} for p < m, 1 ≤ k < r: index p·(r−1) + k − 1. */
  readonly twRe: Float64Array;
  readonly twIm: Float64Array;
}

interface Bluestein {
  readonly m: number;
  readonly inner: FftPlan;
  /** The chirp w[k] = e^(−iπk²/N), k < N. */
  readonly wRe: Float64Array;
  readonly wIm: Float64Array;
  /** FFT_M of the conjugate chirp laid out circularly, divided by M (the inverse's scale). */
  readonly bRe: Float64Array;
  readonly bIm: Float64Array;
  readonly aRe: Float64Array;
  readonly aIm: Float64Array;
}

interface Rader {
  readonly l: number;
  /** g^q mod N and g^(−m) mod N. */
  readonly permIn: Int32Array;
  readonly permOut: Int32Array;
  readonly inner: FftPlan;
  readonly real: RealFftPlan;
  /** FFT_L of W^(g^(−j)), divided by L. */
  readonly bRe: Float64Array;
  readonly bIm: Float64Array;
  readonly aRe: Float64Array;
  readonly aIm: Float64Array;
  readonly hRe: Float64Array;
  readonly hIm: Float64Array;
}

/** A plan for complex transforms of one length (reusable; not shared across threads). */
export interface FftPlan {
  readonly n: number;
  readonly passes: readonly Pass[];
  readonly bluestein: Bluestein | null;
  readonly rader: Rader | null;
  readonly scratchRe: Float64Array;
  readonly scratchIm: Float64Array;
}

/** The radices of a mixed-radix length in pass order, or null when a prime factor above FFT_MAX_RADIX is left. */
export function fftRadices(n: number): number[] | null {
  const out: number[] = [];
  let rest = n;
  while (rest % 4 === 0) {
    out.push(4);
    rest /= 4;
  }
  if (rest % 2 === 0) {
    out.push(2);
    rest /= 2;
  }
  for (const p of [3, 5, 7, 11, 13]) {
    while (rest % p === 0) {
      out.push(p);
      rest /= p;
    }
  }
  return rest === 1 ? out : null;
}

/** The smallest 2^a·3^b·5^c ≥ n. */
export function smoothAtLeast(n: number): number {
  let best = Infinity;
  for (let p5 = 1; p5 < 2 * n; p5 *= 5) {
    for (let p35 = p5; p35 < 2 * n; p35 *= 3) {
      let v = p35;
      while (v < n) v *= 2;
      if (v < best) best = v;
    }
  }
  return best;
}

/** Whether n is prime (trial division). */
export function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

/** b^e mod m for m < 2^26 (every product exact in a double). */
function powMod(b: number, e: number, m: number): number {
  let r = 1;
  b %= m;
  while (e > 0) {
    if (e % 2 === 1) r = (r * b) % m;
    b = (b * b) % m;
    e = Math.floor(e / 2);
  }
  return r;
}

/** The smallest primitive root of a prime p. */
export function primitiveRoot(p: number): number {
  const factors: number[] = [];
  let rest = p - 1;
  for (let d = 2; d * d <= rest; d++) {
    if (rest % d !== 0) continue;
    factors.push(d);
    while (rest % d === 0) rest /= d;
  }
  if (rest > 1) factors.push(rest);
  for (let g = 2; g < p; g++) if (factors.every((q) => powMod(g, (p - 1) / q, p) !== 1)) return g;
  return 1;
}

/** cos and sin of −2π·num/den, num reduced mod den first. */
function unitRoot(num: number, den: number): [number, number] {
  const a = (-2 * Math.PI * (num % den)) / den;
  return [Math.cos(a), Math.sin(a)];
}

/** The n roots W^k = e^(−2πik/n), k < n. */
export interface UnitRoots {
  readonly n: number;
  readonly re: Float64Array;
  readonly im: Float64Array;
}

/**
 * The roots from cos and sin of angles in [0, π/4] mirrored into the other octants when 8 divides n
 * (an eighth of the libm calls), each computed directly otherwise.
 */
export function unitRoots(n: number): UnitRoots {
  const re = new Float64Array(n), im = new Float64Array(n);
  if (n % 8 !== 0) {
    for (let k = 0; k < n; k++) [re[k], im[k]] = unitRoot(k, n);
    return { n, re, im };
  }
  const q = n / 8;
  const c = new Float64Array(q + 1), s = new Float64Array(q + 1);
  for (let k = 0; k <= q; k++) {
    const a = (2 * Math.PI * k) / n;
    c[k] = Math.cos(a);
    s[k] = Math.sin(a);
  }
  // cos and sin of θ_j = 2πj/n for j ≤ 2q (the first quadrant's two octants).
  const first = (j: number): [number, number] => (j <= q ? [c[j], s[j]] : [s[2 * q - j], c[2 * q - j]]);
  for (let k = 0; k < n; k++) {
    let ck: number, sk: number;
    if (k <= 2 * q) [ck, sk] = first(k);
    else if (k <= 4 * q) {
      const [cj, sj] = first(4 * q - k);
      [ck, sk] = [-cj, sj];
    } else {
      const j = 8 * q - k;
      let cj: number, sj: number;
      if (j <= 2 * q) [cj, sj] = first(j);
      else {
        const [ci, si] = first(4 * q - j);
        [cj, sj] = [-ci, si];
      }
      [ck, sk] = [cj, -sj];
    }
    re[k] = ck;
    im[k] = -sk;
  }
  return { n, re, im };
}

/** The plan of complex transforms of length n ≥ 1. */
export function planFft(n: number): FftPlan {
  if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`FFT length must be an integer >= 1, got ${n}`);
  const radices = fftRadices(n);
  if (radices === null && isPrime(n) && smoothAtLeast(n - 1) === n - 1) {
    const l = n - 1;
    const g = primitiveRoot(n), gInv = powMod(g, n - 2, n);
    const permIn = new Int32Array(l), permOut = new Int32Array(l);
    for (let q = 0, a = 1, b = 1; q < l; q++, a = (a * g) % n, b = (b * gInv) % n) {
      permIn[q] = a;
      permOut[q] = b;
    }
    const inner = planFft(l);
    const bRe = new Float64Array(l), bIm = new Float64Array(l);
    for (let j = 0; j < l; j++) [bRe[j], bIm[j]] = unitRoot(permOut[j], n);
    fftInPlace(inner, bRe, bIm);
    for (let k = 0; k < l; k++) {
      bRe[k] /= l;
      bIm[k] /= l;
    }
    return {
      n, passes: [], bluestein: null, scratchRe: new Float64Array(0), scratchIm: new Float64Array(0),
      rader: {
        l, permIn, permOut, inner, real: planRealFft(l), bRe, bIm, aRe: new Float64Array(l), aIm: new Float64Array(l),
        hRe: new Float64Array(l / 2 + 1), hIm: new Float64Array(l / 2 + 1),
      },
    };
  }
  if (radices === null) {
    const m = smoothAtLeast(2 * n - 1);
    const inner = planFft(m);
    const wRe = new Float64Array(n);
    const wIm = new Float64Array(n);
    const twoN = 2 * n;
    for (let k = 0; k < n; k++) {
      // e^(−iπk²/N) = e^(−2πi·(k² mod 2N)/(2N)); k² mod 2N exactly (k < 2^26 keeps k² < 2^53).
      const [c, s] = unitRoot((k * k) % twoN, twoN);
      wRe[k] = c;
      wIm[k] = s;
    }
    const bRe = new Float64Array(m);
    const bIm = new Float64Array(m);
    bRe[0] = wRe[0];
    bIm[0] = -wIm[0];
    for (let k = 1; k < n; k++) {
      bRe[k] = bRe[m - k] = wRe[k];
      bIm[k] = bIm[m - k] = -wIm[k];
    }
    fftInPlace(inner, bRe, bIm);
    for (let k = 0; k < m; k++) {
      bRe[k] /= m;
      bIm[k] /= m;
    }
    return {
      n, passes: [], scratchRe: new Float64Array(0), scratchIm: new Float64Array(0), rader: null,
      bluestein: { m, inner, wRe, wIm, bRe, bIm, aRe: new Float64Array(m), aIm: new Float64Array(m) },
    };
  }
  const passes: Pass[] = [];
  const roots = unitRoots(n);
  let ns = n;
  let s = 1;
  for (const r of radices) {
    const m = ns / r;
    const twRe = new Float64Array(m * (r - 1));
    const twIm = new Float64Array(m * (r - 1));
    // W_{n_s}^{pk} = W_n^{pk·(n/n_s)}, pk < n_s.
    const stride = n / ns;
    for (let p = 0; p < m; p++) {
      for (let k = 1; k < r; k++) {
        twRe[p * (r - 1) + k - 1] = roots.re[p * k * stride];
        twIm[p * (r - 1) + k - 1] = roots.im[p * k * stride];
      }
    }
    passes.push({ r, ns, m, s, twRe, twIm });
    ns = m;
    s *= r;
  }
  return { n, passes, bluestein: null, rader: null, scratchRe: new Float64Array(n), scratchIm: new Float64Array(n) };
}

/** The forward DFT of (re, im) in place. */
export function fftInPlace(plan: FftPlan, re: Float64Array, im: Float64Array): void {
  if (re.length !== plan.n || im.length !== plan.n) throw new RangeError(`FFT input has length ${re.length}/${im.length}, the plan ${plan.n}`);
  if (plan.rader !== null) {
    rader(plan.rader, re, im);
    return;
  }
  if (plan.bluestein !== null) {
    bluestein(plan.bluestein, plan.n, re, im);
    return;
  }
  let xr = re, xi = im, yr = plan.scratchRe, yi = plan.scratchIm;
  for (const pass of plan.passes) {
    runPass(pass, xr, xi, yr, yi);
    [xr, yr] = [yr, xr];
    [xi, yi] = [yi, xi];
  }
  if (xr !== re) {
    re.set(xr);
    im.set(xi);
  }
}

/** The inverse DFT of (re, im) in place, scaled by 1/N. */
export function ifftInPlace(plan: FftPlan, re: Float64Array, im: Float64Array): void {
  const n = plan.n;
  for (let k = 0; k < n; k++) im[k] = -im[k];
  fftInPlace(plan, re, im);
  for (let k = 0; k < n; k++) {
    re[k] /= n;
    im[k] = -im[k] / n;
  }
}

function rader(r: Rader, re: Float64Array, im: Float64Array): void {
  const { l, permIn, permOut, aRe, aIm, bRe, bIm, hRe, hIm } = r;
  let sumRe = re[0], sumIm = im[0];
  let real = im[0] === 0;
  for (let q = 0; q < l; q++) {
    const vr = re[permIn[q]], vi = im[permIn[q]];
    aRe[q] = vr;
    aIm[q] = vi;
    sumRe += vr;
    sumIm += vi;
    real = real && vi === 0;
  }
  if (real) {
    // A real sequence: half its transform by the real plan, the rest by conjugate symmetry.
    realFft(r.real, aRe, hRe, hIm);
    for (let k = 0; k <= l / 2; k++) {
      aRe[k] = hRe[k];
      aIm[k] = hIm[k];
    }
    for (let k = l / 2 + 1; k < l; k++) {
      aRe[k] = hRe[l - k];
      aIm[k] = -hIm[l - k];
    }
  } else {
    fftInPlace(r.inner, aRe, aIm);
  }
  multiplyConjugate(aRe, aIm, bRe, bIm, l);
  fftInPlace(r.inner, aRe, aIm);
  const x0r = re[0], x0i = im[0];
  re[0] = sumRe;
  im[0] = sumIm;
  for (let m = 0; m < l; m++) {
    re[permOut[m]] = x0r + aRe[m];
    im[permOut[m]] = x0i - aIm[m];
  }
}

/**
 * a ← conj(a · b) over the first `len` entries: the pointwise product of a cyclic convolution,
 * conjugated so that a second forward transform inverts it (Rader and Bluestein).
 */
function multiplyConjugate(aRe: Float64Array, aIm: Float64Array, bRe: Float64Array, bIm: Float64Array, len: number): void {
  for (let k = 0; k < len; k++) {
    const r = aRe[k] * bRe[k] - aIm[k] * bIm[k];
    const i = aRe[k] * bIm[k] + aIm[k] * bRe[k];
    aRe[k] = r;
    aIm[k] = -i;
  }
}

function bluestein(b: Bluestein, n: number, re: Float64Array, im: Float64Array): void {
  const { m, wRe, wIm, bRe, bIm, aRe, aIm } = b;
  aRe.fill(0);
  aIm.fill(0);
  for (let k = 0; k < n; k++) {
    aRe[k] = re[k] * wRe[k] - im[k] * wIm[k];
    aIm[k] = re[k] * wIm[k] + im[k] * wRe[k];
  }
  fftInPlace(b.inner, aRe, aIm);
  // Product with the chirp's transform, conjugated so that a forward transform inverts it.
  multiplyConjugate(aRe, aIm, bRe, bIm, m);
  fftInPlace(b.inner, aRe, aIm);
  for (let k = 0; k < n; k++) {
    const r = aRe[k], i = -aIm[k];
    re[k] = r * wRe[k] - i * wIm[k];
    im[k] = r * wIm[k] + i * wRe[k];
  }
}

const SIN60 = Math.sqrt(3) / 2;
const C72 = Math.cos((2 * Math.PI) / 5), S72 = Math.sin((2 * Math.PI) / 5);
const C144 = Math.cos((4 * Math.PI) / 5), S144 = Math.sin((4 * Math.PI) / 5);

/**
 * One Stockham pass: for p < m, q < s, the r inputs x[q + s(p + j·m)] go through an r-point DFT
 * and out to y[q + s(r·p + k)], output k multiplied by W_{n_s}^{p·k}.
 */
function runPass(pass: Pass, xr: Float64Array, xi: Float64Array, yr: Float64Array, yi: Float64Array): void {
  const { r, m, s, twRe, twIm } = pass;
  const sm = s * m;
  if (r === 4) {
    for (let p = 0; p < m; p++) {
      const w1r = twRe[3 * p], w1i = twIm[3 * p];
      const w2r = twRe[3 * p + 1], w2i = twIm[3 * p + 1];
      const w3r = twRe[3 * p + 2], w3i = twIm[3 * p + 2];
      const in0 = s * p, out0 = s * 4 * p;
      for (let q = 0; q < s; q++) {
        const i0 = in0 + q;
        const a0r = xr[i0], a0i = xi[i0];
        const a1r = xr[i0 + sm], a1i = xi[i0 + sm];
        const a2r = xr[i0 + 2 * sm], a2i = xi[i0 + 2 * sm];
        const a3r = xr[i0 + 3 * sm], a3i = xi[i0 + 3 * sm];
        const t0r = a0r + a2r, t0i = a0i + a2i;
        const t1r = a0r - a2r, t1i = a0i - a2i;
        const t2r = a1r + a3r, t2i = a1i + a3i;
        // (a1 − a3)·(−i)
        const t3r = a1i - a3i, t3i = a3r - a1r;
        const o = out0 + q;
        yr[o] = t0r + t2r;
        yi[o] = t0i + t2i;
        const b1r = t1r + t3r, b1i = t1i + t3i;
        const b2r = t0r - t2r, b2i = t0i - t2i;
        const b3r = t1r - t3r, b3i = t1i - t3i;
        yr[o + s] = b1r * w1r - b1i * w1i;
        yi[o + s] = b1r * w1i + b1i * w1r;
        yr[o + 2 * s] = b2r * w2r - b2i * w2i;
        yi[o + 2 * s] = b2r * w2i + b2i * w2r;
        yr[o + 3 * s] = b3r * w3r - b3i * w3i;
        yi[o + 3 * s] = b3r * w3i + b3i * w3r;
      }
    }
    return;
  }
  if (r === 2) {
    for (let p = 0; p < m; p++) {
      const wr = twRe[p], wi = twIm[p];
      const in0 = s * p, out0 = s * 2 * p;
      for (let q = 0; q < s; q++) {
        const i0 = in0 + q;
        const a0r = xr[i0], a0i = xi[i0];
        const a1r = xr[i0 + sm], a1i = xi[i0 + sm];
        const o = out0 + q;
        yr[o] = a0r + a1r;
        yi[o] = a0i + a1i;
        const dr = a0r - a1r, di = a0i - a1i;
        yr[o + s] = dr * wr - di * wi;
        yi[o + s] = dr * wi + di * wr;
      }
    }
    return;
  }
  if (r === 3) {
    for (let p = 0; p < m; p++) {
      const w1r = twRe[2 * p], w1i = twIm[2 * p];
      const w2r = twRe[2 * p + 1], w2i = twIm[2 * p + 1];
      const in0 = s * p, out0 = s * 3 * p;
      for (let q = 0; q < s; q++) {
        const i0 = in0 + q;
        const a0r = xr[i0], a0i = xi[i0];
        const a1r = xr[i0 + sm], a1i = xi[i0 + sm];
        const a2r = xr[i0 + 2 * sm], a2i = xi[i0 + 2 * sm];
        const tr = a1r + a2r, ti = a1i + a2i;
        const mr = a0r - 0.5 * tr, mi = a0i - 0.5 * ti;
        // −i·sin60·(a1 − a2)
        const dr = SIN60 * (a1i - a2i), di = -SIN60 * (a1r - a2r);
        const o = out0 + q;
        yr[o] = a0r + tr;
        yi[o] = a0i + ti;
        const b1r = mr + dr, b1i = mi + di;
        const b2r = mr - dr, b2i = mi - di;
        yr[o + s] = b1r * w1r - b1i * w1i;
        yi[o + s] = b1r * w1i + b1i * w1r;
        yr[o + 2 * s] = b2r * w2r - b2i * w2i;
        yi[o + 2 * s] = b2r * w2i + b2i * w2r;
      }
    }
    return;
  }
  if (r === 5) {
    for (let p = 0; p < m; p++) {
      const tw = 4 * p;
      const in0 = s * p, out0 = s * 5 * p;
      for (let q = 0; q < s; q++) {
        const i0 = in0 + q;
        const a0r = xr[i0], a0i = xi[i0];
        const a1r = xr[i0 + sm], a1i = xi[i0 + sm];
        const a2r = xr[i0 + 2 * sm], a2i = xi[i0 + 2 * sm];
        const a3r = xr[i0 + 3 * sm], a3i = xi[i0 + 3 * sm];
        const a4r = xr[i0 + 4 * sm], a4i = xi[i0 + 4 * sm];
        const s14r = a1r + a4r, s14i = a1i + a4i, d14r = a1r - a4r, d14i = a1i - a4i;
        const s23r = a2r + a3r, s23i = a2i + a3i, d23r = a2r - a3r, d23i = a2i - a3i;
        const m1r = a0r + C72 * s14r + C144 * s23r, m1i = a0i + C72 * s14i + C144 * s23i;
        const m2r = a0r + C144 * s14r + C72 * s23r, m2i = a0i + C144 * s14i + C72 * s23i;
        // −i·(S72·d14 + S144·d23) and −i·(S144·d14 − S72·d23)
        const n1r = S72 * d14i + S144 * d23i, n1i = -(S72 * d14r + S144 * d23r);
        const n2r = S144 * d14i - S72 * d23i, n2i = -(S144 * d14r - S72 * d23r);
        const o = out0 + q;
        yr[o] = a0r + s14r + s23r;
        yi[o] = a0i + s14i + s23i;
        const b = [m1r + n1r, m1i + n1i, m2r + n2r, m2i + n2i, m2r - n2r, m2i - n2i, m1r - n1r, m1i - n1i];
        for (let k = 1; k < 5; k++) {
          const br = b[2 * k - 2], bi = b[2 * k - 1];
          const wr = twRe[tw + k - 1], wi = twIm[tw + k - 1];
          yr[o + k * s] = br * wr - bi * wi;
          yi[o + k * s] = br * wi + bi * wr;
        }
      }
    }
    return;
  }
  // Any odd prime r ≤ FFT_MAX_RADIX: the r-point DFT by its definition.
  const cr = new Float64Array(r);
  const ci = new Float64Array(r);
  for (let j = 0; j < r; j++) [cr[j], ci[j]] = unitRoot(j, r);
  const ar = new Float64Array(r);
  const ai = new Float64Array(r);
  for (let p = 0; p < m; p++) {
    const in0 = s * p, out0 = s * r * p;
    for (let q = 0; q < s; q++) {
      for (let j = 0; j < r; j++) {
        ar[j] = xr[in0 + q + j * sm];
        ai[j] = xi[in0 + q + j * sm];
      }
      const o = out0 + q;
      for (let k = 0; k < r; k++) {
        let br = 0, bi = 0;
        for (let j = 0; j < r; j++) {
          const e = (j * k) % r;
          br += ar[j] * cr[e] - ai[j] * ci[e];
          bi += ar[j] * ci[e] + ai[j] * cr[e];
        }
        if (k === 0) {
          yr[o] = br;
          yi[o] = bi;
        } else {
          const wr = twRe[p * (r - 1) + k - 1], wi = twIm[p * (r - 1) + k - 1];
          yr[o + k * s] = br * wr - bi * wi;
          yi[o + k * s] = br * wi + bi * wr;
        }
      }
    }
  }
}

/** A plan for real inputs of length n: a complex plan of n/2 and the untangling twiddles when n is even, of n when odd. */
export interface RealFftPlan {
  readonly n: number;
  readonly half: FftPlan;
  /** e^(−2πik/n), k ≤ n/4 + 1 … n/2 (even n only; empty otherwise). */
  readonly twRe: Float64Array;
  readonly twIm: Float64Array;
  readonly zRe: Float64Array;
  readonly zIm: Float64Array;
}

export function planRealFft(n: number): RealFftPlan {
  if (!(Number.isInteger(n) && n >= 2)) throw new RangeError(`real FFT length must be an integer >= 2, got ${n}`);
  const even = n % 2 === 0;
  const h = even ? n / 2 : n;
  const roots = even ? unitRoots(n) : null;
  const twRe = roots ? roots.re.slice(0, h + 1) : new Float64Array(0);
  const twIm = roots ? roots.im.slice(0, h + 1) : new Float64Array(0);
  return { n, half: planFft(h), twRe, twIm, zRe: new Float64Array(h), zIm: new Float64Array(h) };
}

/**
 * The DFT of a real x of length n: X[k] for k = 0 … ⌊n/2⌋ into (outRe, outIm) (the rest is
 * X[n−k] = conj X[k]).
 */
export function realFft(plan: RealFftPlan, x: ArrayLike<number>, outRe: Float64Array, outIm: Float64Array): void {
  const n = plan.n;
  if (x.length !== n) throw new RangeError(`real FFT input has length ${x.length}, the plan ${n}`);
  const bins = (n >> 1) + 1;
  if (outRe.length < bins || outIm.length < bins) throw new RangeError(`real FFT output needs ${bins} entries`);
  const { zRe, zIm } = plan;
  if (n % 2 === 1) {
    for (let k = 0; k < n; k++) {
      zRe[k] = x[k];
      zIm[k] = 0;
    }
    fftInPlace(plan.half, zRe, zIm);
    for (let k = 0; k < bins; k++) {
      outRe[k] = zRe[k];
      outIm[k] = zIm[k];
    }
    return;
  }
  const h = n >> 1;
  for (let k = 0; k < h; k++) {
    zRe[k] = x[2 * k];
    zIm[k] = x[2 * k + 1];
  }
  fftInPlace(plan.half, zRe, zIm);
  const { twRe, twIm } = plan;
  // X[k] = E[k] + W^k·O[k], E = (Z[k] + conj Z[h−k])/2, O = (Z[k] − conj Z[h−k])/(2i).
  for (let k = 0; k <= h; k++) {
    const a = k % h, b = (h - k) % h;
    const zr = zRe[a], zi = zIm[a], cr = zRe[b], ci = -zIm[b];
    const er = 0.5 * (zr + cr), ei = 0.5 * (zi + ci);
    const or = 0.5 * (zi - ci), oi = -0.5 * (zr - cr);
    outRe[k] = er + or * twRe[k] - oi * twIm[k];
    outIm[k] = ei + or * twIm[k] + oi * twRe[k];
  }
}
