/**
 * Section `frequency` of `npm run bench` (no public instance set: seeded tones and white noise).
 *   1. The FFT alone, least time of many transforms with a plan made beforehand (as FFT benchmarks
 *      count): the native kernel (libs/engine-native/build-core/frequency_frequency_test with
 *      SVC_BENCH_FFT; build it with `npx nx run engine-native:test-core`), engine-ts, numpy and
 *      scipy (pocketfft) when python3 has them, FFTW when fftw3.h is installed (fftw-side.c,
 *      compiled here with cc). Lengths BENCH_FFT_N (default 65536, 65537 (prime, Rader),
 *      65521 (prime, Bluestein), 1048576).
 *   2. The whole `frequency` operation (one peak, hann) on each engine at the same lengths plus 2^22.
 *   3. Accuracy: a noiseless tone anywhere in the band (worst error in bins over BENCH_FREQ_TONES
 *      random tones, default 200), and the RMS error of one tone in white noise against the
 *      Cramér–Rao bound over SNR −10..30 dB (N = 256 and 1024, BENCH_FREQ_TRIALS trials a point,
 *      default 400, native), with an SVG of both curves (frequency-crb.svg in the plots folder).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Prng, type Engine, type NumericResult } from '@svc/engine-ts';
import { canonicalFrequency, planFft, planRealFft, fftInPlace, realFft } from '@svc/engine-ts/families/frequency';
import { toneCrbStd, toneSignal } from '@svc/engine-ts/families/frequency/testing';
import { linePlot } from '../plot/svg';
import { table } from './table';

interface FftTime {
  readonly realMs: number;
  readonly complexMs: number;
  readonly method?: string;
}

const msfmt = (ms: number | undefined) => (ms === undefined ? '-' : ms < 10 ? ms.toFixed(3) : ms.toFixed(1));
const rate = (n: number, ms: number | undefined) => (ms === undefined ? '-' : (n / ms / 1e3).toFixed(0));

function nativeFft(root: string, lengths: number[]): Map<number, FftTime> | string {
  const bin = join(root, 'libs', 'engine-native', 'build-core', 'frequency_frequency_test');
  if (!existsSync(bin)) return `native kernel not built (${bin}; npx nx run engine-native:test-core)`;
  const out = execFileSync(bin, { env: { ...process.env, SVC_BENCH_FFT: lengths.join(',') }, encoding: 'utf8' });
  return new Map(out.trim().split('\n').map((l) => JSON.parse(l) as FftTime & { n: number }).map((r) => [r.n, r]));
}

function tsFft(n: number): FftTime {
  const x = Float64Array.from({ length: n }, (_, i) => Math.sin(0.1 * i) + 0.01 * (i % 7));
  const rp = planRealFft(n);
  const cp = planFft(n);
  const hr = new Float64Array((n >> 1) + 1), hi = new Float64Array((n >> 1) + 1);
  const re = new Float64Array(n), im = new Float64Array(n);
  const reps = n > 1 << 20 ? 5 : n > 1 << 17 ? 10 : 40;
  let realMs = Infinity, complexMs = Infinity;
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    realFft(rp, x, hr, hi);
    realMs = Math.min(realMs, performance.now() - t0);
    re.set(x);
    im.fill(0);
    const t1 = performance.now();
    fftInPlace(cp, re, im);
    complexMs = Math.min(complexMs, performance.now() - t1);
  }
  return { realMs, complexMs };
}

const PY = `
import json, sys, time
import numpy as np
try:
    import scipy.fft as sf
except Exception:
    sf = None
for n in map(int, sys.argv[1:]):
    x = np.sin(0.1 * np.arange(n)) + 0.01 * (np.arange(n) % 7)
    xc = x.astype(complex)
    reps = 10 if n > 1 << 20 else 40 if n > 1 << 17 else 200
    def best(f):
        b = 1e300
        for _ in range(reps):
            t = time.perf_counter(); f(); b = min(b, time.perf_counter() - t)
        return b * 1e3
    row = {"n": n, "numpy": {"realMs": best(lambda: np.fft.rfft(x)), "complexMs": best(lambda: np.fft.fft(xc))}}
    if sf is not None:
        row["scipy"] = {"realMs": best(lambda: sf.rfft(x)), "complexMs": best(lambda: sf.fft(xc))}
    print(json.dumps(row))
`;

function pythonFft(lengths: number[]): { numpy: Map<number, FftTime>; scipy: Map<number, FftTime>; version: string } | string {
  const p = spawnSync('python3', ['-c', PY, ...lengths.map(String)], { encoding: 'utf8' });
  if (p.status !== 0) return `numpy not available (${(p.stderr || p.error?.message || '').trim().split('\n').at(-1)})`;
  const rows = p.stdout.trim().split('\n').map((l) => JSON.parse(l) as { n: number; numpy: FftTime; scipy?: FftTime });
  const version = spawnSync('python3', ['-c', 'import numpy, scipy; print(f"numpy {numpy.__version__}, scipy {scipy.__version__}")'], { encoding: 'utf8' }).stdout.trim();
  return {
    numpy: new Map(rows.map((r) => [r.n, r.numpy])),
    scipy: new Map(rows.filter((r) => r.scipy).map((r) => [r.n, r.scipy!])),
    version,
  };
}

function fftwFft(root: string, lengths: number[]): Map<number, FftTime> | string {
  if (!existsSync('/usr/include/fftw3.h')) return 'FFTW not installed (apt-get install libfftw3-dev)';
  const dir = mkdtempSync(join(tmpdir(), 'svc-fftw-'));
  const exe = join(dir, 'fftw-side');
  const cc = spawnSync('cc', ['-O2', join(root, 'tools', 'src', 'bench', 'fftw-side.c'), '-o', exe, '-lfftw3', '-lm'], { encoding: 'utf8' });
  if (cc.status !== 0) return `FFTW side not compiled (${cc.stderr.trim().split('\n')[0]})`;
  const out = execFileSync(exe, lengths.map(String), { encoding: 'utf8' });
  return new Map(out.trim().split('\n').map((l) => JSON.parse(l) as FftTime & { n: number }).map((r) => [r.n, r]));
}

async function solveMs(e: Engine, x: number[], top: number): Promise<{ ms: number; r: NumericResult }> {
  const problem = canonicalFrequency(x, 'hann', top);
  const t0 = performance.now();
  const r = (await e.solve({ command: 'frequency', problem, effort: 'medium', seed: 0 })) as NumericResult;
  return { ms: performance.now() - t0, r };
}

export async function benchFrequency(root: string, ts: Engine, native: Engine | null, plotsDir: string): Promise<string> {
  const out: string[] = [];
  const lengths = (process.env.BENCH_FFT_N ?? '65536,65537,65521,1048576').split(',').map(Number);

  // 1. The FFT alone.
  const nat = nativeFft(root, lengths);
  const py = pythonFft(lengths);
  const fftw = fftwFft(root, lengths);
  const rows: (string | number)[][] = [];
  for (const n of lengths) {
    const t = tsFft(n);
    const a = typeof nat === 'string' ? undefined : nat.get(n);
    const np = typeof py === 'string' ? undefined : py.numpy.get(n);
    const sp = typeof py === 'string' ? undefined : py.scipy.get(n);
    const fw = typeof fftw === 'string' ? undefined : fftw.get(n);
    rows.push([
      n.toLocaleString('en-US'), a?.method ?? '-',
      msfmt(a?.realMs), rate(n, a?.realMs), msfmt(a?.complexMs), rate(n, a?.complexMs),
      msfmt(t.realMs), msfmt(t.complexMs), msfmt(sp?.realMs), msfmt(sp?.complexMs), msfmt(np?.realMs), msfmt(np?.complexMs), msfmt(fw?.realMs), msfmt(fw?.complexMs),
    ]);
  }
  out.push('## frequency: the FFT alone (least time of many transforms, plan made beforehand)\n');
  out.push(table(['n', 'native method', 'native real ms', 'native real MS/s', 'native complex ms', 'native complex MS/s', 'TS real ms', 'TS complex ms', 'scipy rfft ms', 'scipy fft ms', 'numpy rfft ms', 'numpy fft ms', 'FFTW r2c ms', 'FFTW c2c ms'], rows));
  for (const note of [nat, py, fftw]) if (typeof note === 'string') out.push(`\n${note}`);
  if (typeof py !== 'string') out.push(`\nscipy and numpy (pocketfft): ${py.version}; FFTW: FFTW_MEASURE plans.`);

  // 2. The whole operation.
  const opRows: (string | number)[][] = [];
  for (const n of [...lengths, 1 << 22]) {
    const x = toneSignal(n, [{ frequency: 1234.37 / n, amplitude: 1, phase: 0.2 }, { frequency: 0.3, amplitude: 0.1, phase: 1 }], { sigma: 0.5, seed: 1 });
    const a = native ? await solveMs(native, x, 1) : null;
    const a5 = native ? await solveMs(native, x, 5) : null;
    const t = n <= 1 << 20 ? await solveMs(ts, x, 1) : null;
    opRows.push([
      n.toLocaleString('en-US'), a ? msfmt(a.ms) : '-', a ? rate(n, a.ms) : '-', a5 ? `${msfmt(a5.ms)} (${a5.r.answer.length / 5} peaks)` : '-',
      t ? msfmt(t.ms) : '-', a && t ? `${(t.ms / a.ms).toFixed(1)}×` : '-',
    ]);
  }
  out.push('\n## frequency: the whole operation (hann, medium; detection FFTs, Newton refinement, residual and tolerance)\n');
  out.push(table(['n', 'native ms (top 1)', 'native MS/s', 'native ms (top 5)', 'TS ms (top 1)', 'TS/native'], opRows));

  // 3. Accuracy.
  const e = native ?? ts;
  const r = new Prng(2026);
  let worst = 0;
  const tones = Number(process.env.BENCH_FREQ_TONES ?? 200);
  for (let s = 0; s < tones; s++) {
    const n = 16 + r.nextInt(8192);
    const f = (0.3 + r.nextFloat() * (n / 2 - 0.6)) / n;
    const x = toneSignal(n, [{ frequency: f, amplitude: 1, phase: 6 * r.nextFloat() }], { offset: r.nextFloat() });
    const { r: res } = await solveMs(e, x, 1);
    worst = Math.max(worst, Math.abs(res.answer[0] - f) * n);
  }
  out.push(`\n## frequency: accuracy (${native ? 'native' : 'TS'})\n`);
  out.push(`Noiseless tone at a random frequency in [0.3, N/2 − 0.3] bins, N random in 16..8207, random offset and phase, ${tones} tones: worst error ${worst.toExponential(2)} bin (target 1e-6).\n`);
  const trials = Number(process.env.BENCH_FREQ_TRIALS ?? 400);
  const crbRows: (string | number)[][] = [];
  const series: { name: string; points: [number, number][] }[] = [];
  for (const n of [256, 1024]) {
    const measured: [number, number][] = [];
    const bound: [number, number][] = [];
    for (let snr = -10; snr <= 30; snr += 2.5) {
      const A = Math.sqrt(2 * 10 ** (snr / 10));
      let se = 0;
      const rr = new Prng(n * 100 + Math.round(snr * 10) + 1000);
      let inside = 0;
      for (let s = 0; s < trials; s++) {
        const f = (5 + rr.nextFloat() * (n / 2 - 10)) / n;
        const x = toneSignal(n, [{ frequency: f, amplitude: A, phase: 6.3 * rr.nextFloat() }], { sigma: 1, seed: 77_000 + s + n });
        const { r: res } = await solveMs(e, x, 1);
        se += (res.answer[0] - f) ** 2;
        if (Math.abs(res.answer[0] - f) <= res.answer[3]) inside++;
      }
      const rms = Math.sqrt(se / trials) * n;
      const crb = toneCrbStd(n, A, 1) * n;
      measured.push([snr, Math.log10(rms)]);
      bound.push([snr, Math.log10(crb)]);
      crbRows.push([n, snr.toFixed(1), rms.toExponential(3), crb.toExponential(3), (rms / crb).toFixed(3), `${((inside / trials) * 100).toFixed(1)} %`]);
    }
    series.push({ name: `measured RMS, N = ${n}`, points: measured }, { name: `Cramér–Rao bound, N = ${n}`, points: bound });
  }
  out.push(`One tone in white Gaussian noise (σ = 1, A = √(2·SNR)), ${trials} seeded trials a point, frequency uniform in [5, N/2 − 5] bins; error in bins.\n`);
  out.push(table(['N', 'SNR dB', 'RMS error (bin)', 'CRB (bin)', 'RMS / CRB', 'within tolerance'], crbRows));
  mkdirSync(plotsDir, { recursive: true });
  // Log10 on a linear axis (the plot has no log scale): the curves are straight lines of slope −1/20.
  writeFileSync(join(plotsDir, 'frequency-crb.svg'), linePlot({
    title: `frequency: RMS error vs the Cramér–Rao bound (${native ? 'native' : 'TS'}, ${trials} trials a point)`,
    xLabel: 'SNR (dB)', yLabel: 'log10 RMS error (bins)', series,
  }));
  out.push(`\nPlot: ${join(plotsDir, 'frequency-crb.svg')}`);
  return out.join('\n');
}
