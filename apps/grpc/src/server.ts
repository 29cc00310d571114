/**
 * The gRPC door: `svc.v1.Solver` over the service's door layer, plus grpc.health.v1 and server
 * reflection. Each RPC maps its message onto the door's arguments and its metadata onto the
 * caller, and maps the outcome or the SvcError back (status-codes.ts).
 *
 * Memory: a message is read only after its credential is checked (call-interceptor.ts), stays
 * bytes until the door asks for the problem after its own checks (command, options, auth, rate),
 * is measured against the caller's plan on the wire bytes before anything is built (wire-json.ts),
 * and the JSON decoded at once is bounded per server (decode-budget.ts).
 */
import { existsSync } from 'node:fs';
import type { Server as NetServer, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { HealthImplementation, protoPath as healthProtoPath } from 'grpc-health-check';
import { createFaultLog, SvcError, toSvcError } from '@svc/errors';
import { isQueued, overCap, type CallArgs, type Door, type Principal, type Service } from '@svc/service';
import { authorizationOf, callerOf, ipOf } from './caller';
import { callInterceptor, type CallLog } from './call-interceptor';
import { clampCallDeadlines } from './deadline-clamp';
import { withBoundedReflection } from './bounded-reflection';
import { DecodeBudget } from './decode-budget';
import { assertDecodable, decodeRequest, messageSpecs, type MessageSpec } from './decode-request';
import { encodeFileDescriptor, fileDescriptors, type FileDescriptor } from './file-descriptors';
import { grpcError } from './problem-trailers';
import { encodeStructMessage } from './encode-struct';
import { WireJson } from './wire-json';

export { grpcError } from './problem-trailers';

export const SERVICE_NAME = 'svc.v1.Solver';
/** Longest single wait of WatchJob between two looks at the job. */
const WATCH_POLL_S = 5;
/** Most a message without a problem may be (GetJob, CancelJob, WatchJob, Capabilities, health, reflection): a job id is 36 bytes. */
export const SMALL_MESSAGE_BYTES = 64 * 1024;
/** Room for the other fields of a message whose problem or SVCB body is at the largest cap. */
export const MESSAGE_ENVELOPE_BYTES = 64 * 1024;
/**
 * JSON bytes of problems decoded and not yet answered, per server, by default: eight problems at
 * the sandbox's cap at once (a decoded document takes several times its JSON in the heap); a lone
 * larger one is still admitted.
 */
export const DEFAULT_DECODING_BYTES = 64 * 1024 * 1024;
/** The methods whose message carries a problem: their caller is authenticated before the message is read. */
const PROBLEM_METHODS = ['Solve', 'Compute', 'Analyze', 'Verify'] as const;

/** The .proto folder: apps/grpc/proto beside the sources, or dist/proto beside a bundle that copied it. */
export function protoRoot(): string {
  const candidates = [new URL('../proto/', import.meta.url), new URL('./proto/', import.meta.url)];
  for (const c of candidates) {
    const p = fileURLToPath(c);
    if (existsSync(`${p}svc/v1/solver.proto`)) return p;
  }
  throw new Error(`svc-grpc: solver.proto not found (looked in ${candidates.map((c) => fileURLToPath(c)).join(', ')})`);
}

export function protoPath(): string {
  return `${protoRoot()}svc/v1/solver.proto`;
}

export const LOADER_OPTIONS: protoLoader.Options = { keepCase: true, longs: Number, enums: String, defaults: false, oneofs: true };

/** The Solver package as proto-loader builds it (clients; the server's serializers of replies). */
export function loadSolverPackage(): protoLoader.PackageDefinition {
  return protoLoader.loadSync(protoPath(), LOADER_OPTIONS);
}

/** The descriptors the server serves by reflection: solver.proto, google/protobuf/struct.proto, grpc/health/v1/health.proto. */
export function servedFileDescriptors(): FileDescriptor[] {
  const root = protoRoot();
  return fileDescriptors([
    { name: 'svc/v1/solver.proto', path: `${root}svc/v1/solver.proto` },
    { name: 'google/protobuf/struct.proto', path: `${root}google/protobuf/struct.proto` },
    { name: 'grpc/health/v1/health.proto', path: healthProtoPath },
  ]);
}

/** The largest message any caller may send: the binary lane's cap (the server's absolute cap) and the fields around it. */
export function maxMessageBytes(service: Service): number {
  return service.limits.maxBodyBytes + MESSAGE_ENVELOPE_BYTES;
}

/**
 * A Struct takes up to 5.5 times the bytes of its JSON (a list of one-digit numbers: 11 bytes each
 * on the wire, 2 in JSON), so a message over this many times the plan's cap cannot hold a problem
 * the plan allows: it is refused on its length prefix, before it is read.
 */
export const STRUCT_WIRE_FACTOR = 6;

/** The most `principal` may send in one message: six times its plan's cap (its JSON lane), at most the largest message. */
export function messageCapFor(service: Service, principal: Principal): number {
  return Math.min(maxMessageBytes(service), STRUCT_WIRE_FACTOR * service.bodyLimitFor(principal) + MESSAGE_ENVELOPE_BYTES);
}

const TERMINAL = new Set(['done', 'failed', 'cancelled']);

export interface GrpcDoorOptions {
  readonly service: Service;
  readonly door: Door;
  readonly docsUrl?: string;
  /** 5xx faults (default: stderr, with 429s counted). */
  readonly onFault?: (err: SvcError, method: string) => void;
  /** Aborted when the server shuts down: WatchJob streams end at once with UNAVAILABLE. */
  readonly stopping?: AbortSignal;
  /** The principal the call interceptor authenticated for a call's metadata. */
  readonly principalOf?: (md: grpc.Metadata) => Principal | undefined;
  /** JSON bytes of problems decoded and not yet answered (default DEFAULT_DECODING_BYTES). */
  readonly budget?: DecodeBudget;
}

type UnaryCall = grpc.ServerUnaryCall<Buffer, unknown>;

/** The Solver implementation over a door; every request arrives as its wire bytes (see `solverServiceDefinition`). */
export function solverImplementation(opts: GrpcDoorOptions): grpc.UntypedServiceImplementation {
  const { door, docsUrl, service } = opts;
  const specs = messageSpecs(servedFileDescriptors()[0]);
  const spec = (name: string): MessageSpec => {
    const s = specs.get(`svc.v1.${name}`);
    if (!s) throw new Error(`svc-grpc: solver.proto has no message svc.v1.${name}`);
    assertDecodable(s);
    return s;
  };
  const SolveRequest = spec('SolveRequest');
  const VerifyRequest = spec('VerifyRequest');
  const JobRequest = spec('JobRequest');
  const CapabilitiesRequest = spec('CapabilitiesRequest');
  const budget = opts.budget ?? new DecodeBudget(DEFAULT_DECODING_BYTES);
  const faultLog = opts.onFault ? null : createFaultLog({ write: (l) => process.stderr.write(l), label: 'svc-grpc' });
  const onFault = opts.onFault ?? ((err: SvcError, method: string) => faultLog!.report(err, `gRPC ${method}`));
  const report = (err: SvcError, method: string) => {
    if (err.status >= 500) onFault(err, method);
    else if (err.status === 429) faultLog?.report(err, `gRPC ${method}`);
  };

  /** Keeps a call's share of the decode budget until it is answered. */
  type Hold = (release: () => void) => void;
  /** A document the body-check worker refused, and its JSON size when it could be measured. */
  type Refusal = { readonly error: SvcError; readonly jsonBytes?: number };

  /**
   * A getter of the JSON of `w` for the door, which reads it after its own checks (command,
   * options, auth, rate): measured on the wire bytes against the plan's cap (the 413 every door
   * gives), counted in the budget, then decoded; once.
   */
  const lazyJson = (w: WireJson, principal: Principal, hold: Hold, refused?: Refusal): (() => unknown) => {
    let decoded: { value: unknown } | undefined;
    return () => {
      if (decoded) return decoded.value;
      if (refused) {
        // Found off the loop; the plan's cap still outranks it, as on the main thread.
        if (refused.jsonBytes !== undefined) {
          const over = overCap(refused.jsonBytes, { plan: service.bodyLimitFor(principal), absolute: service.limits.maxBodyBytes, sandbox: principal.kind === 'sandbox' });
          if (over) throw over;
        }
        throw refused.error;
      }
      const size = w.jsonBytes();
      const err = overCap(size, { plan: service.bodyLimitFor(principal), absolute: service.limits.maxBodyBytes, sandbox: principal.kind === 'sandbox' });
      if (err) throw err;
      hold(budget.take(size));
      decoded = { value: w.decode() };
      return decoded.value;
    };
  };

  /**
   * `args` with a getter for each of `fields` present in `msg` as a Struct or Value. A large one is
   * first decoded (and, with `problemOf`, validated) on the body-check worker, off the event loop: a
   * document that fails is refused without this thread building it (when the door reads it, after
   * its own checks, so the precedence is unchanged).
   */
  const withDocuments = async (args: Record<string, unknown>, msg: Record<string, unknown>, fields: readonly string[], principal: Principal, hold: Hold, problemOf?: (field: string) => { command: string } | undefined) => {
    const checker = service.bodies.checker;
    const docs = fields.filter((k) => msg[k] instanceof WireJson);
    for (const k of docs) {
      let w = msg[k] as WireJson;
      let refused: Refusal | undefined;
      if (w.bytes.length >= checker.thresholdBytes) {
        const p = problemOf?.(k);
        const sandbox = principal.kind === 'sandbox';
        // The message's own buffer (grpc-js concatenates each one afresh) travels to the worker and
        // back instead of being copied, when nothing else of the call is read from it.
        const move = docs.length === 1 && w.bytes.buffer.byteLength < w.bytes.length + MESSAGE_ENVELOPE_BYTES;
        const out = await checker.checkWire(w.bytes, { kind: w.kind, field: k }, p ? { command: p.command, sandbox, ...(sandbox ? { sandboxMaxN: service.limits.sandbox.maxN } : {}) } : undefined, { move });
        if ('error' in out) refused = out;
        else if (move) w = new WireJson(out.bytes, w.kind, w.field);
      }
      Object.defineProperty(args, k, { enumerable: true, get: lazyJson(w, principal, hold, refused) });
    }
    return args;
  };

  const principalOf = async (call: UnaryCall): Promise<Principal> =>
    opts.principalOf?.(call.metadata) ?? service.authenticate(authorizationOf(call.metadata), { ip: ipOf(call.getPeer()) });

  const unary = (method: string, fn: (call: UnaryCall, hold: Hold) => Promise<unknown>) =>
    (call: UnaryCall, callback: grpc.sendUnaryData<unknown>) => {
      const held: (() => void)[] = [];
      const release = () => { for (const r of held.splice(0)) r(); };
      fn(call, (r) => held.push(r)).then(
        (out) => {
          release();
          callback(null, out);
        },
        (e) => {
          release();
          const err = e instanceof SvcError ? e : toSvcError(e);
          report(err, method);
          callback(grpcError(err, docsUrl));
        },
      );
    };

  /** The solve options of a SolveRequest: only the field sets the latency budget (a call deadline does not). */
  const optionsOf = (msg: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const k of ['effort', 'seed', 'max_latency_ms', 'version', 'certificate'] as const) if (msg[k] !== undefined) out[k] = msg[k];
    return out;
  };
  /** The door's arguments of a SolveRequest, the problem a getter. */
  const solveArgs = async (msg: Record<string, unknown>, call: UnaryCall, hold: Hold): Promise<CallArgs> => {
    const args: Record<string, unknown> = optionsOf(msg);
    const command = typeof msg.command === 'string' && msg.command !== '' ? msg.command : undefined;
    if (command !== undefined) args.command = command;
    // The contracts' check is the first the problem meets unless an idempotency key's conflict outranks it.
    const validated = command !== undefined && service.isSolvable(command) && (typeof msg.idempotency_key !== 'string' || msg.idempotency_key === '');
    return (await withDocuments(args, msg, ['problem'], await principalOf(call), hold, validated ? () => ({ command }) : undefined)) as CallArgs;
  };

  /** A SolveReply as the bytes sent (`result` = 1, `queued` = 2), written straight from the answer. */
  const reply = (out: unknown): Buffer => encodeStructMessage(out as unknown as Record<string, unknown>, isQueued(out) ? 2 : 1);
  /** A google.protobuf.Struct reply, as the bytes sent. */
  const struct = (out: unknown): Buffer => encodeStructMessage(out as unknown as Record<string, unknown>);

  /** The door's caller of a problem call, with the principal the call interceptor authenticated from its metadata (not checked twice). */
  const problemCaller = (call: UnaryCall, idempotencyKey?: string) => {
    const principal = opts.principalOf?.(call.metadata);
    return { ...callerOf(call, idempotencyKey), ...(principal ? { principal } : {}) };
  };

  const lane = (named: boolean) => async (call: UnaryCall, hold: Hold) => {
    const msg = decodeRequest(SolveRequest, call.request);
    const caller = problemCaller(call, typeof msg.idempotency_key === 'string' ? msg.idempotency_key : undefined);
    const svcb = msg.svcb as Buffer | undefined;
    if (svcb && svcb.length > 0) {
      if (msg.problem) throw new SvcError('SVC_INVALID_INPUT', 'Send either problem (JSON) or svcb (binary lane), not both.', { extensions: { field: 'svcb' } });
      return reply(await door.solveBinary(new Uint8Array(svcb.buffer, svcb.byteOffset, svcb.byteLength), optionsOf(msg), caller));
    }
    const args = await solveArgs(msg, call, hold);
    return reply(named ? await door.solve(args, caller) : await door.compute(args, caller));
  };

  let capabilities: Buffer | undefined;

  return {
    Solve: unary('Solve', lane(true)),
    Compute: unary('Compute', lane(false)),
    Analyze: unary('Analyze', async (call, hold) => {
      const msg = decodeRequest(SolveRequest, call.request);
      return struct(await door.analyze(await solveArgs(msg, call, hold), problemCaller(call)));
    }),
    Verify: unary('Verify', async (call, hold) => {
      const msg = decodeRequest(VerifyRequest, call.request);
      const args = await withDocuments(typeof msg.command === 'string' ? { command: msg.command } : {}, msg, ['problem', 'answer', 'certificate'], await principalOf(call), hold);
      return struct(await door.verify(args, problemCaller(call)));
    }),
    GetJob: unary('GetJob', async (call) => {
      const msg = decodeRequest(JobRequest, call.request);
      return struct(await door.getJob(String(msg.job_id ?? ''), { ...callerOf(call), docsUrl }, Number(msg.wait_seconds ?? 0)));
    }),
    CancelJob: unary('CancelJob', async (call) => {
      const msg = decodeRequest(JobRequest, call.request);
      return struct(await door.cancelJob(String(msg.job_id ?? ''), { ...callerOf(call), docsUrl }));
    }),
    // Public: counted against the per-IP sandbox rate like GET /api/v1/capabilities, and sent as the bytes built once.
    Capabilities: unary('Capabilities', async (call) => {
      decodeRequest(CapabilitiesRequest, call.request);
      await service.access.admitIp(ipOf(call.getPeer()));
      return (capabilities ??= struct(door.capabilities()));
    }),
    WatchJob: (call: grpc.ServerWritableStream<Buffer, unknown>) => {
      let ended = false;
      const onStop = () => finish(new SvcError('SVC_BUSY', 'The server is shutting down; the job goes on: watch it again once the service is back, or poll GetJob.'));
      const finish = (e?: unknown) => {
        if (ended) return;
        ended = true;
        opts.stopping?.removeEventListener('abort', onStop);
        if (e === undefined) {
          call.end();
          return;
        }
        const err = e instanceof SvcError ? e : toSvcError(e);
        if (!opts.stopping?.aborted) report(err, 'WatchJob');
        // 'error' ends the stream with this status (grpc-js server-call.ts); destroy() would send none.
        call.emit('error', Object.assign(new Error(err.detail), grpcError(err, docsUrl)));
      };
      call.on('cancelled', () => {
        ended = true;
        opts.stopping?.removeEventListener('abort', onStop);
      });
      if (opts.stopping?.aborted) {
        onStop();
        return;
      }
      opts.stopping?.addEventListener('abort', onStop, { once: true });
      void (async () => {
        const msg = decodeRequest(JobRequest, call.request);
        const jobId = String(msg.job_id ?? '');
        // Counted once against the caller's request rate, however many messages the stream carries.
        const watch = await door.watchJob(jobId, { ...callerOf(call), docsUrl });
        let last = '';
        while (!ended) {
          // Wakes at the end, or at the engine's next progress report (at most one a second).
          const job = (await watch.look(last === '' ? 0 : WATCH_POLL_S, { orProgress: true })) as unknown as Record<string, unknown>;
          if (ended) return;
          const key = JSON.stringify([job.status, job.progress, job.cancel_requested]);
          if (key !== last) {
            call.write(struct(job));
            last = key;
          }
          if (TERMINAL.has(String(job.status))) {
            finish();
            return;
          }
        }
      })().catch(finish);
    },
  };
}

