import { execFileSync } from 'node:child_process';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MODEL_VERSION } from '@svc/service';
import { BIN, ROOT, closedPort, svcSuite } from './svc-cli-harness';

// End to end: the BUNDLED `svc` (apps/cli/dist/svc.mjs) as a subprocess against a real server:
// every solve flag, every helper, every exit code. Jobs, batch and accounts have their own files.
// Each case runs several subprocesses; the shared 2-core machine can be slow.
vi.setConfig({ testTimeout: 60_000 });

// The TS engine and one worker: this tests the CLI, not the native addon, on a shared 2-core box.
const suite = svcSuite('svc-cli-e2e-', { onFault: () => {}, access: { sandboxRatePerMinute: 100_000, computeUnitsPerMinute: 1_000_000 } });
const { svc } = suite;

const OPTIMIZE = {
  description: 'pick which of four warehouses to open this quarter',
  n: 4,
  linear: { 0: -1, 1: 2 },
  quadratic: [[0, 1, 3], [2, 3, -2]],
};
const MAXCUT = {
  description: 'split four rival teams into two leagues',
  n: 4,
  edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 0, 1]],
};
const CERTIFIED = 'certified optimum (proven by exhaustion)';
const stdin = JSON.stringify(MAXCUT);

/** Sandbox compute units used today (from `svc report`), to prove that nothing was charged. */
async function unitsUsed(): Promise<number> {
  const r = await svc(['report', '--format', 'json']);
  expect(r.code).toBe(0);
  return r.json().compute_units_used;
}

describe('solving: formats and input', () => {
  it('optimize in every format, problem on stdin', async () => {
    const [human, json, env] = await Promise.all([
      svc(['optimize'], { stdin: JSON.stringify(OPTIMIZE) }),
      svc(['optimize', '--format', 'json', '--seed', '3'], { stdin: JSON.stringify(OPTIMIZE) }),
      svc(['optimize', '--format=envelope', '--seed', '3', '--effort', 'low'], { stdin: JSON.stringify(OPTIMIZE) }),
    ]);
    expect(human.stderr).toBe('');
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe(`optimize: ${CERTIFIED}`);
    expect(human.stdout).toMatch(/energy\s+-3\n/);
    expect(human.stdout).toMatch(/answer\s+\[1,0,1,1\]\n/);
    expect(human.stdout).toMatch(/receipt\s+\S+/);
    expect(human.stdout).toMatch(/elapsed\s+\d+(\.\d+)? ms/);

    expect(json.code).toBe(0);
    const result = json.json();
    expect(result).toMatchObject({ answer: [1, 0, 1, 1], energy: -3, certainty: CERTIFIED, tag: 'svc-cortex-v1', seed: 3 });
    expect(typeof result.receipt).toBe('string');
    expect(typeof result.compute_units).toBe('number');

    expect(env.code).toBe(0);
    const doc = env.json();
    expect(doc.problem).toEqual({ tag: 'svc-cortex-v1', ...OPTIMIZE });
    expect(doc.result).toMatchObject({ answer: [1, 0, 1, 1], energy: -3, effort: 'medium' });
  });

  it('maxcut from --input; solve <command> long form; compute routes by shape', async () => {
    writeFileSync(join(suite.work, 'maxcut.json'), stdin);
    const [human, json, env, routed] = await Promise.all([
      svc(['maxcut', '--input', 'maxcut.json']),
      svc(['--format', 'json', 'maxcut', '--input', 'maxcut.json', '--effort', 'flash']),
      svc(['solve', 'maxcut', '--format', 'envelope'], { stdin: JSON.stringify({ description: 'split five players into two practice squads', n: 5, complete: true }) }),
      svc(['compute', '--format', 'json'], { stdin }),
    ]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/cut_value\s+4\n/);
    const side = json.json().answer as number[];
    expect(side[0]).not.toBe(side[1]);
    expect(side[0]).toBe(side[2]);
    expect(env.json().result.cut_value).toBe(6);
    expect([routed.code, routed.json().cut_value]).toEqual([0, 4]);
  });

  it('--effort, --seed, --max-latency-ms and --model reach the service and come back in the envelope', async () => {
    const [r, unknown] = await Promise.all([
      svc(['maxcut', '--effort', 'max', '--seed', '11', '--max-latency-ms', '5000', '--model', 'latest', '--format', 'json'], { stdin }),
      svc(['maxcut', '--model', 'v999', '--format', 'json'], { stdin }),
    ]);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ effort: 'high', seed: 11, version: MODEL_VERSION, latency_budget_ms: 5000, stopped_at_deadline: false, cut_value: 4 });
    expect([unknown.code, unknown.json().code]).toEqual([3, 'SVC_UNKNOWN_VERSION']);
  });
});

