import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@svc/http';
import type { DoorClient, DoorReply, Json } from './door-client';

/** The tRPC door at /trpc through the typed client; a fault's problem document is error.data.problem. */
export function trpcDoor(baseUrl: string): DoorClient {
  const clientFor = (token: string, idempotencyKey?: string) =>
    createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${baseUrl}/trpc`, headers: () => ({ authorization: `Bearer ${token}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) }) })],
    });
  const reply = async (fn: () => Promise<unknown>): Promise<DoorReply> => {
    try {
      return { ok: true, result: (await fn()) as Json };
    } catch (e) {
      if (e instanceof TRPCClientError && (e.data as Json | undefined)?.problem) return { ok: false, problem: (e.data as Json).problem as Json };
      throw e;
    }
  };
  return {
    name: 'trpc',
    solve(req, token) {
      const { idempotencyKey, ...args } = req;
      return reply(() => clientFor(token, idempotencyKey).solve.mutate(args as never));
    },
    getJob: (jobId, token, waitSeconds) => reply(() => clientFor(token).getJob.query({ job_id: jobId, wait_seconds: waitSeconds })),
    cancelJob: (jobId, token) => reply(() => clientFor(token).cancelJob.mutate({ job_id: jobId })),
    async close() {},
  };
}
