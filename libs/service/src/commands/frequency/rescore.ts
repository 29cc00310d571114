/**
 * The independent re-check of a `frequency` answer from the request JSON, sharing no code with the
 * engines: the least-squares fit of [1, cos ωn, sin ωn] over natural time n by its 3×3 normal
 * equations (the engines use centred time and two columns), J′ analytic and J″ by central
 * differences of J′, a radix-2 FFT of its own for the power elsewhere in the band.
 */

/** The samples and their rate, as the request gives them. */
export interface FrequencyTerms {
  readonly signal: readonly number[];
  /** Hz. */
  readonly rate: number;
}

/** A peak as an answer states it (Hz, signal units, radians). */
export interface StatedPeak {
  readonly frequency: number;
  readonly amplitude: number;
  readonly phase: number;
  readonly tolerance: number;
  readonly significant: boolean;
}

/** Samples per block of phases (the rotation's re-seeding period beyond 2^16 samples). */
const BLOCK = 1024;

/**
 * cos ωi and sin ωi for i in [b0, b0 + len) into cb and sb: Math.cos/sin when the signal has up to
 * 2^16 samples, beyond by rotation from the block's start (re-seeded every BLOCK samples).
 */
function fillBlock(n: number, omega: number, b0: number, len: number, cb: Float64Array, sb: Float64Array): void {
  if (n <= 65536) {
    for (let k = 0; k < len; k++) {
      cb[k] = Math.cos(omega * (b0 + k));
      sb[k] = Math.sin(omega * (b0 + k));
    }
    return;
  }
  const cw = Math.cos(omega), sw = Math.sin(omega);
  let c = Math.cos(omega * b0), s = Math.sin(omega * b0);
  for (let k = 0; k < len; k++) {
    cb[k] = c;
    sb[k] = s;
    const c2 = c * cw - s * sw;
    s = s * cw + c * sw;
    c = c2;
  }
}

/** e[i] += ac·cos ωi − as·sin ωi for every i (block by block, no per-sample call). */
function addCurve(e: Float64Array, omega: number, ac: number, as: number): void {
  const n = e.length;
  const cb = new Float64Array(BLOCK), sb = new Float64Array(BLOCK);
  for (let b0 = 0; b0 < n; b0 += BLOCK) {
    const len = Math.min(BLOCK, n - b0);
    fillBlock(n, omega, b0, len, cb, sb);
    for (let k = 0; k < len; k++) e[b0 + k] += ac * cb[k] - as * sb[k];
  }
}

/** The least-squares fit of offset, cos and sin at ω: coefficients β, explained energy qᵀβ and its derivative. */
export interface LsFit {
  /** [offset, a, b]: e ≈ β₀ + a·cos ωn + b·sin ωn (a column with a vanishing pivot gets 0). */
  readonly beta: [number, number, number];
  readonly J: number;
  readonly dJ: number;
}

export function lsTone(e: ArrayLike<number>, omega: number): LsFit {
  const n = e.length;
  let sc = 0, ss = 0, scc = 0, sss = 0, scs = 0, q0 = 0, q1 = 0, q2 = 0;
  let dsc = 0, dss = 0, dscs = 0, dsc2 = 0, dq1 = 0, dq2 = 0;
  const cb = new Float64Array(BLOCK), sb = new Float64Array(BLOCK);
  for (let b0 = 0; b0 < n; b0 += BLOCK) {
    const len = Math.min(BLOCK, n - b0);
    fillBlock(n, omega, b0, len, cb, sb);
    for (let k = 0; k < len; k++) {
      const i = b0 + k, c = cb[k], s = sb[k];
      const x = e[i];
      sc += c; ss += s; scc += c * c; sss += s * s; scs += c * s;
      q0 += x; q1 += x * c; q2 += x * s;
      // d/dω: cos → −i·sin, sin → i·cos
      dsc -= i * s; dss += i * c; dscs += i * (c * c - s * s); dsc2 -= 2 * i * s * c;
      dq1 -= i * x * s; dq2 += i * x * c;
    }
  }
  const G = [[n, sc, ss], [sc, scc, scs], [ss, scs, sss]];
  const dG = [[0, dsc, dss], [dsc, dsc2, dscs], [dss, dscs, -dsc2]];
  const q = [q0, q1, q2], dq = [0, dq1, dq2];
  const beta = solve3(G, q, n);
  let J = 0, dJ = 0;
  for (let a = 0; a < 3; a++) {
    J += q[a] * beta[a];
    dJ += 2 * dq[a] * beta[a];
    for (let b = 0; b < 3; b++) dJ -= beta[a] * dG[a][b] * beta[b];
  }
  return { beta, J, dJ };
}

