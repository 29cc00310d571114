import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, SCHEMA_COMMANDS, SERVED_COMMANDS, certaintyMatches, inputJsonSchema, isSchemaCommand, validateProblem, type SchemaCommand } from '@svc/contracts';
import { ADAPTERS, CHECKERS, EXAMPLES, EXHAUSTIVE_RECHECK_MAX_N, FORMULATE_TEMPLATES, METRICS_REUSE_MS, MODEL_VERSION, SOLVABLE_COMMANDS } from '@svc/service';
import { TAG, call, expectProblem, parseExposition, sandboxToken, start, stopAll, verySlowWorker, type TestServer } from '../test/helpers';

// Public documents and operations endpoints: examples (each solved and checked here), formulate,
// the OpenAPI document (validated, every served route present), the agent card, readiness,
// Prometheus metrics, and structured logs with a request id.
let t: TestServer;
let token: string;
const logLines: Record<string, any>[] = [];

beforeAll(async () => {
  t = await start({ ops: { port: 0 }, logger: { level: 'info', stream: { write: (line: string) => void logLines.push(JSON.parse(line)) } } });
  token = await sandboxToken(t.url);
});
afterAll(stopAll);

function holds(r: { type: string; nodes: number[]; k?: number }, x: (i: number) => number): boolean {
  const [a, b] = r.nodes;
  if (r.type === 'requires') return !(x(a) === 1 && x(b) === 0);
  if (r.type === 'identical') return x(a) === x(b);
  if (r.type === 'different') return x(a) !== x(b);
  const ones = r.nodes.reduce((s, i) => s + x(i), 0);
  return { choose_one: ones === 1, choose_exactly: ones === r.k, mutual_exclusion: ones <= 1, capacity_limit: ones <= (r.k ?? 0), force_true: ones === r.nodes.length, force_false: ones === 0 }[r.type] as boolean;
}

/**
 * A command the table of brute() does not name (a new command adds no line here): every 0/1 answer
 * of length n, scored by the command's own checker from the registry (its re-score from the JSON,
 * objective direction); only answers every check accepts count. A checker with its own independent
 * `reference` (numeric commands: the exact value of a small instance) gives it instead. A command
 * whose answer is neither fails, naming this file.
 */
function bruteByChecker(command: SchemaCommand, p: Record<string, any>): number {
  const checker = CHECKERS[command]!;
  const v = validateProblem(command, p, { sandbox: false });
  const prep = ADAPTERS[command]!.prepare(v);
  const reference = checker.reference?.({ v, prep });
  if (reference !== undefined && reference !== null) return reference;
  let best = checker.minimise ? Infinity : -Infinity;
  for (let mask = 0; v.n <= EXHAUSTIVE_RECHECK_MAX_N && mask < 2 ** v.n; mask++) {
    const answer = Array.from({ length: v.n }, (_, i) => (mask >>> i) & 1);
    const { checks, objective } = checker.check({ v, prep, answer, declared: null });
    if (objective === null || !checks.every((c) => c.ok)) continue;
    best = checker.minimise ? Math.min(best, objective) : Math.max(best, objective);
  }
  if (!Number.isFinite(best)) throw new Error(`no 0/1 answer of ${command} passes its checker: give ${command} its own brute force in brute() (apps/http/src/meta.test.ts)`);
  return best;
}

/** Energy of the least-squares fit of [1, cos 2πfn, sin 2πfn] to x (3×3 normal equations by Cramer's rule). */
function toneEnergy(x: number[], f: number): number {
  const cols = [x.map(() => 1), x.map((_, i) => Math.cos(2 * Math.PI * f * i)), x.map((_, i) => Math.sin(2 * Math.PI * f * i))];
  const dot = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i], 0);
  const G = cols.map((a) => cols.map((b) => dot(a, b)));
  const q = cols.map((a) => dot(a, x));
  const det = (m: number[][]) => m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  const d = det(G);
  return q.reduce((s, qi, k) => s + qi * det(G.map((row, r) => row.map((v, c) => (c === k ? q[r] : v)))) / d, 0);
}

/** The dominant frequency (Hz): the least-squares tone energy scanned 8 points a bin, then golden section. */
function bruteFrequency(x: number[], rate: number): number {
  const grid = 8 * x.length;
  let best = 1;
  for (let k = 2; k < grid / 2; k++) if (toneEnergy(x, k / grid) > toneEnergy(x, best / grid)) best = k;
  let [a, b] = [(best - 1) / grid, (best + 1) / grid];
  const g = (Math.sqrt(5) - 1) / 2;
  for (let it = 0; it < 60; it++) {
    const [c, d] = [b - g * (b - a), a + g * (b - a)];
    if (toneEnergy(x, c) > toneEnergy(x, d)) b = d;
    else a = c;
  }
  return ((a + b) / 2) * rate;
}

