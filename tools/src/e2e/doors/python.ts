import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { DoorClient, DoorReply, Json } from './door-client';

// One call of the workspace's Python client per process: a dict back, never an exception.
const RUNNER = `
import json, sys
from svc_client import Client
base, token = sys.argv[1], sys.argv[2]
req = json.load(sys.stdin)
c = Client(base, api_key=token)
op = req.pop("op")
if op == "solve":
    out = c.solve(req["command"], req["problem"], wait=False, **{k: v for k, v in req.items() if k not in ("command", "problem")})
elif op == "job":
    out = c.jobs(req["job_id"], wait=req["wait"] if req["wait"] > 0 else False)
else:
    out = c.cancel(req["job_id"])
print(json.dumps(out))
`;

/** A fault is a problem document (`code` SVC_…); anything else is a result. */
export function replyOf(doc: Json): DoorReply {
  return typeof doc.code === 'string' && doc.code.startsWith('SVC_') ? { ok: false, problem: doc } : { ok: true, result: doc };
}

/** The Python client (`libs/client-python`), one `python3` process per call. */
export function pythonDoor(baseUrl: string, root: string): DoorClient {
  const run = (token: string, req: Json): Promise<DoorReply> =>
    new Promise((done, fail) => {
      const child = spawn('python3', ['-c', RUNNER, baseUrl, token], {
        env: { PATH: process.env.PATH ?? '', PYTHONPATH: join(root, 'libs', 'client-python', 'src'), HOME: process.env.HOME ?? '' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (x) => { stdout += x; });
      child.stderr.on('data', (x) => { stderr += x; });
      child.on('error', fail);
      child.on('close', (code) => {
        if (code !== 0) fail(new Error(`python exited ${code}: ${stderr}`));
        else {
          const doc = JSON.parse(stdout) as Json;
          done({ ...replyOf(doc), exit: typeof doc.exit_code === 'number' ? doc.exit_code : undefined });
        }
      });
      child.stdin.end(JSON.stringify(req));
    });
  return {
    name: 'python',
    solve(req, token) {
      const args: Json = { op: 'solve', command: req.command, problem: req.problem };
      for (const k of ['effort', 'seed', 'max_latency_ms', 'version'] as const) if (req[k] !== undefined) args[k] = req[k];
      if (req.idempotencyKey) args.idempotency_key = req.idempotencyKey;
      return run(token, args);
    },
    getJob: (jobId, token, waitSeconds) => run(token, { op: 'job', job_id: jobId, wait: waitSeconds }),
    cancelJob: (jobId, token) => run(token, { op: 'cancel', job_id: jobId }),
    async close() {},
  };
}
