/**
 * The least-squares fit of one real tone plus an offset to a residual, as a function of the angular
 * frequency ω (radians per sample), and its Newton refinement (C++ core/frequency/tone_fit.cc).
 *
 * With centred time t = n − (N−1)/2, columns C = cos ωt and S = sin ωt, and the residual ê centred
 * (the offset column removed), the fitted energy is
 *   J(ω) = u²/g₁₁ + v²/g₂₂,  u = Σ ê·C, v = Σ ê·S,  g₁₁ = Σ C² − (Σ C)²/N,  g₂₂ = Σ S²
 * (Σ S, Σ C·S and the other odd sums vanish by the symmetry of t). J is what the model explains,
 * so its maximiser is the maximum-likelihood frequency of a tone in white Gaussian noise (the
 * criterion the Cramér–Rao bound is reached by). J′ and J″ come from twelve sums over the samples in
 * one pass (cos and sin by rotation, blocks of 64 samples re-seeded exactly every 4096);
 * g₁₁ = N/2 + D(2ω)/2 − D(ω)²/N and g₂₂ = N/2 − D(2ω)/2 with D(x) = Σ cos(xt) and its derivatives
 * summed the same way, never by closed forms that divide by sin(ω/2).
 */

/** One evaluation: the fitted energy, its derivatives in ω, and the coefficients of C and S. */
export interface ToneFit {
  J: number;
  dJ: number;
  d2J: number;
  a: number;
  b: number;
}

export const newToneFit = (): ToneFit => ({ J: 0, dJ: 0, d2J: 0, a: 0, b: 0 });

/**
 * cos and sin run by rotation through ω sample by sample within blocks of ROTATION_BLOCK; each block
 * starts from a rotation through ω·ROTATION_BLOCK, re-seeded exactly every RESEED_BLOCKS blocks.
 */
export const ROTATION_BLOCK = 64;
export const RESEED_BLOCKS = 64;

/** cos and sin of ω·(b − h) at the block starts b = 0, ROTATION_BLOCK, … (C++ tone_fit.cc BlockStarts). */
function blockStarts(omega: number, h: number): (b: number) => [number, number] {
  const cw = Math.cos(omega * ROTATION_BLOCK), sw = Math.sin(omega * ROTATION_BLOCK);
  let c = 1, s = 0, k = 0;
  return (b) => {
    if (k % RESEED_BLOCKS === 0) {
      c = Math.cos(omega * (b - h));
      s = Math.sin(omega * (b - h));
    } else {
      const c2 = c * cw - s * sw;
      s = s * cw + c * sw;
      c = c2;
    }
    k++;
    return [c, s];
  };
}

/** A Gram term below this share of N is treated as a vanished column (ω at 0 or π). */
const GRAM_FLOOR = 1e-12;

/** cos ωt and sin ωt for t = n − h, n < N, by rotation (blockStarts above). */
export function forEachPhase(n: number, omega: number, visit: (i: number, c: number, s: number) => void): void {
  const h = (n - 1) / 2;
  const cw = Math.cos(omega), sw = Math.sin(omega);
  const start = blockStarts(omega, h);
  for (let b = 0; b < n; b += ROTATION_BLOCK) {
    let [c, s] = start(b);
    const end = Math.min(n, b + ROTATION_BLOCK);
    for (let i = b; i < end; i++) {
      visit(i, c, s);
      const c2 = c * cw - s * sw;
      s = s * cw + c * sw;
      c = c2;
    }
  }
}

/** f = u²/g and its first two derivatives, added to `out`; false when the column vanished. */
function addTerm(out: ToneFit, u: number, up: number, upp: number, g: number, gp: number, gpp: number): boolean {
  const J = u * u / g;
  out.J += J;
  out.dJ += (2 * u * up) / g - (J * gp) / g;
  out.d2J += (2 * up * up + 2 * u * upp) / g - (4 * u * up * gp) / (g * g) - (J * gpp) / g + (2 * J * gp * gp) / (g * g);
  return true;
}

