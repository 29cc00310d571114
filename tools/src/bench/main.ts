/**
 * `npm run bench`: native vs. TypeScript on the engine, against public best-known values.
 * Figures are measured in one run so their ratios are comparable; absolute times are noisy.
 * Sections (BENCH_ONLY = comma list of section names runs only those; unset runs all):
 *   medium    max-cut heuristic at a deterministic effort (BENCH_EFFORT, default medium) on a
 *             random n=800 graph and BENCH_GSET (default G1): same answers, TS/native time;
 *             BENCH_MODEL picks a model version's budget table (default the newest)
 *   gset      Gset at effort high with a deadline (heuristics.ts: BENCH_GSET_HIGH, BENCH_GSET_MS,
 *             BENCH_TS_GSET)
 *   gset-bound  proven max-cut bounds (SDP, cycle) on every Gset graph against the best-known cut
 *             (heuristics.ts: BENCH_GSET_BOUND, BENCH_GSET_BOUND_MS); unset BENCH_ONLY runs it too
 *   bqp       Beasley bqp50…bqp1000 (heuristics.ts: BENCH_BQP_SIZES, BENCH_BQP_EFFORT, BENCH_TS_BQP)
 *   exact     Gray-code enumeration on dense random QUBOs (BENCH_EXACT_N, default 20,24)
 *   validate  validation and canonicalisation of a 1,000,000-edge maxcut body
 *   family    rules and select on large seeded instances (family.ts: BENCH_FAMILY_EFFORTS)
 *   rank      Kemeny: PrefLib skating elections and random ones (rank.ts: BENCH_RANK_N), with
 *             an SVG of gap against time in BENCH_PLOTS_DIR (default docs/benchmarks)
 *   tsp       TSPLIB95 against proven optima, native vs TS, time to optimum, LKH-3 beside the
 *             project when built (tsp.ts: BENCH_TSP, BENCH_TSP_SEEDS, BENCH_TSP_MS, LKH_BIN)
 *   qap       QAPLIB against best known, native vs TS (qap.ts: BENCH_QAP, BENCH_QAP_SEEDS, BENCH_QAP_MS)
 *   milp      random convex mixed binary/continuous instances, engine-ts (milp.ts: BENCH_MILP_MS)
 *   cover     OR-Library set cover against best known and HiGHS (npm highs), an SVG (cover.ts: BENCH_COVER, BENCH_COVER_SEEDS, BENCH_COVER_MS, BENCH_HIGHS_S)
 *   design    DIMACS colouring at the best-known K, native vs TS, an SVG (design.ts: BENCH_DESIGN, BENCH_DESIGN_SEEDS, BENCH_DESIGN_MS)
 *   precision each operation at 31 and 5240 digits, native (MPFR) vs TS, mpmath beside (precision.ts: BENCH_PRECISION_RUNS)
 *   relation  PSLQ on the known cases and 50 random algebraic numbers, native (GMP) vs TS, mpmath's pslq/findpoly beside (relation.ts: BENCH_RELATION_RUNS)
 *   erasure   protect/recover GB/s, native vs TS, and the service path (erasure.ts: BENCH_ERASURE_MB, BENCH_ERASURE_CODES, BENCH_ERASURE_REPS)
 *   xorsat    dense and sparse XOR systems (native, TS, M4RI's kernels beside ours on one matrix by
 *             m4ri-side.cc), inconsistent ones (xorsat.ts: BENCH_XORSAT_DENSE, BENCH_XORSAT_TS_DENSE,
 *             BENCH_XORSAT_N, BENCH_XORSAT_RATIOS, BENCH_XORSAT_TS)
 *   frequency the FFT alone beside numpy/scipy (pocketfft) and FFTW, the whole operation, accuracy
 *             against the Cramér–Rao bound with an SVG (frequency.ts: BENCH_FFT_N, BENCH_FREQ_TONES,
 *             BENCH_FREQ_TRIALS)
 *   world     the k-d tree beside scipy's cKDTree, neighbors through the engines, the other ops on
 *             large inputs (world.ts: BENCH_KD_N, BENCH_WORLD_N, BENCH_WORLD_TS_MAX)
 *   spectrum  the transverse-field Ising ring at h = 1, native, TS and scipy's eigsh, the Heisenberg
 *             ring against the Bethe ansatz, an SVG of the gap against h (spectrum.ts: BENCH_SPECTRUM_L,
 *             BENCH_SPECTRUM_TS_MAX_L, BENCH_SCIPY_MAX_L, BENCH_SPECTRUM_GAP_L)
 *   entropy   half cuts of random states, native and TS, the critical Ising ring's central charge and
 *             an SVG of S(ℓ) (entropy.ts: BENCH_ENTROPY_N, BENCH_ENTROPY_L, BENCH_ENTROPY_TS_MAX_N)
 *   work-model estimate ÷ actual work per command and engine on the behaviour dump's instances, and any
 *             solve the model keeps in the request that runs past the sync lane's limit (work-model.ts)
 *   phase     sweeps of the tfim and xxz diagrams: share right beyond ±10 %, heuristic labels, confident
 *             wrong ones (none), time; an SVG of the gap-scaling exponent (phase.ts: BENCH_PHASE_N,
 *             BENCH_PHASE_TS_MAX_N)
 *   reduce    LLL on latticegen knapsack and uniform bases, native (fplll + exact pass) vs TS, the
 *             fplll CLI beside (reduce.ts: BENCH_REDUCE, BENCH_REDUCE_TS_MAX)
 *   progress  the cost of an onProgress listener: the same solves with and without one, native
 *             and TS, qubo/tsp/qap/milp (progress.ts: BENCH_PROGRESS_REPS)
 *   store     per-operation latency of the store's hot writes (check-and-charge, hold settle,
 *             idempotency claim and completion) on SQLite and on a throwaway PostgreSQL 15, one
 *             caller and 50 at once (store.ts: BENCH_STORE_OPS)
 *   queue     the distributed queue as processes: a tiny job's submit → done one at a time
 *             (embedded vs one node + one worker) and jobs per minute of a fixed mix with 1, 2
 *             and 3 workers (queue.ts: BENCH_QUEUE_SEQ, BENCH_QUEUE_JOBS)
 *   metrics   one /metrics render of a busy node (every command × both engines × both lanes),
 *             one observation, one store call through the measuring proxy (metrics.ts:
 *             BENCH_METRICS_RENDERS)
 *   rate-limits  one take of a per-minute rate window from memory and from a throwaway Redis
 *             (shared across nodes), one caller and 50 at once (rate-limits.ts: BENCH_RATE_TAKES)
 *   certificates  what certificates cost: size, producer time, solve time with and without, added %,
 *             the checker's time, on TSPLIB, OR-Library cover, Kemeny, Gset and Beasley bqp instances
 *             (certificates.ts: BENCH_CERT_EFFORT, BENCH_CERT_REPS, BENCH_CERT_TSP, BENCH_CERT_COVER,
 *             BENCH_CERT_RANK, BENCH_CERT_GSET, BENCH_CERT_QUBO)
 *   service-path  the HTTP door in-process on loopback, one request at a time: wall, engine and
 *             each stage of the solve path (body read, parse, plan, admission, worker, re-score,
 *             receipt, SQLite, serialise) for small and data-heavy requests, an SVG (service-path.ts:
 *             BENCH_SP_REPS, BENCH_SP_REPS_LARGE, BENCH_SP_ROWS)
 *   quantum-scale, exact-caps   see quantum-scale.ts and exact-caps.ts
 * Public instances are read in place from SVC_BENCHMARKS_DIR (default ../shared/benchmarks);
 * missing files are skipped.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { validateProblem } from '@svc/contracts';
import { createTsEngine, type Effort, type Engine, type EngineRequest } from '@svc/engine-ts';
import { canonicalMaxcut, canonicalQubo } from '@svc/engine-ts/families/qubo';
import { createNativeEngine, nativeStatus } from '@svc/engine-native';
import { benchmarksDir, loadGset } from './gset';
import { table } from './table';
import { lcg } from './lcg';
import { benchBqp, benchGsetBound, benchGsetHigh } from './heuristics';
import { quantumScaleBench } from './quantum-scale';
import { benchExactCaps } from './exact-caps';
import { benchFamily } from './family';
import { benchRank } from './rank';
import { benchTsp } from './tsp';
import { benchCertificates } from './certificates';
import { benchQap } from './qap';
import { benchDesign } from './design';
import { benchCover } from './cover';
import { benchMilp } from './milp';
import { benchPrecision } from './precision';
import { benchRelation } from './relation';
import { benchErasure } from './erasure';
import { benchXorsat } from './xorsat';
import { benchFrequency } from './frequency';
import { benchWorld } from './world';
import { benchSpectrum } from './spectrum';
import { benchEntropy } from './entropy';
import { benchPhase } from './phase';
import { benchReduce } from './reduce';
import { benchStore } from './store';
import { benchQueue } from './queue';
import { benchMetrics } from './metrics';
import { benchRateLimits } from './rate-limits';
import { benchProgress } from './progress';
import { benchWorkModel } from './work-model';
import { benchServicePath } from './service-path';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** True when BENCH_ONLY is unset or names the section. */
function wanted(section: string): boolean {
  const only = process.env.BENCH_ONLY?.trim();
  return !only || only.split(',').map((s) => s.trim()).includes(section);
}