/**
 * G·β = q by elimination with partial pivoting; a pivot below 1e-13·scale drops its column (β = 0
 * there): below the engines' 1e-12·N floor on the centred Gram, so a column they keep is kept here.
 */
function solve3(G: number[][], q: number[], scale: number): [number, number, number] {
  const A = G.map((row, i) => [...row, q[i]]);
  const pivotCol: number[] = [];
  let r = 0;
  for (let c = 0; c < 3 && r < 3; c++) {
    let p = r;
    for (let k = r + 1; k < 3; k++) if (Math.abs(A[k][c]) > Math.abs(A[p][c])) p = k;
    if (!(Math.abs(A[p][c]) > 1e-13 * scale)) continue;
    [A[r], A[p]] = [A[p], A[r]];
    for (let k = 0; k < 3; k++) {
      if (k === r) continue;
      const f = A[k][c] / A[r][c];
      for (let j = c; j < 4; j++) A[k][j] -= f * A[r][j];
    }
    pivotCol.push(c);
    r++;
  }
  const beta: [number, number, number] = [0, 0, 0];
  pivotCol.forEach((c, row) => { beta[c] = A[row][3] / A[row][c]; });
  return beta;
}

/** J″ at ω by central differences of J′ (step 10⁻⁴ bin), and the Newton distance |J′/J″| (∞ when J″ ≥ 0). */
export function newtonAt(e: ArrayLike<number>, omega: number): { fit: LsFit; d2J: number; distance: number } {
  const bin = (2 * Math.PI) / e.length;
  const h = 1e-4 * bin;
  const fit = lsTone(e, omega);
  const lo = Math.max(1e-6 * bin, omega - h), hi = Math.min(Math.PI, omega + h);
  const d2J = (lsTone(e, hi).dJ - lsTone(e, lo).dJ) / (hi - lo);
  return { fit, d2J, distance: d2J < 0 ? Math.abs(fit.dJ / d2J) : Infinity };
}

/** Newton from ω0 on the least-squares energy (within ±1 bin, [10⁻³ bin, π]): the nearby maximum. */
export function refineLs(e: ArrayLike<number>, omega0: number): { omega: number; d2J: number } {
  const bin = (2 * Math.PI) / e.length;
  let omega = omega0;
  let d2J = NaN;
  for (let it = 0; it < 40; it++) {
    const at = newtonAt(e, omega);
    d2J = at.d2J;
    if (!(at.d2J < 0)) break;
    let step = -at.fit.dJ / at.d2J;
    if (Math.abs(step) > bin / 2) step = Math.sign(step) * (bin / 2);
    const next = Math.min(Math.PI, Math.max(1e-3 * bin, Math.max(omega0 - bin, Math.min(omega0 + bin, omega + step))));
    if (Math.abs(next - omega) <= 1e-12 * bin) {
      omega = next;
      break;
    }
    omega = next;
  }
  // ½ cycle per sample: one column left; taken when it explains as much.
  if (Math.PI - omega < 1e-6 * bin && lsTone(e, Math.PI).J >= lsTone(e, omega).J * (1 - 1e-12)) omega = Math.PI;
  return { omega, d2J };
}

/** The power-of-two exponent k with max|x|·2^k in [1, 2) (0 for an all-zero x); max by a loop, never a spread. */
export function unitExponent(x: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < x.length; i++) m = Math.max(m, Math.abs(x[i]));
  if (!(m > 0) || !Number.isFinite(m)) return 0;
  let k = -Math.floor(Math.log2(m));
  // log2 may round across a power of two: settle k exactly.
  while (ldexp(m, k) >= 2) k--;
  while (ldexp(m, k) < 1) k++;
  return k;
}

