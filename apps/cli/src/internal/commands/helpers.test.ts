import { describe, expect, it } from 'vitest';
import { ERROR_CODES, EXIT_CODES } from '@svc/errors';
import { COMMANDS as SERVICE_COMMANDS, isServedCommand } from '@svc/contracts/commands';
import { COMMANDS } from '../commands';
import { DEMO } from '../demo-data';
import { harness, problemReply, type Call } from '../../../test/harness';

const is = (c: Call, path: string) => c.url.pathname === path;
const refused = () => new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });

describe('demo', () => {
  it('is live only when the service answered, with a local recompute of the cut', async () => {
    const live = { ...DEMO.result, receipt: 'svcr_live' };
    const h = harness({ reply: (c) => (is(c, '/api/v1/solve/maxcut') ? Response.json(live) : undefined) });
    const r = await h.run('demo', '--format', 'json');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ mode: 'live', result: { receipt: 'svcr_live' }, verification: { ok: true, verification: 'local_recompute', objective: 48 } });
    expect(JSON.parse(h.sent()[0].body as string)).toEqual({ tag: 'svc-cortex-v1', ...DEMO.problem });
  });

  it('is offline_precomputed (the bundled result, exit 0) only when the service is unreachable', async () => {
    const r = await harness({ reply: () => refused() }).run('demo', '--format', 'json');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ mode: 'offline_precomputed', result: DEMO.result, precomputed: DEMO.precomputed, verification: { ok: true } });
    expect(r.json().offline_reason).toContain('ECONNREFUSED');
    expect(r.err).toContain('offline_precomputed');
    const human = await harness({ reply: () => refused() }).run('demo');
    expect(human.out).toMatch(/^demo: mode offline_precomputed: .*NOT solved now/);
  });

  it('is free: a configured key is not spent unless --allow-account-compute', async () => {
    const live = (c: Call) => (is(c, '/api/v1/solve/maxcut') ? Response.json({ ...DEMO.result, receipt: 'svcr_live' }) : undefined);
    const h = harness({ reply: live, env: { SVC_API_KEY: 'prod' } });
    const r = await h.run('demo', '--format', 'json');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ mode: 'live', account_compute: 'refused: ran on the sandbox token' });
    expect(h.sent().every((c) => c.headers.authorization === 'Bearer sbx')).toBe(true);
    expect(r.err).toContain('--allow-account-compute');
    const allowed = harness({ reply: live, env: { SVC_API_KEY: 'prod' } });
    expect((await allowed.run('demo', '--allow-account-compute', '--format', 'json')).json()).toMatchObject({ account_compute: 'allowed (--allow-account-compute)' });
    expect(allowed.calls.every((c) => c.headers.authorization === 'Bearer prod')).toBe(true);
  });

  it('any other fault is reported as the fault, never as a demo result', async () => {
    const r = await harness({ reply: (c) => (is(c, '/api/v1/solve/maxcut') ? problemReply(429, 'SVC_SANDBOX_RATE', { retry_after: 60 }, { 'retry-after': '60' }) : undefined) }).run('demo', '--format', 'json');
    expect([r.code, r.json().code]).toEqual([1, 'SVC_SANDBOX_RATE']);
    expect(r.out).not.toContain('mode');
  });
});