/**
 * The Solver's method definitions for the server: requests arrive as their wire bytes (decoded by
 * decode-request.ts once the caller is known, so a malformed one is INVALID_ARGUMENT, not grpc-js's
 * INTERNAL), and a reply that is already bytes is sent as it is.
 */
export function solverServiceDefinition(pkg: protoLoader.PackageDefinition): grpc.ServiceDefinition {
  const def = pkg[SERVICE_NAME] as unknown as grpc.ServiceDefinition;
  return Object.fromEntries(
    Object.entries(def).map(([name, m]) => [
      name,
      {
        ...m,
        requestDeserialize: (bytes: Buffer) => bytes,
        responseSerialize: (value: unknown) => (Buffer.isBuffer(value) ? value : m.responseSerialize(value)),
      },
    ]),
  ) as grpc.ServiceDefinition;
}

export interface StartGrpcOptions {
  readonly service: Service;
  readonly door: Door;
  readonly docsUrl?: string;
  readonly onFault?: (err: SvcError, method: string) => void;
  /** One line per answered call (`{reqId, m: 'gRPC', url, status, code?, ms}`, as HTTP logs requests); default none. */
  readonly log?: CallLog;
  /** Interface to bind (default 127.0.0.1: loopback). */
  readonly host?: string;
  /** Port (0 = any free one). */
  readonly port: number;
  /** JSON bytes of problems decoded and not yet answered (default DEFAULT_DECODING_BYTES). */
  readonly maxDecodingBytes?: number;
}