describe('solving: flags', () => {
  it('--binary sends integer problems as SVCB (same receipt as JSON) and falls back to JSON otherwise', async () => {
    const [json, binary, opt, dry, frac] = await Promise.all([
      svc(['maxcut', '--seed', '21', '--format', 'json'], { stdin }),
      svc(['maxcut', '--binary', '--seed', '21', '--format', 'json'], { stdin }),
      svc(['optimize', '--binary', '--format', 'json'], { stdin: JSON.stringify(OPTIMIZE) }),
      svc(['maxcut', '--binary', '--dry-run', '--format', 'json'], { stdin }),
      svc(['maxcut', '--binary', '--format', 'json'], { stdin: JSON.stringify({ ...MAXCUT, edges: [[0, 1, 1.5], [1, 2, 1]] }) }),
    ]);
    expect(binary.code).toBe(0);
    expect(binary.stderr).toBe('');
    expect(binary.json().receipt).toBe(json.json().receipt);
    expect([opt.code, opt.json().energy, opt.stderr]).toEqual([0, -3, '']);
    expect(dry.json().request).toMatchObject({ url: `${suite.server.url}/api/v1/compute/binary`, lane: 'svcb' });
    expect(Buffer.from(dry.json().request.body_base64, 'base64').subarray(0, 4).toString()).toBe('SVCB');
    expect([frac.code, frac.json().cut_value]).toEqual([0, 2.5]);
    expect(frac.stderr).toContain('--binary: sending JSON instead of SVCB');
  });

  it('--dry-run: validity, estimate and the exact request; nothing is solved or charged', async () => {
    const before = await unitsUsed();
    const [r, human, invalid] = await Promise.all([
      svc(['maxcut', '--dry-run', '--seed', '4', '--format', 'json'], { stdin }),
      svc(['maxcut', '--dry-run'], { stdin }),
      svc(['maxcut', '--dry-run', '--format', 'json'], { stdin: JSON.stringify({ ...MAXCUT, edges: [] }) }),
    ]);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ dry_run: true, sent: false, valid: true, credential: 'sandbox', estimate: { command: 'maxcut', compute_units: 2, charged: 0 } });
    expect(r.json().request).toMatchObject({ method: 'POST', url: `${suite.server.url}/api/v1/solve/maxcut?seed=4`, body: { tag: 'svc-cortex-v1', ...MAXCUT } });
    expect(human.stdout).toMatch(/^maxcut: dry run: valid; nothing was sent to solve/);
    expect([invalid.code, invalid.json().code]).toEqual([3, 'SVC_INVALID_INPUT']);
    expect(await unitsUsed()).toBe(before);
  });

  it('--max-compute-units: over the estimate is SVC_BUDGET_EXCEEDED (exit 1, nothing charged); within solves; unreachable fails closed', async () => {
    const before = await unitsUsed();
    const port = await closedPort();
    const [over, down] = await Promise.all([
      svc(['maxcut', '--max-compute-units', '1', '--format', 'json'], { stdin }),
      svc(['maxcut', '--max-compute-units', '100', '--format', 'json'], { stdin, baseUrl: `http://127.0.0.1:${port}` }),
    ]);
    expect(over.code).toBe(1);
    expect(over.json()).toMatchObject({ code: 'SVC_BUDGET_EXCEEDED', estimated_compute_units: 2, max_compute_units: 1 });
    expect(await unitsUsed()).toBe(before);
    const within = await svc(['maxcut', '--max-compute-units', '1', '--effort', 'flash', '--seed', '31', '--format', 'json'], { stdin });
    expect([within.code, within.json().compute_units]).toEqual([0, 1]);
    expect(down.code).toBe(1);
    expect(down.json().code).toBe('SVC_NETWORK');
    expect(down.json().detail).toContain('fail closed');
  });

  it('compute takes --dry-run, --max-compute-units and --binary: routed first, then /compute or /compute/binary', async () => {
    const before = await unitsUsed();
    const withContract = JSON.stringify({ ...MAXCUT, contract: { requirements: { max_latency_ms: 3000 } } });
    const [dry, human, over, unknownShape, binaryDry] = await Promise.all([
      svc(['compute', '--dry-run', '--seed', '4', '--format', 'json'], { stdin: withContract }),
      svc(['compute', '--dry-run'], { stdin }),
      svc(['compute', '--max-compute-units', '1', '--format', 'json'], { stdin }),
      svc(['compute', '--dry-run', '--format', 'json'], { stdin: JSON.stringify({ description: 'no command has this shape', n: 2, widgets: [1] }) }),
      svc(['compute', '--binary', '--dry-run', '--format', 'json'], { stdin }),
    ]);
    expect(dry.code).toBe(0);
    expect(dry.json()).toMatchObject({
      dry_run: true, sent: false, command: 'maxcut', routed: { command: 'maxcut' }, valid: true,
      estimate: { command: 'maxcut', compute_units: 2, charged: 0 },
    });
    expect(dry.json().request).toMatchObject({ method: 'POST', url: `${suite.server.url}/api/v1/compute?seed=4`, lane: 'json' });
    expect(dry.json().request.body.contract).toEqual({ requirements: { max_latency_ms: 3000 } });
    expect(human.stdout).toMatch(/^maxcut: dry run: valid; nothing was sent to solve/);
    expect(human.stdout).toMatch(/routed to\s+maxcut/);
    expect(over.code).toBe(1);
    expect(over.json()).toMatchObject({ code: 'SVC_BUDGET_EXCEEDED', estimated_compute_units: 2, max_compute_units: 1 });
    expect([unknownShape.code, unknownShape.json().code]).toEqual([3, 'SVC_INVALID_INPUT']);
    expect(await unitsUsed()).toBe(before);
    const [json, binary] = await Promise.all([
      svc(['maxcut', '--seed', '21', '--format', 'json'], { stdin }),
      svc(['compute', '--binary', '--seed', '21', '--format', 'json'], { stdin }),
    ]);
    expect([binary.code, binary.stderr]).toEqual([0, '']);
    expect(binary.json().receipt).toBe(json.json().receipt);
    expect(binaryDry.json().request).toMatchObject({ url: `${suite.server.url}/api/v1/compute/binary`, lane: 'svcb' });
  });

  it('--out writes the full response and prints a summary; --fields keeps keys; --compact trims', async () => {
    const big = { description: 'split thirty players into two practice squads', n: 30, complete: true };
    const [out, fields, unmasked, compact] = await Promise.all([
      svc(['maxcut', '--out', 'full.json', '--format', 'json'], { stdin }),
      svc(['maxcut', '--fields', 'cut_value,certainty', '--format', 'json'], { stdin }),
      svc(['maxcut', '--fields', 'cut_value', '--format', 'json'], { stdin: JSON.stringify({ ...MAXCUT, n: 3 }) }),
      svc(['maxcut', '--compact', '--format', 'json'], { stdin: JSON.stringify(big) }),
    ]);
    expect(out.code).toBe(0);
    const full = JSON.parse(readFileSync(join(suite.work, 'full.json'), 'utf8'));
    expect(full).toHaveProperty('observability');
    expect(full).toHaveProperty('answer');
    expect(out.json()).toMatchObject({ out: 'full.json', cut_value: 4, receipt: full.receipt });
    expect(out.json()).not.toHaveProperty('answer');
    expect(fields.json()).toEqual({ cut_value: 4, certainty: CERTIFIED });
    expect(unmasked.code).toBe(3);
    expect(unmasked.json()).toMatchObject({ code: 'SVC_INVALID_INPUT', status: 422 });
    expect(unmasked.json().detail.length).toBeGreaterThan(0);
    expect(compact.json().answer).toHaveLength(20);
    expect(compact.json()).not.toHaveProperty('observability');
    expect(compact.json().compacted).toEqual({ dropped: ['peak_rss_kb', 'observability'], truncated: { answer: 30 } });
  });

  it('--idempotency-key: the identical request replays its answer; another payload is a 409 (exit 3)', async () => {
    const first = await svc(['maxcut', '--idempotency-key', 'e2e-key-1', '--seed', '41', '--format', 'json'], { stdin });
    const replay = await svc(['maxcut', '--idempotency-key', 'e2e-key-1', '--seed', '41', '--format', 'json'], { stdin });
    expect(replay.json().receipt).toBe(first.json().receipt);
    const conflict = await svc(['maxcut', '--idempotency-key', 'e2e-key-1', '--seed', '42', '--format', 'json'], { stdin });
    expect([conflict.code, conflict.json().code]).toEqual([3, 'SVC_IDEMPOTENCY_CONFLICT']);
  });
});

