import { describe, expect, it } from 'vitest';
import { harness, problemReply, type Call } from '../../../test/harness';

const PROBLEM = { description: 'split four rival teams into two leagues', n: 4, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 0, 1]] };
const RESULT = {
  answer: Array.from({ length: 60 }, (_, i) => i % 2), cut_value: 4, certainty: 'certified optimum (proven by exhaustion)',
  receipt: 'svcr_1', compute_units: 2, compute_units_left: 98, elapsed_ms: 1, peak_rss_kb: 1000,
  observability: { queue_ms: 1, compute_ms: 1, total_ms: 2 }, tag: 'svc-cortex-v1', version: 'v1', engine: 'ts',
};
const ESTIMATE = { valid: true, command: 'maxcut', n: 4, effort: 'medium', compute_units: 2, compute_units_by_effort: { flash: 1, medium: 2, high: 4 }, difficulty: 'trivial', would_certify: true, would_queue: false };
const stdin = JSON.stringify(PROBLEM);

const is = (c: Call, path: string) => c.url.pathname === path;

function service(extra: (c: Call) => Response | Error | undefined = () => undefined) {
  return (c: Call) => extra(c) ?? (
    is(c, '/api/v1/solve/maxcut') || is(c, '/api/v1/compute/binary') || is(c, '/api/v1/solve/feel') ? Response.json(RESULT)
      : is(c, '/api/v1/estimate/maxcut') ? Response.json(ESTIMATE) : undefined);
}

describe('--binary', () => {
  it('sends an integer maxcut as SVCB to /api/v1/compute/binary with the query options and an idempotency key', async () => {
    const h = harness({ stdin, reply: service() });
    const r = await h.run('maxcut', '--binary', '--seed', '5', '--effort', 'flash', '--format', 'json');
    expect([r.code, r.err]).toEqual([0, '']);
    const [call] = h.sent();
    expect(call.url.pathname).toBe('/api/v1/compute/binary');
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ seed: '5', effort: 'flash' });
    expect(call.headers['content-type']).toBe('application/octet-stream');
    expect(call.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(call.body as Uint8Array).subarray(0, 4).toString()).toBe('SVCB');
  });

  it('falls back to JSON (a note on stderr) for a fractional weight and for commands without a binary lane', async () => {
    const h = harness({ stdin: JSON.stringify({ ...PROBLEM, edges: [[0, 1, 1.5]] }), reply: service() });
    const r = await h.run('maxcut', '--binary');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/--binary: sending JSON instead of SVCB: edges\[0\]\[2\] is not an integer/);
    expect(h.sent()[0].url.pathname).toBe('/api/v1/solve/maxcut');
    // The long form takes --binary for any command and falls back; the short form of a command without a lane does not offer it.
    const f = harness({ stdin: JSON.stringify({ description: 'x'.repeat(12), n: 2 }), reply: service() });
    const rf = await f.run('solve', 'feel', '--binary');
    expect(rf.err).toMatch(/feel has no binary lane/);
    expect(f.sent()[0].url.pathname).toBe('/api/v1/solve/feel');
  });
});

