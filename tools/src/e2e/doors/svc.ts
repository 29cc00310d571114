import type { Run, RunOptions } from '../svc-cli-harness';
import type { DoorClient, Json } from './door-client';
import { replyOf } from './python';

/** The bundled `svc` CLI, one process per call, credentials in SVC_API_KEY. */
export function svcDoor(svc: (args: string[], opts?: RunOptions) => Promise<Run>): DoorClient {
  const run = async (token: string, args: string[], stdin?: string) => {
    const r = await svc([...args, '--format', 'json'], { stdin, env: { SVC_API_KEY: token } });
    return { ...replyOf(JSON.parse(r.stdout || r.stderr) as Json), exit: r.code };
  };
  return {
    name: 'svc',
    solve(req, token) {
      const args = ['solve', req.command, '--no-wait'];
      if (req.effort !== undefined) args.push('--effort', req.effort);
      if (req.seed !== undefined) args.push('--seed', String(req.seed));
      if (req.max_latency_ms !== undefined) args.push('--max-latency-ms', String(req.max_latency_ms));
      if (req.version !== undefined) args.push('--model', req.version);
      if (req.idempotencyKey) args.push('--idempotency-key', req.idempotencyKey);
      return run(token, args, JSON.stringify(req.problem));
    },
    getJob: (jobId, token, waitSeconds) => run(token, waitSeconds > 0 ? ['jobs', jobId, '--wait-timeout', String(waitSeconds)] : ['jobs', jobId, '--no-wait']),
    cancelJob: (jobId, token) => run(token, ['cancel', jobId]),
    async close() {},
  };
}
