import { isSvcError, type SvcError } from '@svc/errors';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createService, type Principal, type Service, type ServiceOptions } from '../src/index';
import { TEST_JOB_LIMITS } from './job-limits';

/** Services and temporary directories of one test file, for `closeServices`. */
const dirs: string[] = [];
const services: Service[] = [];

/** A fresh temporary directory named `prefix…`, removed by `closeServices`. */
export function tempDir(prefix = 'svc-service-'): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/**
 * A service with the ts engine, one worker, no sync window (job-limits.ts) and no environment unless `opts` says otherwise, on
 * `opts.dataDir` or a fresh `tempDir`; closed by `closeServices`.
 */
export async function makeService(opts: ServiceOptions = {}): Promise<Service> {
  const s = await createService({ engine: 'ts', workers: 1, env: {}, ...opts, jobs: { ...TEST_JOB_LIMITS, ...opts.jobs }, dataDir: opts.dataDir ?? tempDir() });
  services.push(s);
  return s;
}

/** Closes every service `makeService` made, then removes every `tempDir` (an afterAll hook). */
export async function closeServices(): Promise<void> {
  for (const s of services.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

/** A ring of `n` offices with unit weights: a maxcut problem whose optimum is n (even) or n − 1 (odd). */
export const ring = (n: number) => ({
  tag: 'svc-cortex-v1',
  description: 'A ring of offices split into two teams.',
  n,
  edges: Array.from({ length: n }, (_, i) => [i, (i + 1) % n, 1]),
});

/** The `SvcError` code a promise rejects with, or 'ok' when it resolves (any other error is rethrown). */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isSvcError(e)) return e.code;
    throw e;
  }
  return 'ok';
}

/** The SvcError `p` rejects with (anything else, or no rejection, fails). */
export async function caught(p: Promise<unknown>): Promise<SvcError> {
  try {
    await p;
  } catch (e) {
    if (isSvcError(e)) return e;
    throw e;
  }
  throw new Error('expected an SvcError');
}

/** The sandbox principal of a caller at `ip` on `svc`. */
export async function sandboxPrincipal(svc: Service, ip: string): Promise<Principal> {
  return svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip });
}
