/**
 * A typed tRPC client of the service (docs/trpc.md). Types come from the server's router, so a
 * wrong procedure, command or field is a compile error; answers and faults are the same as
 * over /api/v1. `npm run typecheck` compiles it (tools/tsconfig.json includes docs/*.ts) and
 * tools/src/docs/trpc-client.test.ts runs `main` against a started server. In your own project,
 * copy it and import `AppRouter` from this repository's `apps/http` (`@svc/http`).
 */
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../apps/http/src/index';

export async function main(baseUrl = process.env.SVC_BASE_URL ?? 'http://127.0.0.1:8080'): Promise<Record<string, unknown>> {
  // The public sandbox token (or your API key in SVC_API_KEY).
  const token = process.env.SVC_API_KEY ?? ((await (await fetch(`${baseUrl}/api/v1/sandbox`)).json()) as { token: string }).token;
  const svc = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${baseUrl}/trpc`, headers: () => ({ authorization: `Bearer ${token}` }) })],
  });

  const result = await svc.solve.mutate({
    command: 'maxcut',
    problem: {
      tag: 'svc-cortex-v1',
      description: 'Split five offices into two teams to maximise cross-team links.',
      n: 5,
      edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]],
    },
    effort: 'medium',
    seed: 0,
  });
  if ('job_id' in result) throw new Error(`queued as ${String(result.job_id)}; follow it with svc.getJob.query({ job_id, wait_seconds: 30 })`);

  // A fault is a TRPCClientError whose data carries the problem document.
  let fault: unknown;
  try {
    await svc.solve.mutate({ command: 'maxcut', problem: { tag: 'svc-cortex-v1', description: 'An edge to a node that does not exist.', n: 2, edges: [[0, 5, 1]] } });
  } catch (e) {
    if (!(e instanceof TRPCClientError)) throw e;
    fault = (e.data as { problem?: { code?: string } } | undefined)?.problem?.code;
  }
  return { cut_value: result.cut_value, certainty: result.certainty, receipt: result.receipt, fault };
}
