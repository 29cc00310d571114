import { describe, expect, it } from 'vitest';
import { EFFORTS, newCancelSignal } from '../../base';
import { Prng } from '../../prng';
import { bruteDominantFrequency, toneCrbStd, toneSignal } from './testing';
import { canonicalFrequency } from './canonical';
import { evaluateFrequency } from './evaluate';
import { peaksOf } from './problem';
import { solveFrequency } from './solve';
import { newToneFit, toneFit } from './tone-fit';
import { FREQUENCY_WINDOWS, type FrequencyWindow } from './window';

const solve = (x: ArrayLike<number>, window: FrequencyWindow = 'hann', top = 1, effort: (typeof EFFORTS)[number] = 'medium') =>
  solveFrequency({ command: 'frequency', problem: canonicalFrequency(x, window, top), effort, seed: 0 });

const wrap = (p: number) => Math.atan2(Math.sin(p), Math.cos(p));

describe('frequency', () => {
  it('a noiseless tone anywhere in the band, with an offset: within 1e-6 bin (measured ~1e-13), amplitude and phase to 1e-9, on every window', () => {
    const r = new Prng(11);
    let worst = 0;
    for (let s = 0; s < 150; s++) {
      const n = 8 + r.nextInt(3000);
      const f = (0.3 + r.nextFloat() * (n / 2 - 0.6)) / n;
      const A = 0.1 + 10 * r.nextFloat(), ph = wrap(6.3 * r.nextFloat());
      const x = toneSignal(n, [{ frequency: f, amplitude: A, phase: ph }], { offset: 5 * r.nextFloat() - 2 });
      const win = FREQUENCY_WINDOWS[s % FREQUENCY_WINDOWS.length];
      const res = solve(x, win);
      const [p] = peaksOf(res.answer);
      worst = Math.max(worst, Math.abs(p.frequency - f) * n);
      expect(Math.abs(p.frequency - f) * n, `n = ${n}, f = ${f}, ${win}`).toBeLessThan(1e-6);
      expect(Math.abs(p.amplitude - A) / A, `amplitude n = ${n}`).toBeLessThan(1e-9);
      expect(Math.abs(wrap(p.phase - ph)), `phase n = ${n}`).toBeLessThan(1e-9);
      expect(p.significant).toBe(true);
      expect(p.tolerance).toBeGreaterThanOrEqual(Math.abs(p.frequency - f));
      expect(res.objective).toBe(p.frequency);
    }
    expect(worst).toBeLessThan(1e-10);
  });

  it('prime, smooth and odd lengths, tones near the band edges', () => {
    for (const [n, bins] of [[65537, 1234.37], [65536, 0.41], [4099, 2049.3], [2 * 3 * 5 * 7 * 11 * 13, 7.5], [17, 8.2], [16, 7.8], [9, 0.5]] as const) {
      const f = bins / n;
      const x = toneSignal(n, [{ frequency: f, amplitude: 1, phase: 0.3 }]);
      const [p] = peaksOf(solve(x, 'rectangular').answer);
      expect(Math.abs(p.frequency - f) * n, `n = ${n}`).toBeLessThan(1e-6);
    }
  });

  it('white noise at SNR ≥ 0 dB: the error RMS is within 1.2 × the Cramér–Rao bound (fixed seeds), and the tolerance holds ~3 sigma', () => {
    for (const [n, snrDb] of [[64, 0], [256, 0], [1000, 0], [256, 10], [128, 20]] as const) {
      const sigma = 1, A = Math.sqrt(2 * 10 ** (snrDb / 10));
      const r = new Prng(1000 + n + snrDb);
      let se = 0, inside = 0;
      const trials = 300;
      for (let s = 0; s < trials; s++) {
        const f = (5 + r.nextFloat() * (n / 2 - 10)) / n;
        const x = toneSignal(n, [{ frequency: f, amplitude: A, phase: 6.3 * r.nextFloat() }], { sigma, seed: 50_000 + s + 1000 * snrDb + n });
        const [p] = peaksOf(solve(x).answer);
        se += (p.frequency - f) ** 2;
        if (Math.abs(p.frequency - f) <= p.tolerance) inside++;
      }
      const ratio = Math.sqrt(se / trials) / toneCrbStd(n, A, sigma);
      expect(ratio, `n = ${n}, SNR ${snrDb} dB`).toBeLessThan(1.2);
      expect(inside / trials, `n = ${n}, SNR ${snrDb} dB`).toBeGreaterThan(0.97);
    }
  });

  it('several tones: each found with its amplitude, the strongest first; weak ones beside strong ones with a window', () => {
    const tones = [
      { frequency: 0.1003, amplitude: 1, phase: 0.1 },
      { frequency: 0.1235, amplitude: 0.01, phase: -1 },
      { frequency: 0.31, amplitude: 0.5, phase: 2 },
    ];
    const x = toneSignal(2048, tones, { offset: 3 });
    for (const win of ['hann', 'blackman-harris', 'rectangular'] as const) {
      const res = solve(x, win, 3);
      const peaks = peaksOf(res.answer);
      expect(peaks.map((p) => p.frequency.toFixed(6)), win).toEqual(['0.100300', '0.310000', '0.123500']);
      for (const [k, t] of [[0, 0], [1, 2], [2, 1]]) {
        expect(Math.abs(peaks[k].frequency - tones[t].frequency) * 2048, win).toBeLessThan(1e-6);
        expect(Math.abs(peaks[k].amplitude - tones[t].amplitude) / tones[t].amplitude, win).toBeLessThan(1e-7);
      }
      expect(res.extras.offset).toBeCloseTo(3, 9);
    }
  });

  it('reports only peaks above the noise floor: top 5 on one noisy tone gives one peak', () => {
    const x = toneSignal(1024, [{ frequency: 0.2, amplitude: 1, phase: 0 }], { sigma: 0.5, seed: 3 });
    const peaks = peaksOf(solve(x, 'hann', 5).answer);
    expect(peaks.length).toBe(1);
    expect(peaks[0].significant).toBe(true);
    // Noiseless: the rounding left after the fit is no peak either.
    expect(peaksOf(solve(toneSignal(1024, [{ frequency: 0.2, amplitude: 1, phase: 0 }]), 'hann', 5).answer).length).toBe(1);
  });

  it('pure noise: one peak, not significant, its tolerance the whole band', () => {
    const x = toneSignal(512, [], { sigma: 1, seed: 9 });
    const [p, ...rest] = peaksOf(solve(x, 'hann', 3).answer);
    expect(rest).toEqual([]);
    expect(p.significant).toBe(false);
    expect(p.tolerance).toBe(0.5);
  });

  it('constant signals answer 0 with the constant as amplitude; two samples; the Nyquist tone exactly', () => {
    for (const c of [0, 3.5, -2]) {
      const res = solve([c, c, c, c, c]);
      expect(res.extras.constant).toBe(1);
      expect(Array.from(res.answer)).toEqual([0, Math.abs(c), c < 0 ? Math.PI : 0, 0, 1]);
    }
    const two = peaksOf(solve([1, -1]).answer)[0];
    expect(two.frequency).toBe(0.5);
    expect(two.amplitude).toBeCloseTo(1, 12);
    const alt = Array.from({ length: 64 }, (_, i) => 2 * (i % 2 === 0 ? 1 : -1) + 0.5);
    const nyq = peaksOf(solve(alt, 'rectangular').answer)[0];
    expect(nyq.frequency).toBe(0.5);
    expect(nyq.amplitude).toBeCloseTo(2, 12);
    expect(Math.abs(wrap(nyq.phase))).toBeLessThan(1e-9);
  });

  it('extreme magnitudes are scaled exactly: 1e-300 and 1e150 amplitudes give the same frequency', () => {
    const x = toneSignal(300, [{ frequency: 0.0731, amplitude: 1, phase: 1 }], { sigma: 0.1, seed: 4 });
    const a = peaksOf(solve(x).answer)[0];
    const b = peaksOf(solve(x.map((v) => v * 1e-300)).answer)[0];
    const c = peaksOf(solve(x.map((v) => v * 2 ** 400)).answer)[0];
    expect(b.frequency).toBe(a.frequency);
    expect(c.frequency).toBe(a.frequency);
    expect(c.amplitude / 2 ** 400).toBe(a.amplitude);
  });

  it('agrees with an independent brute force (dense scan + golden section of the least-squares energy)', () => {
    const r = new Prng(5);
    for (let s = 0; s < 12; s++) {
      const n = 20 + r.nextInt(200);
      const x = toneSignal(n, [{ frequency: (1 + r.nextFloat() * (n / 2 - 2)) / n, amplitude: 1, phase: r.nextFloat() * 6 }], { sigma: 0.3, seed: s });
      const [p] = peaksOf(solve(x).answer);
      expect(Math.abs(p.frequency - bruteDominantFrequency(x)) * n, `n = ${n}`).toBeLessThan(1e-6);
      // The evaluator's amplitude at the answer is the answer's amplitude.
      expect(evaluateFrequency(canonicalFrequency(x), [p.frequency])).toBeCloseTo(p.amplitude, 9);
    }
  });

  it('tones beyond top are in the joint fit: every tone within 1e-6 bin whatever top is (issue 31: N = 42 at 8 Hz, N = 4096 with three tones)', () => {
    const r = new Prng(31);
    for (let s = 0; s < 16; s++) {
      const n = [42, 4096, 300, 1000][s % 4];
      const k = 2 + (s % 3);
      const fs: number[] = [];
      while (fs.length < k) {
        const f = (1.5 + r.nextFloat() * (n / 2 - 3)) / n;
        if (fs.every((g) => Math.abs(g - f) * n >= 2)) fs.push(f);
      }
      const tones = fs.map((f, j) => ({ frequency: f, amplitude: 1 / (1 + j), phase: 6 * r.nextFloat() - 3 }));
      const x = toneSignal(n, tones, { offset: 0.3 });
      for (const top of [1, k - 1, k, k + 2]) {
        const res = solve(x, FREQUENCY_WINDOWS[s % 5], top);
        const peaks = peaksOf(res.answer);
        expect(peaks.length, `case ${s}, top ${top}`).toBe(k);
        for (const t of tones) {
          const p = peaks.reduce((a, b) => (Math.abs(b.frequency - t.frequency) < Math.abs(a.frequency - t.frequency) ? b : a));
          expect(Math.abs(p.frequency - t.frequency) * n, `case ${s}, n = ${n}, top ${top}`).toBeLessThan(1e-6);
          expect(Math.abs(p.amplitude - t.amplitude) / t.amplitude).toBeLessThan(1e-9);
        }
        expect(res.extras.converged).toBe(1);
      }
    }
  });

  it('top above the number of tones: no peak of round-off or of a leftover (noiseless tones with an offset, every window)', () => {
    const r = new Prng(5);
    for (let s = 0; s < 30; s++) {
      const n = 32 + r.nextInt(3000);
      const k = 1 + (s % 3);
      const fs: number[] = [];
      while (fs.length < k) {
        const f = (1.5 + r.nextFloat() * (n / 2 - 3)) / n;
        if (fs.every((g) => Math.abs(g - f) * n >= 2)) fs.push(f);
      }
      const x = toneSignal(n, fs.map((f) => ({ frequency: f, amplitude: 0.1 + r.nextFloat(), phase: 1 })), { offset: 2 * r.nextFloat() - 1 });
      const peaks = peaksOf(solve(x, FREQUENCY_WINDOWS[s % 5], k + 3).answer);
      expect(peaks.length, `case ${s}, n = ${n}`).toBe(k);
    }
  });

  it('under 17 samples there is no noise floor: one peak, not significant, its tolerance the whole band', () => {
    for (let n = 2; n <= 16; n++) {
      const x = toneSignal(n, [{ frequency: 0.31, amplitude: 1, phase: 0.4 }, { frequency: 0.12, amplitude: 0.6, phase: 0 }], { offset: 0.2 });
      const res = solve(x, 'hann', 3);
      const peaks = peaksOf(res.answer);
      expect(peaks.length, `n = ${n}`).toBe(1);
      expect(peaks[0].significant).toBe(false);
      expect(peaks[0].tolerance).toBe(0.5);
    }
    expect(peaksOf(solve(toneSignal(17, [{ frequency: 0.31, amplitude: 1, phase: 0.4 }])).answer)[0].significant).toBe(true);
  });

  it('toneFit measures against the centred cosine: a residual whose mean is only round-off explains nothing near 0 Hz', () => {
    const n = 2103;
    const e = new Float64Array(n).fill(1e-12);
    const fit = newToneFit();
    toneFit(e, (0.01 * 2 * Math.PI) / n, fit);
    expect(fit.J).toBeLessThan(1e-40);
  });

  it('the same answer at every effort, and a cancel still answers the first peak', () => {
    const x = toneSignal(777, [{ frequency: 0.11, amplitude: 1, phase: 0 }, { frequency: 0.3, amplitude: 0.3, phase: 0 }], { sigma: 0.01, seed: 2 });
    const answers = EFFORTS.map((e) => Array.from(solve(x, 'hann', 2, e).answer));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const signal = newCancelSignal();
    Atomics.store(signal.flag, 0, 1);
    const r = solveFrequency({ command: 'frequency', problem: canonicalFrequency(x, 'hann', 2), effort: 'high', seed: 0 }, signal);
    expect(r.stoppedAtDeadline).toBe(true);
    expect(peaksOf(r.answer).length).toBe(1);
    expect(Math.abs(r.objective - 0.11) * 777).toBeLessThan(0.01);
  });
});