export interface RunningGrpc {
  /** `host:port` as a client dials it. */
  readonly address: string;
  readonly port: number;
  readonly server: grpc.Server;
  /** The JSON bytes of problems decoded and not yet answered. */
  readonly budget: DecodeBudget;
  close(): Promise<void>;
}

/**
 * Turns off Nagle's algorithm on every connection the server accepts, as Node's HTTP server does
 * and grpc-js's client does on its side: one HTTP/2 connection carries many calls, so a small
 * reply written while an earlier one is unacknowledged waited for the peer's delayed ACK. grpc-js
 * has no option for it; its HTTP/2 servers are an internal field (grpc-js 1.14, server.ts
 * `http2Servers`): returns false when it moved (the test of this file then fails).
 */
export function noDelayOnConnections(server: grpc.Server): boolean {
  const servers = (server as unknown as { http2Servers?: unknown }).http2Servers;
  if (!(servers instanceof Map) || servers.size === 0) return false;
  for (const h of servers.keys() as IterableIterator<NetServer>) h.on('connection', (socket: Socket) => socket.setNoDelay(true));
  return true;
}

/** Starts the gRPC door beside the HTTP one: Solver, health (SERVING) and reflection. */
export async function startGrpcServer(opts: StartGrpcOptions): Promise<RunningGrpc> {
  clampCallDeadlines();
  const pkg = loadSolverPackage();
  const solverDef = solverServiceDefinition(pkg);
  const paths = Object.values(solverDef).map((m) => m.path);
  const problemPaths = new Set(PROBLEM_METHODS.map((m) => solverDef[m].path));
  const calls = callInterceptor({
    service: opts.service,
    docsUrl: opts.docsUrl,
    authenticated: problemPaths,
    small: (path) => !problemPaths.has(path),
    smallMessageBytes: SMALL_MESSAGE_BYTES,
    logged: (path) => paths.includes(path),
    log: opts.log,
    messageCap: (principal) => {
      const bytes = messageCapFor(opts.service, principal);
      const plan = opts.service.bodyLimitFor(principal);
      const sandbox = principal.kind === 'sandbox';
      return {
        bytes,
        refusal: (size) => new SvcError('SVC_PAYLOAD_TOO_LARGE', `The message is ${size} bytes; on this plan (a ${plan}-byte cap on the problem's JSON) one message may be at most ${bytes} bytes, the svcb field included; ${sandbox ? 'register a free key for a larger cap' : 'shrink the problem or upgrade the plan'}.`, {
          extensions: { limit_bytes: bytes },
          actions: sandbox ? ['register_key', 'reduce_problem_size'] : ['reduce_problem_size', 'upgrade_plan'],
        }),
      };
    },
  });
  const server = new grpc.Server({
    // The binary lane's cap on every plan; every other message is capped per call (call-interceptor.ts).
    'grpc.max_receive_message_length': maxMessageBytes(opts.service),
    'grpc.max_send_message_length': -1,
    // No channelz: nothing here serves it, and grpc-js otherwise tracks every call and message for it.
    'grpc.enable_channelz': 0,
    // The only interceptor: it lowers the receive limit on grpc-js's own call object.
    interceptors: [calls.interceptor],
  });
  const stop = new AbortController();
  const budget = new DecodeBudget(opts.maxDecodingBytes ?? DEFAULT_DECODING_BYTES);
  server.addService(solverDef, solverImplementation({
    ...opts,
    stopping: stop.signal,
    principalOf: calls.principalOf,
    budget,
  }));
  const health = new HealthImplementation({ '': 'SERVING', [SERVICE_NAME]: 'SERVING' });
  health.addToServer(server);
  // Reflection serves real descriptors (file-descriptors.ts), the Solver's and health's.
  const files = servedFileDescriptors().map(encodeFileDescriptor);
  // With back-pressure and a per-stream request cap (bounded-reflection.ts).
  new ReflectionService({ [SERVICE_NAME]: { fileDescriptorProtos: files } } as unknown as protoLoader.PackageDefinition).addToServer(withBoundedReflection(server) as grpc.Server);
  const host = opts.host ?? '127.0.0.1';
  const bindHost = host.includes(':') ? `[${host}]` : host;
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${bindHost}:${opts.port}`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p)));
  });
  noDelayOnConnections(server);
  let closing: Promise<void> | undefined;
  return {
    address: `${bindHost === '0.0.0.0' || bindHost === '[::]' ? '127.0.0.1' : bindHost}:${port}`,
    port,
    server,
    budget,
    close() {
      closing ??= new Promise<void>((resolve) => {
        health.setStatus('', 'NOT_SERVING');
        health.setStatus(SERVICE_NAME, 'NOT_SERVING');
        // WatchJob streams end now with UNAVAILABLE; unary calls in flight get a moment, then are cut.
        stop.abort();
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