describe('per-command options and command names', () => {
  it('svc <command> --help lists --binary only for optimize and maxcut; elsewhere the flag is named as another command\'s', async () => {
    const h = harness();
    for (const c of ['optimize', 'maxcut']) expect((await h.run(c, '--help')).out, c).toContain('--binary');
    for (const c of ['tsp', 'qap', 'feel', 'cover']) {
      const help = await h.run(c, '--help');
      expect(help.out, c).not.toContain('--binary');
      expect(help.out, c).toContain('--max-latency-ms');
    }
    const tsp = harness({ stdin });
    const r = await tsp.run('tsp', '--binary', '--format', 'json');
    expect([r.code, r.json().code]).toEqual([3, 'SVC_CLIENT']);
    expect(r.json().detail).toMatch(/--binary is not an option of `svc tsp`; it is an option of optimize, maxcut, solve, compute, batch/);
    expect(tsp.calls).toHaveLength(0);
  });

  it('svc solve <typo> names the unknown command before reading stdin (svc solve maxcutt < /dev/null)', async () => {
    for (const argv of [['solve', 'maxcutt'], ['validate', 'maxcutt'], ['estimate', 'maxcutt'], ['verify', 'maxcutt'], ['batch', 'maxcutt']]) {
      const h = harness({ stdin: '' });
      const r = await h.run(...argv, '--format', 'json');
      expect([argv.join(' '), r.code, r.json().code]).toEqual([argv.join(' '), 3, 'SVC_CLIENT']);
      expect(r.json().detail).toMatch(/^Unknown command "maxcutt"\. Did you mean maxcut\?/);
      expect(r.err).not.toMatch(/stdin|empty/i);
      expect(h.calls).toHaveLength(0);
    }
    // A known command still reads the problem: empty stdin is the complaint then.
    const known = await harness({ stdin: '' }).run('solve', 'maxcut');
    expect(known.code).toBe(3);
    expect(known.err).not.toContain('Unknown command');
  });
});

describe('--dry-run', () => {
  it('shows validity, the estimate and the exact request; nothing is solved; a key is redacted', async () => {
    const h = harness({ stdin, reply: service(), env: { SVC_API_KEY: 'svck_0123456789abcdef_secret' } });
    const r = await h.run('maxcut', '--dry-run', '--seed', '3', '--idempotency-key', 'k-1', '--format', 'json');
    expect(r.code).toBe(0);
    const d = r.json();
    expect(d).toMatchObject({ dry_run: true, sent: false, valid: true, command: 'maxcut', credential: 'key', estimate: ESTIMATE });
    expect(d.request).toMatchObject({ method: 'POST', url: 'http://svc.test/api/v1/solve/maxcut?seed=3', lane: 'json', body: { tag: 'svc-cortex-v1', ...PROBLEM } });
    expect(d.request.headers).toMatchObject({ 'idempotency-key': 'k-1', 'content-type': 'application/json', authorization: 'Bearer svck_0123…(redacted)' });
    expect(JSON.stringify(d)).not.toContain('secret');
    expect(h.sent().map((c) => c.url.pathname)).toEqual(['/api/v1/estimate/maxcut']);
    const human = await harness({ stdin, reply: service() }).run('maxcut', '--dry-run', '--binary');
    expect(human.out).toMatch(/^maxcut: dry run: valid; nothing was sent to solve\n/);
    expect(human.out).toMatch(/request\s+POST http:\/\/svc\.test\/api\/v1\/compute\/binary/);
    expect(human.out).toMatch(/authorization\s+Bearer sbx/);
    expect(human.out).toMatch(/body\s+SVCB, \d+ bytes/);
  });

  it('an invalid problem is its problem document, exit 3', async () => {
    const h = harness({ stdin, reply: (c) => (is(c, '/api/v1/estimate/maxcut') ? problemReply(422, 'SVC_INVALID_INPUT') : undefined) });
    const r = await h.run('maxcut', '--dry-run', '--format', 'json');
    expect([r.code, r.json().code]).toEqual([3, 'SVC_INVALID_INPUT']);
    expect(h.sent()).toHaveLength(1);
  });
});

