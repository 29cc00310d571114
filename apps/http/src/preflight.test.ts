import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKERS, MODEL_VERSION, SOLVABLE_COMMANDS } from '@svc/service';
import { TAG, call, expectProblem, sandboxToken, start, stopAll, unitsUsed, type TestServer } from '../test/helpers';

// Free preflight (analyze/estimate/preflight), shape routing (route, compute) and verify, through
// real requests: the same units as the solve, no charge, the same error precedence as a solve.
const DESC = 'Choose which warehouses to open next quarter.';
let t: TestServer;
let token: string;

const optimize12 = {
  tag: TAG, description: DESC, n: 12,
  linear: { '0': -3, '1': 2, '4': -1, '7': 5 },
  quadratic: [[0, 1, 2], [1, 2, -3], [2, 3, 1], [4, 7, -2], [5, 6, 4], [8, 11, -1], [0, 1, 1]],
};
const cycle = { tag: TAG, description: DESC, n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };
const used = () => unitsUsed(t.url, token);

beforeAll(async () => {
  t = await start({ jobs: { queueThresholdWork: 100_000_000 } });
  token = await sandboxToken(t.url);
});
afterAll(stopAll);

describe('POST /api/v1/analyze/<command> (aliases estimate, preflight)', () => {
  it('reports the same compute units as the solve, certification, queueing, and charges nothing', async () => {
    const before = await used();
    const reports = await Promise.all(['analyze', 'estimate', 'preflight'].map((a) => call(t.url, 'POST', `/api/v1/${a}/optimize?effort=high&seed=2`, { body: optimize12, auth: token })));
    for (const r of reports) expect(r.status).toBe(200);
    expect(reports[1].json).toEqual(reports[0].json);
    expect(reports[2].json).toEqual(reports[0].json);
    const a = reports[0].json;
    expect(a).toMatchObject({
      tag: TAG, command: 'optimize', valid: true, n: 12, terms: 6, effort: 'high', seed: 2, version: MODEL_VERSION,
      would_certify: true, certify: 'yes', would_queue: false, difficulty: 'trivial', recommended_effort: 'flash', charged: 0, work_basis: 'engine_budget',
      queue_threshold_work: 100_000_000,
    });
    expect(a.compute_units_by_effort).toEqual({ flash: 1, medium: 2, high: 4 });
    expect(a.exact_caps.flash).toBeGreaterThanOrEqual(22);
    expect(await used()).toBe(before);
    const solved = await call(t.url, 'POST', '/api/v1/solve/optimize?effort=high&seed=2', { body: optimize12, auth: token });
    expect(solved.json.compute_units).toBe(a.compute_units);
    expect(solved.json.certainty).toBe('certified optimum (proven by exhaustion)');
    expect(a.compute_units_left).toBe(10_000 - before);
    expect(a.within_quota).toBe(true);
  });

  it('says when a solve would be heuristic and when it would be queued', async () => {
    const edges: number[][] = [];
    for (let i = 0; i < 3000; i++) edges.push([i, (i * 7 + 1) % 3000 === i ? (i + 1) % 3000 : (i * 7 + 1) % 3000, 1]);
    // That graph alone is bipartite, certified by construction at any size; a triangle makes it searched.
    const bipartite = (await call(t.url, 'POST', '/api/v1/analyze/maxcut?effort=flash', { body: { tag: TAG, description: DESC, n: 3000, edges }, auth: token })).json;
    expect(bipartite).toMatchObject({ would_certify: true, certify: 'yes', would_queue: false });
    expect(bipartite.certification).toMatch(/every positive edge cut, no negative one/);
    edges.push([0, 1, 1], [1, 2, 1], [0, 2, 1]);
    const big = { tag: TAG, description: DESC, n: 3000, edges };
    const flash = (await call(t.url, 'POST', '/api/v1/analyze/maxcut?effort=flash', { body: big, auth: token })).json;
    expect(flash).toMatchObject({ would_certify: false, certify: 'unknown', would_queue: false, difficulty: 'moderate', recommended_effort: 'medium' });
    expect(flash.certification).toMatch(/certified only if the exact method finishes/);
    const high = (await call(t.url, 'POST', '/api/v1/analyze/maxcut?effort=high', { body: big, auth: token })).json;
    expect(high).toMatchObject({ would_queue: true, difficulty: 'hard' });
    expect(high.estimated_work).toBeGreaterThanOrEqual(high.queue_threshold_work);
    const complete = (await call(t.url, 'POST', '/api/v1/preflight/maxcut', { body: { tag: TAG, description: DESC, n: 40_000, complete: true }, auth: token })).json;
    expect(complete).toMatchObject({ would_certify: true, certify: 'yes', difficulty: 'trivial', would_queue: false });
    const budget = (await call(t.url, 'POST', '/api/v1/analyze/maxcut?max_latency_ms=50', { body: cycle, auth: token })).json;
    expect(budget).toMatchObject({ latency_budget_ms: 50, would_certify: false, certify: 'likely' });
    expect(budget.certification).toMatch(/unless the latency budget of 50 ms cuts it short/);
    const completeBudget = (await call(t.url, 'POST', '/api/v1/analyze/maxcut?max_latency_ms=50', { body: { tag: TAG, description: DESC, n: 100, complete: true }, auth: token })).json;
    expect(completeBudget).toMatchObject({ would_certify: true, certify: 'yes' });
  });

  it('never promises a certificate a solve may not deliver: a dense QUBO above the enumeration cap is likely, not yes', async () => {
    // The case: n = 60 dense at high was "would certify: yes" and solved heuristic with a gap.
    const quadratic: number[][] = [];
    let s = 12345;
    const rnd = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) % 201) - 100;
    for (let i = 0; i < 60; i++) for (let j = i + 1; j < 60; j++) quadratic.push([i, j, rnd()]);
    const dense = { tag: TAG, description: DESC, n: 60, quadratic };
    const a = (await call(t.url, 'POST', '/api/v1/analyze/optimize?effort=high', { body: dense, auth: token })).json;
    expect(a).toMatchObject({ would_certify: false, certify: 'likely' });
    expect(a.certification).toMatch(/may not finish on this one/);
    const above = (await call(t.url, 'POST', '/api/v1/analyze/optimize?effort=flash', { body: { ...dense, n: 300 }, auth: token })).json;
    expect(above).toMatchObject({ would_certify: false, certify: 'unknown' });
    // At the enumeration cap (24 at flash) the promise holds, and the solve keeps it.
    const q24: number[][] = [];
    for (let i = 0; i < 24; i++) for (let j = i + 1; j < 24; j++) q24.push([i, j, rnd()]);
    const at = { tag: TAG, description: DESC, n: 24, quadratic: q24 };
    const yes = (await call(t.url, 'POST', '/api/v1/analyze/optimize?effort=flash', { body: at, auth: token })).json;
    expect(yes).toMatchObject({ would_certify: true, certify: 'yes' });
    expect(yes.certification).toMatch(/exhaustive enumeration/);
    const solved = await call(t.url, 'POST', '/api/v1/solve/optimize?effort=flash', { body: at, auth: token });
    let doc = solved.json;
    expect(yes.would_queue).toBe(solved.status === 202);
    while (doc.status === 'queued' || doc.status === 'running') doc = (await call(t.url, 'GET', doc.poll ?? `/api/v1/jobs/${doc.job_id}?wait=30`, { auth: token })).json;
    expect(doc.result?.certainty ?? doc.certainty, JSON.stringify(doc)).toMatch(/^certified/);
  });

  it('gives a solve\'s errors in a solve\'s precedence', async () => {
    expectProblem(await call(t.url, 'POST', '/api/v1/analyze/frobnicate', { body: cycle }), 404, 'SVC_UNSUPPORTED');
    expectProblem(await call(t.url, 'POST', '/api/v1/analyze/maxcut?speed=1', { body: cycle }), 404, 'SVC_UNSUPPORTED');
    expectProblem(await call(t.url, 'POST', '/api/v1/analyze/maxcut', { body: cycle }), 401, 'SVC_UNAUTHENTICATED');
    expectProblem(await call(t.url, 'POST', '/api/v1/analyze/maxcut', { raw: '{"tag":', auth: token }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await call(t.url, 'POST', '/api/v1/analyze/maxcut', { body: { description: DESC, n: 3 }, auth: token }), 422, 'SVC_MISSING_TAG');
    expectProblem(await call(t.url, 'POST', '/api/v1/analyze/maxcut', { body: { tag: TAG, description: 'short', n: 3 }, auth: token }), 422, 'SVC_MISSING_DESCRIPTION');
    expectProblem(await call(t.url, 'POST', '/api/v1/analyze/maxcut', { body: { tag: TAG, description: DESC, edges: [[0, 1, 1]] }, auth: token }), 422, 'SVC_SANDBOX_NEEDS_N');
    expectProblem(await call(t.url, 'POST', '/api/v1/analyze/maxcut', { body: { ...cycle, n: 60_000, edges: [[0, 1, 1]] }, auth: token }), 403, 'SVC_SANDBOX_LIMIT');
    expectProblem(await call(t.url, 'POST', '/api/v1/analyze/maxcut?version=1999-01-01', { body: cycle, auth: token }), 422, 'SVC_UNKNOWN_VERSION');
    expectProblem(await call(t.url, 'POST', '/api/v1/analyze/maxcut', { raw: 'x'.repeat(9 * 1024 * 1024), auth: token }), 413, 'SVC_PAYLOAD_TOO_LARGE');
  });
});

