/**
 * One call through any front door (MCP, gRPC, tRPC, and HTTP's solve route): the steps in
 * commands.md precedence, over arguments or a URL and headers.
 *
 *   command (404) → option names (404) → auth (401/403) → scope and request rate (403/429)
 *   → problem size against the plan's cap (413) → the service (schema, sizes, …, quota, capacity)
 *
 * A door maps its transport onto `Caller` and `CallArgs`, calls one method, and maps the outcome
 * or the `SvcError` back. No door names a command: `command` is data, checked here. A transport
 * that reads the problem after admitting the caller (HTTP reads the body after its hook) takes
 * the two halves apart: `admitSolve` before the body, `AdmittedSolve.solve` after.
 */
import { SvcError } from '@svc/errors';
import { SOLVE_QUERY_KEYS } from '@svc/contracts';
import type { Action, Principal } from '../principal';
import type { AnalyzeReport } from '../preflight';
import type { VerifyReport } from '../check-answer';
import type { JobView, SolveOutcome } from '../jobs/job-service';
import { assertKnownQuery, assertSolvable } from '../solve/plan';
import type { Service } from '../service';
import { overCap, type BodyCaps } from './body-cap';
import { stageMark } from '../solve/stage-marks';

/** Who calls, as the transport carries it. */
export interface Caller {
  /** The credential: an `Authorization` value (`Bearer …`) or a bare token; absent = none. */
  readonly authorization?: string | null;
  /** Client address (the sandbox allowance is per IP); default 127.0.0.1 for local transports. */
  readonly ip?: string;
  /** An idempotency key: an identical retry replays the stored answer. */
  readonly idempotencyKey?: string;
  /**
   * The transport already counted this call against the request rate (a tRPC batch is counted
   * whole before it is expanded): the door still authenticates and authorizes, and counts nothing.
   */
  readonly counted?: boolean;
  /**
   * The principal the transport already authenticated `authorization` as for this request (a
   * hook that checked the credential before the body was read): the door takes it instead of
   * authenticating the same credential again. Set it only from that credential.
   */
  readonly principal?: Principal;
  /**
   * `authorization` is an HTTP `Authorization` header as sent: a bare token is refused (401)
   * instead of being taken as a bearer token.
   */
  readonly headerAuthorization?: boolean;
  /** The caller prefers a queued solve's 202 at once, without the sync window (HTTP `Prefer: respond-async`). */
  readonly respondAsync?: boolean;
  /**
   * The base of this door's problem documents' `type` links (`<docsUrl>/errors/<CODE>`): a failed
   * job's stored document is shown on it (`getJob`, `cancelJob`, `watchJob`).
   */
  readonly docsUrl?: string;
}

/**
 * A solve whose caller is admitted (command, option names, auth, scope, request rate) and whose
 * problem is still to come: HTTP admits in its `onRequest` hook, reads the body within `caps`,
 * then solves.
 */
export interface AdmittedSolve<P = unknown> {
  readonly principal: Principal;
  /** The caps the problem's bytes are read against: the caller's plan and the server's (413). */
  readonly caps: BodyCaps;
  /**
   * Solves `problem`, read within `caps` by the transport (not measured again); a heavy solve
   * answers a queued job. `acceptedAt` is when the request arrived (the latency budget counts from it).
   */
  solve(problem: P, opts?: { readonly acceptedAt?: number }): Promise<SolveOutcome>;
}

/** The solve options every door carries as arguments or message fields (commands.md). */
export const CALL_OPTION_KEYS = SOLVE_QUERY_KEYS;

/** `{command?, problem, effort?, seed?, max_latency_ms?, version?, certificate?}` of commands.md. */
export interface CallArgs {
  readonly command?: string;
  readonly problem?: unknown;
  readonly effort?: unknown;
  readonly seed?: unknown;
  readonly max_latency_ms?: unknown;
  readonly version?: unknown;
  readonly certificate?: unknown;
}