describe('selftest', () => {
  const good = (c: Call) => {
    const body = typeof c.body === 'string' ? JSON.parse(c.body) : {};
    if (is(c, '/api/v1/solve/optimize')) return Response.json({ answer: [1, 0, 1, 1], energy: -3, certainty: 'certified optimum (proven by exhaustion)' });
    if (is(c, '/api/v1/solve/maxcut')) return Response.json({ answer: [0, 1, 0, 1, 1], cut_value: 4, certainty: 'certified optimum (proven by exhaustion)' });
    if (is(c, '/api/v1/preflight/maxcut')) return Response.json({ valid: true, charged: 0 });
    if (is(c, '/api/v1/verify/maxcut')) return Response.json({ ok: body.answer?.cut_value === 4, checks: [] });
    return undefined;
  };

  it('passes three cases on the sandbox; a configured key is refused unless --allow-account-compute', async () => {
    const h = harness({ reply: good, env: { SVC_API_KEY: 'prod' } });
    const r = await h.run('selftest', '--format', 'json');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ ok: true, credential: 'sandbox', account_compute: 'refused: ran on the sandbox token' });
    expect(r.json().cases.map((c: { name: string; ok: boolean }) => [c.name, c.ok])).toEqual([['optimize', true], ['maxcut', true], ['preflight+verify', true]]);
    expect(h.sent().every((c) => c.headers.authorization === 'Bearer sbx')).toBe(true);
    expect(r.err).toContain('--allow-account-compute');
    const allowed = harness({ reply: good, env: { SVC_API_KEY: 'prod' } });
    expect((await allowed.run('selftest', '--allow-account-compute')).code).toBe(0);
    expect(allowed.calls.every((c) => c.headers.authorization === 'Bearer prod')).toBe(true);
  });

  it('a wrong answer fails its case (exit 3); a fault exits with its code', async () => {
    const wrong = (c: Call) => (is(c, '/api/v1/solve/maxcut') ? Response.json({ answer: [0, 0, 0, 1, 1], cut_value: 4 }) : good(c));
    const r = await harness({ reply: wrong }).run('selftest', '--format', 'json');
    expect(r.code).toBe(3);
    expect(r.json().cases[1]).toMatchObject({ name: 'maxcut', ok: false });
    const down = await harness({ reply: () => refused() }).run('selftest');
    expect(down.code).toBe(1);
    expect(down.out).toMatch(/FAIL optimize\s+SVC_NETWORK/);
  });
});

describe('catalogue helpers', () => {
  const examples = {
    examples: [
      { id: 'ring', command: 'maxcut', available: true, title: 'A ring', request: { body: { tag: 'svc-cortex-v1', description: 'ring of five offices', n: 5, complete: true } }, expected: {} },
      { id: 'future', command: 'teleport', available: true, title: 'New', request: { body: {} } },
      { id: 'pinned', command: 'maxcut', min_cli_version: '2.1.0', title: 'Needs 2.x', request: { body: {} } },
    ],
  };
  const reply = (c: Call) => (is(c, '/api/v1/examples') ? Response.json(examples) : undefined);

  it('examples: the list, one example, its problem for piping; SVC_UPGRADE_REQUIRED (426, exit 3) for a newer one', async () => {
    expect((await harness({ reply }).run('examples')).out).toMatch(/^3 examples/);
    const p = await harness({ reply }).run('examples', 'ring', '--problem');
    expect(JSON.parse(p.out)).toEqual(examples.examples[0].request.body);
    for (const id of ['future', 'pinned']) {
      const r = await harness({ reply }).run('examples', id, '--problem', '--format', 'json');
      expect([r.code, r.json().code, r.json().status]).toEqual([3, 'SVC_UPGRADE_REQUIRED', 426]);
    }
    const missing = await harness({ reply }).run('examples', 'nope');
    expect([missing.code, missing.err]).toEqual([3, expect.stringContaining('SVC_NOT_FOUND')]);
    expect((await harness({ reply }).run('examples', '--problem')).code).toBe(3);
  });

  it('schema: the capabilities entry of one command; SVC_UNSUPPORTED for a name that is no command', async () => {
    const caps = { commands: [{ name: 'maxcut', purpose: 'cut', stability: 'beta', available: true, input_schema: { type: 'object' } }], other_commands: [] };
    const h = harness({ reply: (c) => (is(c, '/api/v1/capabilities') ? Response.json(caps) : undefined) });
    expect((await h.run('schema', 'maxcut', '--format', 'json')).json()).toEqual(caps.commands[0]);
    const w = await h.run('schema', 'not-a-command', '--format', 'json');
    expect([w.code, w.json().code]).toEqual([3, 'SVC_UNSUPPORTED']);
    expect(w.json().detail).toContain('is not a command of the service');
  });

  it('schema: SVC_UNSUPPORTED for a known command that capabilities list without a schema (not available yet)', async () => {
    // An injected capabilities document: every command is served today, so this one is made unserved here.
    const caps = { commands: [], other_commands: [{ name: 'maxcut', available: false, status: 'not available yet' }] };
    const h = harness({ reply: (c) => (is(c, '/api/v1/capabilities') ? Response.json(caps) : undefined) });
    const w = await h.run('schema', 'maxcut', '--format', 'json');
    expect([w.code, w.json().code]).toEqual([3, 'SVC_UNSUPPORTED']);
    expect(w.json().detail).toContain('no schema in this version');
  });
});

