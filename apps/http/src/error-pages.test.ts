import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERRORS } from '@svc/errors';
import { solverClient } from '@svc/grpc';
import { call, expectProblem, lyingWorker, sandboxToken, start, stopAll, TAG, type TestServer } from '../test/helpers';

// Every problem document's `type` pointed at https://docs.svc.invalid/errors/<CODE>, a domain that
// never resolves, and the server served no error pages. Now `type` is this server's own
// `/errors/<CODE>` (or SVC_PUBLIC_URL's, or SVC_DOCS_URL), and the server serves those pages.
let t: TestServer;
beforeAll(async () => {
  t = await start({ grpc: { port: 0 } });
}, 60_000);
afterAll(() => stopAll());

const ring = (n: number) => ({ tag: TAG, description: 'Split a ring of friends into two tables.', n, edges: Array.from({ length: n }, (_, i) => [i, (i + 1) % n, 1]) });

describe('the error reference is served at /errors', () => {
  it('a page for every catalogue code (HTML, with its title, status and next actions) and an index linking each', async () => {
    for (const code of ERROR_CODES) {
      const page = await call(t.url, 'GET', `/errors/${code}`);
      expect(page.status, code).toBe(200);
      expect(page.type, code).toMatch(/^text\/html/);
      expect(page.text, code).toContain(`<h1 id="${code}">${code}</h1>`);
      expect(page.text, code).toContain(ERRORS[code].title.replace(/'/g, '&#39;'));
      for (const a of ERRORS[code].actions) expect(page.text, code).toContain(`<code>${a}</code>`);
    }
    const index = await call(t.url, 'GET', '/errors');
    expect([index.status, index.type.startsWith('text/html')]).toEqual([200, true]);
    for (const code of ERROR_CODES) expect(index.text).toContain(`href="/errors/${code}"`);
  });

  it('an unknown code is a 404 problem document', async () => {
    expectProblem(await call(t.url, 'GET', '/errors/SVC_NOPE'), 404, 'SVC_NOT_FOUND');
    expectProblem(await call(t.url, 'GET', '/errors/%3Cscript%3E'), 404, 'SVC_NOT_FOUND');
  });
});

describe("every door's problem documents link a page that resolves", () => {
  const resolves = async (type: string, code: string) => {
    expect(type).toBe(`${t.url}/errors/${code}`);
    const page = await fetch(type);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<h1 id="${code}">`);
  };

  it('HTTP, tRPC and MCP: the address the connection reached, never the Host header', async () => {
    const anon = await call(t.url, 'POST', '/api/v1/solve/maxcut', { body: ring(4), headers: { host: 'evil.example:6666', 'x-forwarded-host': 'evil.example' } });
    expectProblem(anon, 401, 'SVC_UNAUTHENTICATED');
    await resolves(anon.json.type, 'SVC_UNAUTHENTICATED');
    const missing = await call(t.url, 'GET', '/api/v1/nowhere');
    await resolves(missing.json.type, 'SVC_NOT_FOUND');
    const token = await sandboxToken(t.url);
    const trpc = await call(t.url, 'POST', '/trpc/solve', { body: { command: 'maxcut', problem: { ...ring(4), n: 'four' } }, auth: token });
    await resolves(trpc.json.error.data.problem.type, trpc.json.error.data.problem.code);
    const trpcUnknown = await call(t.url, 'GET', '/trpc/nothing');
    await resolves(trpcUnknown.json.error.data.problem.type, trpcUnknown.json.error.data.problem.code);
    const mcp = await call(t.url, 'POST', '/mcp', {
      raw: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc.compute', arguments: { command: 'maxcut', problem: { ...ring(4), n: 'four' } } } }),
      auth: token, headers: { accept: 'application/json, text/event-stream' },
    });
    const text = mcp.text;
    const type = /"type\\?":\\?"(http[^"\\]+)/.exec(text)?.[1];
    expect(type, text.slice(0, 400)).toBeDefined();
    await resolves(type!, type!.split('/').at(-1)!);
  });

  it('gRPC: the HTTP server it runs beside', async () => {
    const c = solverClient(t.srv.grpc!.address);
    const out = await c.solve({ command: 'maxcut', problem: ring(3) });
    c.close();
    expect(out).toMatchObject({ ok: false, problem: { code: 'SVC_UNAUTHENTICATED' } });
    await resolves((out as unknown as { problem: { type: string } }).problem.type, 'SVC_UNAUTHENTICATED');
  });

  it("a failed job's stored document links the server it is read from, on every door; one failing within the sync window answers it", async () => {
    // Every solve queued (threshold 1) and failed by a worker whose answers fail the re-score.
    const f = await start({ grpc: { port: 0 }, workerFile: lyingWorker, jobs: { queueThresholdWork: 1 } });
    const token = await sandboxToken(f.url);
    const ack = await call(f.url, 'POST', '/api/v1/solve/maxcut', { body: ring(4), auth: token });
    expect(ack.status).toBe(202);
    const id = ack.json.job_id as string;
    const onHere = async (type: string) => {
      expect(type).toBe(`${f.url}/errors/SVC_ENGINE_FAILURE`);
      expect((await fetch(type)).status).toBe(200);
    };
    const http = await call(f.url, 'GET', `/api/v1/jobs/${id}?wait=30`, { auth: token });
    expect(http.json).toMatchObject({ status: 'failed', error: { code: 'SVC_ENGINE_FAILURE' } });
    await onHere(http.json.error.type);
    await onHere((await call(f.url, 'POST', `/api/v1/jobs/${id}/cancel`, { auth: token })).json.error.type);
    await onHere((await call(f.url, 'GET', `/trpc/getJob?input=${encodeURIComponent(JSON.stringify({ job_id: id }))}`, { auth: token })).json.result.data.error.type);
    const c = solverClient(f.srv.grpc!.address, token);
    const g = await c.getJob(id);
    c.close();
    await onHere((g as unknown as { value: { error: { type: string } } }).value.error.type);
    const mcp = await call(f.url, 'POST', '/mcp', {
      raw: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc.compute', arguments: { job_id: id } } }),
      auth: token, headers: { accept: 'application/json, text/event-stream' },
    });
    const type = /"type\\?":\\?"(http[^"\\]+)/.exec(mcp.text)?.[1];
    expect(type, mcp.text.slice(0, 400)).toBeDefined();
    await onHere(type!);
    // Within a sync window the request answers the job's failure itself, as a solve in the request would.
    const w = await start({ workerFile: lyingWorker, jobs: { queueThresholdWork: 1, syncWaitMs: 30_000 } });
    const failed = await call(w.url, 'POST', '/api/v1/solve/maxcut', { body: ring(4), auth: await sandboxToken(w.url) });
    expectProblem(failed, 503, 'SVC_ENGINE_FAILURE');
    expect(failed.json.type).toBe(`${w.url}/errors/SVC_ENGINE_FAILURE`);
  });

  it('SVC_PUBLIC_URL sets the base; the docsUrl option (SVC_DOCS_URL) points at another site', async () => {
    const pub = await start({ env: { SVC_PUBLIC_URL: 'https://svc.example.org/' } });
    expect((await call(pub.url, 'POST', '/api/v1/solve/maxcut', { body: ring(4) })).json.type).toBe('https://svc.example.org/errors/SVC_UNAUTHENTICATED');
    const ext = await start({ docsUrl: 'https://docs.example.com/svc' });
    expect((await call(ext.url, 'POST', '/api/v1/solve/maxcut', { body: ring(4) })).json.type).toBe('https://docs.example.com/svc/errors/SVC_UNAUTHENTICATED');
  });
});
