import * as grpc from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import type { Service } from '@svc/service';
import { callInterceptor } from './call-interceptor';

/** A Solver-like service: one unary method and one server-streaming method, raw bytes both ways. */
const raw = { requestSerialize: (b: Buffer) => b, requestDeserialize: (b: Buffer) => b, responseSerialize: (b: Buffer) => b, responseDeserialize: (b: Buffer) => b };
const definition: grpc.ServiceDefinition = {
  Unary: { path: '/t.T/Unary', requestStream: false, responseStream: false, ...raw },
  Stream: { path: '/t.T/Stream', requestStream: false, responseStream: true, ...raw },
};

/**
 * A server whose HTTP/2 streams never call back a write (the bytes still go out): grpc-js's unary
 * handler sends the status only from that callback, so without the change a call never ends.
 */
async function serverHoldingWriteCallbacks(): Promise<{ address: string; close(): void }> {
  const calls = callInterceptor({
    service: {} as Service,
    authenticated: new Set(),
    small: () => false,
    smallMessageBytes: 0,
    messageCap: () => { throw new Error('not used'); },
    logged: () => true,
  });
  const holdWriteCallbacks: grpc.ServerInterceptor = (_method, call) => {
    // The call interceptor's own call wraps grpc-js's, which holds the HTTP/2 stream.
    const stream = (call as unknown as { nextCall: { stream: { write(chunk: Buffer, cb?: (e?: Error) => void): boolean } } }).nextCall.stream;
    const write = stream.write.bind(stream);
    stream.write = (chunk: Buffer) => write(chunk, () => {});
    return call as grpc.ServerInterceptingCall;
  };
  const server = new grpc.Server({ interceptors: [calls.interceptor, holdWriteCallbacks] });
  server.addService(definition, {
    Unary: (call: grpc.ServerUnaryCall<Buffer, Buffer>, cb: grpc.sendUnaryData<Buffer>) => cb(null, Buffer.concat([Buffer.from('re:'), call.request])),
    Stream: (call: grpc.ServerWritableStream<Buffer, Buffer>) => {
      call.write(Buffer.from('one'));
      call.end();
    },
  });
  const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
  return { address: `127.0.0.1:${port}`, close: () => server.forceShutdown() };
}

describe('a unary reply\'s status goes out right behind its message', () => {
  it('the call ends with OK and its reply without waiting for the write\'s callback (before: the status waited a turn of the event loop for it)', async () => {
    const s = await serverHoldingWriteCallbacks();
    const Client = grpc.makeGenericClientConstructor(definition, 'T');
    const client = new Client(s.address, grpc.credentials.createInsecure()) as unknown as {
      Unary(m: Buffer, md: grpc.Metadata, o: grpc.CallOptions, cb: (e: grpc.ServiceError | null, r?: Buffer) => void): void;
      Stream(m: Buffer, md: grpc.Metadata, o: grpc.CallOptions): grpc.ClientReadableStream<Buffer>;
      close(): void;
    };
    try {
      // A deadline far above a call's time: a status that waited on the held callback never comes.
      const deadline = () => ({ deadline: Date.now() + 10_000 });
      for (let i = 0; i < 3; i++) {
        const reply = await new Promise<Buffer>((resolve, reject) => client.Unary(Buffer.from(`x${i}`), new grpc.Metadata(), deadline(), (e, r) => (e ? reject(e) : resolve(r!))));
        expect(reply.toString()).toBe(`re:x${i}`);
      }
      // A server stream is left as grpc-js runs it (its writes' callbacks pace WatchJob): it does wait.
      const stream = client.Stream(Buffer.from('s'), new grpc.Metadata(), { deadline: Date.now() + 1_000 });
      const got: string[] = [];
      const status = await new Promise<grpc.status>((resolve) => {
        stream.on('data', (b: Buffer) => got.push(b.toString()));
        stream.on('error', (e: grpc.ServiceError) => resolve(e.code));
        stream.on('status', (st: grpc.StatusObject) => { if (st.code === grpc.status.OK) resolve(st.code); });
      });
      expect(got).toEqual(['one']);
      expect(status).toBe(grpc.status.DEADLINE_EXCEEDED);
    } finally {
      client.close();
      s.close();
    }
  }, 60_000);
});