/** world's objective by definition: reach, highest point, sum of the k nearest distances, speed. */
function bruteWorld(p: Record<string, any>): number {
  if (p.op === 'kinematics') {
    let [x, y, th] = [p.base?.x ?? 0, p.base?.y ?? 0, p.base?.theta ?? 0];
    for (const l of p.links) [th, x, y] = [th + l.angle, x + l.length * Math.cos(th + l.angle), y + l.length * Math.sin(th + l.angle)];
    return Math.hypot(x - (p.base?.x ?? 0), y - (p.base?.y ?? 0));
  }
  if (p.op === 'terrain') {
    const [dx, dy] = typeof p.cell === 'number' ? [p.cell, p.cell] : p.cell;
    return Math.max(...p.points.map(([x, y]: number[]) => {
      const [u, v] = [x / dx, y / dy];
      const [c, r] = [Math.min(Math.floor(u), p.grid[0].length - 2), Math.min(Math.floor(v), p.grid.length - 2)];
      const [fu, fv] = [u - c, v - r];
      return (1 - fu) * (1 - fv) * p.grid[r][c] + fu * (1 - fv) * p.grid[r][c + 1] + (1 - fu) * fv * p.grid[r + 1][c] + fu * fv * p.grid[r + 1][c + 1];
    }));
  }
  if (p.op === 'neighbors') {
    return p.queries.reduce((s: number, q: number[]) => s + p.points.map((pt: number[]) => Math.hypot(...pt.map((v, d) => v - q[d]))).sort((a: number, b: number) => a - b).slice(0, p.k ?? 1).reduce((a: number, b: number) => a + b, 0), 0);
  }
  // predict: the parabola through the last three poses (or the line through two), differentiated at `at`.
  const ps = p.poses.slice(p.poses.length >= 3 ? -3 : -2);
  const rate = (c: string) => ps.length === 2 ? (ps[1][c] - ps[0][c]) / (ps[1].t - ps[0].t)
    : ps.reduce((s: number, pj: any, j: number) => {
      const [a, b] = ps.filter((_: unknown, i: number) => i !== j);
      return s + (pj[c] * (2 * p.at - a.t - b.t)) / ((pj.t - a.t) * (pj.t - b.t));
    }, 0);
  return Math.hypot(rate('x'), rate('y'), ps[0].z === undefined ? 0 : rate('z'));
}

/**
 * precision's value from Python's decimal (sqrt, exp, ln correctly rounded at the digits asked;
 * nthroot and powq at 30 more digits, then rounded half-even), spelled plain without trailing zeros.
 */
function decimalReference(p: Record<string, any>): string {
  const script = [
    'import sys, json',
    'from decimal import Decimal, Context, ROUND_HALF_EVEN',
    'p = json.loads(sys.argv[1]); D = p.get("digits", p.get("n", 31)); C = Context(prec=D, rounding=ROUND_HALF_EVEN); W = Context(prec=D + 30)',
    'x = Decimal(p.get("x", "0")); op = p["op"]',
    'v = {"sqrt": lambda: x.sqrt(C), "exp": lambda: x.exp(C), "ln": lambda: x.ln(C), "nthroot": lambda: C.plus(W.power(x, W.divide(Decimal(1), Decimal(p.get("k", 1))))),',
    '     "powq": lambda: C.plus(W.power(x, W.divide(Decimal(p.get("p", 1)), Decimal(p.get("q", 1))))), "e": lambda: Decimal(1).exp(C), "ln2": lambda: Decimal(2).ln(C)}[op]()',
    'print(format(v.normalize(C), "f"))',
  ].join('\n');
  return execFileSync('python3', ['-c', script, JSON.stringify(p)], { encoding: 'utf8' }).trim();
}

/**
 * relation's witness: every integer vector with entries at most min(max_height, 100) (first nonzero
 * positive) in double arithmetic, |Σ a·x| < 1e-9·max|x|; the first coefficient of the one of least
 * height, or 'none'. Small examples only ((2h+1)^n ≤ 2·10^7).
 */
