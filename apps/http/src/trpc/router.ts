/**
 * The tRPC door at `/trpc`: the same procedures as the other doors, each one call to the service's
 * door layer (libs/service door.ts), so precedence, error codes and answers are HTTP's. Queries
 * (`getJob`, `capabilities`) go over GET, the rest over POST. Inputs are typed from
 * `@svc/contracts` for callers; at run time they pass through unchecked so a bad problem gets the
 * same `SVC_` code it gets at `/api/v1` (a tRPC input validator would answer its own error).
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { problemDocument, SvcError, toSvcError, type ProblemDocument } from '@svc/errors';
import type { ServedCommand } from '@svc/contracts/commands';
import type { AnalyzeReport, Caller, Door, JobView, Principal, SolveOutcome } from '@svc/service';
import { TRPC_CODE } from './error-codes';

/** The solve options of commands.md, as the other doors carry them. */
export interface SolveInput {
  /** A served command (`capabilities` lists them); optional for `compute`, which routes by shape. */
  command?: ServedCommand;
  /** One problem document: `tag`, `description`, `n` and the command's fields. */
  problem: Record<string, unknown>;
  effort?: 'flash' | 'medium' | 'high';
  seed?: number;
  max_latency_ms?: number;
  version?: string;
  /** The certificate attached to the answer: default up to 1 MB, `full` up to 64 MiB, `none` never. */
  certificate?: 'full' | 'none';
}

export interface VerifyInput {
  command: ServedCommand;
  problem: Record<string, unknown>;
  /** The bare answer, or the result document that carries it. */
  answer: unknown;
}

export interface JobInput {
  job_id: string;
  /** Long-poll up to this many seconds (cut to the server's maximum) for the job to end. */
  wait_seconds?: number;
}

export interface TrpcContext {
  readonly door: Door;
  readonly caller: Caller;
  /** The per-IP sandbox rate, for what is served without credentials (`Access.admitIp`). */
  readonly admitIp: (ip: string) => Promise<void>;
  /** The base of this request's problem documents' `type` links (default: the router's). */
  readonly docsUrl?: string;
}

/** A typed pass-through: the door and the service check the arguments, with SVC_ codes. */
function shaped<T>() {
  return (input: unknown): T => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new SvcError('SVC_INVALID_INPUT', 'the input must be a JSON object.', { extensions: { field: '(root)' } });
    }
    return input as T;
  };
}

/** Runs one door call, turning its SvcError into the TRPCError that carries it. */
async function call<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw asTrpcError(e);
  }
}

function asTrpcError(e: unknown): TRPCError {
  const err = e instanceof SvcError ? e : toSvcError(e);
  return new TRPCError({ code: TRPC_CODE[err.code], message: err.detail, cause: err });
}

/** The SvcError behind a tRPC error (an input shape fault included), else SVC_INTERNAL. */
export function svcErrorOf(error: TRPCError): SvcError {
  if (error.cause instanceof SvcError) return error.cause;
  if (error.code === 'NOT_FOUND') return new SvcError('SVC_NOT_FOUND', error.message);
  // The route answers a wrong method and a missing media type before tRPC runs (plugin.ts); these stay 4xx all the same.
  if (error.code === 'METHOD_NOT_SUPPORTED') return new SvcError('SVC_ERROR', error.message, { status: 405 });
  if (error.code === 'PARSE_ERROR' || error.code === 'BAD_REQUEST' || error.code === 'UNSUPPORTED_MEDIA_TYPE') return new SvcError('SVC_INVALID_INPUT', error.message);
  return toSvcError(error.cause ?? error);
}

export function createTrpcRouter() {
  const t = initTRPC.context<TrpcContext>().create({
    // Never a stack trace in a reply, whatever NODE_ENV says.
    isDev: false,
    // Every fault carries the problem document (code, retryable, agent_fix_prompt, next_actions).
    errorFormatter({ shape, error, ctx }) {
      const problem: ProblemDocument = problemDocument(svcErrorOf(error), ctx?.docsUrl);
      return { ...shape, message: problem.detail, data: { ...shape.data, httpStatus: problem.status, code: shape.data.code, problem } };
    },
  });
  // The manifest is fixed for the life of the process: built once.
  let capabilities: Record<string, unknown> | undefined;
  return t.router({
    solve: t.procedure.input(shaped<SolveInput & { command: ServedCommand }>()).mutation(({ ctx, input }): Promise<SolveOutcome> => call(() => ctx.door.solve(input, ctx.caller))),
    analyze: t.procedure.input(shaped<SolveInput & { command: ServedCommand }>()).mutation(({ ctx, input }): Promise<AnalyzeReport> => call(() => ctx.door.analyze(input, ctx.caller))),
    compute: t.procedure.input(shaped<SolveInput>()).mutation(({ ctx, input }): Promise<SolveOutcome> => call(() => ctx.door.compute(input, ctx.caller))),
    verify: t.procedure.input(shaped<VerifyInput>()).mutation(({ ctx, input }) => call(() => ctx.door.verify(input, ctx.caller))),
    getJob: t.procedure.input(shaped<JobInput>()).query(({ ctx, input }): Promise<JobView> => call(() => ctx.door.getJob(input.job_id, ctx.caller, waitOf(input.wait_seconds)))),
    cancelJob: t.procedure.input(shaped<Pick<JobInput, 'job_id'>>()).mutation(({ ctx, input }): Promise<JobView> => call(() => ctx.door.cancelJob(input.job_id, ctx.caller))),
    capabilities: t.procedure.query(({ ctx }) => call(async () => {
      if (!ctx.caller.counted) await ctx.admitIp(ctx.caller.ip ?? '127.0.0.1');
      return (capabilities ??= ctx.door.capabilities() as Record<string, unknown>);
    })),
  });
}

function waitOf(w: unknown): number {
  if (w === undefined) return 0;
  if (typeof w !== 'number' || !Number.isInteger(w) || w < 0) {
    throw new SvcError('SVC_INVALID_INPUT', 'wait_seconds: expected a whole number of seconds.', { extensions: { field: 'wait_seconds' } });
  }
  return w;
}

export type AppRouter = ReturnType<typeof createTrpcRouter>;

/**
 * The context of one request: its credentials, Idempotency-Key and client address; `counted` says
 * whether the request's calls were counted against the rate before tRPC ran (plugin.ts).
 */
export function trpcContext(
  door: Door,
  admitIp: (ip: string) => Promise<void>,
  counted: (req: object) => boolean = () => false,
  principalOf: (req: object) => Principal | undefined = () => undefined,
  docsOf?: (req: CreateFastifyContextOptions['req']) => string,
) {
  return ({ req }: CreateFastifyContextOptions): TrpcContext => {
    const h = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
    const principal = principalOf(req.raw);
    const docsUrl = docsOf?.(req);
    return {
      door, admitIp,
      ...(docsUrl !== undefined ? { docsUrl } : {}),
      caller: {
        authorization: h(req.headers.authorization), idempotencyKey: h(req.headers['idempotency-key']), ip: req.ip, counted: counted(req.raw),
        ...(principal ? { principal } : {}),
        ...(docsUrl !== undefined ? { docsUrl } : {}),
      },
    };
  };
}
