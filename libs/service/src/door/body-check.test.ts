import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SvcError } from '@svc/errors';
import { BodyBudget } from './body-budget';
import { createBodyChecker } from './body-check-pool';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('BodyBudget', () => {
  it('holds declared bytes, refuses past the budget with 503 SVC_BUSY, and gives them back once', () => {
    const b = new BodyBudget(1000);
    const a = b.take(600);
    expect(() => b.take(500)).toThrow(SvcError);
    try {
      b.take(500);
    } catch (e) {
      expect(e).toMatchObject({ code: 'SVC_BUSY', status: 503, retryAfter: 2, extensions: { reason: 'bytes_in_flight', in_flight_bytes: 600, limit_bytes: 1000 } });
    }
    const c = b.take(400);
    expect(b.inFlight).toBe(1000);
    a.release();
    a.release();
    expect(b.inFlight).toBe(400);
    c.release();
    expect(b.inFlight).toBe(0);
    expect(b.peakInFlight).toBe(1000);
  });

  it('admits a lone body larger than the budget, and counts a streamed one as it grows', () => {
    const b = new BodyBudget(1000);
    const lone = b.take(5000);
    expect(() => b.take(1)).toThrow(/bound on bodies in flight/);
    lone.release();
    const streamed = b.take(0);
    streamed.grow(700);
    const other = b.take(200);
    expect(() => streamed.grow(200)).toThrow(SvcError);
    expect(streamed.bytes).toBe(700);
    other.release();
    // Alone again, it may pass the budget.
    streamed.grow(2000);
    expect(b.inFlight).toBe(2700);
    streamed.release();
    expect(b.inFlight).toBe(0);
  });
});

describe('body checker', () => {
  it("refuses bad JSON off the loop with the main thread's document, and hands valid bytes back", async () => {
    const checker = createBodyChecker({ thresholdBytes: 1 });
    try {
      await expect(checker.check(Buffer.from('{"a":'), {})).rejects.toMatchObject({ code: 'SVC_INVALID_INPUT' });
      await expect(checker.check(Buffer.from('{"tag":"svc-cortex-v1"}'), { problem: { command: 'maxcut', sandbox: false } })).rejects.toMatchObject({ code: 'SVC_MISSING_DESCRIPTION' });
      const ok = Buffer.from('{"a":1}');
      expect((await checker.check(ok)).toString()).toBe('{"a":1}');
    } finally {
      await checker.close();
    }
  }, 60_000);

  it('a checking thread that dies is a retryable 503 SVC_BUSY, never a 500', async () => {
    const checker = createBodyChecker({ thresholdBytes: 1, workerFile: path.join(here, '../../test/fixtures/dying-body-worker.mjs') });
    try {
      await expect(checker.check(Buffer.from('{"a":1}'))).rejects.toMatchObject({ code: 'SVC_BUSY', extensions: { reason: 'body_check_unavailable' } });
    } finally {
      await checker.close();
    }
  }, 60_000);
});