function randomGraph(n: number, m: number, seed: number): [number, number, number][] {
  const r = lcg(seed);
  const seen = new Set<number>();
  const edges: [number, number, number][] = [];
  while (edges.length < m) {
    const i = Math.floor(r() * n), j = Math.floor(r() * n);
    if (i === j) continue;
    const key = Math.min(i, j) * n + Math.max(i, j);
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push([i, j, 1]);
  }
  return edges;
}

function randomQubo(n: number, seed: number) {
  const r = lcg(seed);
  const linear: Record<string, number> = {};
  const quadratic: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    linear[String(i)] = Math.round(r() * 200 - 100);
    for (let j = i + 1; j < n; j++) quadratic.push([i, j, Math.round(r() * 200 - 100)]);
  }
  return { linear, quadratic };
}

async function timed(engine: Engine, req: EngineRequest) {
  const t0 = performance.now();
  const res = await engine.solve(req);
  return { res, ms: performance.now() - t0 };
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));
const ratio = (ts: number, nat: number) => (nat > 0 ? (ts / nat).toFixed(1) + '×' : '-');

async function main() {
  const ts = createTsEngine();
  const native = createNativeEngine();
  const engines: [string, Engine | null][] = [['ts', ts], ['native', native]];
  if (!native) console.log(`native engine unavailable (${nativeStatus().error ?? 'unknown'}): native columns show "-"\n`);
  const dir = benchmarksDir(ROOT);
  const effort: Effort = (process.env.BENCH_EFFORT as Effort) ?? 'medium';

  // 1. Max-cut heuristic at a deterministic effort: random n=800 and Gset graphs.
  if (wanted('medium')) {
    const cases: { name: string; n: number; edges: [number, number, number][]; best?: number }[] = [
      { name: 'random n=800 m=19176', n: 800, edges: randomGraph(800, 19176, 1) },
    ];
    for (const name of (process.env.BENCH_GSET ?? 'G1').split(',')) {
      const g = loadGset(dir, name);
      if (g) cases.push({ name: g.name, n: g.n, edges: g.edges, best: g.bestKnown });
      else console.log(`skipped ${name}: not found under ${dir}/maxcut`);
    }
    const rows: (string | number)[][] = [];
    for (const c of cases) {
      const problem = canonicalMaxcut(c.n, c.edges, false);
      const out: Record<string, { cut: number; ms: number } | null> = {};
      for (const [id, e] of engines) {
        if (!e) { out[id] = null; continue; }
        const { res, ms } = await timed(e, { command: 'maxcut', problem, effort, seed: 0, model: process.env.BENCH_MODEL || undefined });
        out[id] = { cut: res.objective, ms };
      }
      const gap = (v?: number) => (c.best && v !== undefined ? (((c.best - v) / c.best) * 100).toFixed(2) + '%' : '-');
      rows.push([
        c.name, c.n, c.edges.length, c.best ?? '-',
        out.ts?.cut ?? '-', gap(out.ts?.cut), out.ts ? fmt(out.ts.ms) : '-',
        out.native?.cut ?? '-', gap(out.native?.cut), out.native ? fmt(out.native.ms) : '-',
        out.ts && out.native ? ratio(out.ts.ms, out.native.ms) : '-',
      ]);
    }
    console.log(`## Max-cut heuristic (effort ${effort}, seed 0)\n`);
    console.log(table(['instance', 'n', 'm', 'best known', 'TS cut', 'TS gap', 'TS ms', 'native cut', 'native gap', 'native ms', 'TS/native time'], rows));
  }

  // 2. Gset at effort high with a 10 s deadline, and the Beasley bqp set.
  if (wanted('gset')) console.log(`\n${await benchGsetHigh(dir, ts, native)}`);
  if (wanted('gset-bound')) console.log(`\n${await benchGsetBound(dir, ts, native)}`);
  if (wanted('bqp')) console.log(`\n${await benchBqp(dir, ts, native)}`);

  // 3. Exact Gray-code enumeration (certified) on dense random QUBOs.
  if (wanted('exact')) {
    const exactRows: (string | number)[][] = [];
    for (const n of (process.env.BENCH_EXACT_N ?? '20,24').split(',').map(Number)) {
      const q = randomQubo(n, n);
      const problem = canonicalQubo(n, q.linear, q.quadratic);
      const out: Record<string, { e: number; ms: number; proof: string | null } | null> = {};
      for (const [id, e] of engines) {
        if (!e) { out[id] = null; continue; }
        const { res, ms } = await timed(e, { command: 'optimize', problem, effort: 'high', seed: 0 });
        out[id] = { e: res.objective, ms, proof: res.proof };
      }
      exactRows.push([
        `dense QUBO n=${n}`, out.ts?.e ?? '-', out.ts?.proof ?? '-', out.ts ? fmt(out.ts.ms) : '-',
        out.native?.e ?? '-', out.native?.proof ?? '-', out.native ? fmt(out.native.ms) : '-',
        out.ts && out.native ? ratio(out.ts.ms, out.native.ms) : '-',
      ]);
    }
    console.log(`\n## Exact enumeration (effort high)\n`);
    console.log(table(['instance', 'TS energy', 'TS proof', 'TS ms', 'native energy', 'native proof', 'native ms', 'TS/native time'], exactRows));
  }

  // 4. Validation throughput of a large maxcut body.
  if (wanted('validate')) {
    const m = 1_000_000;
    const body = {
      tag: 'svc-cortex-v1', description: 'Bench: split a large sparse network in two.',
      n: 100_000, edges: randomGraph(100_000, m, 7),
    };
    const t0 = performance.now();
    validateProblem('maxcut', body, { sandbox: false });
    const validateMs = performance.now() - t0;
    const t1 = performance.now();
    canonicalMaxcut(100_000, body.edges, false);
    const canonMs = performance.now() - t1;
    console.log(`\n## Validation of a maxcut with ${m.toLocaleString('en-US')} edges\n`);
    console.log(table(['step', 'ms'], [['validateProblem', fmt(validateMs)], ['canonicalMaxcut', fmt(canonMs)]]));
  }
  if (wanted('family')) console.log(`\n${await benchFamily(ts, native)}`);
  if (wanted('rank')) console.log(`\n${await benchRank(dir, engines, process.env.BENCH_PLOTS_DIR ?? resolve(ROOT, 'docs', 'benchmarks'))}`);
  if (wanted('tsp')) console.log(`\n${await benchTsp(dir, ts, native, ROOT, process.env.BENCH_PLOTS_DIR ?? resolve(ROOT, 'docs', 'benchmarks'))}`);
  if (wanted('qap')) console.log(`\n${await benchQap(dir, ts, native, process.env.BENCH_PLOTS_DIR ?? resolve(ROOT, 'docs', 'benchmarks'))}`);
  if (wanted('milp')) console.log(`\n${await benchMilp(ts, native, process.env.BENCH_PLOTS_DIR ?? resolve(ROOT, 'docs', 'benchmarks'))}`);
  if (wanted('cover')) console.log(`\n${await benchCover(dir, ts, native, process.env.BENCH_PLOTS_DIR ?? resolve(ROOT, 'docs', 'benchmarks'))}`);
  if (wanted('design')) console.log(`\n${await benchDesign(dir, ts, native, process.env.BENCH_PLOTS_DIR ?? resolve(ROOT, 'docs', 'benchmarks'))}`);
  if (wanted('precision')) console.log(`\n${await benchPrecision(ts, native)}`);
  if (wanted('relation')) console.log(`\n${await benchRelation(ts, native)}`);
  if (wanted('erasure')) console.log(`\n${await benchErasure(ts, native)}`);
  if (wanted('xorsat')) console.log(`\n${await benchXorsat(ts, native)}`);
  if (wanted('frequency')) console.log(`\n${await benchFrequency(ROOT, ts, native, process.env.BENCH_PLOTS_DIR ?? resolve(ROOT, 'docs', 'benchmarks'))}`);
  if (wanted('world')) console.log(`\n${await benchWorld(ROOT, ts, native)}`);
  if (wanted('spectrum')) console.log(`\n${await benchSpectrum(ts, native, process.env.BENCH_PLOTS_DIR ?? resolve(ROOT, 'docs', 'benchmarks'))}`);
  if (wanted('entropy')) console.log(`\n${await benchEntropy(ts, native, process.env.BENCH_PLOTS_DIR ?? resolve(ROOT, 'docs', 'benchmarks'))}`);
  if (wanted('phase')) console.log(`\n${await benchPhase(ts, native, process.env.BENCH_PLOTS_DIR ?? resolve(ROOT, 'docs', 'benchmarks'))}`);
  if (wanted('reduce')) console.log(`\n${await benchReduce(ts, native)}`);
  if (wanted('store')) console.log(`\n${await benchStore()}`);
  if (wanted('queue')) console.log(`\n${await benchQueue()}`);
  if (wanted('metrics')) console.log(`\n${await benchMetrics()}`);
  if (wanted('rate-limits')) console.log(`\n${await benchRateLimits()}`);
  if (wanted('progress')) console.log(`\n${await benchProgress(ts, native)}`);
  if (wanted('quantum-scale')) await quantumScaleBench();
  if (wanted('work-model')) console.log(`\n${await benchWorkModel(engines)}`);
  if (wanted('certificates')) console.log(`\n${await benchCertificates(dir, engines)}`);
  if (wanted('service-path')) console.log(`\n${await benchServicePath(process.env.BENCH_PLOTS_DIR ?? resolve(ROOT, 'docs', 'benchmarks'))}`);
  await benchExactCaps(engines);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
