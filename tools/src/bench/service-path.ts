/**
 * Section `service-path` of `npm run bench` (issue 36): where a request's time goes between the
 * HTTP door and the engine. The server (startServer: the `npm start` app, SQLite store in a
 * temporary directory, native engine when it loads) runs in this process on 127.0.0.1, port 0;
 * one verified free-plan key sends each request BENCH_SP_REPS times one at a time (a different
 * seed each time, so no answer comes from the result cache; precision, world, protect and recover
 * ignore the seed), after one warm-up. The solve path's stage marks (libs/service/src/solve/stage-marks.ts,
 * off outside this bench) give each stage's p50; "wall" is the client's, from the first byte
 * written to the last byte read, on the same clock.
 * Env: BENCH_SP_REPS (small requests, default 30), BENCH_SP_REPS_LARGE (data-heavy ones, default 3),
 * BENCH_SP_ROWS (comma list of row ids; default all: precision, relation, maxcut, terrain,
 * neighbors-50k, neighbors-200k, protect, recover, xorsat), BENCH_PLOTS_DIR (the SVG's folder).
 */
import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer, type RunningServer } from '@svc/http';
import { setStageRecorder } from '@svc/service';
import { erasureData } from '@svc/engine-ts/families/erasure/testing';
import { lcg } from './lcg';
import { table } from './table';
import { linePlot } from '../plot/svg';

const TAG = 'svc-cortex-v1';

/**
 * The solve path's marks in the order they are reached; a stage's time is its mark minus the
 * latest earlier mark present (a large body's parse, validation and plan happen on a solve worker:
 * its `planned` mark then covers all three).
 */
const STAGES: readonly (readonly [mark: string, label: string])[] = [
  ['arrived', 'HTTP in'],
  ['authorized', 'auth, rate'],
  ['body-read', 'body read'],
  ['parsed', 'JSON parse'],
  ['claimed', 'idempotency'],
  ['validated', 'validation'],
  ['planned', 'canonical form, plan'],
  ['admitted', 'admission, cache look-up'],
  ['submitted', 'submit'],
  ['worker-start', 'to worker'],
  ['worker-end', 'engine (worker)'],
  ['returned', 'worker re-check, back'],
  ['rescored', 're-score'],
  ['enveloped', 'receipt, envelope'],
  ['held', 'settle: hold (SQLite)'],
  ['metered', 'settle: usage log'],
  ['settled', 'settle: result cache'],
  ['serialised', 'serialise'],
  ['client', 'send, client read'],
];

interface Row {
  readonly id: string;
  readonly name: string;
  readonly command: string;
  readonly large: boolean;
  /** The body (built lazily: the large ones take memory). */
  body(): Buffer;
}

const json = (v: unknown) => Buffer.from(JSON.stringify(v));

function uniform(n: number, dims: number, seed: number): number[][] {
  const r = lcg(seed);
  return Array.from({ length: n }, () => Array.from({ length: dims }, () => r()));
}

function terrainBody(side: number, points: number): Buffer {
  const grid = Array.from({ length: side }, (_, y) => Array.from({ length: side }, (_, x) => Math.round(Math.sin(x / 50) * Math.cos(y / 70) * 1e6) / 1e5));
  const r = lcg(3);
  const pts = Array.from({ length: points }, () => [r() * (side - 1), r() * (side - 1)]);
  return json({ tag: TAG, description: 'Sample a terrain grid at scattered points for the service-path bench.', n: points, op: 'terrain', grid, cell: 1, points: pts });
}

function neighborsBody(n: number): Buffer {
  return json({ tag: TAG, description: 'Find the nearest point of every query for the service-path bench.', n, op: 'neighbors', k: 1, points: uniform(n, 3, 1), queries: uniform(n, 3, 2) });
}

