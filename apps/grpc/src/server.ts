/**
 * The gRPC door: `svc.v1.Solver` over the service's door layer, plus grpc.health.v1 and server
 * reflection. Each RPC maps its message onto the door's arguments and its metadata onto the
 * caller, and maps the outcome or the SvcError back (status-codes.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { HealthImplementation, protoPath as healthProtoPath } from 'grpc-health-check';
import { createFaultLog, problemDocument, SvcError, toSvcError } from '@svc/errors';
import { isQueued, type CallArgs, type Caller, type Door, type Service } from '@svc/service';
import { GRPC_STATUS, PROBLEM_METADATA_KEY } from './status-codes';
import { encodeStatusDetails, STATUS_DETAILS_KEY } from './status-details';
import { fromStruct, fromValue, toStruct, type PbStruct, type PbValue } from './struct';

export const SERVICE_NAME = 'svc.v1.Solver';
/** Margin kept from a call deadline when it becomes the latency budget. */
export const DEADLINE_MARGIN_MS = 50;
/** Longest single wait of WatchJob between two looks at the job. */
const WATCH_POLL_S = 5;

/** The .proto, beside the sources (apps/grpc/proto) or beside a bundle that copied it (dist/proto). */
export function protoPath(): string {
  const candidates = [new URL('../proto/svc/v1/solver.proto', import.meta.url), new URL('./proto/svc/v1/solver.proto', import.meta.url)];
  for (const c of candidates) {
    const p = fileURLToPath(c);
    if (existsSync(p)) return p;
  }
  throw new Error(`svc-grpc: solver.proto not found (looked at ${candidates.map((c) => fileURLToPath(c)).join(', ')})`);
}

export const LOADER_OPTIONS: protoLoader.Options = { keepCase: true, longs: Number, enums: String, defaults: false, oneofs: true };

export function loadSolverPackage(): protoLoader.PackageDefinition {
  return protoLoader.loadSync(protoPath(), LOADER_OPTIONS);
}

interface SolveRequestMsg {
  command?: string;
  problem?: PbStruct | null;
  svcb?: Buffer;
  effort?: string;
  seed?: number;
  max_latency_ms?: number;
  version?: string;
  idempotency_key?: string;
}
interface VerifyRequestMsg { command?: string; problem?: PbStruct | null; answer?: PbValue | null }
interface JobRequestMsg { job_id?: string; wait_seconds?: number }

const first = (md: grpc.Metadata, key: string): string | undefined => {
  const v = md.get(key)[0];
  return v === undefined ? undefined : String(v);
};

/** `ipv4:127.0.0.1:5000` / `ipv6:[::1]:5000` → the address (the sandbox allowance is per IP). */
function ipOf(peer: string): string {
  const m = /^ipv4:([^:]+):\d+$/.exec(peer) ?? /^ipv6:\[([^\]]+)\]:\d+$/.exec(peer);
  return m ? m[1] : '127.0.0.1';
}

function callerOf(call: grpc.ServerUnaryCall<unknown, unknown> | grpc.ServerWritableStream<unknown, unknown>, idempotencyKey?: string): Caller {
  return {
    authorization: first(call.metadata, 'authorization'),
    ip: ipOf(call.getPeer()),
    idempotencyKey: idempotencyKey || first(call.metadata, 'idempotency-key'),
  };
}

/**
 * The gRPC error of an SvcError: mapped status, the detail as the message, and the problem document
 * twice in the trailers: as JSON in `svc-problem-bin`, and in the standard google.rpc.Status details.
 */
export function grpcError(e: unknown, docsUrl?: string): Partial<grpc.StatusObject> & { code: grpc.status } {
  const err = e instanceof SvcError ? e : toSvcError(e);
  const doc = problemDocument(err, docsUrl);
  const code = GRPC_STATUS[err.code];
  const metadata = new grpc.Metadata();
  metadata.set(PROBLEM_METADATA_KEY, Buffer.from(JSON.stringify(doc), 'utf8'));
  metadata.set(STATUS_DETAILS_KEY, encodeStatusDetails(code, err.detail, doc as unknown as Record<string, unknown>));
  return { code, details: err.detail, metadata };
}

