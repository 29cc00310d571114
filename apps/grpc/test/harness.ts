import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDoor, createService, type Door, type Service, type ServiceOptions } from '@svc/service';
import { startGrpcServer, type RunningGrpc, type StartGrpcOptions } from '../src/server';
import { TEST_JOB_LIMITS } from '../../../libs/service/test/job-limits';

export const TAG = 'svc-cortex-v1';
/** A ring of `n` offices (maxcut). */
export const ring = (n: number) => ({ tag: TAG, description: 'Split a ring of offices into two teams.', n, edges: Array.from({ length: n }, (_, i) => [i, (i + 1) % n, 1]) });

export interface TestDoor {
  readonly service: Service;
  readonly srv: RunningGrpc;
  /** The sandbox token. */
  readonly token: string;
  readonly dataDir: string;
  close(): Promise<void>;
}

/** A service (ts engine, one worker, no sync window) and the gRPC door over it on a free port. */
export async function startTestDoor(
  serviceOptions: Partial<ServiceOptions> = {},
  grpcOptions: Partial<Omit<StartGrpcOptions, 'door'>> & { wrapDoor?: (d: Door) => Door } = {},
): Promise<TestDoor> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-grpc-'));
  const service = await createService({ dataDir, engine: 'ts', workers: 1, env: {}, ...serviceOptions, jobs: { ...TEST_JOB_LIMITS, ...serviceOptions.jobs } });
  const { wrapDoor: wrap, ...rest } = grpcOptions;
  const door = createDoor(service);
  const srv = await startGrpcServer({ service, door: wrap ? wrap(door) : door, port: 0, onFault: () => {}, ...rest });
  const token = (await service.sandboxInfo()).token;
  return {
    service, srv, token, dataDir,
    async close() {
      await srv.close();
      await service.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers `email`, confirms the mailed link, and returns the account's API key. */
export async function verifiedKey(t: TestDoor, email: string): Promise<string> {
  const reg = await t.service.access.accounts.register({ email });
  const lines = fs.readFileSync(path.join(t.dataDir, 'outbox', 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { to: string; token: string });
  const mail = lines.filter((m) => m.to === email).at(-1)!;
  await t.service.access.accounts.verifyEmail({ token: mail.token });
  return reg.key.token;
}
