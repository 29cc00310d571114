import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '@svc/http';
import { main } from '../../../docs/trpc-client';

// The typed tRPC client example of docs/ compiles (tools' typecheck) and runs as written.
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-trpc-doc-'));
  server = await startServer({ port: 0, dataDir: dir, engine: 'ts', workers: 1, env: {}, onFault: () => {} });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('docs/trpc-client.ts solves the five-office ring and reads a fault through the typed client', async () => {
  const out = await main(server.url);
  expect(out).toEqual({
    cut_value: 4,
    certainty: 'certified optimum (proven by exhaustion)',
    receipt: expect.stringMatching(/^svcr_[0-9a-f]{64}$/),
    fault: 'SVC_INVALID_INPUT',
  });
});