/** `{command, problem, answer, certificate?}` of a verify call. */
export interface VerifyArgs {
  readonly command?: string;
  readonly problem?: unknown;
  readonly answer?: unknown;
  /** A certificate (docs/certificates.md); else the result document's `certificate` is read. */
  readonly certificate?: unknown;
}

export interface Door {
  /** Solves with an explicit command; a heavy solve answers a queued job (`isQueued`). */
  solve(args: CallArgs, caller: Caller): Promise<SolveOutcome>;
  /**
   * The first half of `solve` for a transport that reads the problem after admitting the caller:
   * command (404) → option names (404, `query` as sent) → auth (401/403) → scope and request rate
   * (403/429). The caller's size check (413) and the problem follow on the `AdmittedSolve`.
   */
  admitSolve(command: string, query: Readonly<Record<string, unknown>> | undefined, caller: Caller): Promise<AdmittedSolve>;
  /** `admitSolve` for the binary lane: option names (404) → auth → scope and rate; caps are the server's absolute cap. */
  admitSolveBinary(query: Readonly<Record<string, unknown>> | undefined, caller: Caller): Promise<AdmittedSolve<Uint8Array>>;
  /** The binary lane: an SVCB body (optimize, maxcut) with the JSON lane's contracts, up to the absolute cap. */
  solveBinary(bytes: Uint8Array, args: Omit<CallArgs, 'command' | 'problem'>, caller: Caller): Promise<SolveOutcome>;
  /** Free estimate: units, work, whether it would queue, exact or heuristic. */
  analyze(args: CallArgs, caller: Caller): Promise<AnalyzeReport>;
  /** With `command`, a solve; without, the problem is routed by its shape (`routed` says where). */
  compute(args: CallArgs, caller: Caller): Promise<SolveOutcome>;
  /** Independent re-check of an answer (free). */
  verify(args: VerifyArgs, caller: Caller): Promise<VerifyReport>;
  /** A job, long-polling up to `waitSeconds` (clamped to the server's maximum) for its end. */
  /** `orProgress`: the wait also ends at the job's next progress report (watchers). */
  getJob(jobId: string, caller: Caller, waitSeconds?: number, opts?: { readonly orProgress?: boolean }): Promise<JobView>;
  cancelJob(jobId: string, caller: Caller): Promise<JobView>;
  /**
   * Opens a watch of one job (gRPC WatchJob): the caller is admitted and counted against its
   * request rate once, here; each `look` re-checks the credential (a revoked key ends the watch)
   * without counting, so following a job never spends the rate of new work.
   */
  watchJob(jobId: string, caller: Caller): Promise<JobWatch>;
  /** The capabilities manifest (public). */
  capabilities(): unknown;
}

/** A job followed by one caller over one stream (`Door.watchJob`). */
export interface JobWatch {
  /** The job, long-polling up to `waitSeconds` for its end or, with `orProgress`, its next progress report. */
  look(waitSeconds: number, opts?: { readonly orProgress?: boolean }): Promise<JobView>;
}

const LOCAL_IP = '127.0.0.1';

/** The options as the service's `query` (absent ones dropped). */
function optionsOf(args: CallArgs): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of CALL_OPTION_KEYS) {
    const v = (args as Record<string, unknown>)[k];
    if (v !== undefined && v !== null) out[k] = v;
  }
  return out;
}

const SOLVE_ARG_KEYS: readonly string[] = ['command', 'problem', ...CALL_OPTION_KEYS];
const VERIFY_ARG_KEYS: readonly string[] = ['command', 'problem', 'answer', 'certificate'];

/** 404 SVC_UNSUPPORTED for an argument the call does not know, as an unknown query parameter is over HTTP. */
function assertKnownArgs(args: object, allowed: readonly string[]): void {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new SvcError('SVC_INVALID_INPUT', `the arguments must be an object {${allowed.join(', ')}}.`, { extensions: { field: '(root)' } });
  }
  for (const k of Object.keys(args)) {
    if (!allowed.includes(k)) {
      throw new SvcError('SVC_UNSUPPORTED', `Unknown argument '${k}'; this call takes ${allowed.join(', ')}.`, { extensions: { field: k } });
    }
  }
}

