/**
 * frequency: the peaks of a real signal, each refined to the maximum-likelihood frequency with its
 * amplitude, phase and a tolerance measured on the answer. The native twin,
 * libs/engine-native/src/core/frequency/solve.cc, follows it step for step. Specification:
 *   0. Every sample equal: frequency 0, the amplitude |x₀| (phase 0, or π when negative), tolerance 0,
 *      `constant` 1. Otherwise the samples are scaled by a power of two (exact) to a largest |y| in
 *      [1, 2) and the offset is fitted throughout (every residual is centred).
 *   1. Detection (CLEAN): the residual y − model − mean, times the window, through the real FFT of
 *      length N (fft.ts: mixed radix, Bluestein for primes); the bin m of largest power in 0..⌊N/2⌋
 *      (the first on ties). Noise floor: the median of the power over bins 1..⌊(N−1)/2⌋ over ln 2 (an
 *      exponential's median); the peak is significant when its power exceeds the floor times
 *      ln(bins) + ln(10⁴) (a false alarm about once in 10⁴ noise-only spectra); with fewer than 8 such
 *      bins there is no floor: the peak is not significant and no further one is searched. Coarse offset δ from the three bins around m: Candan's
 *      bias-corrected estimator for the rectangle, Jacobsen's windowed form (JACOBSEN_P) for the
 *      others, clamped to ±½; ω₀ = 2π(m + δ)/N.
 *   2. Refinement (tone-fit.ts): Newton on the exact least-squares energy J(ω) of one tone plus
 *      offset in the residual without the other peaks, within ±1 bin of ω₀ and [0.01 bin,
 *      π − 10⁻⁷ bin]; ending within 10⁻⁷ bin of that edge, the tone at exactly π (one column) is
 *      taken when its energy is at least (1 − 10⁻¹²) of the refined one. With N ≤ 3 samples any
 *      frequency fits exactly: the peak bin (1 or more) is the answer, unrefined.
 *   3. Detection goes past `top`, to fittedTones(N, top) tones: a peak after the first is kept only
 *      when significant, explaining at least 10⁻¹⁴ of the largest J, a bin or more from every other
 *      and leaving N − 1 − 3K ≥ 1; detection stops at the first that is not. After each new peak up to
 *      `sweeps` rounds, after the last up to min(polishSweeps, max(sweeps, ⌊2³⁰/(K·N)⌋)) rounds, re-fit
 *      every tone in turn against the others (±½ bin) until no frequency moves by 10⁻¹⁰ bin and no
 *      coefficient by 10⁻¹³ (the joint least squares); `converged` is false when the rounds ran out or
 *      two tones ended within a bin. Every fitted tone is in the answer (the service reports `top`).
 *   4. The offset is the mean of y − model, σ̂² the residual's sum of squares over N − 1 − 3K
 *      (K kept peaks). Per peak, a last fit at its frequency against the final residual gives J″ and
 *      the Newton distance d = |J′/J″|: its tolerance is 3·√(−2σ̂²/J″) + 2d (three standard errors,
 *      the Cramér–Rao bound at the measured noise and curvature, plus what Newton still sees, plus
 *      the round-off of J′'s sums, 16·ε·√N bin);
 *      half a bin when J″ ≥ 0; the whole band (½ cycle per sample) for a peak that is not significant,
 *      when no degree of freedom is left, or at exactly ½ cycle per sample when J rises 10⁻³ bin
 *      inside. A maximum on the band's edge has d = 0. Amplitude √(a² + b²), phase at sample 0 atan2(−b, a) − ω(N−1)/2 wrapped to (−π, π].
 * Deadline and cancel are checked between detections and between sweeps; the peaks found so far
 * are returned (at least the first).
 */
import type { CancelSignal, NumericResult, SolveRequest } from '../../base';
import { Limits } from '../../kernels/model';
import { frequencyBudgetFor, type FrequencyBudget } from './budget';
import { planRealFft, realFft } from './fft';
import { FREQUENCY_MAX_TOP, FREQUENCY_PEAK_FIELDS, type FrequencyProblem } from './problem';
import { forEachPhase, refineTone, toneFit, newToneFit } from './tone-fit';
import { windowSamples, type FrequencyWindow } from './window';