describe('helpers (free)', () => {
  it('route, validate, estimate and formulate', async () => {
    const [route, routeHuman, valid, invalid, est, estHuman, f] = await Promise.all([
      svc(['route', '--format', 'json'], { stdin }),
      svc(['route'], { stdin }),
      svc(['validate', 'maxcut'], { stdin }),
      svc(['validate', 'maxcut', '--format', 'envelope'], { stdin: JSON.stringify({ ...MAXCUT, edges: [] }) }),
      svc(['estimate', 'maxcut', '--effort', 'high', '--format', 'json'], { stdin }),
      svc(['estimate', 'maxcut'], { stdin }),
      svc(['formulate', 'maxcut']),
    ]);
    expect(route.json().candidates[0]).toMatchObject({ command: 'maxcut' });
    expect(routeHuman.stdout).toMatch(/^route: \d command\(s\) fit, best first/);
    expect([valid.code, valid.stdout]).toEqual([0, 'maxcut: valid (n = 4, 4 terms); 2 compute units at effort medium if solved\n']);
    expect([invalid.code, invalid.json().error.code]).toEqual([3, 'SVC_INVALID_INPUT']);
    expect(est.json()).toMatchObject({ compute_units: 4, effort: 'high', charged: 0 });
    expect(estHuman.stdout).toMatch(/compute units\s+2 at effort medium/);
    expect(f.stdout).toMatch(/^maxcut: maximum cut/);
    expect(f.stdout).toContain('steps:');
  });

  it('capabilities, schema, examples, models, pricing', async () => {
    const [caps, compact, schema, unknown, ex, problem, models, modelsJson, pricing] = await Promise.all([
      svc(['capabilities']),
      svc(['capabilities', '--compact', '--format', 'json']),
      svc(['schema', 'maxcut', '--format', 'json']),
      svc(['schema', 'not-a-command']),
      svc(['examples', '--format', 'json']),
      svc(['examples', 'maxcut-ring-of-offices', '--problem']),
      svc(['models']),
      svc(['models', '--format', 'json']),
      svc(['pricing']),
    ]);
    expect(caps.stdout).toMatch(/maxcut\s+available/);
    expect(compact.json().commands[0]).not.toHaveProperty('input_schema');
    expect(schema.json().input_schema.properties).toHaveProperty('edges');
    expect(unknown.code).toBe(3);
    const ring = ex.json().examples.find((e: { id: string }) => e.id === 'maxcut-ring-of-offices');
    const piped = await svc(['maxcut', '--format', 'json'], { stdin: problem.stdout });
    expect(piped.json().cut_value).toBe(ring.expected.value);
    expect(models.stdout).toMatch(/2026-11-01\s+stable, frozen/);
    expect(models.stdout).toMatch(new RegExp(`${MODEL_VERSION}\\s+stable, frozen`));
    expect(modelsJson.json().default).toBe(MODEL_VERSION);
    expect(pricing.stdout).toMatch(/sandbox\s+0 USD\/month/);
  });

  it('verify: the service re-check exits 0 when it passes and 3 when not; --local recomputes offline', async () => {
    const answer = (await svc(['maxcut', '--format', 'json'], { stdin })).json();
    const down = { baseUrl: `http://127.0.0.1:${await closedPort()}` };
    const tsp = { problem: { description: 'visit four depots on one loop', matrix: [[0, 2, 9, 10], [2, 0, 6, 4], [9, 6, 0, 3], [10, 4, 3, 0]] }, answer: { answer: [0, 1, 3, 2], length: 19 } };
    const [good, bad, local, wrongLength] = await Promise.all([
      svc(['verify', 'maxcut'], { stdin: JSON.stringify({ problem: MAXCUT, answer }) }),
      svc(['verify', 'maxcut', '--format', 'json'], { stdin: JSON.stringify({ problem: MAXCUT, answer: { answer: [0, 0, 0, 1], cut_value: 4 } }) }),
      svc(['verify', 'maxcut', '--local', '--format', 'json'], { stdin: JSON.stringify({ problem: MAXCUT, answer }), ...down }),
      svc(['verify', 'tsp', '--local'], { stdin: JSON.stringify(tsp), ...down }),
    ]);
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/^maxcut: checks passed \(formal_proof; cut_value = 4\)/);
    expect([bad.code, bad.json().ok, bad.json().verification]).toEqual([3, false, 'service_recheck']);
    expect([local.code, local.json().verification, local.json().objective]).toEqual([0, 'formal_proof', 4]);
    expect(wrongLength.code).toBe(3);
    expect(wrongLength.stdout).toMatch(/FAIL declared_length\s+declared length 19 differs from the recomputed 18/);
  });

  it('demo: live when the service answers (the bundled receipt is genuine), offline_precomputed when it is down', async () => {
    const port = await closedPort();
    const [live, offline, human] = await Promise.all([
      svc(['demo', '--format', 'json']),
      svc(['demo', '--format', 'json'], { baseUrl: `http://127.0.0.1:${port}` }),
      svc(['demo']),
    ]);
    expect(live.code).toBe(0);
    expect(offline.code).toBe(0);
    expect(live.json()).toMatchObject({ mode: 'live', verification: { ok: true } });
    expect(offline.json()).toMatchObject({ mode: 'offline_precomputed', verification: { ok: true } });
    expect(offline.json().offline_reason).toContain('ECONNREFUSED');
    // Same problem, seed, effort, engine and model: the live receipt is the bundled one.
    expect(live.json().result.receipt).toBe(offline.json().result.receipt);
    expect(live.json().result.cut_value).toBe(offline.json().result.cut_value);
    expect(human.stdout).toMatch(/^demo: mode live/);
  });

  it('selftest: three cases pass on the sandbox', async () => {
    const r = await svc(['selftest', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ ok: true, credential: 'sandbox', account_compute: 'no key configured' });
    expect(r.json().cases.map((c: { name: string; ok: boolean }) => `${c.name}:${c.ok}`)).toEqual(['optimize:true', 'maxcut:true', 'preflight+verify:true']);
  });

  it('agent-info and tools work offline', async () => {
    const down = { baseUrl: `http://127.0.0.1:${await closedPort()}` };
    const targets = [['openai', 'svc_analyze'], ['anthropic', 'svc_analyze'], ['mcp', 'svc.analyze'], ['json-schema', 'svc.analyze']];
    const [info, ...tools] = await Promise.all([
      svc(['agent-info'], down),
      ...targets.map(([target]) => svc(['tools', '--target', target, '--format', 'json'], down)),
    ]);
    expect(info.code).toBe(0);
    const d = info.json();
    expect(d.commands.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['maxcut', 'batch', 'jobs', 'tools', 'login', 'keys']));
    expect(d.exit_codes.map((e: { code: number }) => e.code)).toEqual([0, 1, 2, 3]);
    tools.forEach((t, i) => {
      expect(t.code).toBe(0);
      expect(JSON.stringify(t.json())).toContain(`"${targets[i][1]}"`);
    });
  });
});

