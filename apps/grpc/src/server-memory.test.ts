import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeChild, type ServeChild } from '../test/serve-child';
import { hugeSolveRequest, rawClient, solveRequestBytes, structBytes } from '../test/wire';
import { ring } from '../test/harness';

const MIB = 1024 * 1024;

async function healthOf(address: string): Promise<string> {
  const Health = grpc.makeGenericClientConstructor(healthService as grpc.ServiceDefinition, 'grpc.health.v1.Health');
  const hc = new Health(address, grpc.credentials.createInsecure()) as unknown as { check: Function; close(): void };
  try {
    return await new Promise<string>((resolve, reject) => hc.check({ service: 'svc.v1.Solver' }, { deadline: Date.now() + 10_000 }, (e: Error | null, r: { status: string }) => (e ? reject(e) : resolve(r.status))));
  } finally {
    hc.close();
  }
}

// The server runs in a process of its own (default plan caps: 8 MiB sandbox, 128 MiB absolute), so
// its peak RSS is its own. One 120 MiB unauthenticated Solve took it from 177 MB to 2.4 GB; five at
// once ended in "JavaScript heap out of memory".
describe('an over-cap message leaves the server\'s memory alone', () => {
  let dir: string;
  let child: ServeChild;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-grpc-mem-'));
    child = await startServeChild(dir);
  }, 120_000);
  afterAll(async () => {
    await child?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('120 MiB without credentials (once, then five at once) and with the public sandbox token: refused, peak RSS grows < 64 MiB, the server still answers', async () => {
    const sandbox = rawClient(child.address, child.token);
    expect((await sandbox.call('Solve', solveRequestBytes({ command: 'maxcut', problem: structBytes(ring(5)) }))).ok).toBe(true);
    expect(await healthOf(child.address)).toBe('SERVING');
    const before = await child.rss();

    const huge = hugeSolveRequest(120 * MIB);
    const anon = rawClient(child.address);
    expect(await anon.call('Solve', huge)).toMatchObject({ ok: false, status: grpc.status.UNAUTHENTICATED, problem: { code: 'SVC_UNAUTHENTICATED' } });
    const five = await Promise.all(Array.from({ length: 5 }, () => anon.call('Compute', huge)));
    for (const r of five) expect(r).toMatchObject({ ok: false, status: grpc.status.UNAUTHENTICATED });
    // The sandbox token is public: its plan (8 MiB of JSON) cannot send this, refused on the length prefix.
    expect(await sandbox.call('Solve', huge)).toMatchObject({ ok: false, status: grpc.status.RESOURCE_EXHAUSTED, problem: { code: 'SVC_PAYLOAD_TOO_LARGE', status: 413 } });

    const after = await child.rss();
    expect(after.maxRss - before.maxRss, `peak RSS ${before.maxRss} → ${after.maxRss}`).toBeLessThan(64 * MIB);
    expect(await healthOf(child.address)).toBe('SERVING');
    expect((await sandbox.call('Solve', solveRequestBytes({ command: 'maxcut', problem: structBytes(ring(6)) }))).ok).toBe(true);
    anon.close();
    sandbox.close();
  }, 120_000);
});