describe('--max-compute-units', () => {
  it('refuses with SVC_BUDGET_EXCEEDED (exit 1) when the estimate is over, sending no solve', async () => {
    const h = harness({ stdin, reply: service() });
    const r = await h.run('maxcut', '--max-compute-units', '1', '--format', 'json');
    expect(r.code).toBe(1);
    expect(r.json()).toMatchObject({ code: 'SVC_BUDGET_EXCEEDED', estimated_compute_units: 2, max_compute_units: 1 });
    expect(h.sent().map((c) => c.url.pathname)).toEqual(['/api/v1/estimate/maxcut']);
  });

  it('solves when within the budget, with the same options for the estimate and the solve', async () => {
    const h = harness({ stdin, reply: service() });
    expect((await h.run('maxcut', '--max-compute-units', '2', '--effort', 'high')).code).toBe(0);
    expect(h.sent().map((c) => `${c.url.pathname}?${c.url.searchParams}`)).toEqual(['/api/v1/estimate/maxcut?effort=high', '/api/v1/solve/maxcut?effort=high']);
  });

  it('fails closed: an unreachable estimate (exit 1) or one without compute_units sends no solve', async () => {
    const refused = new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    const down = harness({ stdin, reply: (c) => (is(c, '/api/v1/estimate/maxcut') ? refused : service()(c)) });
    const r = await down.run('maxcut', '--max-compute-units', '100', '--format', 'json');
    expect(r.code).toBe(1);
    expect(r.json()).toMatchObject({ code: 'SVC_NETWORK' });
    expect(r.json().detail).toMatch(/nothing was solved \(fail closed\)/);
    expect(down.sent().every((c) => c.url.pathname === '/api/v1/estimate/maxcut')).toBe(true);
    const odd = harness({ stdin, reply: (c) => (is(c, '/api/v1/estimate/maxcut') ? Response.json({ valid: true }) : service()(c)) });
    const o = await odd.run('maxcut', '--max-compute-units', '100', '--format', 'json');
    expect([o.code, o.json().code]).toEqual([1, 'SVC_UPSTREAM_INVALID_RESPONSE']);
    expect(odd.sent()).toHaveLength(1);
  });
});

describe('--out, --fields, --compact', () => {
  it('--out writes the full response and prints a summary', async () => {
    const h = harness({ stdin, reply: service() });
    const r = await h.run('maxcut', '--out', 'res.json', '--format', 'json');
    expect(JSON.parse(h.files.get('res.json')!.text)).toEqual(RESULT);
    const summary = r.json();
    expect(summary).toMatchObject({ cut_value: 4, certainty: RESULT.certainty, receipt: 'svcr_1', out: 'res.json' });
    expect(summary).not.toHaveProperty('answer');
    expect(summary.out_bytes).toBe(Buffer.byteLength(h.files.get('res.json')!.text));
    const human = await harness({ stdin, reply: service() }).run('maxcut', '--out', 'res.json');
    expect(human.out).toMatch(/full response written to res\.json \(\d+ bytes\)/);
  });

  it('--fields keeps only the named members (warning about absent ones); errors are never masked', async () => {
    const r = await harness({ stdin, reply: service() }).run('maxcut', '--fields', 'receipt,cut_value,nope', '--format', 'json');
    expect(r.json()).toEqual({ receipt: 'svcr_1', cut_value: 4 });
    expect(r.err).toContain('--fields: no member nope');
    const env = await harness({ stdin, reply: service() }).run('maxcut', '--fields=cut_value', '--format', 'envelope');
    expect(env.json()).toEqual({ problem: { tag: 'svc-cortex-v1', ...PROBLEM }, result: { cut_value: 4 } });
    const human = await harness({ stdin, reply: service() }).run('maxcut', '--fields', 'cut_value,engine');
    expect(human.out).toBe('  cut_value  4\n  engine     ts\n');
    const err = await harness({ stdin, reply: () => problemReply(422, 'SVC_INVALID_INPUT', { field: 'edges' }) }).run('maxcut', '--fields', 'cut_value', '--format', 'json');
    expect(err.code).toBe(3);
    expect(err.json()).toMatchObject({ code: 'SVC_INVALID_INPUT', field: 'edges', detail: 'detail of SVC_INVALID_INPUT', help: 'help for SVC_INVALID_INPUT' });
  });

  it('--compact drops heavy internals and truncates long arrays, saying what it did', async () => {
    const r = await harness({ stdin, reply: service() }).run('maxcut', '--compact', '--format', 'json');
    const d = r.json();
    expect(d).not.toHaveProperty('observability');
    expect(d).not.toHaveProperty('peak_rss_kb');
    expect(d.answer).toEqual(RESULT.answer.slice(0, 20));
    expect(d.compacted).toEqual({ dropped: ['peak_rss_kb', 'observability'], truncated: { answer: 60 } });
    expect(d.receipt).toBe('svcr_1');
  });

  it('rejects bad flag values as SVC_CLIENT (exit 3) before sending anything', async () => {
    for (const argv of [['--fields', ','], ['--max-compute-units', '-1'], ['--max-compute-units', 'x'], ['--wait-timeout', '1.5'], ['--out']]) {
      const h = harness({ stdin, reply: service() });
      const r = await h.run('maxcut', ...argv);
      expect(r.code).toBe(3);
      expect(r.err).toContain('SVC_CLIENT');
      expect(h.calls).toHaveLength(0);
    }
  });
});

