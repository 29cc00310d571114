/**
 * The gRPC door in a process of its own, for tests and load runs that measure its memory (bundled
 * by `startServeChild`). Prints one JSON line `{address, port, token, key}` once listening (`key`:
 * the API key of a verified account); then each stdin line `rss` is answered `{rss, maxRss}` in
 * bytes (maxRss: the process's peak), `exit` closes it.
 * argv: data directory, JSON of extra service options, JSON of extra startGrpcServer options.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createDoor, createService } from '@svc/service';
import { startGrpcServer } from '../src/server';

const [dataDir, serviceExtra, grpcExtra] = process.argv.slice(2);
const service = await createService({ dataDir, engine: 'ts', workers: 1, env: {}, ...(serviceExtra ? JSON.parse(serviceExtra) : {}) });
const srv = await startGrpcServer({ service, door: createDoor(service), port: 0, onFault: () => {}, ...(grpcExtra ? JSON.parse(grpcExtra) : {}) });
const reg = await service.access.accounts.register({ email: 'load@example.com' });
const mail = fs.readFileSync(path.join(dataDir, 'outbox', 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { token: string }).at(-1)!;
await service.access.accounts.verifyEmail({ token: mail.token });
process.stdout.write(`${JSON.stringify({ address: srv.address, port: srv.port, token: (await service.sandboxInfo()).token, key: reg.key.token })}\n`);
/**
 * Peak RSS since this process started: VmHWM (Linux), not getrusage's maxrss, which keeps the
 * parent's peak across fork and exec (a test runner's 700 MB would hide the server's own growth).
 */
function peakRss(): number {
  try {
    const m = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'rss') process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage().rss, maxRss: peakRss() })}\n`);
  if (line === 'exit') break;
}
await srv.close();
await service.close();
process.exit(0);