describe('exit codes against the real server', () => {
  it('exit 3: 422 (document on stdout with --format json), bad JSON, bad flags', async () => {
    const usage = [['optimize', '--frobnicate'], ['frobnicate'], ['maxcut', '--effort', 'ultra'], ['jobs'], ['tools', '--target', 'x']];
    const [r, noDescription, bad, ...usageRuns] = await Promise.all([
      svc(['maxcut', '--format', 'json'], { stdin: JSON.stringify({ description: 'split nobody into two empty leagues', n: 3, edges: [] }) }),
      svc(['optimize', '--format', 'envelope'], { stdin: JSON.stringify({ n: 2 }) }),
      svc(['optimize', '--format', 'json'], { stdin: '{"n": 3,' }),
      ...usage.map((argv) => svc(argv, { stdin })),
    ]);
    expect(r.code).toBe(3);
    expect(r.json().status).toBe(422);
    expect(r.stderr).toContain(`svc: ${r.json().code} (HTTP 422)`);
    expect(noDescription.json()).toMatchObject({ problem: { tag: 'svc-cortex-v1', n: 2 }, error: { code: 'SVC_MISSING_DESCRIPTION', status: 422 } });
    expect([bad.code, bad.json().code]).toEqual([3, 'SVC_INVALID_INPUT']);
    for (const u of usageRuns) {
      expect([u.code, u.stdout]).toEqual([3, '']);
      expect(u.stderr).toContain('SVC_CLIENT');
    }
  });

  it('exit 3: a corrupt config is SVC_CONFIG_INVALID', async () => {
    writeFileSync(join(suite.work, 'corrupt.json'), '{"api_key": ');
    const r = await svc(['maxcut', '--format', 'json'], { stdin, env: { SVC_CONFIG: join(suite.work, 'corrupt.json') } });
    expect([r.code, r.json().code]).toEqual([3, 'SVC_CONFIG_INVALID']);
  });

  it('exit 2: an invalid key (401), the sandbox size cap (403), no credentials for keys', async () => {
    const [r, huge, keys] = await Promise.all([
      svc(['optimize', '--format', 'json'], { stdin: JSON.stringify(OPTIMIZE), env: { SVC_API_KEY: 'svc_not_a_real_key' } }),
      svc(['maxcut', '--format', 'json'], { stdin: JSON.stringify({ description: 'split a huge league into two conferences', n: 60_000, complete: true }) }),
      svc(['keys', 'list', '--format', 'json']),
    ]);
    expect([r.code, r.json().status, r.json().code]).toEqual([2, 401, 'SVC_UNAUTHENTICATED']);
    expect([huge.code, huge.json().code]).toEqual([2, 'SVC_SANDBOX_LIMIT']);
    expect([keys.code, keys.json().code]).toEqual([2, 'SVC_NO_CREDENTIALS']);
  });

  it('exit 1: the service is down (SVC_NETWORK), and a proxy page instead of the service', async () => {
    const r = await svc(['optimize', '--format', 'envelope'], { stdin: JSON.stringify(OPTIMIZE), baseUrl: `http://127.0.0.1:${await closedPort()}` });
    expect(r.code).toBe(1);
    expect(r.json()).toMatchObject({ problem: { description: OPTIMIZE.description }, error: { code: 'SVC_NETWORK', retryable: true } });
    const proxy = createHttpServer((_req, res) => { res.writeHead(403, { 'content-type': 'text/html' }).end('<html>Your request was blocked</html>'); });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    try {
      const p = await svc(['maxcut', '--format', 'json'], { stdin, baseUrl: `http://127.0.0.1:${(proxy.address() as { port: number }).port}` });
      expect([p.code, p.json().code]).toEqual([1, 'SVC_UPSTREAM_INVALID_RESPONSE']);
    } finally {
      await new Promise((done) => proxy.close(done));
    }
  });
});