describe('offline contract', () => {
  it('agent-info lists every command with its flags, every exit code and error, env vars and tool names', async () => {
    const h = harness({ reply: () => refused() });
    const r = await h.run('agent-info', '--format', 'json');
    expect(r.code).toBe(0);
    expect(h.calls).toHaveLength(0);
    const d = r.json();
    expect(d.version).toMatch(/^1\./);
    expect(d.commands.map((c: { name: string }) => c.name)).toEqual(COMMANDS.map((c) => c.name));
    expect(d.commands.find((c: { name: string }) => c.name === 'maxcut').flags.map((f: { name: string }) => f.name)).toContain('--max-compute-units');
    for (const name of SERVICE_COMMANDS) {
      const entry = d.commands.find((c: { name: string }) => c.name === name);
      if (isServedCommand(name)) expect(entry.status, name).toBeUndefined();
      else expect(entry, name).toMatchObject({ available: false, status: 'not available yet' });
    }
    expect(d.global_flags.map((f: { name: string }) => f.name)).toEqual(['--format', '--out', '--fields', '--compact', '--help', '--version']);
    expect(d.exit_codes.map((e: { code: number }) => e.code)).toEqual([0, 1, 2, 3]);
    for (const code of ERROR_CODES) {
      expect(d.exit_codes[EXIT_CODES[code]].error_codes).toContain(code);
      expect(d.errors[code].exit_code).toBe(EXIT_CODES[code]);
    }
    expect(Object.keys(d.environment)).toEqual(expect.arrayContaining(['SVC_BASE_URL', 'SVC_API_KEY', 'SVC_CONFIG', 'SVC_AGENT', 'SVC_AGENT_MODEL']));
    expect(d.tools.names.map((t: { mcp: string; openai: string }) => `${t.mcp}=${t.openai}`)).toEqual([
      'svc.analyze=svc_analyze', 'svc.compute=svc_compute', 'svc.verify=svc_verify', 'svc.inverse=svc_inverse', 'svc.explore=svc_explore',
    ]);
  });

  it('tools --target: each format, offline; --target is required and checked', async () => {
    const h = harness({ reply: () => refused() });
    const oa = await h.run('tools', '--target', 'openai', '--format', 'json');
    expect(oa.json()[0].function.name).toBe('svc_analyze');
    expect(JSON.parse((await h.run('tools', '--target', 'mcp')).out).tools[4].name).toBe('svc.explore');
    expect((await h.run('tools', '--target=anthropic', '--format', 'envelope')).json().result[2].name).toBe('svc_verify');
    const out = await h.run('tools', '--target', 'json-schema', '--out', 'tools.json');
    expect(out.out).toMatch(/5 json-schema definitions written to tools\.json/);
    expect(JSON.parse(h.files.get('tools.json')!.text)).toHaveLength(5);
    expect(h.calls).toHaveLength(0);
    expect((await h.run('tools')).code).toBe(3);
    expect((await h.run('tools', '--target', 'gemini')).err).toMatch(/--target must be one of openai, anthropic, json-schema, mcp/);
  });

  it('every command has --help and the general help lists them all', async () => {
    const h = harness();
    const general = (await h.run('--help')).out;
    for (const c of COMMANDS) {
      expect(general).toContain(`  ${[c.name, ...c.operands, ...(c.requiredFlags ? [c.requiredFlags] : [])].join(' ')} `);
      const r = await h.run(c.name, '--help');
      expect(r.code).toBe(0);
      expect(r.out).toContain(`Usage: svc ${c.name}`);
      expect(r.out).toContain('Exit codes:');
    }
  });
});

