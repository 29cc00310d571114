/**
 * A small promise client of `svc.v1.Solver` over the same .proto (tests, the cross-transport suite
 * and docs/grpc-client.mjs use it): JSON in, JSON out, faults as `{code, status, problem}`.
 */
import * as grpc from '@grpc/grpc-js';
import { loadSolverPackage } from './server';
import { PROBLEM_METADATA_KEY } from './status-codes';
import { fromStruct, toStruct, toValue, type PbStruct } from './struct';

export type Json = Record<string, unknown>;
export type GrpcReply = { ok: true; value: Json; queued?: boolean } | { ok: false; status: grpc.status; details: string; problem: Json | null };

export interface SolveMessage {
  command?: string;
  problem?: Json;
  svcb?: Uint8Array;
  effort?: string;
  seed?: number;
  max_latency_ms?: number;
  version?: string;
  idempotency_key?: string;
  certificate?: 'full' | 'none';
}

/** The problem document a fault carries in its trailing metadata. */
export function problemOf(err: grpc.ServiceError): Json | null {
  const raw = err.metadata?.get(PROBLEM_METADATA_KEY)[0];
  if (raw === undefined) return null;
  return JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw)) as Json;
}

export function solverClient(address: string, token?: string) {
  const loaded = grpc.loadPackageDefinition(loadSolverPackage()) as unknown as { svc: { v1: { Solver: grpc.ServiceClientConstructor } } };
  const raw = new loaded.svc.v1.Solver(address, grpc.credentials.createInsecure()) as unknown as Record<string, Function> & grpc.Client;
  const meta = (extra: Record<string, string> = {}) => {
    const md = new grpc.Metadata();
    if (token) md.set('authorization', `Bearer ${token}`);
    for (const [k, v] of Object.entries(extra)) md.set(k, v);
    return md;
  };
  /** Options of one call: a deadline (ms from now) and extra metadata. */
  type CallOpts = { deadlineMs?: number; metadata?: Record<string, string> };
  const unary = (method: string, request: unknown, opts: CallOpts = {}): Promise<GrpcReply> =>
    new Promise((resolve) => {
      const callOpts: grpc.CallOptions = opts.deadlineMs !== undefined ? { deadline: Date.now() + opts.deadlineMs } : {};
      raw[method].call(raw, request, meta(opts.metadata), callOpts, (err: grpc.ServiceError | null, res: { result?: PbStruct; queued?: PbStruct; fields?: unknown }) => {
        if (err) return resolve({ ok: false, status: err.code, details: err.details, problem: problemOf(err) });
        if (res.result || res.queued) return resolve({ ok: true, value: fromStruct(res.result ?? res.queued), queued: res.queued !== undefined && res.queued !== null });
        resolve({ ok: true, value: fromStruct(res as PbStruct) });
      });
    });
  const solveMsg = (m: SolveMessage) => ({ ...m, problem: m.problem ? toStruct(m.problem) : undefined, svcb: m.svcb ? Buffer.from(m.svcb) : undefined });
  return {
    solve: (m: SolveMessage, o?: CallOpts) => unary('Solve', solveMsg(m), o),
    compute: (m: SolveMessage, o?: CallOpts) => unary('Compute', solveMsg(m), o),
    analyze: (m: SolveMessage, o?: CallOpts) => unary('Analyze', solveMsg(m), o),
    verify: (m: { command: string; problem: Json; answer: unknown; certificate?: unknown }) =>
      unary('Verify', { command: m.command, problem: toStruct(m.problem), answer: toValue(m.answer), ...(m.certificate !== undefined ? { certificate: toValue(m.certificate) } : {}) }),
    getJob: (jobId: string, waitSeconds = 0) => unary('GetJob', { job_id: jobId, wait_seconds: waitSeconds }),
    cancelJob: (jobId: string) => unary('CancelJob', { job_id: jobId }),
    capabilities: (o?: CallOpts) => unary('Capabilities', {}, o),
    /** Every message of WatchJob (each also to `onJob` as it arrives), then how the stream ended (null: OK). */
    watchJob: (jobId: string, o: CallOpts & { onJob?: (job: Json, count: number) => void } = {}): Promise<{ jobs: Json[]; end: GrpcReply | null }> =>
      new Promise((resolve) => {
        const jobs: Json[] = [];
        const callOpts: grpc.CallOptions = o.deadlineMs !== undefined ? { deadline: Date.now() + o.deadlineMs } : {};
        const stream = raw.WatchJob.call(raw, { job_id: jobId }, meta(o.metadata), callOpts) as grpc.ClientReadableStream<PbStruct>;
        stream.on('data', (s: PbStruct) => {
          const job = fromStruct(s);
          jobs.push(job);
          o.onJob?.(job, jobs.length);
        });
        stream.on('error', (err: grpc.ServiceError) => resolve({ jobs, end: { ok: false, status: err.code, details: err.details, problem: problemOf(err) } }));
        stream.on('end', () => resolve({ jobs, end: null }));
      }),
    close: () => raw.close(),
  };
}