describe('retries, idempotency keys and the User-Agent on the wire', () => {
  it('a 503 with Retry-After is waited out and resent with the same Idempotency-Key; the agent is named', async () => {
    const seen: IncomingMessage[] = [];
    let first = 0;
    const edge: Server = createHttpServer((req, res) => {
      seen.push(req);
      if (req.url === '/api/v1/sandbox') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"token":"sbx-edge"}');
      if (seen.filter((r) => r.url!.startsWith('/api/v1/solve')).length === 1) {
        first = Date.now();
        return void res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '1' })
          .end(JSON.stringify({ type: 't', title: 'Busy', status: 503, detail: 'busy', code: 'SVC_BUSY', retryable: true }));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ answer: [0, 1, 0, 1], cut_value: 4, waited_ms: Date.now() - first }));
    });
    await new Promise<void>((done) => edge.listen(0, '127.0.0.1', done));
    try {
      const cfg = join(suite.work, 'agent-config.json');
      const conf = await svc(['configure', '--agent', 'e2e-agent', '--agent-model', 'm1'], { env: { SVC_CONFIG: cfg } });
      expect(conf.code).toBe(0);
      const r = await svc(['maxcut', '--format', 'json'], { stdin, env: { SVC_CONFIG: cfg }, baseUrl: `http://127.0.0.1:${(edge.address() as { port: number }).port}` });
      expect(r.code).toBe(0);
      expect(r.json().waited_ms).toBeGreaterThanOrEqual(1000);
      const solves = seen.filter((q) => q.url!.startsWith('/api/v1/solve/maxcut'));
      expect(solves).toHaveLength(2);
      expect(solves[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(solves[1].headers['idempotency-key']).toBe(solves[0].headers['idempotency-key']);
      expect(solves[0].headers.authorization).toBe('Bearer sbx-edge');
      expect(solves[0].headers['user-agent']).toMatch(/^svc-cli\/1\.0\.0 \(node [\d.]+; \w+\) agent\/e2e-agent\/m1$/);
    } finally {
      await new Promise((done) => edge.close(done));
    }
  });
});

