import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solverClient } from './client';
import { clampCallDeadlines, MAX_TIMER_MS, timeoutMs } from './deadline-clamp';
import { ring, startTestDoor, type TestDoor } from '../test/harness';

const DAY_MS = 86_400_000;

describe('grpc-timeout past a timer\'s reach', () => {
  it('reads the header grammar grpc-js reads', () => {
    expect(timeoutMs('720H')).toBe(30 * DAY_MS);
    expect(timeoutMs('99999999H')).toBe(99_999_999 * 3_600_000);
    expect(timeoutMs('1500m')).toBe(1500);
    expect(timeoutMs('20S')).toBe(20_000);
    expect(timeoutMs('soon')).toBeNull();
    expect(30 * DAY_MS).toBeGreaterThan(MAX_TIMER_MS);
  });

  it('is clamped on this grpc-js (the patched method is where the fix expects it)', () => {
    expect(clampCallDeadlines()).toBe(true);
  });
});

describe('deadlines of 25 to 50 days through the door', () => {
  let t: TestDoor;
  beforeAll(async () => {
    t = await startTestDoor();
  }, 60_000);
  afterAll(async () => t?.close());

  it('a call with a 30- or 45-day deadline is answered (it ended at once with DEADLINE_EXCEEDED)', async () => {
    const c = solverClient(t.srv.address, t.token);
    for (const days of [25, 30, 45, 49]) {
      const r = await c.solve({ command: 'maxcut', problem: ring(5), seed: days }, { deadlineMs: days * DAY_MS });
      expect(r.ok, `${days} days: ${JSON.stringify(r)}`).toBe(true);
    }
    // An ordinary deadline still holds: a call with none left fails as before.
    const late = await c.solve({ command: 'maxcut', problem: ring(5) }, { deadlineMs: 1 });
    expect(late).toMatchObject({ ok: false, status: grpc.status.DEADLINE_EXCEEDED });
    c.close();
  });
});
