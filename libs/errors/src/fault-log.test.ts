import { describe, expect, it } from 'vitest';
import { createFaultLog } from './fault-log';
import { SvcError } from './svc-error';

describe('fault log', () => {
  it('writes the first refusal of a code per interval and counts the rest in one line', () => {
    const lines: string[] = [];
    const log = createFaultLog({ write: (l) => lines.push(l), label: 'svc-http', intervalMs: 60_000 });
    for (let i = 0; i < 5000; i++) log.report(new SvcError('SVC_HIGH_DEMAND', 'Safe mode.'), 'POST /api/v1/solve/maxcut');
    log.report(new SvcError('SVC_BUSY', 'Out of disk.', { cause: Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }) }), 'POST /x');
    log.report(new SvcError('SVC_BUSY', 'Out of disk.'), 'POST /x');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/SVC_HIGH_DEMAND: Safe mode\. \(more of these are counted/);
    expect(lines[1]).toMatch(/database or disk is full/);
    log.flush();
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/4999 SVC_HIGH_DEMAND, 1 SVC_BUSY/);
    // A new interval writes the first one again; an empty interval writes nothing.
    log.flush();
    expect(lines).toHaveLength(3);
    log.report(new SvcError('SVC_HIGH_DEMAND', 'Safe mode.'), 'POST /y');
    expect(lines).toHaveLength(4);
  });

  it('writes faults with their cause up to 20 per interval, then counts them', () => {
    const lines: string[] = [];
    const log = createFaultLog({ write: (l) => lines.push(l), label: 'svc-grpc', intervalMs: 60_000 });
    for (let i = 0; i < 50; i++) log.report(new SvcError('SVC_INTERNAL', 'boom', { cause: new Error(`cause ${i}`) }), 'gRPC Solve');
    expect(lines).toHaveLength(20);
    expect(lines[0]).toContain('cause 0');
    log.flush();
    expect(lines[20]).toMatch(/30 SVC_INTERNAL/);
  });
});
