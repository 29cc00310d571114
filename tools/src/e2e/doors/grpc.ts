import { solverClient } from '@svc/grpc';
import type { DoorClient, DoorReply, Json } from './door-client';

/** gRPC `svc.v1.Solver` (one channel per token); a fault's problem document rides in `svc-problem-bin`. */
export function grpcDoor(address: string): DoorClient {
  const clients = new Map<string, ReturnType<typeof solverClient>>();
  const clientFor = (token: string) => {
    let c = clients.get(token);
    if (!c) clients.set(token, (c = solverClient(address, token)));
    return c;
  };
  const reply = (r: Awaited<ReturnType<ReturnType<typeof solverClient>['solve']>>): DoorReply => {
    if (r.ok) return { ok: true, result: r.value };
    if (!r.problem) throw new Error(`gRPC status ${r.status} without a problem document: ${r.details}`);
    return { ok: false, problem: r.problem as Json };
  };
  return {
    name: 'grpc',
    async solve(req, token) {
      const { idempotencyKey, problem, ...rest } = req;
      return reply(await clientFor(token).solve({ ...rest, problem: problem as Json, ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}) }));
    },
    getJob: async (jobId, token, waitSeconds) => reply(await clientFor(token).getJob(jobId, waitSeconds)),
    cancelJob: async (jobId, token) => reply(await clientFor(token).cancelJob(jobId)),
    async close() {
      for (const c of clients.values()) c.close();
      clients.clear();
    },
  };
}