describe('retries, idempotency, credentials, User-Agent', () => {
  it('honours Retry-After and resends with the same Idempotency-Key', async () => {
    let n = 0;
    const slept: number[] = [];
    const h = harness({ stdin, reply: (c) => (is(c, '/api/v1/solve/maxcut') && n++ === 0 ? problemReply(503, 'SVC_BUSY', { retry_after: 2 }, { 'retry-after': '2' }) : service()(c)) });
    const sleep = h.io.sleep!;
    h.io.sleep = async (ms) => { slept.push(ms); await sleep(ms); };
    expect((await h.run('maxcut', '--idempotency-key', 'fixed-key')).code).toBe(0);
    const solves = h.sent();
    expect(solves).toHaveLength(2);
    expect(solves.map((c) => c.headers['idempotency-key'])).toEqual(['fixed-key', 'fixed-key']);
    expect(slept[0]).toBeGreaterThanOrEqual(2000);
  });

  it('re-fetches a rejected sandbox token once; a configured key is never swapped for it', async () => {
    let tokens = 0;
    const h = harness({
      stdin,
      reply: (c) => {
        if (is(c, '/api/v1/sandbox')) return Response.json({ token: `sbx-${++tokens}` });
        if (c.headers.authorization === 'Bearer sbx-1') return problemReply(401, 'SVC_SANDBOX_CAPABILITY_REJECTED', { retryable: true });
        return service()(c);
      },
    });
    expect((await h.run('maxcut')).code).toBe(0);
    expect(h.calls.map((c) => `${c.url.pathname} ${c.headers.authorization ?? ''}`.trim())).toEqual([
      '/api/v1/sandbox', '/api/v1/solve/maxcut Bearer sbx-1', '/api/v1/sandbox', '/api/v1/solve/maxcut Bearer sbx-2',
    ]);
    const keyed = harness({ stdin, env: { SVC_API_KEY: 'prod' }, reply: () => problemReply(401, 'SVC_SANDBOX_CAPABILITY_REJECTED', { retryable: true }) });
    expect((await keyed.run('maxcut')).code).toBe(2);
    expect(keyed.calls.map((c) => c.headers.authorization)).toEqual(['Bearer prod']);
  });

  it('an HTML proxy page is SVC_UPSTREAM_INVALID_RESPONSE, exit 1', async () => {
    const html = () => new Response('<html>Your request was blocked</html>', { status: 403, headers: { 'content-type': 'text/html' } });
    const r = await harness({ stdin, reply: (c) => (is(c, '/api/v1/solve/maxcut') ? html() : undefined) }).run('maxcut', '--format', 'json');
    expect([r.code, r.json().code]).toEqual([1, 'SVC_UPSTREAM_INVALID_RESPONSE']);
  });

  it('takes the key, base URL and agent from the config file; the environment wins', async () => {
    const config = JSON.stringify({ api_key: 'cfg-key', base_url: 'http://cfg.test', agent_family: 'claude', agent_model: 'opus-4' });
    const h = harness({ stdin, files: { '/home/u/.config/svc/config.json': config }, env: { SVC_BASE_URL: '' }, reply: service() });
    expect((await h.run('maxcut')).code).toBe(0);
    const [call] = h.calls;
    expect(call.url.host).toBe('cfg.test');
    expect(call.headers.authorization).toBe('Bearer cfg-key');
    expect(call.headers['user-agent']).toMatch(/^svc-cli\/1\.0\.0 \(node [\d.]+; \w+\) agent\/claude\/opus-4$/);
    const env = harness({ stdin, files: { '/x/svc/config.json': config }, env: { XDG_CONFIG_HOME: '/x', SVC_API_KEY: 'env-key', SVC_AGENT: 'codex' }, reply: service() });
    await env.run('maxcut');
    expect(env.calls[0].url.host).toBe('svc.test');
    expect(env.calls[0].headers.authorization).toBe('Bearer env-key');
    expect(env.calls[0].headers['user-agent']).toMatch(/ agent\/codex\/opus-4$/);
  });

  it('a corrupt config is SVC_CONFIG_INVALID (exit 3) and nothing is sent', async () => {
    for (const text of ['{', '[1]', '{"api_key": 5}']) {
      const h = harness({ stdin, files: { '/c.json': text }, env: { SVC_CONFIG: '/c.json' }, reply: service() });
      const r = await h.run('maxcut', '--format', 'json');
      expect([r.code, r.json().code]).toEqual([3, 'SVC_CONFIG_INVALID']);
      expect(h.calls).toHaveLength(0);
    }
  });
});

