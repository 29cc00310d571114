import { describe, expect, it } from 'vitest';
import { runCli, type CliIo } from './index';

interface Call { url: URL; method: string; headers: Record<string, string>; body?: string }

const RESULT = {
  answer: Array.from({ length: 60 }, (_, i) => i % 2),
  energy: -12,
  certainty: 'heuristic (hypothesis - verify)',
  receipt: 'rcpt-abc',
  compute_units: 3,
  compute_units_left: 997,
  elapsed_ms: 4,
  engine: 'ts-1.0.0',
  tag: 'svc-cortex-v1',
};
const PROBLEM = { description: 'choose which sixty switches to close tonight', n: 60, linear: { 0: -1 } };

const doc = (status: number, code: string, retryable = false) => ({
  type: `https://docs.svc.invalid/errors/${code}`, title: code, status, detail: `detail of ${code}`, code, retryable,
  help: `help for ${code}`, next_actions: [{ action: 'repair_request', requires_human_approval: false }],
});

function harness(opts: { reply?: (c: Call) => Response; stdin?: string | null; files?: Record<string, string>; env?: Record<string, string> } = {}) {
  const calls: Call[] = [];
  let out = '';
  let err = '';
  const io: CliIo = {
    env: { SVC_BASE_URL: 'http://svc.test', ...opts.env },
    stdout: (t) => { out += t; },
    stderr: (t) => { err += t; },
    readStdin: async () => opts.stdin ?? '',
    stdinIsTty: opts.stdin === null || opts.stdin === undefined,
    readFile: async (p) => {
      const f = opts.files?.[p];
      if (f === undefined) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
      return f;
    },
    sleep: async () => {},
    fetch: (async (input: string, init: RequestInit) => {
      const call: Call = { url: new URL(input), method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body as string };
      calls.push(call);
      if (call.url.pathname === '/api/v1/sandbox') return Response.json({ token: 'sbx' });
      const r = (opts.reply ?? (() => Response.json(RESULT)))(call);
      return r;
    }) as unknown as typeof fetch,
  };
  return {
    io, calls,
    run: async (...argv: string[]) => ({ code: await runCli(argv, io), out: () => out, err: () => err }),
    solves: () => calls.filter((c) => c.url.pathname.startsWith('/api/v1/solve/')),
  };
}

describe('svc: usage', () => {
  it('prints the version and help, exit 0', async () => {
    expect(await harness().run('--version').then(async (r) => [r.code, r.out()])).toEqual([0, '1.0.0\n']);
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const r = await harness().run(...argv);
      expect(r.code).toBe(0);
      expect(r.out()).toContain('Usage: svc <command> [options]');
      expect(r.out()).toMatch(/optimize\s+minimize/);
      expect(r.out()).toMatch(/solve <command>/);
    }
    for (const argv of [['optimize', '--help'], ['help', 'optimize'], ['maxcut', '-h', '--seed', '1']]) {
      const r = await harness().run(...argv);
      expect(r.code).toBe(0);
      expect(r.out()).toMatch(/Usage: svc (optimize|maxcut) \[options\]/);
      expect(r.out()).toContain('--max-latency-ms INT');
      expect(r.err()).toBe('');
    }
    expect((await harness().run('solve', '--help')).out()).toContain('Usage: svc solve <command> [options]');
  });

  it.each([
    [['frobnicate'], /Unknown command "frobnicate"/],
    [['optimize', '--bogus'], /Unknown flag --bogus/],
    [['help', '--seed', '1'], /--seed is not an option of `svc help`; it is an option of /],
    [['optimize', '--effort', 'ultra'], /--effort must be one of flash, medium, high/],
    [['optimize', '--seed', '-1'], /Unknown flag -1|--seed must be a non-negative integer/],
    [['optimize', '--seed=1.5'], /--seed must be a non-negative integer/],
    [['optimize', '--max-latency-ms', 'soon'], /--max-latency-ms must be a non-negative integer/],
    [['optimize', '--format', 'yaml'], /--format must be one of human, json, envelope/],
    [['optimize', '--seed'], /--seed needs a value/],
    [['optimize', '--no-wait=yes'], /--no-wait takes no value/],
    [['optimize', 'extra'], /Usage: svc optimize \[options\]/],
    [['solve'], /Usage: svc solve <command>/],
    [['solve', 'Not A Command'], /Unknown command "Not A Command"/],
    [[], /No command given/],
  ])('%j is a usage error: SVC_CLIENT, exit 3, nothing sent', async (argv, message) => {
    const h = harness({ stdin: JSON.stringify(PROBLEM) });
    const r = await h.run(...argv);
    expect(r.code).toBe(3);
    expect(r.err()).toMatch(message);
    expect(r.err()).toContain('SVC_CLIENT');
    expect(r.out()).toBe('');
    expect(h.calls).toHaveLength(0);
  });

  it('puts the usage error document on stdout with --format json / envelope', async () => {
    const j = await harness().run('--format', 'json', 'nope');
    expect(j.code).toBe(3);
    expect(JSON.parse(j.out())).toMatchObject({ code: 'SVC_CLIENT', retryable: false });
    expect(j.err()).toContain('Unknown command');
    const e = await harness().run('optimize', '--bogus', '--format=envelope');
    expect(JSON.parse(e.out())).toMatchObject({ problem: null, error: { code: 'SVC_CLIENT' } });
  });
});

