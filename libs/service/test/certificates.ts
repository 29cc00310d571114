/**
 * Test support for the certificate producers (commands/<command>/certificate.test.ts): one body
 * solved by each engine through the command's adapter (which attaches the certificate), and the
 * result document checked by the independent checker of @svc/certificates.
 */
import { expect } from 'vitest';
import { checkCertificate, type CertificateReport } from '@svc/certificates';
import { CERTAINTY } from '@svc/contracts';
import { createNativeEngine } from '@svc/engine-native';
import { solveSync, type Command, type EngineResult } from '@svc/engine-ts';
import type { FinishedSolve } from '../src/commands/index';
import { adapterHarness, TAG, type AdapterRunOptions } from './adapters';

export type EngineKind = 'ts' | 'native';

/** What one engine answered, checked by the adapter. */
export interface EngineSolve {
  readonly engine: EngineKind;
  readonly r: EngineResult;
  readonly done: FinishedSolve;
}

const native = createNativeEngine();

/** The engines of this run: both when the addon loads (the caller guards with nativeOrFail). */
export const certificateEngines = (): EngineKind[] => (native === null ? ['ts'] : ['ts', 'native']);

/** Solves `body` with `engine` (effort medium, seed 0 unless given) and finishes it with the command's adapter. */
export async function solveWith(description: string, engine: EngineKind, command: Command, body: Record<string, unknown>, opts: AdapterRunOptions = {}): Promise<EngineSolve> {
  const { prepare } = adapterHarness(description);
  const prep = prepare(command, body);
  const req = { command, problem: prep.problem, effort: opts.effort ?? 'medium', seed: opts.seed ?? 0, deadlineMs: opts.deadlineMs, warmStart: prep.warmStart } as const;
  const r = engine === 'ts' || native === null ? solveSync(req) : await native.solve(req, { flag: new Int32Array(new SharedArrayBuffer(4)) });
  return { engine, r, done: prep.finish(r, { deadlineFired: false }) };
}

/** The result document of a checked solve, as the envelope carries it. */
export function resultDocument(done: FinishedSolve): Record<string, unknown> {
  const certainty = done.certainty ?? (done.proof === null ? CERTAINTY.heuristic : CERTAINTY.certified);
  const c = done.certificate;
  return {
    ...done.fields, certainty, proof: done.proof,
    ...(done.bound !== undefined ? { bound: done.bound, gap: done.gap } : {}),
    certificate: c !== undefined && 'certificate' in c ? c.certificate : null,
    ...(c !== undefined && 'omitted' in c ? { certificate_omitted: c.omitted } : {}),
  };
}

/**
 * The checker's report on the solve's own certificate for the request `body` (tag and description
 * added): it must accept it, and — through the result document's claims — the stated `bound` and a
 * certified certainty must follow from it.
 */
export function expectAccepted(command: Command, description: string, body: Record<string, unknown>, s: EngineSolve, what: string): CertificateReport {
  const doc = resultDocument(s.done);
  const report = checkCertificate(command, { tag: TAG, description, ...body }, doc);
  expect(report.failed_step, `${what} (${s.engine}): ${report.detail}`).toBeNull();
  expect(report.ok).toBe(true);
  if (command !== 'reduce' && s.done.proof !== null) expect(report.optimal, `${what} (${s.engine}): certified, so the certificate proves optimality`).toBe(true);
  return report;
}
