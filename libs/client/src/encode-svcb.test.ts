import { describe, expect, it } from 'vitest';
import { encodeSvcb } from './index';

const CYCLE = {
  description: 'Split five offices into two teams.',
  n: 5,
  edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]],
};

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('encodeSvcb', () => {
  it('encodes the 5-cycle of docs/svcb.md byte for byte', () => {
    const out = encodeSvcb('maxcut', CYCLE);
    if (!out.ok) throw new Error(out.reason);
    const b = out.bytes;
    expect(hex(b.subarray(0, 24))).toBe('53564342' + '0100' + '0200' + '05000000' + '05000000' + '00000000' + '22000000');
    expect(Buffer.from(b.subarray(24, 58)).toString('utf8')).toBe(CYCLE.description);
    expect(hex(b.subarray(58, 70))).toBe('000000000100000001000000');
    expect(hex(b.subarray(106, 118))).toBe('040000000000000001000000');
    expect(b.length).toBe(24 + 34 + 5 * 12);
  });

  it('encodes optimize linear terms (i32, negative) before the pairs and reports a body version', () => {
    const out = encodeSvcb('optimize', { tag: 'svc-cortex-v1', description: 'pick three lights', n: 3, version: 'v1', linear: { 2: -1 }, quadratic: [[0, 1, -2147483648]] });
    if (!out.ok) throw new Error(out.reason);
    expect(out.version).toBe('v1');
    const v = new DataView(out.bytes.buffer);
    expect([v.getUint16(6, true), v.getUint32(12, true), v.getUint32(16, true)]).toEqual([1, 1, 1]);
    const off = 24 + 'pick three lights'.length;
    expect([v.getUint32(off, true), v.getInt32(off + 4, true)]).toEqual([2, -1]);
    expect(v.getInt32(off + 8 + 8, true)).toBe(-2147483648);
  });

  it.each([
    ['feel', CYCLE, /only optimize and maxcut/],
    ['maxcut', { ...CYCLE, edges: [[0, 1, 1.5]] }, /edges\[0\]\[2\] is not an integer/],
    ['maxcut', { ...CYCLE, edges: [[0, 1, 2 ** 31]] }, /outside/],
    ['maxcut', { description: 'x'.repeat(12), n: 5, complete: true }, /complete/],
    ['maxcut', { ...CYCLE, warm_start: [0, 1, 0, 1, 0] }, /warm_start/],
    ['maxcut', { description: 'x'.repeat(12), edges: [[0, 1, 1]] }, /needs n/],
    ['maxcut', { ...CYCLE, tag: 'other' }, /implies the tag/],
    ['optimize', { description: 'x'.repeat(12), n: 2, linear: [1, 2] }, /linear is not an object/],
    ['optimize', { description: 'x'.repeat(12), n: 2, linear: { '01': 1 } }, /not an index/],
  ])('%s %j is not representable: send JSON', (command, problem, reason) => {
    const out = encodeSvcb(command, problem);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.reason).toMatch(reason);
  });
});