describe('verify', () => {
  const problem = { description: 'split four rival teams into two leagues', n: 4, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 0, 1]] };

  it('asks the service; exit 0 when the checks pass, 3 when not', async () => {
    const reply = (c: Call) => (is(c, '/api/v1/verify/maxcut') ? Response.json({ ok: JSON.parse(c.body as string).answer[0] === 0, command: 'maxcut', checks: [{ name: 'objective_recomputed', ok: true, detail: 'x' }], objective: 4, objective_field: 'cut_value', verification: 'service_recheck' }) : undefined);
    const ok = await harness({ reply, stdin: JSON.stringify({ problem, answer: [0, 1, 0, 1] }) }).run('verify', 'maxcut');
    expect([ok.code, ok.out.split('\n')[0]]).toEqual([0, 'maxcut: checks passed (service_recheck; cut_value = 4)']);
    const h = harness({ reply, stdin: JSON.stringify({ problem, answer: [1, 1, 0, 1] }) });
    const bad = await h.run('verify', 'maxcut', '--format', 'json');
    expect([bad.code, bad.json().ok]).toEqual([3, false]);
    expect(JSON.parse(h.sent()[0].body as string).problem.tag).toBe('svc-cortex-v1');
  });

  it('--local recomputes offline (no request); malformed input is exit 3', async () => {
    const h = harness({ stdin: JSON.stringify({ problem, answer: { answer: [0, 1, 0, 1], cut_value: 4 } }) });
    const r = await h.run('verify', 'maxcut', '--local', '--format', 'json');
    expect([r.code, r.json().verification, r.json().ok]).toEqual([0, 'local_recompute', true]);
    expect(h.calls).toHaveLength(0);
    for (const stdin of ['{"answer": [1]}', '[1]', '{"problem": {}, "answer": [1]}']) {
      expect((await harness({ stdin }).run('verify', 'maxcut', '--local')).code).toBe(3);
    }
    expect((await harness({ stdin: JSON.stringify({ problem, answer: [0] }) }).run('verify', 'optimize', '--local', '--format', 'json')).json().code).toBe('SVC_UNSUPPORTED');
  });

  it('--local checks a certificate offline (formal_proof, exit 0; a refused one exit 3 naming the step); without --local it travels to the service', async () => {
    const cycle5 = { description: 'five offices in a ring', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };
    const certificate = { kind: 'odd_cycles', cycles: [[0, 1, 2, 3, 4]] };
    const h = harness({ stdin: JSON.stringify({ problem: cycle5, answer: { answer: [0, 1, 0, 1, 1], cut_value: 4, certificate } }) });
    const r = await h.run('verify', 'maxcut', '--local', '--format', 'json');
    expect([r.code, r.json().verification, r.json().ok, r.json().certificate.bound, r.json().certificate.optimal]).toEqual([0, 'formal_proof', true, '4', true]);
    expect(h.calls).toHaveLength(0);
    const bad = await harness({ stdin: JSON.stringify({ problem: cycle5, answer: [0, 1, 0, 1, 1], certificate: { kind: 'odd_cycles', cycles: [[0, 1, 2, 3]] } }) }).run('verify', 'maxcut', '--local', '--format', 'json');
    expect([bad.code, bad.json().ok, bad.json().certificate.failed_step]).toEqual([3, false, 'odd_cycles.cycles[0]']);
    // cover has no --local recompute of its own: the certificate is the check.
    const cover = { description: 'three crews', universe: 3, sets: [[0, 1], [1, 2], [0, 2]] };
    const c = await harness({ stdin: JSON.stringify({ problem: cover, answer: [0, 1], certificate: { kind: 'lagrangian', y: ['0.5', '0.5', '0.5'] } }) }).run('verify', 'cover', '--local', '--format', 'json');
    expect([c.code, c.json().objective, c.json().certificate.bound, c.json().certificate.optimal]).toEqual([0, '2', '1.5', true]);
    // optimize: the posiform −1 + x̄0·x̄1 + 2·x0·x1 equals −x0 − x1 + 3·x0·x1 and proves −1 (the
    // certificate is the check: --local has no recompute of its own); one coefficient changed is refused.
    const qubo = { description: 'two rival projects', n: 2, linear: { '0': -1, '1': -1 }, quadratic: [[0, 1, 3]] };
    const posiform = { kind: 'posiform', constant: -1, terms: [[1, -1, -2], [2, 1, 2]] };
    const o = await harness({ stdin: JSON.stringify({ problem: qubo, answer: { answer: [1, 0], energy: -1, certainty: 'certified optimum', certificate: posiform } }) }).run('verify', 'optimize', '--local', '--format', 'json');
    expect([o.code, o.json().verification, o.json().certificate.bound, o.json().certificate.optimal]).toEqual([0, 'formal_proof', '-1', true]);
    const o2 = await harness({ stdin: JSON.stringify({ problem: qubo, answer: [1, 0], certificate: { ...posiform, terms: [[1, -1, -2], [3, 1, 2]] } }) }).run('verify', 'optimize', '--local', '--format', 'json');
    expect([o2.code, o2.json().certificate.failed_step]).toEqual([3, 'posiform.identity']);
    // Remote: a top-level certificate goes inside the result document the service reads.
    const remote = harness({ stdin: JSON.stringify({ problem: cycle5, answer: [0, 1, 0, 1, 1], certificate }), reply: (call) => (is(call, '/api/v1/verify/maxcut') ? Response.json({ ok: true, command: 'maxcut', checks: [], objective: 4, objective_field: 'cut_value', verification: 'formal_proof' }) : undefined) });
    expect((await remote.run('verify', 'maxcut', '--format', 'json')).code).toBe(0);
    expect(JSON.parse(remote.sent()[0].body as string).answer).toEqual({ answer: [0, 1, 0, 1, 1], certificate });
  });
});