/** Evaluates the fit of a tone at ω to the centred residual `e` into `out`. */
export function toneFit(e: Float64Array, omega: number, out: ToneFit): void {
  const n = e.length;
  const h = (n - 1) / 2;
  const cw = Math.cos(omega), sw = Math.sin(omega);
  let u = 0, v = 0, up = 0, vp = 0, upp = 0, vpp = 0;
  let sc = 0, scp = 0, scpp = 0, d2 = 0, tsc = 0, t2cc = 0, se = 0;
  const start = blockStarts(omega, h);
  for (let b = 0; b < n; b += ROTATION_BLOCK) {
    let [c, s] = start(b);
    const end = Math.min(n, b + ROTATION_BLOCK);
    for (let i = b; i < end; i++) {
      const t = i - h;
      const x = e[i];
      const xt = x * t, xtt = xt * t;
      se += x;
      u += x * c;
      v += x * s;
      up -= xt * s;
      vp += xt * c;
      upp -= xtt * c;
      vpp -= xtt * s;
      const cc = c * c - s * s;
      sc += c;
      scp -= t * s;
      scpp -= t * t * c;
      d2 += cc;
      tsc += t * s * c;
      t2cc += t * t * cc;
      const c2 = c * cw - s * sw;
      s = s * cw + c * sw;
      c = c2;
    }
  }
  // Against the centred cosine, as g₁₁ is: e's mean is 0 only to its round-off, which near 0 Hz
  // (cosine ≈ 1) would pass for a tone. The sine is odd in t, its mean 0 exactly.
  u -= (sc * se) / n;
  up -= (scp * se) / n;
  upp -= (scpp * se) / n;
  // D(2ω) = Σ cos 2ωt, D′ = −4 Σ t·S·C, D″ = −4 Σ t²·cos 2ωt (derivatives in ω).
  const dd = -4 * tsc, ddd = -4 * t2cc;
  const g11 = n / 2 + d2 / 2 - (sc * sc) / n;
  const g11p = dd / 2 - (2 * sc * scp) / n;
  const g11pp = ddd / 2 - (2 * (scp * scp + sc * scpp)) / n;
  const g22 = n / 2 - d2 / 2, g22p = -dd / 2, g22pp = -ddd / 2;
  out.J = 0;
  out.dJ = 0;
  out.d2J = 0;
  out.a = 0;
  out.b = 0;
  if (g11 > GRAM_FLOOR * n && addTerm(out, u, up, upp, g11, g11p, g11pp)) out.a = u / g11;
  if (g22 > GRAM_FLOOR * n && addTerm(out, v, vp, vpp, g22, g22p, g22pp)) out.b = v / g22;
}

/** What a refinement found. */
export interface Refined {
  omega: number;
  /** The fit at `omega`. */
  readonly fit: ToneFit;
  /** |J′/J″| at `omega` when J″ < 0 (the distance Newton still sees to the maximum), else the last step. */
  newtonDistance: number;
  /** Evaluations of the fit. */
  evaluations: number;
}

/**
 * Maximises J over [max(lo, ω0 − hw), min(hi, ω0 + hw)] from ω0: Newton steps (a fixed quarter of hw
 * uphill where J″ ≥ 0), each at most hw/2; a step of more than 1/20 bin is halved until J rises;
 * stops when a step is below 1e-13 of a bin, none is accepted, or after `maxSteps`.
 */
export function refineTone(e: Float64Array, omega0: number, hw: number, lo: number, hi: number, maxSteps: number): Refined {
  const n = e.length;
  const bin = (2 * Math.PI) / n;
  const a = Math.max(lo, omega0 - hw), z = Math.min(hi, omega0 + hw);
  let omega = Math.min(z, Math.max(a, omega0));
  let fit = newToneFit();
  let trial = newToneFit();
  toneFit(e, omega, fit);
  let evaluations = 1;
  let lastStep = 0;
  for (let it = 0; it < maxSteps; it++) {
    let step = fit.d2J < 0 ? -fit.dJ / fit.d2J : fit.dJ > 0 ? hw / 4 : -hw / 4;
    if (!Number.isFinite(step)) break;
    if (Math.abs(step) > hw / 2) step = Math.sign(step) * (hw / 2);
    // Close to a maximum (J″ < 0, a step under 1/20 bin) Newton converges quadratically and J's
    // change is below its round-off: the step is taken as it is; farther out, halved until J rises.
    const local = fit.d2J < 0 && Math.abs(step) <= bin / 20;
    let accepted = false;
    let next = omega;
    for (let halving = 0; halving < 40; halving++) {
      next = Math.min(z, Math.max(a, omega + step));
      if (next === omega) break;
      toneFit(e, next, trial);
      evaluations++;
      if (local || trial.J >= fit.J) {
        accepted = true;
        break;
      }
      step /= 2;
    }
    if (!accepted) break;
    lastStep = next - omega;
    omega = next;
    [fit, trial] = [trial, fit];
    if (Math.abs(lastStep) <= 1e-13 * bin) break;
  }
  const newtonDistance = fit.d2J < 0 ? Math.abs(fit.dJ / fit.d2J) : Math.abs(lastStep);
  return { omega, fit, newtonDistance, evaluations };
}
