import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_COMMANDS, SERVED_COMMANDS, certaintyMatches, inputJsonSchema, validateProblem, type SchemaCommand } from '@svc/contracts';
import { ADAPTERS, CHECKERS, EXAMPLES, EXHAUSTIVE_RECHECK_MAX_N, FORMULATE_TEMPLATES, METRICS_REUSE_MS, MODEL_VERSION, SOLVABLE_COMMANDS } from '@svc/service';
import { WITNESSES } from '@svc/service/testing/witnesses';
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

/**
 * A command without a witness of its own: its checker's independent `reference` (the exact value
 * of a small instance), else every 0/1 answer of length n scored by the checker (its re-score from
 * the JSON, objective direction); only answers every check accepts count. A command whose answer is
 * neither fails, naming where its witness goes.
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
  if (!Number.isFinite(best)) throw new Error(`no 0/1 answer of ${command} passes its checker: give ${command} its own brute force in libs/service/src/commands/${command}/witness.ts`);
  return best;
}

/**
 * The expected answer of an example, independently of the engines: the command's own brute-force
 * witness (src/commands/<command>/witness.ts of libs/service), else its checker (bruteByChecker).
 */
function brute(command: string, p: Record<string, any>): number | string {
  const own = WITNESSES[command];
  return own !== undefined ? own(p) : bruteByChecker(command as SchemaCommand, p);
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
    near(brute(e.command, e.problem));
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