describe('svc: input', () => {
  it('reads --input FILE, fills tag and never description', async () => {
    const h = harness({ files: { 'p.json': JSON.stringify({ n: 2, linear: {} }) } });
    const r = await h.run('optimize', '--input', 'p.json', '--format', 'json');
    expect(r.code).toBe(0);
    expect(JSON.parse(h.solves()[0].body!)).toEqual({ tag: 'svc-cortex-v1', n: 2, linear: {} });
  });

  it('reads stdin when --input is absent or `-`', async () => {
    for (const argv of [['maxcut'], ['maxcut', '--input', '-']]) {
      const h = harness({ stdin: JSON.stringify(PROBLEM) });
      expect((await h.run(...argv)).code).toBe(0);
      expect(h.solves()[0].url.pathname).toBe('/api/v1/solve/maxcut');
      expect(JSON.parse(h.solves()[0].body!).description).toBe(PROBLEM.description);
    }
  });

  it('rejects bad JSON locally with SVC_INVALID_INPUT, exit 3, without sending', async () => {
    for (const [files, argv] of [
      [{ 'bad.json': '{"n": 3,' }, ['optimize', '--input', 'bad.json', '--format', 'envelope']],
      [{ 'arr.json': '[1,2]' }, ['optimize', '--input', 'arr.json', '--format', 'envelope']],
      [{ 'empty.json': '  \n' }, ['optimize', '--input', 'empty.json', '--format', 'envelope']],
    ] as const) {
      const h = harness({ files });
      const r = await h.run(...argv);
      expect(r.code).toBe(3);
      expect(JSON.parse(r.out())).toMatchObject({ problem: null, error: { code: 'SVC_INVALID_INPUT' } });
      expect(h.calls).toHaveLength(0);
    }
  });

  it('reports a missing file or no input at all as SVC_CLIENT, exit 3', async () => {
    const missing = await harness().run('optimize', '--input', 'nope.json');
    expect([missing.code, missing.err()]).toEqual([3, expect.stringContaining('Cannot read --input nope.json: no such file (ENOENT)')]);
    const tty = await harness({ stdin: null }).run('optimize');
    expect([tty.code, tty.err()]).toEqual([3, expect.stringContaining('No problem given')]);
  });
});