/** v·2^k exactly (in two steps, so 2^k itself never overflows or underflows). */
export const ldexp = (v: number, k: number): number => v * 2 ** Math.trunc(k / 2) * 2 ** (k - Math.trunc(k / 2));

/** x minus its offset and every stated peak (frequencies in cycles per sample). */
export function residualOf(x: ArrayLike<number>, offset: number, peaks: readonly { f: number; a: number; phase: number }[]): Float64Array {
  const r = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) r[i] = x[i] - offset;
  for (const p of peaks) addCurve(r, 2 * Math.PI * p.f, -p.a * Math.cos(p.phase), -p.a * Math.sin(p.phase));
  return r;
}

/** |Σ e_i·e^(−iωi)|² at ω. */
export function powerAt(e: ArrayLike<number>, omega: number): number {
  const n = e.length;
  let re = 0, im = 0;
  const cb = new Float64Array(BLOCK), sb = new Float64Array(BLOCK);
  for (let b0 = 0; b0 < n; b0 += BLOCK) {
    const len = Math.min(BLOCK, n - b0);
    fillBlock(n, omega, b0, len, cb, sb);
    for (let k = 0; k < len; k++) {
      re += e[b0 + k] * cb[k];
      im -= e[b0 + k] * sb[k];
    }
  }
  return re * re + im * im;
}

/**
 * The largest periodogram value of e (zero-padded to a power of two ≥ N, an iterative radix-2 FFT)
 * at frequencies (cycles per sample) farther than `guard` from every one of `away`.
 */
export function largestPowerAway(e: ArrayLike<number>, away: readonly number[], guard: number): { power: number; frequency: number } {
  let m = 1;
  while (m < e.length) m *= 2;
  const re = new Float64Array(m), im = new Float64Array(m);
  for (let i = 0; i < e.length; i++) re[i] = e[i];
  for (let i = 1, j = 0; i < m; i++) {
    let bit = m >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = re[i], ti = im[i];
      re[i] = re[j];
      im[i] = im[j];
      re[j] = tr;
      im[j] = ti;
    }
  }
  // Twiddles e^(−2πik/m), k < m/2, once; a stage of length len takes every (m/len)-th. Butterflies
  // run block by block (sequential memory), not twiddle by twiddle across the whole array.
  const half0 = m >> 1;
  const twr = new Float64Array(Math.max(1, half0)), twi = new Float64Array(Math.max(1, half0));
  for (let k = 0; k < half0; k++) {
    twr[k] = Math.cos((-2 * Math.PI * k) / m);
    twi[k] = Math.sin((-2 * Math.PI * k) / m);
  }
  for (let len = 2; len <= m; len *= 2) {
    const half = len / 2;
    const stride = m / len;
    for (let i0 = 0; i0 < m; i0 += len) {
      for (let k = 0; k < half; k++) {
        const wr = twr[k * stride], wi = twi[k * stride];
        const i = i0 + k, j = i + half;
        const tr = re[j] * wr - im[j] * wi, ti = re[j] * wi + im[j] * wr;
        re[j] = re[i] - tr;
        im[j] = im[i] - ti;
        re[i] += tr;
        im[i] += ti;
      }
    }
  }
  let best = 0, at = 0;
  for (let k = 0; k <= m / 2; k++) {
    const f = k / m;
    let near = false;
    for (const g of away) near ||= Math.abs(f - g) <= guard;
    if (near) continue;
    const p = re[k] * re[k] + im[k] * im[k];
    if (p > best) {
      best = p;
      at = f;
    }
  }
  return { power: best, frequency: at };
}

const wrap = (p: number): number => Math.atan2(Math.sin(p), Math.cos(p));