describe('batch', () => {
  const solve = (c: Call) => {
    if (!c.url.pathname.startsWith('/api/v1/solve/')) return undefined;
    const p = JSON.parse(c.body as string);
    return p.description.length < 10 ? problemReply(422, 'SVC_MISSING_DESCRIPTION') : Response.json({ answer: [0, 1], n: p.n, receipt: `r${p.n}`, observability: {} });
  };
  const line = (n: number, d = 'a long enough description') => JSON.stringify({ description: d, n });

  it('NDJSON in, NDJSON out in input order; exit code of the first failed line', async () => {
    const input = [line(1), '', 'not json', JSON.stringify({ id: 'x', command: 'optimize', problem: JSON.parse(line(3)), seed: 4 }), line(4, 'short')].join('\n');
    const h = harness({ reply: solve, stdin: input });
    const r = await h.run('batch', 'maxcut', '--compact');
    const rows = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((x) => [x.line, x.ok, x.exit_code])).toEqual([[1, true, 0], [3, false, 3], [4, true, 0], [5, false, 3]]);
    expect(rows[0].result).toEqual({ answer: [0, 1], n: 1, receipt: 'r1', compacted: { dropped: ['observability'], truncated: {} } });
    expect(rows[1].error.code).toBe('SVC_INVALID_INPUT');
    expect(rows[2]).toMatchObject({ id: 'x', command: 'optimize' });
    expect(rows[3].error.code).toBe('SVC_MISSING_DESCRIPTION');
    expect(r.code).toBe(3);
    expect(r.err).toBe('svc batch: 4 line(s): 2 ok, 2 failed, 0 skipped\n');
    expect(h.sent().map((c) => `${c.url.pathname}?${c.url.searchParams}`)).toEqual(['/api/v1/solve/maxcut?', '/api/v1/solve/optimize?seed=4', '/api/v1/solve/maxcut?']);
    // Each line is its own solve: its own Idempotency-Key.
    expect(new Set(h.sent().map((c) => c.headers['idempotency-key'])).size).toBe(3);
  });

  it('--fail-fast marks the rest SVC_SKIPPED without sending them; skipped lines do not set the exit code', async () => {
    const down = (c: Call) => (c.url.pathname === '/api/v1/solve/maxcut' && JSON.parse(c.body as string).n === 2 ? problemReply(401, 'SVC_UNAUTHENTICATED') : solve(c));
    const h = harness({ reply: down, stdin: [line(1), line(2), JSON.stringify({ id: 'z', problem: JSON.parse(line(3)) }), line(4)].join('\n') });
    const r = await h.run('batch', 'maxcut', '--fail-fast', '--fields', 'n');
    const rows = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((x) => x.ok ? 'ok' : x.error.code)).toEqual(['ok', 'SVC_UNAUTHENTICATED', 'SVC_SKIPPED', 'SVC_SKIPPED']);
    expect(rows[0].result).toEqual({ n: 1 });
    expect(rows[2]).toMatchObject({ id: 'z', command: 'maxcut', exit_code: 3 });
    expect(r.code).toBe(2);
    expect(h.sent()).toHaveLength(2);
    expect(r.err).toContain('1 ok, 1 failed, 2 skipped');
  });

  it('bare problems need a command; envelope adds the problem; --out writes the NDJSON', async () => {
    const none = await harness({ reply: solve, stdin: line(1) }).run('batch');
    expect(JSON.parse(none.out).error.detail).toMatch(/no command/);
    const env = await harness({ reply: solve, stdin: line(1) }).run('batch', 'maxcut', '--format', 'envelope');
    expect(JSON.parse(env.out).problem).toEqual({ tag: 'svc-cortex-v1', ...JSON.parse(line(1)) });
    const h = harness({ reply: solve, stdin: [line(1), line(2)].join('\n') });
    const out = await h.run('batch', 'maxcut', '--out', 'res.ndjson', '--format', 'json');
    expect(out.json()).toEqual({ out: 'res.ndjson', lines: 2, ok: 2, failed: 0, skipped: 0 });
    expect(h.files.get('res.ndjson')!.text.trim().split('\n')).toHaveLength(2);
  });
});