/**
 * The windowed three-bin estimator's constant (δ = P·Re[(X₋ − X₊)/(2X₀ + X₋ + X₊)], Jacobsen's form
 * for windows whose neighbouring bins add), by window: least-squares fits over noiseless tones at
 * δ in [−½, ½) (N = 512); the coarse error left is at most 0.06, 0.08, 0.05 and 0.04 bin, which
 * the Newton refinement removes.
 */
export const JACOBSEN_P: Readonly<Record<Exclude<FrequencyWindow, 'rectangular'>, number>> = {
  hann: 0.56,
  hamming: 0.58,
  blackman: 0.549,
  'blackman-harris': 0.537,
};

/** ln(10⁴): the detection threshold's margin over the largest of the noise-only bins. */
const FALSE_ALARM_MARGIN = Math.log(1e4);
/**
 * A later peak that explains less than this share of the energy the strongest explains (an amplitude
 * ratio of 10⁻⁷ for resolved tones) is round-off or a leftover of the others' fit, not signal.
 */
const RELATIVE_ENERGY_FLOOR = 1e-14;
/** A later peak within this many bins of one already found is a leftover of that one, not a new tone. */
const RESOLVED_BINS = 1;
/** Lowest frequency searched, in bins: slower is a trend the offset and record cannot tell apart. */
const LOWEST_BIN = 0.01;
/**
 * The search stops this many bins short of ½ cycle per sample, where one column vanishes; the tone
 * at exactly ½ is fitted on its own and taken when it explains as much.
 */
const EDGE_BIN = 1e-7;
/**
 * Round-off of the root of J′, in units of ε·√N bins: the sums behind J′ carry relative error
 * about ε·√N, which bounds how well any ω is known whatever the noise (measured worst on noiseless
 * tones, N ≤ 65,537: 2 ε·√N bins).
 */
const ROUNDING_BINS = 16;
/** Tones closer than this many bins share their errors: a tone's variance is the joint one of its cluster. */
const CLUSTER_BINS = 3;
/** The round-off allowance of a tone with another within CLUSTER_BINS, in ε·√N bins (ROUNDING_BINS alone). */
const CLUSTER_ROUNDING_BINS = 1024;

/**
 * Var(ω_k)/σ² of the joint least squares over tone k, the tones within CLUSTER_BINS of it and the
 * offset (parameters a_j, b_j, ω_j and the offset; the Jacobian's Gram by one pass over centred time,
 * cos and sin by rotation re-seeded exactly every 4,096 samples; Cholesky after scaling to a unit
 * diagonal). 0 when no tone is that close (the single-tone −2/J″ is the variance then); NaN when the
 * Gram is not positive definite.
 */