/** The solve options of a message; a call deadline is the latency budget when none is given. */
function argsOf(req: SolveRequestMsg, deadline: grpc.Deadline): Omit<CallArgs, 'command' | 'problem'> {
  const out: Record<string, unknown> = {};
  if (req.effort !== undefined) out.effort = req.effort;
  if (req.seed !== undefined) out.seed = req.seed;
  if (req.version !== undefined) out.version = req.version;
  if (req.max_latency_ms !== undefined) out.max_latency_ms = req.max_latency_ms;
  else {
    const at = deadline instanceof Date ? deadline.getTime() : deadline;
    if (Number.isFinite(at)) {
      const left = at - Date.now() - DEADLINE_MARGIN_MS;
      if (left <= 0) throw new SvcError('SVC_JOB_WAIT_TIMEOUT', 'The call deadline leaves no time to solve; give a later deadline or max_latency_ms.');
      out.max_latency_ms = Math.floor(left);
    }
  }
  return out;
}

function solveReply(out: unknown): { result?: PbStruct; queued?: PbStruct } {
  const doc = out as Record<string, unknown>;
  return isQueued(out) ? { queued: toStruct(doc) } : { result: toStruct(doc) };
}

const TERMINAL = new Set(['done', 'failed', 'cancelled']);

export interface GrpcDoorOptions {
  readonly door: Door;
  readonly docsUrl?: string;
  /** 5xx faults (default: stderr). */
  readonly onFault?: (err: SvcError, method: string) => void;
  /** True once the server is shutting down: WatchJob streams end after their current state. */
  readonly isStopping?: () => boolean;
}

/** The Solver implementation over a door. */
export function solverImplementation(opts: GrpcDoorOptions): grpc.UntypedServiceImplementation {
  const { door, docsUrl } = opts;
  const faultLog = opts.onFault ? null : createFaultLog({ write: (l) => process.stderr.write(l), label: 'svc-grpc' });
  const onFault = opts.onFault ?? ((err: SvcError, method: string) => faultLog!.report(err, `gRPC ${method}`));
  const unary = <Req>(method: string, fn: (req: Req, call: grpc.ServerUnaryCall<Req, unknown>) => Promise<unknown>) =>
    (call: grpc.ServerUnaryCall<Req, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      fn(call.request, call).then(
        (out) => callback(null, out),
        (e) => {
          const err = e instanceof SvcError ? e : toSvcError(e);
          if (err.status >= 500) onFault(err, method);
          callback(grpcError(err, docsUrl));
        },
      );
    };

  const solveArgs = (req: SolveRequestMsg, call: grpc.ServerUnaryCall<SolveRequestMsg, unknown>): CallArgs => ({
    ...(req.command !== undefined && req.command !== '' ? { command: req.command } : {}),
    ...(req.problem ? { problem: fromStruct(req.problem) } : {}),
    ...argsOf(req, call.getDeadline()),
  });
  const lane = async (req: SolveRequestMsg, call: grpc.ServerUnaryCall<SolveRequestMsg, unknown>, named: boolean) => {
    const caller = callerOf(call, req.idempotency_key);
    if (req.svcb && req.svcb.length > 0) {
      if (req.problem) throw new SvcError('SVC_INVALID_INPUT', 'Send either problem (JSON) or svcb (binary lane), not both.', { extensions: { field: 'svcb' } });
      return solveReply(await door.solveBinary(new Uint8Array(req.svcb.buffer, req.svcb.byteOffset, req.svcb.byteLength), argsOf(req, call.getDeadline()), caller));
    }
    const args = solveArgs(req, call);
    return solveReply(named ? await door.solve(args, caller) : await door.compute(args, caller));
  };

  return {
    Solve: unary<SolveRequestMsg>('Solve', (req, call) => lane(req, call, true)),
    Compute: unary<SolveRequestMsg>('Compute', (req, call) => lane(req, call, false)),
    Analyze: unary<SolveRequestMsg>('Analyze', async (req, call) => toStruct((await door.analyze(solveArgs(req, call), callerOf(call))) as unknown as Record<string, unknown>)),
    Verify: unary<VerifyRequestMsg>('Verify', async (req, call) =>
      toStruct((await door.verify({ command: req.command, problem: req.problem ? fromStruct(req.problem) : undefined, answer: req.answer ? fromValue(req.answer) : undefined }, callerOf(call))) as unknown as Record<string, unknown>)),
    GetJob: unary<JobRequestMsg>('GetJob', async (req, call) => toStruct((await door.getJob(req.job_id ?? '', callerOf(call), req.wait_seconds ?? 0)) as unknown as Record<string, unknown>)),
    CancelJob: unary<JobRequestMsg>('CancelJob', async (req, call) => toStruct((await door.cancelJob(req.job_id ?? '', callerOf(call))) as unknown as Record<string, unknown>)),
    Capabilities: unary<unknown>('Capabilities', async () => toStruct(door.capabilities() as Record<string, unknown>)),
    WatchJob: (call: grpc.ServerWritableStream<JobRequestMsg, unknown>) => {
      let gone = false;
      call.on('cancelled', () => { gone = true; });
      const caller = callerOf(call);
      void (async () => {
        let last = '';
        for (;;) {
          const job = (await door.getJob(call.request.job_id ?? '', caller, last === '' ? 0 : WATCH_POLL_S)) as unknown as Record<string, unknown>;
          if (gone) return;
          const key = JSON.stringify([job.status, job.progress, job.cancel_requested]);
          if (key !== last) {
            call.write(toStruct(job));
            last = key;
          }
          if (TERMINAL.has(String(job.status)) || opts.isStopping?.()) break;
        }
        call.end();
      })().catch((e) => {
        if (gone) return;
        const err = e instanceof SvcError ? e : toSvcError(e);
        if (err.status >= 500) onFault(err, 'WatchJob');
        call.destroy(Object.assign(new Error(err.detail), grpcError(err, docsUrl)));
      });
    },
  };
}

