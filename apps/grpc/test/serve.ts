/**
 * The gRPC door in a process of its own, for tests that measure its memory (bundled by
 * `startServeChild`). Prints one JSON line `{address, token}` once listening; then each stdin line
 * `rss` is answered `{rss, maxRss}` in bytes (maxRss: the process's peak), `exit` closes it.
 * argv: data directory, then optional JSON of extra service options.
 */
import { createInterface } from 'node:readline';
import { createDoor, createService } from '@svc/service';
import { startGrpcServer } from '../src/server';

const [dataDir, extra] = process.argv.slice(2);
const service = await createService({ dataDir, engine: 'ts', workers: 1, env: {}, ...(extra ? JSON.parse(extra) : {}) });
const srv = await startGrpcServer({ service, door: createDoor(service), port: 0, onFault: () => {} });
process.stdout.write(`${JSON.stringify({ address: srv.address, token: (await service.sandboxInfo()).token })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'rss') process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024, ...(process.env.SVC_TEST_MEM ? process.memoryUsage() : {}) })}\n`);
  if (line === 'exit') break;
}
await srv.close();
await service.close();
process.exit(0);