export function clusterOmegaVariance(tones: readonly { omega: number; a: number; b: number }[], k: number, n: number): number {
  const bin = (2 * Math.PI) / n;
  const idx = [k];
  for (let j = 0; j < tones.length; j++) if (j !== k && Math.abs(tones[j].omega - tones[k].omega) < CLUSTER_BINS * bin) idx.push(j);
  if (idx.length === 1) return 0;
  const c = idx.length, p = 3 * c + 1;
  const G = new Float64Array(p * p), v = new Float64Array(p);
  const cs = new Float64Array(c), sn = new Float64Array(c), cw = new Float64Array(c), sw = new Float64Array(c);
  for (let q = 0; q < c; q++) {
    cw[q] = Math.cos(tones[idx[q]].omega);
    sw[q] = Math.sin(tones[idx[q]].omega);
  }
  const h = (n - 1) / 2;
  v[0] = 1;
  for (let i = 0; i < n; i++) {
    const t = i - h;
    for (let q = 0; q < c; q++) {
      const tq = tones[idx[q]];
      if (i % 4096 === 0) {
        cs[q] = Math.cos(tq.omega * t);
        sn[q] = Math.sin(tq.omega * t);
      }
      const C = cs[q], S = sn[q];
      v[1 + 3 * q] = C;
      v[2 + 3 * q] = S;
      v[3 + 3 * q] = t * (tq.b * C - tq.a * S);
      cs[q] = C * cw[q] - S * sw[q];
      sn[q] = S * cw[q] + C * sw[q];
    }
    for (let r = 0; r < p; r++) {
      const vr = v[r];
      for (let s = 0; s <= r; s++) G[r * p + s] += vr * v[s];
    }
  }
  // Unit diagonal, then Cholesky (lower) in place; the ω_k entry of G⁻¹ by solving L·Lᵀ·x = e.
  const d = new Float64Array(p);
  for (let r = 0; r < p; r++) d[r] = Math.sqrt(G[r * p + r]);
  for (let r = 0; r < p; r++) {
    if (!(d[r] > 0)) return NaN;
    for (let s = 0; s <= r; s++) G[r * p + s] /= d[r] * d[s];
  }
  for (let r = 0; r < p; r++) {
    for (let s = 0; s <= r; s++) {
      let sum = G[r * p + s];
      for (let m = 0; m < s; m++) sum -= G[r * p + m] * G[s * p + m];
      if (r === s) {
        if (!(sum > 1e-13)) return NaN;
        G[r * p + r] = Math.sqrt(sum);
      } else {
        G[r * p + s] = sum / G[s * p + s];
      }
    }
  }
  const e = new Float64Array(p);
  e[3] = 1;
  for (let r = 0; r < p; r++) {
    let sum = e[r];
    for (let m = 0; m < r; m++) sum -= G[r * p + m] * e[m];
    e[r] = sum / G[r * p + r];
  }
  for (let r = p - 1; r >= 0; r--) {
    let sum = e[r];
    for (let m = r + 1; m < p; m++) sum -= G[m * p + r] * e[m];
    e[r] = sum / G[r * p + r];
  }
  return e[3] / (d[3] * d[3]);
}


interface Tone {
  omega: number;
  a: number;
  b: number;
  /** The energy the tone explains in the residual without the others, at its last fit. */
  J: number;
  significant: boolean;
}

/**
 * How many tones the joint fit takes: every `top` asked for, and beyond them further significant
 * tones (reported apart, so the reported ones are refined against them) while K²·N stays within
 * 2²⁶ (the cyclic refinement costs about K²·N per round): 64 up to N = 16,384, 8 at 2²⁰, 4 at 2²².
 */
export function fittedTones(n: number, top: number): number {
  return Math.max(top, Math.min(FREQUENCY_MAX_TOP, Math.floor(Math.sqrt(2 ** 26 / n))));
}

export interface FrequencyAnalysis {
  /** FREQUENCY_PEAK_FIELDS numbers per peak, strongest first (problem.ts). */
  readonly values: Float64Array;
  readonly offset: number;
  readonly noise: number;
  readonly constant: boolean;
  readonly dof: number;
  /** False when the rounds of the joint fit ran out before every tone stopped moving, or two tones are within a bin. */
  readonly converged: boolean;
  readonly evaluations: number;
  readonly ffts: number;
  readonly sweeps: number;
}

const wrapPhase = (p: number): number => {
  let q = p - 2 * Math.PI * Math.round(p / (2 * Math.PI));
  if (q <= -Math.PI) q += 2 * Math.PI;
  if (q > Math.PI) q -= 2 * Math.PI;
  return q;
};

/** The power-of-two exponent k with max|x|·2^k in [1, 2), held within the normal range. */
export function scaleExponent(maxAbs: number): number {
  let k = 0;
  let v = maxAbs;
  while (v >= 2 && k > -1074) {
    v /= 2;
    k--;
  }
  while (v < 1 && k < 1074) {
    v *= 2;
    k++;
  }
  return k;
}