describe('the package', () => {
  it('--help and every <cmd> --help need no service; --version is 1.x', async () => {
    const down = { baseUrl: `http://127.0.0.1:${await closedPort()}` };
    const names = ['maxcut', 'solve', 'batch', 'jobs', 'verify', 'keys', 'tools'];
    const [help, version, ...subs] = await Promise.all([svc(['--help'], down), svc(['--version']), ...names.map((n) => svc([n, '--help'], down))]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: svc <command> [options]');
    subs.forEach((sub, i) => {
      expect([sub.code, sub.stdout.startsWith(`Usage: svc ${names[i]}`)]).toEqual([0, true]);
      expect(help.stdout).toContain(`  ${names[i]} `);
    });
    expect(version.stdout).toMatch(/^1\.\d+\.\d+\n$/);
    expect(JSON.parse(readFileSync(join(ROOT, 'apps', 'cli', 'package.json'), 'utf8')).version).toBe(version.stdout.trim());
  });

  it('the bundle is one file with zero runtime dependencies (only node: builtins imported, no zod)', () => {
    const src = readFileSync(BIN, 'utf8');
    expect(src.startsWith('#!/usr/bin/env node\n')).toBe(true);
    const specifiers = [...src.matchAll(/(?:^|[\s;])(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]|\brequire\(\s*['"]([^'"]+)['"]/gm)]
      .map((m) => m[1] ?? m[2] ?? m[3]);
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((s) => !s.startsWith('node:'))).toEqual([]);
    expect(src).not.toMatch(/\bZodError\b|from "zod"/);
  });

  it('the npm bin launcher (bin/svc.mjs) runs the bundle with its arguments', () => {
    const out = execFileSync(process.execPath, [join(ROOT, 'apps', 'cli', 'bin', 'svc.mjs'), '--version'], { encoding: 'utf8' });
    expect(out).toMatch(/^1\./);
  });
});
