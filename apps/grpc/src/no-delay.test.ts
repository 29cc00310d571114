import net from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noDelayOnConnections } from './server';

describe('noDelayOnConnections', () => {
  afterEach(() => vi.restoreAllMocks());

  it('every connection the gRPC server accepts gets TCP_NODELAY (grpc-js\'s internal http2Servers found)', async () => {
    const server = new grpc.Server();
    const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
    const setNoDelay = vi.spyOn(net.Socket.prototype, 'setNoDelay');
    try {
      expect(noDelayOnConnections(server)).toBe(true);
      const client = net.connect({ host: '127.0.0.1', port });
      await new Promise<void>((resolve) => client.once('connect', () => resolve()));
      await vi.waitFor(() => expect(setNoDelay.mock.calls.some((c, i) => c[0] === true && setNoDelay.mock.contexts[i] !== client)).toBe(true));
      client.destroy();
    } finally {
      server.forceShutdown();
    }
  });
});
