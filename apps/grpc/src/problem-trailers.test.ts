import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SvcError } from '@svc/errors';
import { solverClient } from './client';
import { cutText, ECHO_CHARS, grpcError } from './problem-trailers';
import { decodeStatusDetails, STATUS_DETAILS_KEY } from './status-details';
import { PROBLEM_METADATA_KEY } from './status-codes';
import { ring, startTestDoor, type TestDoor } from '../test/harness';

/** Bytes of every trailer value, as they go on the wire (binary ones base64). */
function trailerBytes(md: grpc.Metadata): number {
  let n = 0;
  for (const [k, v] of Object.entries(md.getMap())) n += k.length + (Buffer.isBuffer(v) ? Math.ceil(v.length / 3) * 4 : String(v).length);
  return n;
}

describe('echoed text in a fault is cut', () => {
  it('cutText keeps short text and says how long the cut one was', () => {
    expect(cutText('abc')).toBe('abc');
    const long = cutText('x'.repeat(40_000));
    expect(long.length).toBeLessThan(ECHO_CHARS + 40);
    expect(long).toMatch(/… \(40000 characters, cut\)$/);
  });

  it('every string of the problem document, the message and the rich status are bounded', () => {
    const name = 'f'.repeat(40_000);
    const e = grpcError(new SvcError('SVC_INVALID_INPUT', `unknown field '${name}'`, { extensions: { field: name } }));
    expect(e.details.length).toBeLessThan(ECHO_CHARS + 40);
    const doc = JSON.parse((e.metadata.get(PROBLEM_METADATA_KEY)[0] as Buffer).toString('utf8'));
    expect(doc.field.length).toBeLessThan(ECHO_CHARS + 40);
    expect(doc.error.message.length).toBeLessThan(ECHO_CHARS + 40);
    expect(decodeStatusDetails(e.metadata.get(STATUS_DETAILS_KEY)[0] as Buffer).problem).toEqual(doc);
    expect(trailerBytes(e.metadata)).toBeLessThan(8192);
  });
});

describe('a 40,000-character unknown field name through the door', () => {
  let t: TestDoor;
  beforeAll(async () => {
    t = await startTestDoor();
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers INVALID_ARGUMENT with bounded trailers, and the channel answers the next call (it stalled)', async () => {
    const c = solverClient(t.srv.address, t.token);
    const name = 'q'.repeat(40_000);
    const r = await c.solve({ command: 'maxcut', problem: { ...ring(3), [name]: 1 } }, { deadlineMs: 20_000 });
    expect(r).toMatchObject({ ok: false, status: grpc.status.INVALID_ARGUMENT, problem: { code: 'SVC_INVALID_INPUT' } });
    expect(!r.ok && r.details.length).toBeLessThan(ECHO_CHARS + 100);
    expect(!r.ok && JSON.stringify(r.problem).length).toBeLessThan(4096);
    const next = await c.solve({ command: 'maxcut', problem: ring(5) }, { deadlineMs: 20_000 });
    expect(next.ok, JSON.stringify(next)).toBe(true);
    c.close();
  });
});