/** x·2^k exactly (two steps so 2^k never overflows). */
const ldexp = (x: number, k: number): number => x * 2 ** Math.trunc(k / 2) * 2 ** (k - Math.trunc(k / 2));

/** The median of a[lo..hi) (a copy is sorted). */
function median(a: Float64Array, lo: number, hi: number): number {
  const s = a.slice(lo, hi).sort();
  const m = s.length;
  return m % 2 === 1 ? s[(m - 1) / 2] : 0.5 * (s[m / 2 - 1] + s[m / 2]);
}

/** Runs the specification above. */
export function analyseFrequency(p: FrequencyProblem, budget: FrequencyBudget, limits?: Limits): FrequencyAnalysis {
  const n = p.n;
  const x = p.signal;
  let equal = true;
  for (let i = 1; i < n && equal; i++) equal = x[i] === x[0];
  if (equal) {
    const values = Float64Array.from([0, Math.abs(x[0]), x[0] < 0 ? Math.PI : 0, 0, 1]);
    return { values, offset: x[0], noise: 0, constant: true, dof: n - 1, converged: true, evaluations: 0, ffts: 0, sweeps: 0 };
  }
  let maxAbs = 0;
  for (let i = 0; i < n; i++) maxAbs = Math.max(maxAbs, Math.abs(x[i]));
  const k2 = scaleExponent(maxAbs);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) y[i] = ldexp(x[i], k2);

  const bin = (2 * Math.PI) / n;
  const lo = LOWEST_BIN * bin, hi = Math.PI - EDGE_BIN * bin;
  const w = windowSamples(p.window, n);
  const plan = planRealFft(n);
  const half = (n >> 1) + 1;
  const er = new Float64Array(half), ei = new Float64Array(half), power = new Float64Array(half);
  const model = new Float64Array(n);
  const r = new Float64Array(n);
  const tones: Tone[] = [];
  let evaluations = 0, ffts = 0, sweeps = 0;

  /** r = y − model (+ the tone k's own part when k ≥ 0), centred. */
  const residual = (k: number): void => {
    let mean = 0;
    for (let i = 0; i < n; i++) {
      r[i] = y[i] - model[i];
      mean += r[i];
    }
    if (k >= 0) {
      const t = tones[k];
      forEachPhase(n, t.omega, (i, c, s) => { r[i] += t.a * c + t.b * s; });
      mean = 0;
      for (let i = 0; i < n; i++) mean += r[i];
    }
    mean /= n;
    for (let i = 0; i < n; i++) r[i] -= mean;
  };
  const addTone = (t: Tone, sign: number): void => {
    forEachPhase(n, t.omega, (i, c, s) => { model[i] += sign * (t.a * c + t.b * s); });
  };
  /** Spectrum bin k of the windowed residual, any integer k (conjugate symmetry). */
  const binAt = (k: number): [number, number] => {
    const j = ((k % n) + n) % n;
    return j < half ? [er[j], ei[j]] : [er[n - j], -ei[n - j]];
  };

  const detect = (): { omega: number; significant: boolean; coarseOnly: boolean } => {
    residual(-1);
    for (let i = 0; i < n; i++) r[i] *= w[i];
    realFft(plan, r, er, ei);
    ffts++;
    // With three samples or fewer the window leaves too little to tell the offset's bin 0 apart: it is skipped.
    const first = n <= 3 ? 1 : 0;
    let m = first;
    for (let k = 0; k < half; k++) {
      power[k] = er[k] * er[k] + ei[k] * ei[k];
      if (k >= first && power[k] > power[m]) m = k;
    }
    const bins = Math.floor((n - 1) / 2);
    // With fewer than 8 such bins the floor cannot be measured: no peak is claimed to stand above it.
    let significant = false;
    if (bins >= 8) {
      const floor = median(power, 1, bins + 1) / Math.LN2;
      significant = power[m] > floor * (Math.log(bins) + FALSE_ALARM_MARGIN);
    }
    const [ar, ai] = binAt(m - 1), [br, bi] = binAt(m), [cr, ci] = binAt(m + 1);
    // δ = Re(num/den)
    let numR: number, numI: number, denR: number, denI: number, scale: number;
    if (p.window === 'rectangular') {
      numR = ar - cr; numI = ai - ci;
      denR = 2 * br - ar - cr; denI = 2 * bi - ai - ci;
      scale = Math.tan(Math.PI / n) / (Math.PI / n);
    } else {
      numR = ar - cr; numI = ai - ci;
      denR = 2 * br + ar + cr; denI = 2 * bi + ai + ci;
      scale = JACOBSEN_P[p.window];
    }
    const d2 = denR * denR + denI * denI;
    let delta = d2 > 0 ? (scale * (numR * denR + numI * denI)) / d2 : 0;
    if (!Number.isFinite(delta)) delta = 0;
    delta = Math.max(-0.5, Math.min(0.5, delta));
    // Three samples or fewer fit a tone at any frequency exactly: the bin is the answer.
    if (n <= 3) return { omega: m * bin, significant, coarseOnly: true };
    return { omega: Math.max(lo, Math.min(hi, (m + delta) * bin)), significant, coarseOnly: false };
  };

  // A round is settled when nothing moves by this (of a bin; of the largest sample in a and b): 10⁻¹²,
  // or the round-off of the sums when that is larger.
  const settled = Math.max(1e-12, 4 * Number.EPSILON * Math.sqrt(n));
  let roundMove = 0;
  const edge = newToneFit();
  const refit = (k: number, omega0: number, hw: number, coarseOnly = false): number => {
    residual(k);
    let omega: number, a: number, b: number, J: number;
    if (coarseOnly) {
      toneFit(r, omega0, edge);
      evaluations++;
      [omega, a, b, J] = [omega0, edge.a, edge.b, edge.J];
    } else {
      const rf = refineTone(r, omega0, hw, lo, hi, budget.newtonSteps);
      evaluations += rf.evaluations;
      [omega, a, b, J] = [rf.omega, rf.fit.a, rf.fit.b, rf.fit.J];
      // At the band's upper edge: the tone at exactly ½ cycle per sample (one column) when it fits as well.
      if (omega >= hi - EDGE_BIN * bin) {
        toneFit(r, Math.PI, edge);
        evaluations++;
        if (edge.J >= rf.fit.J * (1 - 1e-12)) [omega, a, b, J] = [Math.PI, edge.a, edge.b, edge.J];
      }
    }
    const old = tones[k];
    addTone(old, -1);
    const t: Tone = { omega, a, b, J, significant: old.significant };
    tones[k] = t;
    addTone(t, 1);
    // How far it moved, in units of convergence (SETTLED: of a bin in frequency, of the scaled samples in a and b).
    roundMove = Math.max(roundMove, Math.abs(t.omega - old.omega));
    return Math.max(Math.abs(t.omega - old.omega) / (settled * bin), Math.abs(t.a - old.a) / settled, Math.abs(t.b - old.b) / settled);
  };

  /** Rounds of re-fitting every tone against the others until none moves (refit's units); true when converged. */
  /** Drops the weaker of the first two tones within RESOLVED_BINS of each other; true when it did. */
  const mergeClosest = (): boolean => {
    for (let j = 0; j < tones.length; j++) {
      for (let k = j + 1; k < tones.length; k++) {
        if (Math.abs(tones[j].omega - tones[k].omega) >= RESOLVED_BINS * bin) continue;
        const weak = tones[j].J < tones[k].J ? j : k;
        addTone(tones[weak], -1);
        tones.splice(weak, 1);
        return true;
      }
    }
    return false;
  };
  // Cyclic descent converges linearly: a round's move m at a rate ρ (this move over the last) leaves
  // about m·ρ/(1 − ρ) to go, which must be under the unit too before the fit counts as settled.
  const sweep = (rounds: number): boolean => {
    let last = Infinity, lastMove = Infinity;
    for (let s = 0; s < rounds; s++) {
      sweeps++;
      let moved = 0;
      roundMove = 0;
      for (let j = 0; j < tones.length; j++) moved = Math.max(moved, refit(j, tones[j].omega, bin / 2, n <= 3));
      // Two tones drawn within a bin of each other are one unresolved tone: the weaker goes, the rounds go on.
      if (mergeClosest()) {
        last = Infinity;
        continue;
      }
      const rate = moved / last;
      last = moved;
      // What the rounds still leave, by the frequencies' own rate: every tolerance carries it.
      const omegaRate = roundMove / lastMove;
      lastMove = roundMove;
      tail = omegaRate < 0.99 ? roundMove / (1 - omegaRate) : 100 * roundMove;
      if (moved === 0 || (moved < 1 && (s === 0 ? moved < 1e-3 : rate < 1 && (moved * rate) / (1 - rate) < 1))) return true;
      if (limits?.check()) return false;
    }
    return false;
  };

  const fitted = fittedTones(n, p.top);
  let converged = true;
  /** The distance to the joint fit the last rounds leave (radians), by their rate. */
  let tail = 0;
  /** Detections tried: a round that drops a merged tone frees a place, so they are capped apart (2K + 4). */
  let attempts = 0;
  // Rounds per settling, held to about 2³⁰ sample-visits (K·N per round), at least `sweeps`.
  const rounds = (): number => Math.min(budget.polishSweeps, Math.max(budget.sweeps, Math.floor(2 ** 30 / (tones.length * n))));
  while (tones.length < fitted && attempts++ < 2 * fitted + 4) {
    // A further tone needs a degree of freedom left for the noise (N − 1 − 3K ≥ 1).
    if (tones.length > 0 && n - 1 - 3 * (tones.length + 1) < 1) break;
    // Nor can a further tone be told from noise without a noise floor (fewer than 8 bins).
    if (tones.length > 0 && Math.floor((n - 1) / 2) < 8) break;
    const d = detect();
    if (tones.length > 0 && !d.significant) break;
    tones.push({ omega: d.omega, a: 0, b: 0, J: 0, significant: d.significant });
    const k = tones.length - 1;
    refit(k, d.omega, bin, d.coarseOnly);
    // Energy, not amplitude: a fit near 0 Hz inflates the amplitude of what is only round-off.
    let largest = 0, nearest = Infinity;
    for (let j = 0; j < k; j++) {
      largest = Math.max(largest, tones[j].J);
      nearest = Math.min(nearest, Math.abs(tones[j].omega - tones[k].omega));
    }
    if (k > 0 && (!(tones[k].J >= RELATIVE_ENERGY_FLOOR * largest) || nearest < RESOLVED_BINS * bin)) {
      addTone(tones[k], -1);
      tones.pop();
      break;
    }
    if (limits?.check()) break;
    // Settle the tones found before looking for another, so no leftover of theirs passes for one.
    if (tones.length >= 2) converged = sweep(rounds());
    if (limits?.stopped) break;
  }
  // The joint least squares to convergence: every tone at the maximum of J against all the others.
  if (tones.length >= 2 && !limits?.stopped && !converged) converged = sweep(rounds());

  // Two tones the rounds drew within a bin of each other are not resolved: the fit is not the joint maximum.
  for (let j = 0; j < tones.length; j++) for (let k = j + 1; k < tones.length; k++) if (Math.abs(tones[j].omega - tones[k].omega) < RESOLVED_BINS * bin) converged = false;

  // 4. Offset, noise and the tolerance of each peak, measured against the final residual.
  let offset = 0;
  for (let i = 0; i < n; i++) offset += y[i] - model[i];
  offset /= n;
  let rss = 0;
  for (let i = 0; i < n; i++) {
    const e = y[i] - model[i] - offset;
    rss += e * e;
  }
  const dof = n - 1 - 3 * tones.length;
  const sigma2 = dof >= 1 ? rss / dof : NaN;
  const fit = newToneFit();
  const rows = tones.map((t, k) => {
    residual(k);
    toneFit(r, t.omega, fit);
    evaluations++;
    const onEdge = (t.omega <= lo && fit.dJ < 0) || (t.omega >= hi && fit.dJ > 0) || t.omega === Math.PI;
    const newton = onEdge || !(fit.d2J < 0) ? 0 : Math.abs(fit.dJ / fit.d2J);
    // ½ cycle per sample is a maximum only if J does not rise just inside it (1/1000 bin, as the re-check looks).
    let edgeMax = true;
    if (t.omega === Math.PI) {
      toneFit(r, Math.PI - 1e-3 * bin, edge);
      evaluations++;
      edgeMax = !(edge.J > fit.J * (1 + 1e-12));
    }
    let tol: number;
    // No degree of freedom left (N ≤ 4): a tone at any frequency fits as well, so none is claimed; nor
    // for a peak at ½ cycle per sample that is not a maximum there.
    if (!t.significant || !(dof >= 1) || !edgeMax) tol = Math.PI;
    else if (!(fit.d2J < 0)) tol = bin / 2;
    else {
      // The joint variance when other tones are within CLUSTER_BINS (their errors couple), else −2σ²/J″.
      const joint = clusterOmegaVariance(tones, k, n);
      const variance = Math.max((-2 * sigma2) / fit.d2J, sigma2 * joint);
      // The round-off of J′'s sums perturbs the conditional equations; through the cluster's coupling it
      // moves the joint fit further: measured up to 190 ε·√N bins on noiseless 3–4 tone clusters 2–2.5
      // bins apart, so a clustered tone carries CLUSTER_ROUNDING_BINS (times the variance ratio).
      const coupling = joint > 0 ? (CLUSTER_ROUNDING_BINS / ROUNDING_BINS) * Math.max(1, (joint * -fit.d2J) / 2) : 1;
      tol = Number.isNaN(joint) ? Math.PI : 3 * Math.sqrt(variance) + 2 * newton + 2 * tail + coupling * ROUNDING_BINS * Math.sqrt(n) * Number.EPSILON * bin;
    }
    const h = (n - 1) / 2;
    return {
      frequency: t.omega / (2 * Math.PI),
      amplitude: ldexp(Math.hypot(t.a, t.b), -k2),
      phase: wrapPhase(Math.atan2(-t.b, t.a) - t.omega * h),
      tolerance: Math.min(0.5, tol / (2 * Math.PI)),
      significant: t.significant ? 1 : 0,
    };
  });
  rows.sort((a, b) => b.amplitude - a.amplitude || a.frequency - b.frequency);
  const values = new Float64Array(rows.length * FREQUENCY_PEAK_FIELDS);
  rows.forEach((row, k) => values.set([row.frequency, row.amplitude, row.phase, row.tolerance, row.significant], k * FREQUENCY_PEAK_FIELDS));
  return {
    values, offset: ldexp(offset, -k2), noise: Number.isNaN(sigma2) ? 0 : ldexp(Math.sqrt(sigma2), -k2),
    constant: false, dof: Math.max(0, dof), converged, evaluations, ffts, sweeps,
  };
}

/** Solves a `frequency` request synchronously. */
export function solveFrequency(req: SolveRequest<FrequencyProblem>, signal?: CancelSignal): NumericResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'frequency' || p.kind !== 'frequency') throw new Error('frequency needs a frequency problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const a = analyseFrequency(p, frequencyBudgetFor(req.effort), limits);
  return {
    kind: 'numeric',
    answer: a.values,
    ints: new Int32Array(0),
    extras: { offset: a.offset, noise: a.noise, constant: a.constant ? 1 : 0, dof: a.dof, converged: a.converged ? 1 : 0 },
    objective: a.values[0],
    proof: null,
    stoppedAtDeadline: limits.stopped !== null,
    work: { iterations: a.evaluations, nodes: a.ffts, restarts: a.sweeps },
    engineMs: performance.now() - started,
  };
}