/** One named finding of the re-check; `ok` false is a disagreement. */
export interface Finding {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

/**
 * Re-checks stated peaks (Hz) against the samples, on the samples scaled by a power of two to a
 * largest |x| in [1, 2) (exact, so 1e-300 and 1e150 signals are checked alike): each peak whose
 * tolerance is less than the whole band is within it of the least-squares maximum of the residual
 * without the other peaks (plus 10⁻⁹ bin of round-off; a peak on the band's edge must be a maximum
 * there); a peak whose tolerance is the whole band (½ of the rate) claims no frequency, only its fit.
 * Every peak's amplitude and phase are (unless `cut`: a fit the deadline stopped, whose tones had
 * not settled) the least-squares fit at its frequency (to 10⁻⁶ of the
 * amplitude plus the noise), a significant peak's tolerance is not below two standard errors
 * measured here and a peak that is not significant has the whole band, the offset is the mean of
 * what the peaks leave, and (when the strongest peak is significant) nothing more than 2 bins from
 * the peaks has over twice the power of the strongest peak. Returns the findings, the recomputed
 * noise and offset (signal units), and the round-off of that noise (its residual is rebuilt from the stated peaks).
 */
export function recheckPeaks(t: FrequencyTerms, peaks: readonly StatedPeak[], offset: number | undefined, opts: { readonly cut?: boolean } = {}): { findings: Finding[]; noise: number; noiseFloor: number; offset: number } {
  const k2 = unitExponent(t.signal);
  const x = new Float64Array(t.signal.length);
  const up = ldexp(1, k2 >> 1), up2 = ldexp(1, k2 - (k2 >> 1));
  for (let i = 0; i < x.length; i++) x[i] = t.signal[i] * up * up2;
  const n = x.length;
  const bin = 1 / n;
  const band = t.rate / 2;
  const findings: Finding[] = [];
  const cyc = peaks.map((p) => ({ f: p.frequency / t.rate, a: ldexp(p.amplitude, k2), phase: p.phase }));
  const bare = residualOf(x, 0, cyc);
  let mean = 0;
  for (const v of bare) mean += v;
  mean /= n;
  const r = bare.map((v) => v - mean);
  let rss = 0;
  for (const v of r) rss += v * v;
  const dof = n - 1 - 3 * peaks.length;
  const noise = dof >= 1 ? Math.sqrt(rss / dof) : 0;
  // The residual rebuilt here from the stated (A, φ) in natural time carries its own round-off, about
  // ε·(ω·N + 8)·A per sample (φ at sample 0 holds ω·(N−1)/2 of rounding): no standard error is measured below it.
  let floor = 0;
  for (const p of cyc) floor += 4 * Number.EPSILON * (Math.PI * n + 8) * p.a;
  const measured = Math.sqrt(Math.max(0, noise * noise - floor * floor));
  const inUnits = (v: number): number => ldexp(v, -k2);
  peaks.forEach((p, k) => {
    const part = r.slice();
    const own = cyc[k];
    const ac = own.a * Math.cos(own.phase), as = own.a * Math.sin(own.phase);
    addCurve(part, 2 * Math.PI * own.f, ac, as);
    const omega = 2 * Math.PI * own.f;
    const edge = own.f >= 0.5 || own.f < 0.02 * bin;
    const whole = p.tolerance >= band;
    const at = newtonAt(part, omega);
    const [, a, b] = at.fit.beta;
    // Frequency: within its tolerance of the maximum (an edge maximum needs J not to rise inward).
    let ok: boolean;
    let detail: string;
    if (whole) {
      ok = true;
      detail = `peak ${k} at ${p.frequency} Hz claims no frequency: its tolerance is the whole band`;
    } else if (edge) {
      ok = at.fit.J >= lsTone(part, omega - 1e-3 * 2 * Math.PI * bin).J * (1 - 1e-12);
      detail = ok ? `peak ${k} sits on the band edge ${p.frequency} Hz, a maximum there` : `peak ${k} at ${p.frequency} Hz is not a maximum of the least-squares energy`;
    } else {
      const dist = (at.distance / (2 * Math.PI)) * t.rate;
      ok = dist <= p.tolerance + 1e-9 * bin * t.rate;
      detail = ok
        ? `peak ${k} at ${p.frequency} Hz is ${dist.toExponential(2)} Hz from the least-squares maximum (tolerance ${p.tolerance})`
        : `peak ${k} at ${p.frequency} Hz is ${dist.toExponential(2)} Hz from the least-squares maximum, beyond its tolerance ${p.tolerance}`;
    }
    findings.push({ name: `peak_${k}_frequency`, ok, detail });
    const wantA = Math.hypot(a, b);
    // The stated tone against the fit, as curves (√2·RMS of their centred difference, which is the
    // coefficients' distance for a well-resolved tone): near 0 Hz the cosine all but coincides with
    // the offset, and coefficients that differ there describe the same samples.
    const da = a - ac, db = b + as;
    let dm = 0, dd = 0;
    const cb = new Float64Array(BLOCK), sb = new Float64Array(BLOCK);
    for (let b0 = 0; b0 < n; b0 += BLOCK) {
      const len = Math.min(BLOCK, n - b0);
      fillBlock(n, omega, b0, len, cb, sb);
      for (let k = 0; k < len; k++) {
        const v = da * cb[k] + db * sb[k];
        dm += v;
        dd += v * v;
      }
    }
    const apart = Math.sqrt(Math.max(0, 2 * (dd / n - (dm / n) ** 2)));
    const fits = Math.min(Math.hypot(da, db), apart) <= 1e-6 * (wantA + noise) + 1e-12;
    // A fit the deadline cut is the peaks found so far: their amplitude and phase are the tone's fit when it stopped, before the others settled.
    findings.push({
      name: `peak_${k}_amplitude`, ok: fits || opts.cut === true,
      detail: fits ? `amplitude ${p.amplitude} and phase ${p.phase} are the least-squares fit there`
        : opts.cut === true ? `cut by the deadline: amplitude ${p.amplitude} and phase ${p.phase} are the fit when it stopped (the settled fit gives ${inUnits(wantA)}, ${wrap(Math.atan2(-b, a))})`
          : `amplitude ${p.amplitude}, phase ${p.phase}; the fit gives ${inUnits(wantA)}, ${wrap(Math.atan2(-b, a))}`,
    });
    if (!p.significant) {
      findings.push({ name: `peak_${k}_tolerance`, ok: whole, detail: whole ? 'not significant: the tolerance is the whole band' : `not significant, yet the tolerance ${p.tolerance} is less than the band ${band}` });
    } else if (!whole && !edge && dof >= 1 && at.d2J < 0) {
      const sd = (Math.sqrt((2 * measured * measured) / -at.d2J) / (2 * Math.PI)) * t.rate;
      const honest = p.tolerance >= 2 * sd;
      findings.push({ name: `peak_${k}_tolerance`, ok: honest, detail: honest ? `tolerance ${p.tolerance} covers 2 standard errors (${(2 * sd).toExponential(2)} Hz measured here)` : `tolerance ${p.tolerance} is below 2 standard errors measured here (${(2 * sd).toExponential(2)} Hz)` });
    }
  });
  if (offset !== undefined) {
    const ok = Math.abs(ldexp(offset, k2) - mean) <= 1e-9 * (1 + Math.abs(mean));
    findings.push({ name: 'offset', ok, detail: ok ? `offset ${offset} is the mean of what the peaks leave` : `offset ${offset}, recomputed ${inUnits(mean)}` });
  }
  if (peaks.length > 0 && peaks[0].significant) {
    let xm = 0;
    for (const v of x) xm += v;
    xm /= n;
    const centred = new Float64Array(n);
    for (let i = 0; i < n; i++) centred[i] = x[i] - xm;
    let strongest = 0;
    for (const p of cyc) strongest = Math.max(strongest, powerAt(centred, 2 * Math.PI * p.f));
    const other = largestPowerAway(centred, cyc.map((p) => p.f), 2 * bin);
    const ok = other.power <= 2 * strongest;
    findings.push({
      name: 'dominant', ok,
      detail: ok ? 'no frequency away from the peaks carries over twice the power of the strongest peak' : `${other.frequency * t.rate} Hz carries ${(other.power / strongest).toFixed(2)} times the power of the strongest peak`,
    });
  }
  return { findings, noise: inUnits(noise), noiseFloor: inUnits(floor), offset: inUnits(mean) };
}