describe('svc: output and exit codes', () => {
  it('human: a readable summary with a truncated answer', async () => {
    const r = await harness({ stdin: JSON.stringify(PROBLEM) }).run('optimize');
    expect(r.code).toBe(0);
    const out = r.out();
    expect(out.split('\n')[0]).toBe('optimize: heuristic (hypothesis - verify)');
    expect(out).toMatch(/energy\s+-12/);
    expect(out).toMatch(/answer\s+\[0,1,0,1.*…\] \(60 values, first 40 shown\)/);
    expect(out).toMatch(/receipt\s+rcpt-abc/);
    expect(out).toMatch(/engine\s+ts-1\.0\.0/);
    expect(out).toMatch(/elapsed\s+4 ms/);
    expect(out).toMatch(/compute units\s+3 \(997 left today\)/);
    expect(r.err()).toBe('');
  });

  it('json: exactly the result document; envelope: {problem, result}', async () => {
    const j = await harness({ stdin: JSON.stringify(PROBLEM) }).run('optimize', '--format', 'json');
    expect(JSON.parse(j.out())).toEqual(RESULT);
    const e = await harness({ stdin: JSON.stringify(PROBLEM) }).run('solve', 'optimize', '--format=envelope');
    expect(JSON.parse(e.out())).toEqual({ problem: { tag: 'svc-cortex-v1', ...PROBLEM }, result: RESULT });
  });

  it('passes solve options as query parameters (effort aliases normalised)', async () => {
    const h = harness({ stdin: JSON.stringify(PROBLEM) });
    await h.run('optimize', '--effort', 'med', '--seed', '42', '--max-latency-ms=250', '--model', 'stable');
    expect(Object.fromEntries(h.solves()[0].url.searchParams)).toEqual({ effort: 'medium', seed: '42', max_latency_ms: '250', version: 'stable' });
    expect(h.solves()[0].headers['user-agent']).toMatch(/^svc-cli\/1\.0\.0 \(node /);
  });

  it('--certificate full|none is the certificate query parameter; another value is refused before sending', async () => {
    const h = harness({ stdin: JSON.stringify(PROBLEM) });
    await h.run('optimize', '--certificate', 'none');
    expect(h.solves()[0].url.searchParams.get('certificate')).toBe('none');
    const bad = harness({ stdin: JSON.stringify(PROBLEM) });
    const r = await bad.run('optimize', '--certificate', 'all');
    expect([r.code, bad.solves().length]).toEqual([3, 0]);
  });

  it.each([
    [401, 'SVC_UNAUTHENTICATED', 2], [403, 'SVC_TOKEN_BLOCKED', 2], [422, 'SVC_INVALID_INPUT', 3], [404, 'SVC_UNSUPPORTED', 3],
    [429, 'SVC_RATE_LIMITED', 1], [503, 'SVC_QUEUE_FULL', 1], [402, 'SVC_QUOTA_EXCEEDED', 1],
  ])('HTTP %i %s exits %i; envelope carries {problem, error}; prose on stderr', async (status, code, exit) => {
    const body = doc(status, code, status === 429 || status === 503);
    const h = harness({ stdin: JSON.stringify(PROBLEM), reply: () => Response.json(body, { status, headers: { 'content-type': 'application/problem+json' } }) });
    const r = await h.run('maxcut', '--format', 'envelope');
    expect(r.code).toBe(exit);
    expect(JSON.parse(r.out())).toEqual({ problem: { tag: 'svc-cortex-v1', ...PROBLEM }, error: body });
    expect(r.err()).toContain(`svc: ${code} (HTTP ${status}): detail of ${code}`);
    expect(r.err()).toContain(`help: help for ${code}`);
    const human = await harness({ stdin: JSON.stringify(PROBLEM), reply: () => Response.json(body, { status }) }).run('maxcut');
    expect([human.code, human.out()]).toEqual([exit, '']);
  });

  it('json: the problem document alone on stdout', async () => {
    const body = doc(422, 'SVC_MISSING_DESCRIPTION');
    const r = await harness({ stdin: '{"n":1}', reply: () => Response.json(body, { status: 422 }) }).run('optimize', '--format', 'json');
    expect(r.code).toBe(3);
    expect(JSON.parse(r.out())).toEqual(body);
  });

  it('an unusable SVC_BASE_URL is SVC_CONFIG_INVALID, exit 3', async () => {
    const h = harness({ stdin: JSON.stringify(PROBLEM), env: { SVC_BASE_URL: 'nota url' } });
    const r = await h.run('optimize');
    expect(r.code).toBe(3);
    expect(r.err()).toContain('SVC_CONFIG_INVALID');
    expect(h.calls).toHaveLength(0);
  });

  it('--no-wait prints a queued acknowledgement and exits 0', async () => {
    const ack = { status: 'queued', job_id: 'j9', poll: '/api/v1/jobs/j9?wait=30', compute_units: 40, tag: 'svc-cortex-v1' };
    const r = await harness({ stdin: JSON.stringify(PROBLEM), reply: () => Response.json(ack, { status: 202 }) }).run('optimize', '--no-wait');
    expect(r.code).toBe(0);
    expect(r.out()).toContain('optimize: queued (resume with `svc jobs j9`)');
  });
});