describe('POST /api/v1/route and /api/v1/compute', () => {
  it('ranks candidates by shape, with why, for free', async () => {
    const before = await used();
    const r = await call(t.url, 'POST', '/api/v1/route', { body: cycle, auth: token });
    expect(r.status).toBe(200);
    expect(r.json.candidates[0]).toMatchObject({ command: 'maxcut', available: true });
    expect(r.json.candidates[0].why).toMatch(/edges/);
    const q = (await call(t.url, 'POST', '/api/v1/route', { body: { tag: TAG, description: DESC, n: 3, quadratic: [[0, 1, 1]] }, auth: token })).json.candidates;
    expect(q.filter((c: any) => c.complete !== false).map((c: any) => c.command)).toEqual(['optimize', 'feel']);
    expect(q[0].confidence).toBeGreaterThan(q[1].confidence);
    // Every command that takes these fields is listed, those needing one more field after the fits, each with what it needs.
    const lq = (await call(t.url, 'POST', '/api/v1/route', { body: { tag: TAG, description: DESC, n: 3, linear: { '0': 1 }, quadratic: [[0, 1, 1]] }, auth: token })).json.candidates;
    expect(lq.slice(0, 1).map((c: any) => [c.command, c.complete])).toEqual([['optimize', undefined]]);
    const near = lq.filter((c: any) => c.complete === false);
    expect(near.map((c: any) => c.command).sort()).toEqual(['milp', 'rules', 'sample', 'want']);
    expect(near.find((c: any) => c.command === 'want')).toMatchObject({ needs: ['pins'], why: expect.stringContaining('also needs pins') });
    for (const c of near) expect(c.confidence).toBeLessThan(lq[0].confidence);
    const spins = (await call(t.url, 'POST', '/api/v1/route', { body: { tag: TAG, description: DESC, n: 2, quadratic: [[0, 1, 1]], warm_start: [1, -1] }, auth: token })).json.candidates;
    expect(spins[0].command).toBe('feel');
    const tsp = (await call(t.url, 'POST', '/api/v1/route', { body: { tag: TAG, description: DESC, matrix: [[0, 1], [1, 0]] }, auth: token })).json.candidates;
    expect(tsp[0].command).toBe('tsp');
    expect((await call(t.url, 'POST', '/api/v1/route', { body: { tag: TAG, description: DESC, frobs: 1 }, auth: token })).json.candidates).toEqual([]);
    for (const c of [...q, ...spins, ...tsp]) expect(c.confidence > 0 && c.confidence <= 1).toBe(true);
    expect(await used()).toBe(before);
    expectProblem(await call(t.url, 'POST', '/api/v1/route?x=1', { body: cycle, auth: token }), 404, 'SVC_UNSUPPORTED');
    expectProblem(await call(t.url, 'POST', '/api/v1/route', { body: cycle }), 401, 'SVC_UNAUTHENTICATED');
  });

  it('routes a bare problem to its command and answers as the command would, with `routed`', async () => {
    const r = await call(t.url, 'POST', '/api/v1/compute?seed=1', { body: cycle, auth: token });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ cut_value: 4, tag: TAG, routed: { command: 'maxcut' } });
    const direct = await call(t.url, 'POST', '/api/v1/solve/maxcut?seed=1', { body: cycle, auth: token });
    expect(r.json.receipt).toBe(direct.json.receipt);
    const o = await call(t.url, 'POST', '/api/v1/compute', { body: optimize12, auth: token });
    expect(o.json.routed.command).toBe('optimize');
    expect(typeof o.json.energy).toBe('number');
  });

  it('takes max_latency_ms from contract.requirements or the query, and version from body or query', async () => {
    const big: number[][] = [];
    for (let i = 0; i < 400; i++) for (const d of [1, 7, 31]) big.push([i, (i + d) % 400, 1 + (i % 3)]);
    const body = { tag: TAG, description: DESC, n: 400, edges: big, contract: { requirements: { max_latency_ms: 30 } } };
    // Heavy at effort high, but the 30 ms budget bounds the work: answered in the request.
    expect((await call(t.url, 'POST', '/api/v1/analyze/maxcut?effort=high', { body: { ...body, contract: undefined }, auth: token })).json.would_queue).toBe(true);
    const r = await call(t.url, 'POST', '/api/v1/compute?effort=high', { body, auth: token });
    expect(r.status).toBe(200);
    expect(r.json.latency_budget_ms).toBe(30);
    expect(typeof r.json.stopped_at_deadline).toBe('boolean');
    const q = await call(t.url, 'POST', '/api/v1/compute?max_latency_ms=40', { body: cycle, auth: token });
    expect(q.json.latency_budget_ms).toBe(40);
    expectProblem(await call(t.url, 'POST', '/api/v1/compute?max_latency_ms=40', { body, auth: token }), 422, 'SVC_INVALID_INPUT');
    const v = await call(t.url, 'POST', '/api/v1/compute?version=latest', { body: { ...cycle, version: '2026-11-01' }, auth: token });
    expectProblem(v, 422, 'SVC_INVALID_INPUT');
    expect((await call(t.url, 'POST', '/api/v1/compute', { body: { ...cycle, version: 'latest' }, auth: token })).json.version).toBe(MODEL_VERSION);
    expectProblem(await call(t.url, 'POST', '/api/v1/compute?version=0.9', { body: cycle, auth: token }), 422, 'SVC_UNKNOWN_VERSION');
  });

  it('refuses in order: query 404 → auth → tag → description → sandbox n → contract → shape → command availability', async () => {
    expectProblem(await call(t.url, 'POST', '/api/v1/compute?speed=1', { body: cycle }), 404, 'SVC_UNSUPPORTED');
    expectProblem(await call(t.url, 'POST', '/api/v1/compute', { body: cycle }), 401, 'SVC_UNAUTHENTICATED');
    expectProblem(await call(t.url, 'POST', '/api/v1/compute', { body: { description: DESC, n: 5, contract: 1 }, auth: token }), 422, 'SVC_MISSING_TAG');
    expectProblem(await call(t.url, 'POST', '/api/v1/compute', { body: { tag: TAG, n: 5, contract: 1 }, auth: token }), 422, 'SVC_MISSING_DESCRIPTION');
    expectProblem(await call(t.url, 'POST', '/api/v1/compute', { body: { tag: TAG, description: DESC, edges: [[0, 1, 1]], contract: 1 }, auth: token }), 422, 'SVC_SANDBOX_NEEDS_N');
    const badContract = await call(t.url, 'POST', '/api/v1/compute', { body: { ...cycle, contract: { requirements: { latency: 5 } } }, auth: token });
    expectProblem(badContract, 422, 'SVC_INVALID_INPUT');
    expect(badContract.json.field).toBe('contract.requirements.latency');
    expectProblem(await call(t.url, 'POST', '/api/v1/compute', { body: { tag: TAG, description: DESC, n: 3, frobs: [1] }, auth: token }), 422, 'SVC_INVALID_INPUT');
    const tsp = await call(t.url, 'POST', '/api/v1/compute', { body: { tag: TAG, description: DESC, n: 2, matrix: [[0, 1], [1, 0]] }, auth: token });
    if (SOLVABLE_COMMANDS.includes('tsp')) expect(tsp.status).toBe(200);
    else expectProblem(tsp, 404, 'SVC_UNSUPPORTED');
  });
});

