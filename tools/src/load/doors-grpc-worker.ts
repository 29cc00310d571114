/**
 * One thread of load-doors.mjs's gRPC load: started once, it connects and posts 'ready'; each
 * `{phaseS, seedFrom}` it is sent runs `calls` closed loops of `svc.v1.Solver/Solve` for `phaseS`
 * seconds, the message's seed stamped per call from `seedFrom` on, and posts
 * `{latencies, codes, seconds}`; 'close' ends it.
 *
 * The calls are gRPC over Node's own HTTP/2 client (a length-prefixed message, `grpc-status` read
 * from the trailers, the reply left unread as autocannon leaves a body), as h2load or ghz drive a
 * gRPC server: grpc-js's client, not the server, set the rate on this machine (against a bare
 * grpc-js server whose one method answers fixed bytes: 240–470 req/s with 32 calls in flight
 * through grpc-js's client, 1,700 through this one; docs/reliability.md).
 */
import http2 from 'node:http2';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import * as protoLoader from '@grpc/proto-loader';

export interface GrpcLoadJob {
  readonly address: string;
  /** `/svc.v1.Solver/Solve` */
  readonly path: string;
  /** Where svc/v1/solver.proto is. */
  readonly protoDir: string;
  readonly token: string;
  /** SolveRequest bytes without the seed (field 5), appended per call. */
  readonly prefix: Uint8Array;
  /** Calls in flight from this thread, over one HTTP/2 connection. */
  readonly calls: number;
}

export interface GrpcLoadResult {
  readonly latencies: number[];
  readonly codes: Record<string, number>;
  readonly seconds: number;
}

const job = workerData as GrpcLoadJob;
const [host, port] = [job.address.slice(0, job.address.lastIndexOf(':')), Number(job.address.slice(job.address.lastIndexOf(':') + 1))];
// Without Nagle's algorithm, as grpc-js's client connects: the calls share this one connection.
const session = http2.connect(`http://${job.address}`, { createConnection: () => net.connect({ host, port, noDelay: true }) });
const headers = {
  ':method': 'POST', ':path': job.path, 'content-type': 'application/grpc', te: 'trailers',
  'grpc-timeout': '30S', authorization: `Bearer ${job.token}`,
};
const prefix = Buffer.from(job.prefix);

// The seed's field of a SolveRequest, encoded by proto-loader's serializer of the method.
const solve = (protoLoader.loadSync('svc/v1/solver.proto', { keepCase: true, longs: Number, enums: String, defaults: false, oneofs: true, includeDirs: [job.protoDir] })['svc.v1.Solver'] as unknown as Record<string, { requestSerialize(m: object): Buffer }>).Solve;
const seedField = (seed: number): Buffer => solve.requestSerialize({ seed });

/** One unary call: the gRPC frame of the message, and `grpc-status` (from the trailers, or a trailers-only answer). */
function call(message: Buffer): Promise<string> {
  const frame = Buffer.allocUnsafe(5 + message.length);
  frame[0] = 0;
  frame.writeUInt32BE(message.length, 1);
  message.copy(frame, 5);
  return new Promise((done) => {
    let status: string | undefined;
    const stream = session.request(headers);
    stream.on('response', (h) => { if (h['grpc-status'] !== undefined) status = String(h['grpc-status']); });
    stream.on('trailers', (t) => { status = String(t['grpc-status']); });
    stream.on('data', () => {});
    stream.on('error', () => {});
    stream.on('close', () => done(status === '0' ? '200' : `grpc ${status ?? `reset ${stream.rstCode}`}`));
    stream.end(frame);
  });
}

/** One phase: `calls` loops for `phaseS` seconds, seeds from `seedFrom` on. */
async function phase(phaseS: number, seedFrom: number): Promise<GrpcLoadResult> {
  let seed = seedFrom;
  const latencies: number[] = [];
  const codes: Record<string, number> = {};
  const started = performance.now();
  const end = started + phaseS * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const code = await call(Buffer.concat([prefix, seedField(seed++)]));
      latencies.push(performance.now() - t0);
      codes[code] = (codes[code] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: job.calls }, loop));
  return { latencies, codes, seconds: (performance.now() - started) / 1000 };
}

await new Promise<void>((ok, fail) => {
  session.once('connect', () => ok());
  session.once('error', fail);
});
parentPort!.on('message', (m: { phaseS: number; seedFrom: number } | 'close') => {
  if (m === 'close') {
    session.close();
    parentPort!.close();
    return;
  }
  void phase(m.phaseS, m.seedFrom).then((r) => parentPort!.postMessage(r));
});
parentPort!.postMessage('ready');
