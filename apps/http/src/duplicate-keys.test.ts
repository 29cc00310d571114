import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem, sandboxToken, start, stopAll, TAG, type TestServer } from '../test/helpers';

// `{"n": 2, "n": 3}` was solved as n = 3: JSON.parse keeps the last of a key written twice and the
// caller never learns that the other was dropped. Every door that reads JSON text refuses it now
// (the gRPC door's Struct reader already did).
let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await start();
  token = await sandboxToken(t.url);
}, 60_000);
afterAll(() => stopAll());

const twice = `{"tag":"${TAG}","description":"Split a ring of friends into two tables.","n":3,"edges":[[0,1,1],[1,2,1],[2,0,1]],"n":4}`;

describe('a key written twice in one object is 422 naming it, on every door', () => {
  it('HTTP solve, analyze and verify', async () => {
    for (const path of ['/api/v1/solve/maxcut', '/api/v1/analyze/maxcut']) {
      const r = await call(t.url, 'POST', path, { raw: twice, auth: token });
      expectProblem(r, 422, 'SVC_INVALID_INPUT');
      expect(r.json.detail, path).toContain('the key "n" is given twice');
      expect(r.json.field).toBe('(root)');
    }
    const nested = await call(t.url, 'POST', '/api/v1/verify/maxcut', { raw: `{"problem":${twice.replace(',"n":4', '')},"answer":{"answer":[0,1,1],"answer":[1,0,0]}}`, auth: token });
    expectProblem(nested, 422, 'SVC_INVALID_INPUT');
    expect(nested.json.field).toBe('answer');
  });

  it('tRPC and MCP', async () => {
    const trpc = await call(t.url, 'POST', '/trpc/solve', { raw: `{"command":"maxcut","problem":${twice}}`, auth: token });
    expect([trpc.status, trpc.json.error?.data?.problem?.code, trpc.json.error?.data?.problem?.field]).toEqual([422, 'SVC_INVALID_INPUT', 'problem']);
    const mcp = await call(t.url, 'POST', '/mcp', {
      raw: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"svc.compute","arguments":{"command":"maxcut","problem":${twice}}}}`,
      auth: token, headers: { accept: 'application/json, text/event-stream' },
    });
    expectProblem(mcp, 422, 'SVC_INVALID_INPUT');
    expect(mcp.json.field).toBe('params.arguments.problem');
  });

  it('pins keep their own rule: a pin given two values is a contradiction, reported at that stage', async () => {
    const want = `{"tag":"${TAG}","description":"Pick suppliers with one pinned.","n":4,"linear":{"0":1,"1":-1},"pins":{"2":1,"2":0}}`;
    expectProblem(await call(t.url, 'POST', '/api/v1/solve/want', { raw: want, auth: token }), 422, 'SVC_CONTRADICTORY_CONSTRAINTS');
  });
});