describe('POST /api/v1/verify/<command>', () => {
  it('has an independent checker for every solvable command', () => {
    for (const c of SOLVABLE_COMMANDS) expect(CHECKERS[c], c).toBeDefined();
  });

  it('re-checks a result document: shape, objective, declared value, certified claim and receipt, free', async () => {
    const solved = (await call(t.url, 'POST', '/api/v1/solve/optimize?seed=9', { body: optimize12, auth: token })).json;
    const before = await used();
    const r = await call(t.url, 'POST', '/api/v1/verify/optimize', { body: { problem: optimize12, answer: solved }, auth: token });
    expect(r.status).toBe(200);
    // The certified answer carries its posiform (or tree) certificate: the re-check proves it too.
    expect(solved.certificate).toMatchObject({ kind: expect.stringMatching(/^(posiform|tree)$/) });
    expect(r.json).toMatchObject({ ok: true, objective: solved.energy, objective_field: 'energy', verification: 'formal_proof', certificate: { ok: true, optimal: true } });
    expect(r.json.checks.map((c: any) => c.name)).toEqual(['answer_shape', 'objective_recomputed', 'declared_objective', 'certified_optimum', 'receipt', 'certificate']);
    expect(r.json.checks.every((c: any) => c.ok)).toBe(true);
    expect(await used()).toBe(before);
    // A bare answer: shape and objective only.
    const bare = (await call(t.url, 'POST', '/api/v1/verify/optimize', { body: { problem: optimize12, answer: solved.answer }, auth: token })).json;
    expect(bare).toMatchObject({ ok: true, objective: solved.energy });
    expect(bare.checks.map((c: any) => c.name)).toEqual(['answer_shape', 'objective_recomputed']);
  });

  it('checks a certificate (body or result document): formal_proof with the proven bound, or ok false naming the failing step', async () => {
    const answer = [0, 1, 0, 1, 1];
    const cert = { kind: 'odd_cycles', cycles: [[0, 1, 2, 3, 4]] };
    const before = await used();
    const r = await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle, answer, certificate: cert }, auth: token });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ ok: true, objective: 4, verification: 'formal_proof', certificate: { ok: true, kind: 'odd_cycles', sense: 'max', objective: '4', bound: '4', optimal: true, failed_step: null } });
    expect(r.json.checks.at(-1)).toMatchObject({ name: 'certificate', ok: true });
    expect(await used()).toBe(before);
    // Inside the result document, with a claim the certificate must support.
    const doc = { answer, cut_value: 4, certainty: 'certified optimum (proven by exhaustion)', certificate: cert };
    const d = (await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle, answer: doc }, auth: token })).json;
    expect(d).toMatchObject({ verification: 'formal_proof', certificate: { ok: true, optimal: true } });
    // Tampered: an even cycle is no proof; a weaker claim-breaking certificate is refused at the claim.
    const even = (await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle, answer, certificate: { kind: 'odd_cycles', cycles: [[0, 1, 2, 3]] } }, auth: token })).json;
    expect(even).toMatchObject({ ok: false, verification: 'formal_proof', certificate: { ok: false, failed_step: 'odd_cycles.cycles[0]' } });
    expect(even.checks.filter((c: any) => !c.ok).map((c: any) => c.name)).toEqual(['certificate']);
    const weak = (await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle, answer: { ...doc, certificate: { kind: 'odd_cycles', cycles: [] } } }, auth: token })).json;
    expect(weak.certificate).toMatchObject({ ok: false, failed_step: 'claim.optimal' });
    // Hostile certificates are refusals (200, ok false), never a 5xx; none at all stays a service_recheck.
    for (const junk of [{ kind: 'sdp_dual', y: ['1e999999', 'NaN'] }, { kind: 'tree', nodes: [{ split: [0, 0] }] }, [1, 2, 3], 'x', { kind: 'one_tree' }]) {
      const h = await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle, answer, certificate: junk }, auth: token });
      expect(h.status).toBe(200);
      expect(h.json).toMatchObject({ ok: false, verification: 'formal_proof', certificate: { ok: false } });
    }
    const none = (await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle, answer }, auth: token })).json;
    expect(none.verification).toBe('service_recheck');
    expect(none.certificate).toBeUndefined();
  });

  it('fails the checks that do not hold, naming them; never an error for a wrong answer', async () => {
    const solved = (await call(t.url, 'POST', '/api/v1/solve/maxcut', { body: cycle, auth: token })).json;
    const lie = { ...solved, cut_value: 5 };
    const r = (await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle, answer: lie }, auth: token })).json;
    expect(r.ok).toBe(false);
    const failed = r.checks.filter((c: any) => !c.ok).map((c: any) => c.name);
    expect(failed).toEqual(['declared_objective']);
    // A worse answer claimed as certified: the exhaustive re-check and the receipt both fail.
    const worse = { ...solved, answer: [0, 0, 0, 0, 0], cut_value: 0 };
    const w = (await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle, answer: worse }, auth: token })).json;
    expect(w.ok).toBe(false);
    expect(w.objective).toBe(0);
    expect(w.checks.filter((c: any) => !c.ok).map((c: any) => c.name)).toEqual(['certified_optimum', 'receipt']);
    const shape = (await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle, answer: [0, 1, 2] }, auth: token })).json;
    expect(shape).toMatchObject({ ok: false, objective: null });
    expect(shape.checks[0]).toMatchObject({ name: 'answer_shape', ok: false });
    const ws = { ...optimize12, warm_start: [1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0] };
    const worseThanWarm = (await call(t.url, 'POST', '/api/v1/verify/optimize', { body: { problem: ws, answer: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }, auth: token })).json;
    // The warm start x0 = x4 = x7 = 1 has energy −1; all zeros (0) is worse.
    expect(worseThanWarm.checks.find((c: any) => c.name === 'warm_start_not_worse')).toMatchObject({ ok: false, detail: 'worse than the warm start (-1)' });
    const better = (await call(t.url, 'POST', '/api/v1/verify/optimize', { body: { problem: ws, answer: [1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0] }, auth: token })).json;
    expect(better.checks.find((c: any) => c.name === 'warm_start_not_worse').ok).toBe(true);
    const bound = (await call(t.url, 'POST', '/api/v1/verify/optimize', { body: { problem: optimize12, answer: { answer: new Array(12).fill(0), bound: 1 } }, auth: token })).json;
    expect(bound.checks.find((c: any) => c.name === 'bound').ok).toBe(false);
  });

  it('checks rules (violations, then energy) and select (k distinct items) answers', async () => {
    const rules = {
      tag: TAG, description: DESC, n: 4,
      constraints: [{ type: 'choose_one', nodes: [0, 1] }, { type: 'different', nodes: [2, 3] }],
      linear: { '0': -1, '1': -2, '2': 1 },
    };
    const solved = (await call(t.url, 'POST', '/api/v1/solve/rules', { body: rules, auth: token })).json;
    expect(solved).toMatchObject({ energy: -2, violations: 0 });
    const ok = (await call(t.url, 'POST', '/api/v1/verify/rules', { body: { problem: rules, answer: solved }, auth: token })).json;
    expect(ok.ok).toBe(true);
    expect(ok.checks.map((c: any) => c.name)).toEqual(['answer_shape', 'objective_recomputed', 'declared_objective', 'declared_violations', 'certified_optimum', 'receipt']);
    // Fewer violations always win: a cheaper answer breaking a rule does not refute the certificate, a false count does.
    const lie = (await call(t.url, 'POST', '/api/v1/verify/rules', { body: { problem: rules, answer: { ...solved, answer: [1, 1, 0, 0], energy: -3, violations: 0 } }, auth: token })).json;
    expect(lie.checks.filter((c: any) => !c.ok).map((c: any) => c.name)).toEqual(['declared_violations', 'certified_optimum', 'receipt']);
    // An answer that declares no `violations` claims none: a broken rule is named, not passed by.
    for (const answer of [[1, 1, 0, 0], { answer: [1, 1, 0, 0], energy: -3 }]) {
      const silent = (await call(t.url, 'POST', '/api/v1/verify/rules', { body: { problem: rules, answer }, auth: token })).json;
      expect(silent.ok).toBe(false);
      const held = silent.checks.find((c: any) => c.name === 'rules_hold');
      expect(held).toMatchObject({ ok: false });
      expect(held.detail).toMatch(/rule 0 \(choose_one on \[0, 1\]\) is broken, 2 in all/);
    }
    const clean = (await call(t.url, 'POST', '/api/v1/verify/rules', { body: { problem: rules, answer: solved.answer }, auth: token })).json;
    expect(clean.ok).toBe(true);
    expect(clean.checks.find((c: any) => c.name === 'rules_hold')).toMatchObject({ ok: true });
    const sel = { tag: TAG, description: DESC, n: 4, m: 4, k: 2, affinity: [3, 2, 2, 1], redundancy: [[0, 4, 0, 0], [4, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]] };
    const s = (await call(t.url, 'POST', '/api/v1/solve/select', { body: sel, auth: token })).json;
    expect(s).toMatchObject({ value: 5, count: 2 });
    expect((await call(t.url, 'POST', '/api/v1/verify/select', { body: { problem: sel, answer: s }, auth: token })).json.ok).toBe(true);
    const worse = (await call(t.url, 'POST', '/api/v1/verify/select', { body: { problem: sel, answer: { ...s, answer: [0, 1], value: 1 } }, auth: token })).json;
    expect(worse).toMatchObject({ ok: false, objective: 1 });
    expect(worse.checks.filter((c: any) => !c.ok).map((c: any) => c.name)).toEqual(['certified_optimum', 'receipt']);
    for (const bad of [[0, 0], [0, 4], [1]]) {
      expect((await call(t.url, 'POST', '/api/v1/verify/select', { body: { problem: sel, answer: bad }, auth: token })).json.checks[0]).toMatchObject({ name: 'answer_shape', ok: false });
    }
  });

  it('refuses bad requests like a solve would', async () => {
    expectProblem(await call(t.url, 'POST', '/api/v1/verify/frobnicate', { body: {} }), 404, 'SVC_UNSUPPORTED');
    expectProblem(await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle, answer: [] } }), 401, 'SVC_UNAUTHENTICATED');
    expectProblem(await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle }, auth: token }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle, answer: [], extra: 1 }, auth: token }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: { description: DESC, n: 2 }, answer: [0, 1] }, auth: token }), 422, 'SVC_MISSING_TAG');
    expectProblem(await call(t.url, 'POST', '/api/v1/verify/maxcut', { body: { problem: cycle, answer: { cut_value: 4 } }, auth: token }), 422, 'SVC_INVALID_INPUT');
  });
});
