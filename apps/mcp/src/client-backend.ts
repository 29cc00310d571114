import type { Client, ClientResult } from '@svc/client';
import type { Json, McpBackend, Outcome } from './backend';

function outcome<T>(r: ClientResult<T>): Outcome {
  return r.ok ? { ok: true, value: r.result as unknown as Json } : { ok: false, problem: r.error as unknown as Json };
}

/** The tools over the HTTP API with the caller's credentials (`svc mcp`): solving stays on the service. */
export function clientBackend(client: Client): McpBackend {
  const query = (a: { effort?: string; seed?: number; max_latency_ms?: number; version?: string; certificate?: string }) => ({
    ...(a.effort !== undefined ? { effort: a.effort } : {}),
    ...(a.seed !== undefined ? { seed: a.seed } : {}),
    ...(a.max_latency_ms !== undefined ? { maxLatencyMs: a.max_latency_ms } : {}),
    ...(a.version !== undefined ? { version: a.version } : {}),
    // As sent: the service refuses a value other than full or none (SVC_INVALID_INPUT).
    ...(a.certificate !== undefined ? { certificate: a.certificate as 'full' | 'none' } : {}),
  });
  return {
    async analyze(args) {
      return outcome(await client.analyze(args.command ?? '', args.problem, query(args)));
    },
    async compute(args, idempotencyKey) {
      const opts = { ...query(args), follow: false, ...(idempotencyKey ? { idempotencyKey } : {}) };
      return outcome(args.command === undefined ? await client.compute(args.problem, opts) : await client.solve(args.command, args.problem, opts));
    },
    async verify(args) {
      return outcome(await client.verify(args.command ?? '', args.problem, args.answer));
    },
    async getJob(jobId, waitSeconds) {
      return outcome(await client.job(jobId, { waitSeconds }));
    },
    async cancelJob(jobId) {
      return outcome(await client.cancel(jobId));
    },
  };
}
