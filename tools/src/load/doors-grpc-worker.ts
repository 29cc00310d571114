/**
 * One thread of load-doors.mjs's gRPC load: started once, it connects its channels and posts
 * 'ready'; each `{phaseS, seedFrom}` it is sent runs `calls` closed loops of `Solve` for `phaseS`
 * seconds, the message's seed stamped per call from `seedFrom` on, the reply left as bytes (as
 * autocannon leaves a body unread), and posts `{latencies, codes, seconds}`; 'close' ends it.
 * Several threads carry the gRPC load because grpc-js costs about 0.5–1 ms of CPU per call in the
 * client, several times what autocannon does: on one thread the client, not the server, set the rate.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

export interface GrpcLoadJob {
  readonly address: string;
  readonly protoDir: string;
  readonly token: string;
  /** SolveRequest bytes without the seed (field 5), appended per call. */
  readonly prefix: Uint8Array;
  /** Calls in flight from this thread, and the connections they share. */
  readonly calls: number;
  readonly channels: number;
}

export interface GrpcLoadResult {
  readonly latencies: number[];
  readonly codes: Record<string, number>;
  readonly seconds: number;
}

const job = workerData as GrpcLoadJob;
const pkg = grpc.loadPackageDefinition(protoLoader.loadSync('svc/v1/solver.proto', { keepCase: true, longs: Number, enums: String, defaults: false, oneofs: true, includeDirs: [job.protoDir] })) as unknown as {
  svc: { v1: { Solver: grpc.ServiceClientConstructor } };
};
const Solver = pkg.svc.v1.Solver;
const solve = Solver.service.Solve;
// Each channel its own connection: grpc-js shares one subchannel (one HTTP/2 connection) between channels to the same address otherwise.
const channels = Array.from({ length: job.channels }, () => new Solver(job.address, grpc.credentials.createInsecure(), { 'grpc.use_local_subchannel_pool': 1 }));
const prefix = Buffer.from(job.prefix);
const asBytes = (b: Buffer): Buffer => b;
const md = new grpc.Metadata();
md.set('authorization', `Bearer ${job.token}`);

/** One phase: `calls` loops for `phaseS` seconds, seeds from `seedFrom` on. */
async function phase(phaseS: number, seedFrom: number): Promise<GrpcLoadResult> {
  let seed = seedFrom;
  const latencies: number[] = [];
  const codes: Record<string, number> = {};
  const started = performance.now();
  const end = started + phaseS * 1000;
  const loop = async (k: number) => {
    const c = channels[k % channels.length];
    while (performance.now() < end) {
      const t0 = performance.now();
      const message = Buffer.concat([prefix, solve.requestSerialize({ seed: seed++ })]);
      const code = await new Promise<string>((done) => {
        c.makeUnaryRequest(solve.path, asBytes, asBytes, message, md, { deadline: Date.now() + 30_000 }, (e: grpc.ServiceError | null) => done(e ? `grpc ${e.code}` : '200'));
      });
      latencies.push(performance.now() - t0);
      codes[code] = (codes[code] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: job.calls }, (_, k) => loop(k)));
  return { latencies, codes, seconds: (performance.now() - started) / 1000 };
}

// Ready once the channels are connected; then one phase per message, until 'close'.
await Promise.all(channels.map((c) => new Promise<void>((ok, fail) => c.waitForReady(Date.now() + 30_000, (e) => (e ? fail(e) : ok())))));
parentPort!.on('message', (m: { phaseS: number; seedFrom: number } | 'close') => {
  if (m === 'close') {
    for (const c of channels) c.close();
    parentPort!.close();
    return;
  }
  void phase(m.phaseS, m.seedFrom).then((r) => parentPort!.postMessage(r));
});
parentPort!.postMessage('ready');