function bruteRelation(p: Record<string, any>): number | string {
  const x: number[] = (p.values ?? []).map(Number);
  const h = Math.min(p.max_height ?? 1e6, 100);
  if (x.length === 0 || (2 * h + 1) ** x.length > 2e7) throw new Error('relation example too large for the brute force');
  const scale = Math.max(...x.map(Math.abs));
  const a = new Array<number>(x.length).fill(-h);
  let best: number[] | null = null;
  let bestHeight = Infinity;
  for (;;) {
    const first = a.find((c) => c !== 0);
    if (first !== undefined && first > 0) {
      let sum = 0, height = 0;
      for (let i = 0; i < a.length; i++) {
        sum += a[i] * x[i];
        height = Math.max(height, Math.abs(a[i]));
      }
      if (height < bestHeight && Math.abs(sum) < 1e-9 * scale) [best, bestHeight] = [[...a], height];
    }
    let k = 0;
    while (k < a.length && a[k] === h) a[k++] = -h;
    if (k === a.length) break;
    a[k]++;
  }
  if (best !== null) return best[0];
  return 'none';
}

function brute(command: string, p: Record<string, any>): number | string {
  if (command === 'precision') return decimalReference(p);
  if (command === 'relation') return bruteRelation(p);
  if (command === 'frequency') return bruteFrequency(p.signal, p.sample_rate ?? 1);
  if (command === 'world') return bruteWorld(p);
  if (command === 'select') {
    let best = -Infinity;
    for (let mask = 0; mask < 1 << p.m; mask++) {
      const c = [...Array(p.m).keys()].filter((i) => (mask >> i) & 1);
      if (c.length !== p.k) continue;
      let v = c.reduce((s, i) => s + p.affinity[i], 0);
      for (let a = 0; a < c.length; a++) for (let b = a + 1; b < c.length; b++) v -= p.redundancy?.[c[a]][c[b]] ?? 0;
      best = Math.max(best, v);
    }
    return best;
  }
  if (command === 'qap') {
    // Every assignment of facilities to locations.
    const n = p.flow.length;
    let best = Infinity;
    const rec = (perm: number[], left: number[]): void => {
      if (left.length === 0) {
        let c = 0;
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) c += p.flow[i][j] * p.dist[perm[i]][perm[j]];
        best = Math.min(best, c);
      }
      for (let i = 0; i < left.length; i++) rec([...perm, left[i]], [...left.slice(0, i), ...left.slice(i + 1)]);
    };
    rec([], [...Array(n).keys()]);
    return best;
  }
  if (command === 'tsp') {
    // Every tour from city 0, with the request's own distances (matrix, or euc_2d points).
    const n = (p.matrix ?? p.points).length;
    const d = (i: number, j: number) => (p.matrix ? p.matrix[i][j] : Math.floor(Math.hypot(p.points[i][0] - p.points[j][0], p.points[i][1] - p.points[j][1]) + 0.5));
    let best = Infinity;
    const rec = (last: number, left: number[], len: number): void => {
      if (left.length === 0) best = Math.min(best, len + d(last, 0));
      for (let i = 0; i < left.length; i++) rec(left[i], [...left.slice(0, i), ...left.slice(i + 1)], len + d(last, left[i]));
    };
    rec(0, [...Array(n).keys()].slice(1), 0);
    return best;
  }
  if (command === 'rank') {
    // Every order of the items: the fewest [winner, loser] votes with the loser placed first.
    let best = Infinity;
    const rec = (order: string[], rest: string[]): void => {
      if (rest.length === 0) {
        const at = new Map(order.map((name, i) => [name, i]));
        best = Math.min(best, (p.comparisons ?? []).filter(([w, l]: string[]) => at.get(l)! < at.get(w)!).length);
      }
      for (let i = 0; i < rest.length; i++) rec([...order, rest[i]], [...rest.slice(0, i), ...rest.slice(i + 1)]);
    };
    rec([], p.items);
    return best;
  }
  if (command === 'design') {
    // Every answer: K^L value vectors, the coupling from the table or the rounded cosine.
    const cost = (a: number, b: number) => (p.table ? p.table[a][b] : p.circular ? Math.floor(-p.circular.j * (p.circular.scale ?? 1) * Math.cos((2 * Math.PI * Math.min((a - b + p.K) % p.K, (b - a + p.K) % p.K)) / p.K) + 0.5) : 0);
    let best = Infinity;
    const x = new Array<number>(p.L).fill(0);
    for (;;) {
      let e = 0;
      for (const [s, v, w] of p.bias ?? []) if (x[s] === v) e += w;
      for (const [i, j] of p.bonds ?? []) e += cost(x[i], x[j]);
      best = Math.min(best, e);
      let k = 0;
      while (k < p.L && ++x[k] === p.K) x[k++] = 0;
      if (k === p.L) return best;
    }
  }
  if (command === 'cover') {
    // Every subset of the sets that covers the universe.
    let best = Infinity;
    for (let mask = 0; mask < 1 << p.sets.length; mask++) {
      const hit = new Set<number>();
      let c = 0;
      p.sets.forEach((s: number[], j: number) => {
        if (!((mask >> j) & 1)) return;
        c += p.costs?.[j] ?? 1;
        s.forEach((e) => hit.add(e));
      });
      if (hit.size === p.universe) best = Math.min(best, c);
    }
    return best;
  }
  if (command === 'milp') {
    // Every 0/1 assignment of the binaries; the (convex) continuous part by coordinate descent.
    const n = p.vars.length;
    const bins = [...Array(n).keys()].filter((i) => p.vars[i].domain === 'binary');
    const f = (x: number[]) => {
      let v = 0;
      for (const [k, c] of Object.entries(p.linear ?? {})) v += (c as number) * x[Number(k)];
      for (const [k, q] of Object.entries(p.diag ?? {})) v += 0.5 * (q as number) * x[Number(k)] ** 2;
      for (const [i, j, w] of p.quadratic ?? []) v += w * x[i] * x[j];
      return v;
    };
    let best = Infinity;
    for (let mask = 0; mask < 1 << bins.length; mask++) {
      const x = new Array<number>(n).fill(0);
      bins.forEach((i, k) => (x[i] = (mask >> k) & 1));
      for (let sweep = 0; sweep < 1000; sweep++) {
        for (let i = 0; i < n; i++) {
          if (p.vars[i].domain === 'binary') continue;
          let g = p.linear?.[String(i)] ?? 0;
          for (const [a, b, w] of p.quadratic ?? []) g += a === i ? w * x[b] : b === i ? w * x[a] : 0;
          const q = p.diag?.[String(i)] ?? 0;
          x[i] = Math.min(p.vars[i].hi ?? Infinity, Math.max(p.vars[i].lo ?? -Infinity, -g / q));
        }
      }
      best = Math.min(best, f(x));
    }
    return best;
  }
  if (command === 'protect') return Buffer.from(p.data, 'base64').length;
  if (command === 'recover') {
    // The shards to rebuild: missing ones, and given ones whose SHA-256 is not the manifest's.
    return p.shards.filter((s: string | null, i: number) => s === null || createHash('sha256').update(Buffer.from(s, 'base64')).digest('hex') !== p.manifest.sha256[i]).length;
  }
  if (command === 'rules') {
    let best: [number, number] = [Infinity, Infinity];
    for (let mask = 0; mask < 1 << p.n; mask++) {
      const x = (i: number) => (mask >> i) & 1;
      const viol = p.constraints.filter((r: any) => !holds(r, x)).length;
      let e = 0;
      for (const [k, h] of Object.entries(p.linear ?? {})) if (x(Number(k))) e += h as number;
      for (const [i, j, w] of p.quadratic ?? []) if (x(i) && x(j)) e += w;
      if (viol < best[0] || (viol === best[0] && e < best[1])) best = [viol, e];
    }
    return best[1];
  }
  // The QUBO family (its problem kinds qubo and maxcut) below; any other command: its registry checker.
  const kind = ADAPTERS[command as SchemaCommand]!.prepare(validateProblem(command as SchemaCommand, p, { sandbox: false })).problem.kind;
  if (kind !== 'qubo' && kind !== 'maxcut') return bruteByChecker(command as SchemaCommand, p);
  const n = p.n as number;
  let best = command === 'maxcut' ? -Infinity : Infinity;
  if (command === 'maxcut' && p.complete) return Math.floor((n * n) / 4);
  for (let mask = 0; mask < 1 << n; mask++) {
    const x = (i: number) => (mask >> i) & 1;
    let v = 0;
    if (command === 'feel') {
      const s = (i: number) => 2 * x(i) - 1;
      for (const [k, h] of Object.entries(p.field ?? {})) v += (h as number) * s(Number(k));
      for (const [i, j, w] of p.quadratic ?? []) v += w * s(i) * s(j);
      best = Math.min(best, v);
    } else if (command !== 'maxcut') {
      if (Object.entries(p.pins ?? {}).some(([k, b]) => x(Number(k)) !== b)) continue;
      for (const [k, h] of Object.entries(p.linear ?? {})) if (x(Number(k))) v += h as number;
      for (const [i, j, w] of p.quadratic ?? []) if (x(i) && x(j)) v += w;
      best = Math.min(best, v);
    } else {
      for (const [i, j, w] of p.edges) if (x(i) !== x(j)) v += w;
      best = Math.max(best, v);
    }
  }
  return best;
}