function xorsatBody(n: number): Buffer {
  const r = lcg(n);
  const hidden = Array.from({ length: n }, () => (r() < 0.5 ? 1 : 0));
  const equations = Array.from({ length: n }, () => {
    const vars: number[] = [];
    let rhs = 0;
    for (let c = 0; c < n; c++) {
      if (r() < 0.5) {
        vars.push(c);
        rhs ^= hidden[c];
      }
    }
    return { vars, rhs };
  });
  return json({ tag: TAG, description: 'Solve a dense random parity system for the service-path bench.', n, equations });
}

const ERASURE_BYTES = 16 * 1024 * 1024;
let protectAnswer: { manifest: unknown; shards: (string | null)[] } | null = null;

function rows(): Row[] {
  const all: Row[] = [
    {
      id: 'precision', name: 'precision sqrt(2), 31 digits', command: 'precision', large: false,
      body: () => json({ tag: TAG, description: 'Give the diagonal of a unit square to 31 significant digits for a calibration table.', n: 31, op: 'sqrt', x: '2', digits: 31 }),
    },
    {
      id: 'relation', name: 'relation ln 6, ln 2, ln 3', command: 'relation', large: false,
      body: () => json({
        tag: TAG, description: 'Check whether ln 6 is an integer combination of ln 2 and ln 3 for a units table.', n: 3, digits: 40,
        values: ['1.7917594692280550008124773583807022727229906921830', '0.69314718055994530941723212145817656807550013436026', '1.0986122886681096913952452369225257046474905578227'],
      }),
    },
    {
      id: 'maxcut', name: 'maxcut, 5 nodes', command: 'maxcut', large: false,
      body: () => json({ tag: TAG, description: 'Split five offices into two teams to maximise cross-team links.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] }),
    },
    { id: 'terrain', name: 'world terrain 512², 50,000 points', command: 'world', large: true, body: () => terrainBody(512, 50_000) },
    { id: 'neighbors-50k', name: 'world neighbors 50k × 50k', command: 'world', large: true, body: () => neighborsBody(50_000) },
    { id: 'neighbors-200k', name: 'world neighbors 200k × 200k', command: 'world', large: true, body: () => neighborsBody(200_000) },
    {
      id: 'protect', name: 'protect 16 MiB (10+4)', command: 'protect', large: true,
      body: () => json({ tag: TAG, description: 'Benchmark the service path of protect.', n: ERASURE_BYTES, data: Buffer.from(erasureData(7, ERASURE_BYTES)).toString('base64'), data_shards: 10, parity_shards: 4 }),
    },
    {
      id: 'recover', name: 'recover 16 MiB (4 lost)', command: 'recover', large: true,
      body: () => {
        if (!protectAnswer) throw new Error('recover needs the protect row first');
        return json({ tag: TAG, description: 'Benchmark the service path of recover.', n: ERASURE_BYTES, manifest: protectAnswer.manifest, shards: protectAnswer.shards.map((s, i) => (i < 4 ? null : s)) });
      },
    },
    { id: 'xorsat', name: 'xorsat dense 2,000 × 2,000', command: 'xorsat', large: true, body: () => xorsatBody(2000) },
  ];
  const only = process.env.BENCH_SP_ROWS?.split(',').map((s) => s.trim()).filter(Boolean);
  if (!only) return all;
  // recover is built from protect's answer.
  if (only.includes('recover') && !only.includes('protect')) only.push('protect');
  return all.filter((r) => only.includes(r.id));
}

/** One POST on the keep-alive connection: status, the answer's bytes, and the client's send and end times. */
function post(url: string, path: string, body: Buffer, agent: http.Agent, auth?: string): Promise<{ status: number; bytes: Buffer; sent: number; end: number }> {
  return new Promise((resolve, reject) => {
    const u = new URL(path, url);
    const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': body.length };
    if (auth) headers.authorization = `Bearer ${auth}`;
    const sent = performance.now();
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks), sent, end: performance.now() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A verified free-plan key (registration, the mailed link's token from the outbox). */
async function freeKey(srv: RunningServer, dataDir: string, agent: http.Agent): Promise<string> {
  const reg = await post(srv.url, '/api/v1/accounts', json({ email: 'bench@example.com' }), agent);
  if (reg.status !== 201) throw new Error(`service-path bench: registration answered ${reg.status}: ${reg.bytes.toString().slice(0, 300)}`);
  const lines = readFileSync(join(dataDir, 'outbox', 'outbox.jsonl'), 'utf8').trim().split('\n');
  const token = (JSON.parse(lines.at(-1)!) as { token: string }).token;
  const v = await post(srv.url, '/api/v1/email/verify', json({ token }), agent);
  if (v.status !== 200) throw new Error(`service-path bench: verification answered ${v.status}`);
  return (JSON.parse(reg.bytes.toString()) as { key: { token: string } }).key.token;
}

const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const ms = (v: number) => (!Number.isFinite(v) ? '-' : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0));

/** Stage times of one request from its marks (each mark minus the latest earlier one present). */
function stageTimes(marks: Map<string, number>, sent: number, end: number): Map<string, number> {
  const out = new Map<string, number>();
  let last = sent;
  for (const [mark] of STAGES) {
    const at = mark === 'client' ? end : marks.get(mark);
    if (at === undefined) continue;
    out.set(mark, Math.max(0, at - last));
    last = Math.max(last, at);
  }
  const submitted = marks.get('submitted');
  const prepared = marks.get('receipt-prepared');
  if (submitted !== undefined && prepared !== undefined) out.set('receipt-prepared', prepared - submitted);
  return out;
}

interface Measured {
  readonly row: Row;
  readonly lane: string;
  readonly bodyBytes: number;
  answerBytes: number;
  readonly runs: number;
  readonly walls: number[];
  readonly engines: number[];
  readonly stages: Map<string, number[]>;
}

interface Server {
  readonly lane: string;
  readonly srv: RunningServer;
  readonly dataDir: string;
  readonly agent: http.Agent;
  readonly key: string;
}

async function startOne(directSolves: boolean): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-path-'));
  const srv = await startServer({
    port: 0, dataDir, logger: false, sandboxToken: 'bench-service-path', directSolves,
    access: { freeDailyUnits: 1e12, keyRatePerMinute: 1e9, computeUnitsPerMinute: 1e12 },
    // Every request here is answered in the request (the queue's own path is not under test).
    jobs: { queueThresholdWork: Number.MAX_SAFE_INTEGER },
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return { lane: directSolves ? 'direct on' : 'direct off', srv, dataDir, agent, key: await freeKey(srv, dataDir, agent) };
}

async function stopOne(s: Server): Promise<void> {
  s.agent.destroy();
  await s.srv.close();
  rmSync(s.dataDir, { recursive: true, force: true });
}

/**
 * Sends each row's requests to every server in turn, request by request (so that a change of the
 * machine's load falls on all of them alike); a data-heavy row goes to the last server only.
 */
async function measure(selected: readonly Row[], servers: readonly Server[], reps: number, repsLarge: number, marks: Map<string, number>): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const row of selected) {
    const body = row.body();
    const n = row.large ? repsLarge : reps;
    const targets = row.large ? servers.slice(-1) : servers;
    const ms = targets.map((t): Measured & { answerBytes: number } => ({ row, lane: t.lane, bodyBytes: body.length, answerBytes: 0, runs: n, walls: [], engines: [], stages: new Map() }));
    for (let i = -1; i < n; i++) {
      for (let s = 0; s < targets.length; s++) {
        const { srv, agent, key } = targets[s];
        const m = ms[s];
        marks.clear();
        const r = await post(srv.url, `/api/v1/solve/${row.command}?seed=${i + 1}`, body, agent, key);
        if (r.status !== 200) throw new Error(`service-path bench: ${row.name} answered ${r.status}: ${r.bytes.toString().slice(0, 400)}`);
        const times = stageTimes(marks, r.sent, r.end);
        const answer = JSON.parse(r.bytes.toString()) as { elapsed_ms: number; cached?: boolean; manifest?: unknown; shards?: string[] };
        if (answer.cached) throw new Error(`service-path bench: ${row.name} came from the result cache`);
        if (row.id === 'protect' && i === -1) protectAnswer = { manifest: answer.manifest, shards: answer.shards! };
        if (i < 0) continue; // warm-up
        m.answerBytes = r.bytes.length;
        m.walls.push(r.end - r.sent);
        m.engines.push(answer.elapsed_ms);
        for (const [k, v] of times) m.stages.set(k, [...(m.stages.get(k) ?? []), v]);
      }
    }
    results.push(...ms);
  }
  return results;
}

export async function benchServicePath(plotsDir: string): Promise<string> {
  const reps = Number(process.env.BENCH_SP_REPS ?? 30);
  const repsLarge = Number(process.env.BENCH_SP_REPS_LARGE ?? 3);
  const selected = rows();
  const marks = new Map<string, number>();
  // Set before the servers are built: the solve route's serialise mark is a hook added only then.
  setStageRecorder((stage, at) => marks.set(stage, at));
  let engine = '';
  let all: Measured[] = [];
  const servers: Server[] = [];
  try {
    // Small requests go to a server with the direct lane off (every solve through a worker) and to
    // one with it on, alternately; the data-heavy ones never take it (solve/direct-lane.ts
    // DIRECT_MAX_UNITS) and go to the second only.
    servers.push(await startOne(false), await startOne(true));
    engine = servers[1].srv.service.engine;
    all = await measure(selected, servers, reps, repsLarge, marks);
  } finally {
    setStageRecorder(null);
    for (const s of servers) await stopOne(s);
  }
  const tableRows: (string | number)[][] = [];
  const stageRows: (string | number)[][] = [];
  const plotWall: [number, number][] = [];
  const plotEngine: [number, number][] = [];
  const plotMarks: { x: number; label: string }[] = [];
  for (const m of all) {
    const wall = median(m.walls);
    const eng = median(m.engines);
    tableRows.push([
      m.row.name, m.row.large ? '-' : m.lane, (m.bodyBytes / 1e6).toFixed(2), (m.answerBytes / 1e6).toFixed(2), m.runs, ms(wall), ms(eng), ms(wall - eng),
      eng > 0 ? ((wall - eng) / eng).toFixed(1) : '-',
    ]);
    stageRows.push([m.row.large ? m.row.id : `${m.row.id} (${m.lane})`, ...STAGES.map(([k]) => ms(median(m.stages.get(k) ?? []))), ms(median(m.stages.get('receipt-prepared') ?? []))]);
    if (m.lane === 'direct on') {
      plotWall.push([plotWall.length + 1, wall]);
      plotEngine.push([plotEngine.length + 1, eng]);
      plotMarks.push({ x: plotMarks.length + 1, label: m.row.id });
    }
  }
  mkdirSync(plotsDir, { recursive: true });
  const plot = join(plotsDir, 'service-path.svg');
  writeFileSync(plot, linePlot({
    title: 'service path: wall through HTTP and the engine (p50, log10 ms)', xLabel: 'request', yLabel: 'log10 ms',
    series: [
      { name: 'wall through HTTP', points: plotWall.map(([x, y]) => [x, Math.log10(Math.max(y, 0.01))] as [number, number]) },
      { name: 'engine elapsed_ms', points: plotEngine.map(([x, y]) => [x, Math.log10(Math.max(y, 0.01))] as [number, number]) },
    ],
    marks: plotMarks,
  }));
  return [
    `## service path: in-process HTTP on loopback, one request at a time (engine: ${engine}; p50 ms; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})\n`,
    table(['request', 'lane', 'body MB', 'answer MB', 'runs', 'wall', 'engine', 'wall − engine', '(wall − engine) ÷ engine'], tableRows),
    '',
    'Stage p50s (ms; each stage from the previous mark; "receipt prep" runs beside the engine):\n',
    table(['request', ...STAGES.map(([, l]) => l), 'receipt prep'], stageRows),
    '',
    `plot: ${plot}`,
  ].join('\n');
}