describe('queued solves', () => {
  const ack = { status: 'queued', job_id: 'j1', poll: '/api/v1/jobs/j1?wait=30', compute_units: 2, tag: 'svc-cortex-v1' };

  function queued(states: string[]) {
    let k = 0;
    return service((c) => {
      if (is(c, '/api/v1/solve/maxcut')) return Response.json(ack, { status: 202 });
      if (is(c, '/api/v1/jobs/j1')) {
        const status = states[Math.min(k++, states.length - 1)];
        return Response.json({ job_id: 'j1', status, progress: { share_done: 0.25, best_objective: 3, bound: 4 }, ...(status === 'done' ? { result: RESULT } : {}) });
      }
      return undefined;
    });
  }

  it('follows the job to its result, drawing a progress line only when stderr is a terminal', async () => {
    const tty = harness({ stdin, stderrIsTty: true, reply: queued(['queued', 'running', 'done']) });
    const r = await tty.run('maxcut', '--format', 'json', '--fields', 'cut_value');
    expect([r.code, r.json()]).toEqual([0, { cut_value: 4 }]);
    expect(r.err).toContain('\r\x1b[Ksvc: job j1 queued');
    expect(r.err).toContain('svc: job j1 running [#####---------------] 25% · best 3 · bound 4');
    expect(r.err.endsWith('\r\x1b[K')).toBe(true);
    const piped = harness({ stdin, reply: queued(['running', 'done']) });
    const p = await piped.run('maxcut', '--format', 'json');
    expect([p.code, p.err]).toEqual([0, '']);
  });

  it('draws the bar from the engine\'s progress (share, best, gap) when the job has it', async () => {
    let k = 0;
    const reply = service((c) => {
      if (is(c, '/api/v1/solve/maxcut')) return Response.json(ack, { status: 202 });
      if (is(c, '/api/v1/jobs/j1')) {
        const status = ['running', 'running', 'done'][Math.min(k++, 2)];
        const progress = k === 1
          ? { share_done: 0.5, share: 0.5, share_basis: 'engine_progress', best_objective: 3, best: 3, bound: 4, gap: 0.25 }
          : { share_done: 0.75, share: 0.75, share_basis: 'engine_progress', best_objective: 4, best: 4, bound: 4, gap: 0 };
        return Response.json({ job_id: 'j1', status, progress, ...(status === 'done' ? { result: RESULT } : {}) });
      }
      return undefined;
    });
    const r = await harness({ stdin, stderrIsTty: true, reply }).run('maxcut', '--format', 'json', '--fields', 'cut_value');
    expect(r.code).toBe(0);
    expect(r.err).toContain('svc: job j1 running [##########----------] 50% · best 3 · bound 4 · gap 25.00%');
    expect(r.err).toContain('svc: job j1 running [###############-----] 75% · best 4 · bound 4 · gap 0.00%');
  });

  it('a wait that ends first is SVC_JOB_WAIT_TIMEOUT (exit 1) with the jobs hint, never a resubmit', async () => {
    const h = harness({ stdin, reply: queued(['running']) });
    const r = await h.run('maxcut', '--wait-timeout', '3', '--format', 'json');
    expect(r.code).toBe(1);
    expect(r.json()).toMatchObject({ code: 'SVC_JOB_WAIT_TIMEOUT', job_id: 'j1' });
    expect(r.err).toContain('svc jobs j1');
    expect(h.sent().filter((c) => is(c, '/api/v1/solve/maxcut'))).toHaveLength(1);
  });

  it('jobs <id> follows, --no-wait shows, --cancel cancels; a followed cancelled job exits 3', async () => {
    const h = harness({ reply: queued(['done']) });
    const r = await h.run('jobs', 'j1');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^job j1: certified optimum/);
    const show = await harness({ reply: queued(['running']) }).run('jobs', 'j1', '--no-wait');
    expect(show.out).toMatch(/status\s+running/);
    expect(show.out).toContain('svc jobs j1 --cancel');
    const c = harness({ reply: (x) => (is(x, '/api/v1/jobs/j1/cancel') ? Response.json({ job_id: 'j1', status: 'cancelled' }) : queued(['cancelled'])(x)) });
    const cancelled = await c.run('jobs', 'j1', '--cancel', '--format', 'json');
    expect([cancelled.code, cancelled.json().status]).toEqual([0, 'cancelled']);
    expect(c.sent()[0].method).toBe('POST');
    const followed = await c.run('jobs', 'j1', '--format', 'json');
    expect([followed.code, followed.json().code]).toEqual([3, 'SVC_ERROR']);
    expect((await c.run('cancel', 'j1')).code).toBe(0);
  });

  it('jobs --cancel prints what was billed, not what was held; a gap prints as a percentage everywhere', async () => {
    const billed = harness({ reply: (x) => (is(x, '/api/v1/jobs/j1/cancel') ? Response.json({ job_id: 'j1', status: 'cancelled', command: 'maxcut', compute_units: 60, billed_units: 2 }) : undefined) });
    const out = (await billed.run('jobs', 'j1', '--cancel')).out;
    expect(out).toMatch(/compute units\s+2 billed of the 60 held; the rest refunded/);
    expect(out).not.toMatch(/compute units\s+60\b/);
    const held = harness({ reply: (x) => (is(x, '/api/v1/jobs/j1') ? Response.json({ job_id: 'j1', status: 'running', command: 'maxcut', compute_units: 60, billed_units: null }) : undefined) });
    expect((await held.run('jobs', 'j1', '--no-wait')).out).toMatch(/compute units\s+60 held \(billed when the job ends\)/);
    const gap = harness({ stdin: '{"description":"a real decision here","n":3}', reply: (x) => (x.url.pathname.startsWith('/api/v1/solve') ? Response.json({ answer: [0, 1, 1], cut_value: 2, bound: 5.7, gap: 1.8888888, certainty: 'heuristic (hypothesis - verify)' }) : undefined) });
    const summary = (await gap.run('maxcut')).out;
    expect(summary).toMatch(/gap\s+188\.89%/);
    expect(summary).not.toContain('1.888');
  });
});