describe('GET /api/v1/examples', () => {
  it('lists engine-verified recipes; every solvable command has one', async () => {
    const r = await call(t.url, 'GET', '/api/v1/examples');
    expect(r.status).toBe(200);
    expect(r.json.examples).toHaveLength(EXAMPLES.length);
    for (const c of SOLVABLE_COMMANDS) expect(EXAMPLES.some((e) => e.command === c), c).toBe(true);
    expect(new Set(EXAMPLES.map((e) => e.id)).size).toBe(EXAMPLES.length);
  });

  it.each(EXAMPLES.map((e) => [e.id, e] as const))('%s is solved by the engine to its expected, brute-forced answer and verifies', async (_id, e) => {
    const listed = (await call(t.url, 'GET', '/api/v1/examples')).json.examples.find((x: any) => x.id === e.id);
    const q = new URLSearchParams(Object.entries(listed.request.query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const r = await call(t.url, 'POST', `${listed.request.path}?${q}`, { body: listed.request.body, auth: token });
    expect(r.status).toBe(200);
    const at = e.expected.field.split('.').reduce<any>((o, k) => o?.[k], r.json);
    // A numeric operation's value is stated with its tolerance, every other exactly; a certainty is
    // the text itself or a template whose `<t>` is the measured tolerance (contracts certaintyMatches).
    const tol = e.expected.tolerance;
    const near = (x: unknown) => (tol === undefined ? expect(x).toBe(e.expected.value) : expect(Math.abs(Number(x) - Number(e.expected.value))).toBeLessThanOrEqual(tol));
    near(at);
    expect(certaintyMatches(r.json.certainty, e.expected.certainty), `${r.json.certainty} vs ${e.expected.certainty}`).toBe(true);
    // A planted instance is its own witness: its ground energy is known by construction (and re-scored by verify).
    if (e.command === 'quantum-scale') expect(r.json).toMatchObject({ planted_energy: e.expected.value, reached_floor: true });
    else near(brute(e.command, e.problem));
    const v = await call(t.url, 'POST', `/api/v1/verify/${e.command}`, { body: { problem: e.problem, answer: r.json }, auth: token });
    expect(v.json.ok).toBe(true);
  });
});

describe('GET /api/v1/formulate/<command>', () => {
  it.each(SCHEMA_COMMANDS.map((c) => [c]))('%s: fields from its schema, conventions, steps and a worked example that validates', async (c) => {
    const r = await call(t.url, 'GET', `/api/v1/formulate/${c}`);
    expect(r.status).toBe(200);
    const w = r.json;
    const props = Object.keys((inputJsonSchema(c as SchemaCommand) as { properties: object }).properties);
    expect(w.fields.map((f: any) => f.name)).toEqual(props);
    expect(w.fields.find((f: any) => f.name === 'tag')).toMatchObject({ required: true });
    expect(w.conventions.join(' ')).toMatch(/0-based/);
    expect(w.next.verify).toBe(`POST /api/v1/verify/${c}`);
    expect(w.available).toBe((SOLVABLE_COMMANDS as readonly string[]).includes(c));
    if (w.available) expect(w.example.source).toBe('examples');
    if (w.example) expect(() => validateProblem(c, w.example.problem, { sandbox: true })).not.toThrow();
  });

  it('every template is a valid problem of its command; an unknown command is 404', async () => {
    for (const [c, p] of Object.entries(FORMULATE_TEMPLATES)) expect(() => validateProblem(c, p, { sandbox: false }), c).not.toThrow();
    expectProblem(await call(t.url, 'GET', '/api/v1/formulate/not-a-command'), 404, 'SVC_UNSUPPORTED');
  });
});

describe('GET /api/v1/openapi.json', () => {
  let doc: Record<string, any>;
  beforeAll(async () => {
    const r = await call(t.url, 'GET', '/api/v1/openapi.json');
    expect(r.status).toBe(200);
    doc = r.json;
  });

  it('is a structurally valid OpenAPI 3.1 document whose every $ref resolves', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '1.0.0' });
    expect(doc.servers[0].url).toBe(t.url);
    const tags = new Set(doc.tags.map((x: any) => x.name));
    const ids = new Set<string>();
    for (const [p, item] of Object.entries<Record<string, any>>(doc.paths)) {
      expect(p.startsWith('/')).toBe(true);
      const params = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries<Record<string, any>>(item)) {
        expect(['get', 'post', 'delete']).toContain(method);
        expect(typeof op.operationId).toBe('string');
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        expect(op.summary.length).toBeGreaterThan(0);
        for (const tag of op.tags) expect(tags.has(tag)).toBe(true);
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        for (const [code, given] of Object.entries<Record<string, any>>(op.responses)) {
          expect(code).toMatch(/^[1-5][0-9][0-9]$/);
          // An error response is defined once under components.responses and referenced.
          const resp = typeof given.$ref === 'string' ? doc.components.responses[given.$ref.replace('#/components/responses/', '')] : given;
          expect(resp, `${code} ${given.$ref ?? ''}`).toBeDefined();
          expect(typeof resp.description).toBe('string');
          for (const media of Object.values<Record<string, any>>(resp.content ?? {})) expect(typeof media.schema).toBe('object');
        }
        const declared = (op.parameters ?? []).filter((x: any) => x.in === 'path').map((x: any) => x.name);
        expect(declared.sort()).toEqual([...params].sort());
        for (const x of op.parameters ?? []) {
          expect(['path', 'query', 'header']).toContain(x.in);
          if (x.in === 'path') expect(x.required).toBe(true);
        }
        for (const s of op.security ?? []) for (const name of Object.keys(s)) expect(doc.components.securitySchemes).toHaveProperty(name);
      }
    }
    const refs: string[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (k === '$ref') refs.push(x as string);
          else walk(x);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const r of refs) {
      expect(r).toMatch(/^#\/components\/(schemas|responses)\/[A-Za-z]+$/);
      expect(doc.components[r.split('/')[2]!]).toHaveProperty(r.split('/').pop()!);
    }
    for (const s of Object.values<Record<string, any>>(doc.components.schemas)) expect(s).not.toHaveProperty('$schema');
  });

  it('has every served command: problem and result schemas, solve, preflight, verify and formulate paths', () => {
    for (const c of SERVED_COMMANDS) {
      const P = c.split('-').map((x) => x[0].toUpperCase() + x.slice(1)).join('');
      expect(doc.components.schemas[`${P}Problem`]).toMatchObject({ type: 'object', additionalProperties: false });
      expect(doc.components.schemas[`${P}Result`]).toBeTypeOf('object');
      expect(doc.paths[`/api/v1/solve/${c}`].post.requestBody.content['application/json'].schema.$ref).toBe(`#/components/schemas/${P}Problem`);
      for (const p of ['analyze', 'estimate', 'preflight', 'verify']) expect(doc.paths[`/api/v1/${p}/${c}`].post, `${p}/${c}`).toBeDefined();
      expect(doc.paths[`/api/v1/formulate/${c}`].get).toBeDefined();
    }
  });

  it('describes every route the server serves, and serves every route it describes', () => {
    const norm = (p: string) => p.replace(/:[A-Za-z_]+/g, '{}').replace(/\{[^}]+\}/g, '{}');
    // Other protocols over HTTP (tRPC, MCP) and the docs UI describe themselves: AppRouter, tools/list, /docs/json.
    const served = t.srv.app.svcRoutes.filter((r) => r.method !== 'HEAD' && !/^\/(trpc|mcp|docs)(\/|$)/.test(r.url));
    expect(served.length).toBeGreaterThan(20);
    const documented = new Set<string>();
    for (const [p, item] of Object.entries<Record<string, unknown>>(doc.paths)) for (const m of Object.keys(item)) documented.add(`${m.toUpperCase()} ${norm(p)}`);
    const servedSet = new Set<string>();
    for (const r of served) {
      const urls = r.url.includes(':command') ? SERVED_COMMANDS.map((c) => r.url.replace(':command', c)) : [r.url];
      for (const u of urls) {
        servedSet.add(`${r.method} ${norm(u)}`);
        expect(documented.has(`${r.method} ${norm(u)}`), `${r.method} ${u} is not in the OpenAPI document`).toBe(true);
      }
    }
    for (const d of documented) expect(servedSet.has(d), `${d} is documented but not served`).toBe(true);
  });
});

