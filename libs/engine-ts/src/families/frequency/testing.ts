/**
 * Seeded `frequency` signals (sums of real tones, offset, white Gaussian noise), the Cramér–Rao
 * bound of a single real tone, and an independent brute-force peak search (a dense scan of the
 * least-squares tone energy by direct sums, then golden-section search): no code shared with the
 * engines.
 */
import { Prng } from '../../prng';

export interface ToneSpec {
  /** Cycles per sample, 0 < f < ½. */
  readonly frequency: number;
  readonly amplitude: number;
  /** Radians at sample 0. */
  readonly phase: number;
}

/** Standard normal draws by Box–Muller from the shared generator. */
export function gaussian(rng: Prng): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    let u = 0;
    while (u === 0) u = rng.nextFloat();
    const v = rng.nextFloat();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
}

/** offset + Σ A·cos(2πfn + φ) + σ·noise, n samples. */
export function toneSignal(n: number, tones: readonly ToneSpec[], opts: { offset?: number; sigma?: number; seed?: number } = {}): number[] {
  const g = gaussian(new Prng(opts.seed ?? 0));
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    let v = opts.offset ?? 0;
    for (const t of tones) v += t.amplitude * Math.cos(2 * Math.PI * t.frequency * i + t.phase);
    out[i] = v + (opts.sigma ? opts.sigma * g() : 0);
  }
  return out;
}

/**
 * The Cramér–Rao bound on the standard deviation of the frequency (cycles per sample) of one real
 * tone of amplitude A in white Gaussian noise of standard deviation σ over n samples (Kay, Fundamentals
 * of Statistical Signal Processing I, eq. 3.41): var ≥ 12 / ((2π)²·η·n(n²−1)), η = A²/(2σ²).
 */
export function toneCrbStd(n: number, amplitude: number, sigma: number): number {
  const eta = (amplitude * amplitude) / (2 * sigma * sigma);
  return Math.sqrt(12 / ((2 * Math.PI) ** 2 * eta * n * (n * n - 1)));
}

/** The least-squares energy of a tone plus offset at f (cycles/sample), by plain sums and a 3×3 solve. */
export function bruteToneEnergy(x: readonly number[], f: number): number {
  const n = x.length;
  // Normal equations of the columns 1, cos 2πfn, sin 2πfn.
  const cols = [new Float64Array(n).fill(1), Float64Array.from({ length: n }, (_, i) => Math.cos(2 * Math.PI * f * i)), Float64Array.from({ length: n }, (_, i) => Math.sin(2 * Math.PI * f * i))];
  const G = cols.map((a) => cols.map((b) => a.reduce((s, v, i) => s + v * b[i], 0)));
  const q = cols.map((a) => a.reduce((s, v, i) => s + v * x[i], 0));
  // Gaussian elimination with partial pivoting; a singular system drops the column.
  const A = G.map((row, i) => [...row, q[i]]);
  const m = 3;
  const used: number[] = [];
  for (let c = 0, r = 0; c < m && r < m; c++) {
    let p = r;
    for (let k = r + 1; k < m; k++) if (Math.abs(A[k][c]) > Math.abs(A[p][c])) p = k;
    if (Math.abs(A[p][c]) < 1e-9 * n) continue;
    [A[r], A[p]] = [A[p], A[r]];
    for (let k = 0; k < m; k++) {
      if (k === r) continue;
      const fct = A[k][c] / A[r][c];
      for (let j = c; j <= m; j++) A[k][j] -= fct * A[r][j];
    }
    used.push(c);
    r++;
  }
  // Energy = qᵀβ over the pivot columns, minus the offset-only energy (Σx)²/n.
  let e = 0;
  used.forEach((c, r) => { e += q[c] * (A[r][m] / A[r][c]); });
  const sum = x.reduce((s, v) => s + v, 0);
  return e - (sum * sum) / n;
}

/** The frequency (cycles/sample) maximising bruteToneEnergy: a scan of 8 points per bin, then golden-section search. */
export function bruteDominantFrequency(x: readonly number[]): number {
  const n = x.length;
  const grid = 8 * n;
  let best = 0, bestE = -Infinity;
  for (let k = 1; k <= grid / 2; k++) {
    const f = k / grid;
    const e = bruteToneEnergy(x, f);
    if (e > bestE) {
      bestE = e;
      best = f;
    }
  }
  let a = Math.max(1e-9, best - 1 / grid), b = Math.min(0.5, best + 1 / grid);
  const g = (Math.sqrt(5) - 1) / 2;
  let c = b - g * (b - a), d = a + g * (b - a);
  let fc = bruteToneEnergy(x, c), fd = bruteToneEnergy(x, d);
  for (let it = 0; it < 80; it++) {
    if (fc > fd) {
      b = d; d = c; fd = fc; c = b - g * (b - a); fc = bruteToneEnergy(x, c);
    } else {
      a = c; c = d; fc = fd; d = a + g * (b - a); fd = bruteToneEnergy(x, d);
    }
  }
  const mid = (a + b) / 2;
  return bruteToneEnergy(x, 0.5) >= bruteToneEnergy(x, mid) ? 0.5 : mid;
}