function commandOf(args: { command?: unknown }, required: boolean): string | undefined {
  const c = args.command;
  if (c === undefined || c === null || c === '') {
    if (required) throw new SvcError('SVC_INVALID_INPUT', 'command: missing; name one of the commands (GET /api/v1/capabilities lists them).', { extensions: { field: 'command' } });
    return undefined;
  }
  if (typeof c !== 'string') throw new SvcError('SVC_INVALID_INPUT', 'command: expected a string naming a command.', { extensions: { field: 'command' } });
  assertSolvable(c);
  return c;
}

function problemOf(args: { problem?: unknown }): unknown {
  if (args.problem === undefined || args.problem === null) {
    throw new SvcError('SVC_INVALID_INPUT', 'problem: missing; send one JSON problem document (with tag and description).', { extensions: { field: 'problem' } });
  }
  return args.problem;
}

/** The `Authorization` value: a bare token (no scheme, no space) is taken as a bearer token. */
function authorizationOf(caller: Caller): string | undefined {
  const a = caller.authorization;
  if (a === undefined || a === null || a === '') return undefined;
  if (caller.headerAuthorization) return a;
  return /\s/.test(a.trim()) ? a : `Bearer ${a.trim()}`;
}

/** The door-agnostic call layer over one service. */
export function createDoor(service: Service): Door {
  const admit = async (caller: Caller, action: Action): Promise<Principal> => {
    const principal = caller.principal ?? await service.authenticate(authorizationOf(caller), { ip: caller.ip ?? LOCAL_IP });
    if (caller.counted) service.access.authorize(principal, action);
    else await service.access.admit(principal, action);
    return principal;
  };

  const capsOf = (principal: Principal): BodyCaps => ({
    plan: service.bodyLimitFor(principal),
    absolute: service.limits.maxBodyBytes,
    sandbox: principal.kind === 'sandbox',
  });

  /** The JSON size of what the caller sent, against the plan's and the server's caps (413). */
  const measure = (principal: Principal, payload: unknown): void => {
    const err = overCap(Buffer.byteLength(JSON.stringify(payload) ?? '', 'utf8'), capsOf(principal));
    if (err) throw err;
  };

  /** Job routes: credentials optional (a sandbox job is readable by whoever holds its id). */
  const reader = async (caller: Caller, action: Action): Promise<Principal | null> => {
    if (caller.authorization === undefined || caller.authorization === null || caller.authorization === '') {
      if (!caller.counted) await service.access.admitIp(caller.ip ?? LOCAL_IP);
      return null;
    }
    return admit(caller, action);
  };

  const jobId = (id: unknown): string => {
    if (typeof id !== 'string' || id === '') throw new SvcError('SVC_INVALID_INPUT', 'job_id: expected the id of a job.', { extensions: { field: 'job_id' } });
    return id;
  };

  const admitSolve = async (command: string, query: Readonly<Record<string, unknown>> | undefined, caller: Caller): Promise<AdmittedSolve> => {
    stageMark('arrived');
    assertSolvable(command);
    assertKnownQuery(query);
    const principal = await admit(caller, 'solve');
    stageMark('authorized');
    return {
      principal,
      caps: capsOf(principal),
      solve: (problem, o = {}) => service.solve(command, problem, {
        principal, query: { ...(query ?? {}) }, idempotencyKey: caller.idempotencyKey, allowQueue: true, respondAsync: caller.respondAsync, acceptedAt: o.acceptedAt ?? performance.now(),
      }),
    };
  };

  const admitSolveBinary = async (query: Readonly<Record<string, unknown>> | undefined, caller: Caller): Promise<AdmittedSolve<Uint8Array>> => {
    assertKnownQuery(query);
    const principal = await admit(caller, 'solve');
    return {
      principal,
      caps: { plan: service.limits.maxBodyBytes, absolute: service.limits.maxBodyBytes },
      solve: (bytes, o = {}) => service.solveBinary(bytes, {
        principal, query: { ...(query ?? {}) }, idempotencyKey: caller.idempotencyKey, allowQueue: true, respondAsync: caller.respondAsync, acceptedAt: o.acceptedAt ?? performance.now(),
      }),
    };
  };

  const solve = async (args: CallArgs, caller: Caller, acceptedAt = performance.now()): Promise<SolveOutcome> => {
    assertKnownArgs(args, SOLVE_ARG_KEYS);
    const admitted = await admitSolve(commandOf(args, true)!, optionsOf(args), caller);
    const problem = problemOf(args);
    measure(admitted.principal, problem);
    // The call's arguments arrived parsed: the latency budget counts from here (solve/deadline.ts).
    return admitted.solve(problem, { acceptedAt });
  };

  return {
    solve: (args, caller) => solve(args, caller),
    admitSolve,
    admitSolveBinary,
    async solveBinary(bytes, args, caller) {
      const acceptedAt = performance.now();
      assertKnownArgs(args, CALL_OPTION_KEYS);
      const admitted = await admitSolveBinary(optionsOf(args), caller);
      const err = overCap(bytes.byteLength, admitted.caps);
      if (err) throw err;
      return admitted.solve(bytes, { acceptedAt });
    },
    async analyze(args, caller) {
      assertKnownArgs(args, SOLVE_ARG_KEYS);
      const command = commandOf(args, true)!;
      const query = optionsOf(args);
      const principal = await admit(caller, 'analyze');
      const problem = problemOf(args);
      measure(principal, problem);
      return service.analyze(command, problem, { principal, query });
    },
    async compute(args, caller) {
      const acceptedAt = performance.now();
      assertKnownArgs(args, SOLVE_ARG_KEYS);
      if (commandOf(args, false) !== undefined) return solve(args, caller, acceptedAt);
      const query = optionsOf(args);
      const principal = await admit(caller, 'solve');
      const problem = problemOf(args);
      measure(principal, problem);
      return service.compute(problem, { principal, query, idempotencyKey: caller.idempotencyKey, allowQueue: true, acceptedAt });
    },
    async verify(args, caller) {
      assertKnownArgs(args, VERIFY_ARG_KEYS);
      const command = commandOf(args, true)!;
      const principal = await admit(caller, 'analyze');
      const body = args.certificate === undefined ? { problem: args.problem, answer: args.answer } : { problem: args.problem, answer: args.answer, certificate: args.certificate };
      measure(principal, body);
      return service.verify(command, body, principal);
    },
    async getJob(id, caller, waitSeconds = 0, opts) {
      // Jobs come from solves: reading one needs the `solve` scope, as creating and cancelling do.
      const r = await reader(caller, 'solve');
      if (!Number.isFinite(waitSeconds) || waitSeconds < 0) {
        throw new SvcError('SVC_INVALID_INPUT', 'wait: expected a whole number of seconds (longer waits are cut to the server maximum).', { extensions: { field: 'wait' } });
      }
      return service.jobs.get(jobId(id), r, Math.floor(waitSeconds), { ...opts, docsUrl: caller.docsUrl });
    },
    async cancelJob(id, caller) {
      const r = await reader(caller, 'solve');
      return service.jobs.cancel(jobId(id), r, { docsUrl: caller.docsUrl });
    },
    async watchJob(id, caller) {
      const job = jobId(id);
      let principal = await reader(caller, 'solve');
      let first = true;
      return {
        async look(waitSeconds, opts) {
          if (!first && principal !== null) {
            principal = await service.authenticate(authorizationOf(caller), { ip: caller.ip ?? LOCAL_IP });
            service.access.authorize(principal, 'solve');
          }
          first = false;
          return service.jobs.get(job, principal, Math.max(0, Math.floor(waitSeconds)), { ...opts, docsUrl: caller.docsUrl });
        },
      };
    },
    capabilities() {
      return service.capabilities();
    },
  };
}