describe('the agent card', () => {
  it('states the zero-credential contract, the live sandbox limits, and that solving never runs on the client', async () => {
    const r = await call(t.url, 'GET', '/.well-known/svc-agent-card.json');
    expect(r.status).toBe(200);
    const c = r.json;
    expect(c.solving).toMatchObject({ runs_on: 'service', client_side_solving: false });
    expect(c.solving.statement).toMatch(/never on the client/);
    expect(c.zero_credential_contract).toMatchObject({ signup_required: false, token_is_secret: false, token_endpoint: `${t.url}/api/v1/sandbox` });
    expect(c.zero_credential_contract.sandbox_limits).toMatchObject({ max_n: 50_000, max_body_bytes: 8 * 1024 * 1024, requests_per_minute_per_ip: 10_000, daily_compute_units_per_ip: 10_000 });
    expect(c.commands_available).toEqual([...SOLVABLE_COMMANDS]);
    expect(c.tag).toBe(TAG);
    expect(c.endpoints.openapi).toBe(`${t.url}/api/v1/openapi.json`);
  });
});

describe('operations: readiness, metrics, request ids and logs', () => {
  it('/readyz is 200 while the store, pool and job runner are up, 503 when one is down', async () => {
    const r = await call(t.url, 'GET', '/readyz');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ready: true, checks: { store: 'ok', solver_pool: 'ok', job_runner: 'ok' } });
    const other = await start();
    await other.srv.service.jobs.close();
    const down = await call(other.url, 'GET', '/readyz');
    expect(down.status).toBe(503);
    expect(down.json).toMatchObject({ ready: false, checks: { store: 'ok', job_runner: 'down' } });
  });

  it('/metrics is not on the API port: a 404 problem document there, like any unknown route', async () => {
    for (const m of ['GET', 'POST']) {
      const r = await call(t.url, m, '/metrics');
      expectProblem(r, 404, 'SVC_NOT_FOUND');
      expect(r.headers.get('x-request-id')).toBeTruthy();
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('the operations port (SVC_OPS_PORT) serves /metrics, /healthz and /readyz, GET only, and nothing of the API', async () => {
    const ops = t.srv.opsUrl!;
    expect(ops).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(ops).port).not.toBe(new URL(t.url).port);
    expect((await call(ops, 'GET', '/healthz')).json).toMatchObject({ status: 'ok', engine: 'ts' });
    expect((await call(ops, 'GET', '/readyz')).json).toMatchObject({ ready: true });
    expect((await fetch(`${ops}/metrics`)).status).toBe(200);
    expect((await fetch(`${ops}/metrics`, { method: 'POST', body: '' })).status).toBe(405);
    expect((await fetch(`${ops}/api/v1/pricing`)).status).toBe(404);
    // A scrape within METRICS_REUSE_MS of another is answered with the same text (a flood renders once a second).
    const [a, b] = await Promise.all([fetch(`${ops}/metrics`).then((r) => r.text()), fetch(`${ops}/metrics`).then((r) => r.text())]);
    expect(b).toBe(a);
  });

  it('/metrics: requests by route and code, the solve latency histogram, queue depth and the engine, labelled with the process', async () => {
    await call(t.url, 'GET', '/healthz');
    await call(t.url, 'GET', '/no/such/route');
    await call(t.url, 'POST', '/api/v1/solve/maxcut', { body: { tag: TAG, description: 'Split five offices into two teams.', n: 3, edges: [[0, 1, 1], [1, 2, 1]] }, auth: token });
    // Past the reuse window of the scrapes above, so this one sees the calls just made.
    await new Promise((r) => setTimeout(r, METRICS_REUSE_MS));
    const res = await fetch(`${t.srv.opsUrl!}/metrics`);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    // parseExposition refuses a sample without its family's HELP and TYPE, a bad name, label or value.
    const e = parseExposition(await res.text());
    const processName = `http-${hostname()}:${process.pid}`;
    for (const f of e.families.values()) for (const s of f.samples) expect(s.labels.process, s.name).toBe(processName);
    expect(e.value('svc_http_requests_total', { code: '200', method: 'GET', route: '/healthz' })).toBeGreaterThanOrEqual(1);
    expect(e.value('svc_http_requests_total', { code: '404', method: 'GET', route: 'unmatched' })).toBeGreaterThanOrEqual(1);
    expect(e.value('svc_http_requests_total', { code: '200', method: 'POST', route: '/api/v1/solve/:command' })).toBeGreaterThanOrEqual(1);
    expect(e.families.get('svc_solve_duration_seconds')?.type).toBe('histogram');
    const count = e.value('svc_solve_duration_seconds_count', { command: 'maxcut', engine: 'ts', lane: 'sync' });
    expect(count).toBeGreaterThanOrEqual(1);
    expect(e.value('svc_solve_duration_seconds_bucket', { command: 'maxcut', engine: 'ts', lane: 'sync', le: '+Inf' })).toBe(count);
    expect(e.value('svc_jobs', { state: 'queued' })).toBe(0);
    expect(e.value('svc_job_oldest_queued_age_seconds')).toBe(0);
    expect(e.value('svc_job_queue_capacity')).toBe(256);
    expect(e.value('svc_engine_info', { engine: 'ts', engine_id: 'ts-1.1.0', model_version: MODEL_VERSION })).toBe(1);
    expect(e.value('svc_store_duration_seconds_count', { operation: 'consumeUnits' })).toBeGreaterThanOrEqual(1);
    expect(e.families.get('process_resident_memory_bytes')?.type).toBe('gauge');
    // The API's refusals of /metrics are requests like any other; the operations port's scrapes are not.
    expect(e.find('svc_http_requests_total', { route: '/metrics' })).toEqual([]);
  });

  it('/metrics: busy solver and job workers and their utilisation while a solve and a job run, then the job counted', async () => {
    // The gauges as a scrape renders them, without the operations port's reuse of a render.
    const scrape = async (srv: TestServer) => parseExposition(await srv.srv.service.renderMetrics());
    const body = { tag: TAG, description: 'Split five offices into two teams.', n: 3, edges: [[0, 1, 1], [1, 2, 1]] };
    // A worker a second late keeps each solve running while the test looks.
    const sync = await start({ workerFile: verySlowWorker });
    const pending = call(sync.url, 'POST', '/api/v1/solve/maxcut', { body, auth: await sandboxToken(sync.url) });
    let busySolver = false;
    for (let k = 0; k < 200 && !busySolver; k++) {
      const e = await scrape(sync);
      busySolver = e.value('svc_solver_workers_busy') === 1 && e.value('svc_solver_worker_utilization') === 1;
      if (!busySolver) await new Promise((r) => setTimeout(r, 10));
    }
    expect(busySolver).toBe(true);
    expect((await pending).status).toBe(200);
    const idle = await scrape(sync);
    expect(idle.value('svc_solver_workers_busy')).toBe(0);
    expect(idle.value('svc_solve_duration_seconds_count', { command: 'maxcut', lane: 'sync' })).toBe(1);
    // Every solve queued: the job runs on the job worker.
    const jobs = await start({ workerFile: verySlowWorker, jobs: { queueThresholdWork: 1 } });
    const auth = await sandboxToken(jobs.url);
    const ack = await call(jobs.url, 'POST', '/api/v1/solve/maxcut', { body, auth });
    expect(ack.status).toBe(202);
    let busyJob = false;
    let running = false;
    for (let k = 0; k < 200 && !(busyJob && running); k++) {
      const e = await scrape(jobs);
      busyJob ||= e.value('svc_job_workers_busy') === 1 && e.value('svc_job_worker_utilization') === 1;
      running ||= e.value('svc_jobs', { state: 'running' }) === 1;
      if (!(busyJob && running)) await new Promise((r) => setTimeout(r, 10));
    }
    expect({ busyJob, running }).toEqual({ busyJob: true, running: true });
    const done = await call(jobs.url, 'GET', `/api/v1/jobs/${ack.json.job_id as string}?wait=30`, { auth });
    expect(done.json.status).toBe('done');
    const after = await scrape(jobs);
    expect(after.value('svc_jobs_finished_total', { status: 'done' })).toBe(1);
    expect(after.value('svc_solve_duration_seconds_count', { command: 'maxcut', lane: 'job' })).toBe(1);
    expect(after.value('svc_job_workers_busy')).toBe(0);
    expect(after.value('svc_jobs', { state: 'running' })).toBe(0);
  }, 60_000);

  it('every response carries X-Request-Id (the caller\'s when sane), and the JSON log lines carry it as reqId', async () => {
    const given = await fetch(`${t.url}/api/v1/pricing`, { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-abc.123');
    const minted = await fetch(`${t.url}/api/v1/models`, { headers: { 'x-request-id': 'bad id with spaces' } });
    const id = minted.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await new Promise((res) => setTimeout(res, 50));
    const done = logLines.filter((l) => l.msg === 'done');
    expect(done.find((l) => l.reqId === 'trace-abc.123')).toMatchObject({ level: 30, status: 200, m: 'GET', url: '/api/v1/pricing' });
    expect(done.find((l) => l.reqId === id)).toMatchObject({ url: '/api/v1/models' });
    // One compact line per request, none at the start.
    expect(logLines.filter((l) => l.reqId === id)).toHaveLength(1);
    expect(Buffer.byteLength(JSON.stringify(done.find((l) => l.reqId === id)))).toBeLessThan(220);
  });

  it('GET /api/v1/pricing lists the free operations and the unit formula shared with analyze', async () => {
    const p = (await call(t.url, 'GET', '/api/v1/pricing')).json;
    expect(p.metering.free_operations).toEqual(expect.arrayContaining(['analyze/estimate/preflight', 'verify', 'route', 'formulate', 'examples']));
    expect(p.metering.formula).toMatch(/effort_factor/);
    const a = (await call(t.url, 'POST', '/api/v1/analyze/maxcut', { body: { tag: TAG, description: 'Split five offices into two teams.', n: 3, edges: [[0, 1, 1]] }, auth: token })).json;
    expect(a.compute_units_formula).toBe(p.metering.formula);
    expect(p.jobs).toMatchObject({ queue_threshold_work: 200_000_000, max_inflight_per_caller: 4, queue_capacity: 256 });
  });
});
