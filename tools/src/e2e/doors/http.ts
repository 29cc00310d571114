import type { DoorClient, DoorReply, DoorSolve, Json } from './door-client';

/** Plain HTTP: the routes of interface §4 with fetch. */
export function httpDoor(baseUrl: string): DoorClient {
  const call = async (method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<DoorReply> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Json;
    return res.status < 400 ? { ok: true, result: json } : { ok: false, problem: json };
  };
  return {
    name: 'http',
    solve(req: DoorSolve, token: string) {
      const q = new URLSearchParams();
      for (const k of ['effort', 'seed', 'max_latency_ms', 'version'] as const) if (req[k] !== undefined) q.set(k, String(req[k]));
      const qs = q.toString();
      return call('POST', `/api/v1/solve/${req.command}${qs ? `?${qs}` : ''}`, token, req.problem, req.idempotencyKey ? { 'idempotency-key': req.idempotencyKey } : {});
    },
    getJob(jobId, token, waitSeconds) {
      return call('GET', `/api/v1/jobs/${encodeURIComponent(jobId)}?wait=${waitSeconds}`, token);
    },
    cancelJob(jobId, token) {
      return call('POST', `/api/v1/jobs/${encodeURIComponent(jobId)}/cancel`, token);
    },
    async close() {},
  };
}