describe('route', () => {
  const reply = (candidates: unknown[]) => (c: Call) => (is(c, '/api/v1/route') ? Response.json({ tag: 'svc-cortex-v1', candidates }) : undefined);
  const stdin = '{"description":"a real decision here","n":3,"linear":{"0":1}}';

  it('lists the fits, then the commands needing one more field; exit 0 when one fits', async () => {
    const r = await harness({ stdin, reply: reply([
      { command: 'optimize', confidence: 0.49, why: 'fields linear', available: true },
      { command: 'want', confidence: 0.27, why: 'takes linear; a want problem also needs pins', available: true, complete: false, needs: ['pins'] },
    ]) }).run('route');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^route: 1 command\(s\) fit, best first\n\s+optimize/);
    expect(r.out).toMatch(/with one more field:\n\s+want .*also needs pins/);
  });

  it('exits 3 when no command takes the shape as it is, still showing what would make it fit', async () => {
    const near = await harness({ stdin, reply: reply([{ command: 'want', confidence: 0.27, why: 'also needs pins', available: true, complete: false, needs: ['pins'] }]) }).run('route');
    expect(near.code).toBe(3);
    expect(near.out).toMatch(/no command fits this shape as it is[\s\S]*want/);
    const none = await harness({ stdin, reply: reply([]) }).run('route', '--format', 'json');
    expect([none.code, none.json().candidates]).toEqual([3, []]);
  });
});