export interface StartGrpcOptions extends Omit<GrpcDoorOptions, 'door'> {
  readonly service: Service;
  readonly door: Door;
  /** Interface to bind (default 127.0.0.1: loopback). */
  readonly host?: string;
  /** Port (0 = any free one). */
  readonly port: number;
}

export interface RunningGrpc {
  /** `host:port` as a client dials it. */
  readonly address: string;
  readonly port: number;
  readonly server: grpc.Server;
  close(): Promise<void>;
}

/** Starts the gRPC door beside the HTTP one: Solver, health (SERVING) and reflection. */
export async function startGrpcServer(opts: StartGrpcOptions): Promise<RunningGrpc> {
  const pkg = loadSolverPackage();
  const loaded = grpc.loadPackageDefinition(pkg) as unknown as { svc: { v1: { Solver: grpc.ServiceClientConstructor } } };
  const server = new grpc.Server({
    // The plan caps are measured by the door; the transport only stops what no plan allows.
    'grpc.max_receive_message_length': opts.service.limits.maxBodyBytes + 1024 * 1024,
    'grpc.max_send_message_length': -1,
  });
  let stopping = false;
  server.addService(loaded.svc.v1.Solver.service, solverImplementation({ ...opts, isStopping: () => stopping }));
  const health = new HealthImplementation({ '': 'SERVING', [SERVICE_NAME]: 'SERVING' });
  health.addToServer(server);
  // Reflection describes the Solver and the health service both (grpcurl lists them).
  new ReflectionService({ ...protoLoader.loadSync(healthProtoPath, LOADER_OPTIONS), ...pkg }).addToServer(server);
  const host = opts.host ?? '127.0.0.1';
  const bindHost = host.includes(':') ? `[${host}]` : host;
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${bindHost}:${opts.port}`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p)));
  });
  let closing: Promise<void> | undefined;
  return {
    address: `${bindHost === '0.0.0.0' || bindHost === '[::]' ? '127.0.0.1' : bindHost}:${port}`,
    port,
    server,
    close() {
      stopping = true;
      closing ??= new Promise<void>((resolve) => {
        health.setStatus('', 'NOT_SERVING');
        health.setStatus(SERVICE_NAME, 'NOT_SERVING');
        // Let calls in flight finish for a moment, then cut what is left (long WatchJob streams).
        const force = setTimeout(() => server.forceShutdown(), 2000);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
      return closing;
    },
  };
}
