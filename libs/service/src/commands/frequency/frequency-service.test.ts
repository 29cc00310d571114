import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CERTAINTY } from '@svc/contracts';
import { createNativeEngine } from '@svc/engine-native';
import { nativeOrFail } from '@svc/engine-native/testing';
import { solveSync, type EngineResult } from '@svc/engine-ts';
import { toneSignal } from '@svc/engine-ts/families/frequency/testing';
import { adapterHarness, TAG } from '../../../test/adapters';
import { closeServices, makeService, tempDir } from '../../../test/services';
import { FREQUENCY_LIMITS } from '@svc/contracts';
import { SHORT_NOTE } from './adapter';

const DESCRIPTION = 'Find the dominant vibration frequency of a pump.';
const { prepare } = adapterHarness(DESCRIPTION);
const engines = nativeOrFail('frequency through the service on the native engine') ? (['ts', 'native'] as const) : (['ts'] as const);

afterAll(closeServices);

/** Prepares `body`, solves it on `engine` (optionally under a deadline) and finishes it with the service's re-check. */
async function finishOn(engine: 'ts' | 'native', body: Record<string, unknown>, deadlineMs?: number) {
  const prep = prepare('frequency', body);
  const req = { command: 'frequency' as const, problem: prep.problem, effort: 'medium' as const, seed: 0, deadlineMs };
  const r = engine === 'ts' ? solveSync(req) : ((await createNativeEngine()!.solve(req)) as EngineResult);
  return { r, done: prep.finish(r, { deadlineFired: false }) };
}

describe('frequency: the valid signals issue 31 saw refused are answered, on both engines', () => {
  for (const engine of engines) {
    it(`scaled by 1e-300 and 1e-150, top above the tones, 2 to 16 samples, 64 samples of noise (${engine})`, async () => {
      const tones = [{ frequency: 0.1234, amplitude: 1, phase: 0.3 }, { frequency: 0.31, amplitude: 0.4, phase: 1 }];
      for (const scale of [1e-300, 1e-150, 1e-200, 1e140]) {
        const signal = toneSignal(700, tones, { offset: 0.2 }).map((v) => v * scale);
        const { done } = await finishOn(engine, { signal, top: 4, sample_rate: 8 });
        const f = done.fields as Record<string, any>;
        expect(f.peaks.length, `scale ${scale}`).toBe(2);
        expect(Math.abs(f.answer - 0.1234 * 8) / (8 / 700)).toBeLessThan(1e-6);
        expect(Math.abs(f.peaks[0].amplitude / scale - 1)).toBeLessThan(1e-9);
        expect(done.certainty).toMatch(/^operation/);
      }
      for (let n = 2; n <= 16; n++) {
        const signal = toneSignal(n, tones, { offset: 0.1 });
        const { done } = await finishOn(engine, { signal, top: 3 });
        expect([done.fields.note, (done.fields.peaks as any[]).length, done.fields.tolerance], `n = ${n}`).toEqual([SHORT_NOTE, 1, 0.5]);
      }
      for (let s = 0; s < 12; s++) {
        const { done } = await finishOn(engine, { signal: toneSignal(64, [], { sigma: 1, seed: 100 + s }), top: 1 + (s % 3) });
        expect(done.fields.answer).toBeGreaterThanOrEqual(0);
      }
    }, 120_000);

    it(`a deadline-cut answer is the peaks found so far, labelled heuristic (${engine})`, async () => {
      const signal = toneSignal(200_000, [0.1, 0.15, 0.2, 0.25, 0.3].map((f, k) => ({ frequency: f + 0.001 * k, amplitude: 1 / (k + 1), phase: k })), { sigma: 0.01, seed: 3 });
      const { r, done } = await finishOn(engine, { signal, top: 3 }, 1);
      expect(r.stoppedAtDeadline).toBe(true);
      expect([done.stoppedAtDeadline, done.certainty]).toEqual([true, CERTAINTY.heuristic]);
      expect((done.fields.peaks as any[]).length).toBeGreaterThanOrEqual(1);
    }, 120_000);
  }
});

/** A registered, verified free key's principal on `svc` (a key may send the whole 2^22 samples). */
async function freeKey(svc: Awaited<ReturnType<typeof makeService>>, dataDir: string, email: string) {
  const reg = await svc.access.accounts.register({ email });
  const mails = fs.readFileSync(path.join(dataDir, 'outbox', 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  await svc.access.accounts.verifyEmail({ token: mails.filter((m) => m.to === email).at(-1).token });
  return svc.authenticate(`Bearer ${reg.key.token}`, { ip: '203.0.113.31' });
}

describe('frequency at its documented size through the service (a request-sized spread overflowed the stack at 131,072 samples)', () => {
  for (const engine of engines) {
    // The native engine takes the cap itself (2^22); engine-ts, some times slower, 2^18 (past where the 500s began).
    const n = engine === 'native' ? FREQUENCY_LIMITS.maxSamples : 262_144;
    it(`${n} samples answer 200 (${engine})`, async () => {
      const dataDir = tempDir();
      const svc = await makeService({ engine, dataDir });
      const me = await freeKey(svc, dataDir, `frequency-${engine}@example.com`);
      const signal = new Array<number>(n);
      for (let i = 0; i < n; i++) signal[i] = Math.cos(2 * Math.PI * 0.1234567 * i + 0.3) + 0.25;
      const env = await svc.solve('frequency', { tag: TAG, description: DESCRIPTION, signal }, { principal: me });
      expect(Math.abs((env.answer as number) - 0.1234567) * n).toBeLessThan(1e-6);
      expect(env.certainty).toMatch(/^operation/);
    }, 300_000);
  }
});
