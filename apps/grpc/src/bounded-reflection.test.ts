import { Duplex } from 'node:stream';
import type * as grpc from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { boundedReflectionHandler, REFLECTION_REQUESTS_PER_TURN } from './bounded-reflection';

/** A stand-in for grpc-js's duplex call: requests pushed on its readable side, replies kept from its writable side. */
function fakeCall() {
  const replies: unknown[] = [];
  const stream = new Duplex({
    objectMode: true,
    read() {},
    write(chunk, _enc, done) {
      replies.push(chunk);
      done();
    },
  });
  return { stream: stream as unknown as grpc.ServerDuplexStream<unknown, unknown>, push: (m: unknown) => stream.push(m), replies };
}

describe('bounded reflection', () => {
  it(`answers at most ${REFLECTION_REQUESTS_PER_TURN} requests of a stream per turn of the event loop, however many arrived at once`, async () => {
    const { stream, push, replies } = fakeCall();
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const turns: number[] = [];
    boundedReflectionHandler((s) => {
      s.on('data', (m: unknown) => {
        turns.push(turn);
        s.write(m);
      });
    }, 10_000)(stream);
    // 500 requests read from one DATA frame: before, all were answered in the turn that read them.
    for (let i = 0; i < 500; i++) push({ list_services: '' });
    while (replies.length < 500) await new Promise((r) => setImmediate(r));
    ticking = false;
    const perTurn = new Map<number, number>();
    for (const t of turns) perTurn.set(t, (perTurn.get(t) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(REFLECTION_REQUESTS_PER_TURN);
    expect(replies).toHaveLength(500);
  });
});
