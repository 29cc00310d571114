import { randomUUID } from 'node:crypto';
import { SvcError, type ExitCode, type ProblemDocument } from '@svc/errors';
import { retryDelayMs, type BackoffPolicy } from './internal/backoff';
import { exchange, exitCodeOf, localError, type Exchange, type ExchangeRequest } from './internal/exchange';
import { normalizeEffort } from './normalize-effort';
import { defaultUserAgent } from './user-agent';
import { withTag } from './with-tag';

/** Default API origin when neither `baseUrl` nor `SVC_BASE_URL` is given. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

export interface ClientOptions {
  /** API origin; default `SVC_BASE_URL`, then {@link DEFAULT_BASE_URL}. */
  baseUrl?: string;
  /** API key; default `SVC_API_KEY`. Without one the public sandbox token is used. */
  apiKey?: string;
  /** Default `svc-cli/1.0.0 (node <ver>; <platform>)`. */
  userAgent?: string;
  /** Default the global `fetch`. */
  fetch?: typeof fetch;
  /** Retries after the first attempt for retryable faults; default 2 (3 attempts in all). */
  retries?: number;
  /** Default a `setTimeout` promise; tests inject a recorder. */
  sleep?: (ms: number) => Promise<void>;
  /** Longest single retry wait in ms (default 15000); a longer Retry-After ends the retries. */
  maxRetryWaitMs?: number;
  /** First backoff step in ms when no Retry-After is given (default 250). */
  retryBaseMs?: number;
  /** Per-attempt HTTP timeout in ms (default 120000); a timeout counts as `SVC_NETWORK`. */
  timeoutMs?: number;
  /** Where `SVC_BASE_URL` / `SVC_API_KEY` are read; default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Uniform random in [0, 1) for jitter; default `Math.random`. */
  random?: () => number;
  /** Clock in ms for Retry-After dates and job waits; default `Date.now`. */
  now?: () => number;
}

export interface SolveOptions {
  /** `flash` | `medium` | `high`, or an input alias (`low`, `med`, `max`). */
  effort?: string;
  seed?: number;
  /** Wall-clock search budget; 0 or absent means none. */
  maxLatencyMs?: number;
  /** Model version pin (query `version`). */
  version?: string;
  /** Reused across this solve's retries; default a fresh random UUID per call. */
  idempotencyKey?: string;
  /** Follow a 202 queued job to completion (default true); false returns the acknowledgement. */
  follow?: boolean;
  /** How long to follow a queued job before `SVC_JOB_WAIT_TIMEOUT` (default 600000 ms). */
  waitTimeoutMs?: number;
}

/** The flat success envelope of interface §2.3 (answer fields vary by command). */
export interface SolveResult {
  answer?: unknown;
  certainty?: string;
  receipt?: string;
  compute_units?: number;
  compute_units_left?: number;
  elapsed_ms?: number;
  engine?: string;
  tag?: string;
  version?: string;
  [field: string]: unknown;
}

/** Job record of `GET /api/v1/jobs/{id}` (commands.md "Jobs"). */
export interface JobRecord {
  job_id: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | string;
  poll?: string;
  result?: SolveResult;
  error?: unknown;
  [field: string]: unknown;
}

/** Body of `GET /api/v1/sandbox`. */
export interface SandboxInfo {
  token: string;
  [field: string]: unknown;
}

/** Every client call resolves to this; remote faults never throw. */
export type ClientResult<T> =
  | { ok: true; result: T; status: number }
  | { ok: false; error: ProblemDocument; exitCode: ExitCode; status: number | null };

export interface Client {
  readonly baseUrl: string;
  /** `POST /api/v1/solve/<command>`; fills `tag`, follows queued jobs unless `follow: false`. */
  solve(command: string, problem: unknown, opts?: SolveOptions): Promise<ClientResult<SolveResult>>;
  /** `GET /api/v1/sandbox`: the public sandbox token and limits. */
  sandbox(): Promise<ClientResult<SandboxInfo>>;
  /** `GET /healthz`. */
  health(): Promise<ClientResult<Record<string, unknown>>>;
  /** `GET /api/v1/capabilities`. */
  capabilities(): Promise<ClientResult<Record<string, unknown>>>;
  /** `GET /api/v1/jobs/{id}?wait=<s>`, authenticated like a solve. */
  job(jobId: string, opts?: { waitSeconds?: number }): Promise<ClientResult<JobRecord>>;
}

type Credential = { kind: 'key' | 'sandbox'; token: string };
type CredentialOutcome = { ok: true; cred: Credential } | { ok: false; ex: Exchange & { kind: 'error' } };

const POLL_WAIT_MAX_S = 30;
const POLL_MIN_GAP_MS = 1000;

function toResult<T>(ex: Exchange): ClientResult<T> {
  if (ex.kind === 'ok') return { ok: true, result: ex.body as T, status: ex.status };
  return { ok: false, error: ex.doc, exitCode: exitCodeOf(ex.doc), status: ex.status };
}

function failure(doc: ProblemDocument, status: number | null = null): ClientResult<never> {
  return { ok: false, error: doc, exitCode: exitCodeOf(doc), status };
}

function resolveBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SvcError('SVC_CONFIG_INVALID', `The base URL "${raw}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SvcError('SVC_CONFIG_INVALID', `The base URL "${raw}" must use http or https.`);
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * Creates an HTTP client for the service. Throws `SvcError('SVC_CONFIG_INVALID')` only for an
 * unusable base URL; every method resolves to a {@link ClientResult} and never throws.
 */
export function createClient(opts: ClientOptions = {}): Client {
  const env = opts.env ?? process.env;
  const baseUrl = resolveBaseUrl(opts.baseUrl ?? (env.SVC_BASE_URL || DEFAULT_BASE_URL));
  const apiKey = opts.apiKey ?? (env.SVC_API_KEY || undefined);
  const fetchFn = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? Date.now;
  const retries = Math.max(0, Math.floor(opts.retries ?? 2));
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const policy: BackoffPolicy = {
    baseMs: opts.retryBaseMs ?? 250, capMs: opts.maxRetryWaitMs ?? 15_000, random: opts.random ?? Math.random,
  };
  const baseHeaders = { 'user-agent': opts.userAgent ?? defaultUserAgent(), accept: 'application/json, application/problem+json' };

  async function withRetries(req: () => ExchangeRequest): Promise<Exchange> {
    for (let retry = 0; ; retry++) {
      const ex = await exchange(fetchFn, req(), now);
      if (ex.kind === 'ok' || retry >= retries || !ex.doc.retryable) return ex;
      // A rejected sandbox token is retried by re-fetching it, never by resending it.
      if (ex.doc.code === 'SVC_SANDBOX_CAPABILITY_REJECTED') return ex;
      const delay = retryDelayMs(retry, ex.retryAfterMs, policy);
      if (delay === null) return ex;
      await sleep(delay);
    }
  }

  const get = (path: string): Promise<Exchange> =>
    withRetries(() => ({ url: `${baseUrl}${path}`, method: 'GET', headers: { ...baseHeaders }, timeoutMs }));

  // One in-flight or settled sandbox token fetch, shared by concurrent calls.
  let sandboxToken: Promise<CredentialOutcome> | null = null;

  async function fetchSandboxToken(): Promise<CredentialOutcome> {
    const ex = await get('/api/v1/sandbox');
    if (ex.kind === 'error') return { ok: false, ex };
    const token = ex.body.token;
    if (typeof token !== 'string' || token === '') {
      return {
        ok: false,
        ex: { kind: 'error', status: ex.status, doc: localError('SVC_NO_CREDENTIALS', 'No API key is configured and GET /api/v1/sandbox offered no token.') },
      };
    }
    return { ok: true, cred: { kind: 'sandbox', token } };
  }

  async function credential(rejected?: string): Promise<CredentialOutcome> {
    if (apiKey) return { ok: true, cred: { kind: 'key', token: apiKey } };
    const held = sandboxToken === null ? null : await sandboxToken;
    if (held?.ok && held.cred.token !== rejected) return held;
    const next = fetchSandboxToken();
    sandboxToken = next;
    const out = await next;
    // A failed fetch is not cached, so the next call tries again.
    if (!out.ok && sandboxToken === next) sandboxToken = null;
    return out;
  }

  /** Runs an authenticated exchange (with retries); a rejected sandbox token is re-fetched once. */
  async function authed(build: (token: string) => ExchangeRequest): Promise<Exchange> {
    let c = await credential();
    if (!c.ok) return c.ex;
    const cred = c.cred;
    const ex = await withRetries(() => build(cred.token));
    if (cred.kind !== 'sandbox' || ex.kind !== 'error' || ex.doc.code !== 'SVC_SANDBOX_CAPABILITY_REJECTED') return ex;
    c = await credential(cred.token);
    if (!c.ok) return c.ex;
    const fresh = c.cred;
    return withRetries(() => build(fresh.token));
  }

  const authHeaders = (token: string) => ({ ...baseHeaders, authorization: `Bearer ${token}` });

  function jobUrl(jobId: string, waitSeconds?: number): string {
    const url = new URL(`${baseUrl}/api/v1/jobs/${encodeURIComponent(jobId)}`);
    if (waitSeconds !== undefined) url.searchParams.set('wait', String(waitSeconds));
    return url.href;
  }

  async function follow(ack: Record<string, unknown>, waitTimeoutMs: number): Promise<ClientResult<SolveResult>> {
    const jobId = String(ack.job_id ?? '');
    if (jobId === '' && typeof ack.poll !== 'string') {
      return failure(localError('SVC_UPSTREAM_INVALID_RESPONSE', 'HTTP 202 without a job_id or poll URL.'), 202);
    }
    const pollUrl = typeof ack.poll === 'string' ? new URL(ack.poll, `${baseUrl}/`) : new URL(jobUrl(jobId));
    const deadline = now() + waitTimeoutMs;
    for (;;) {
      const remaining = deadline - now();
      if (remaining <= 0) {
        return failure(localError('SVC_JOB_WAIT_TIMEOUT',
          `Job ${jobId} is still running after ${Math.round(waitTimeoutMs / 1000)} s; resume with \`svc jobs ${jobId}\`, do not resubmit.`,
          { job_id: jobId, poll: pollUrl.href }));
      }
      pollUrl.searchParams.set('wait', String(Math.max(1, Math.min(POLL_WAIT_MAX_S, Math.ceil(remaining / 1000)))));
      const started = now();
      const ex = await authed((token) => ({ url: pollUrl.href, method: 'GET', headers: authHeaders(token), timeoutMs }));
      if (ex.kind === 'error') return toResult(ex);
      const job = ex.body as JobRecord;
      if (job.status === 'done') {
        if (typeof job.result !== 'object' || job.result === null) {
          return failure(localError('SVC_UPSTREAM_INVALID_RESPONSE', `Job ${jobId} is done but carries no result.`), ex.status);
        }
        return { ok: true, result: job.result, status: ex.status };
      }
      if (job.status === 'failed') {
        const remote = job.error as ProblemDocument | undefined;
        const doc = remote && typeof remote === 'object' && typeof remote.code === 'string' && 'retryable' in remote
          ? remote
          : localError('SVC_INTERNAL', `Job ${jobId} failed without an error document; it was not charged.`);
        return failure(doc, ex.status);
      }
      if (job.status === 'cancelled') {
        return failure(localError('SVC_ERROR', `Job ${jobId} was cancelled before it finished.`, { job_id: jobId }), ex.status);
      }
      // Still queued or running. A server that answers the long-poll at once must not be hammered.
      const gap = POLL_MIN_GAP_MS - (now() - started);
      if (gap > 0) await sleep(Math.min(gap, Math.max(0, deadline - now())));
    }
  }

  return {
    baseUrl,

    async solve(command, problem, o = {}) {
      let body: string;
      try {
        body = JSON.stringify(withTag(problem));
      } catch (e) {
        return failure(localError('SVC_INVALID_INPUT', `The problem cannot be encoded as JSON: ${(e as Error).message}.`));
      }
      const url = new URL(`${baseUrl}/api/v1/solve/${encodeURIComponent(command)}`);
      if (o.effort !== undefined) url.searchParams.set('effort', normalizeEffort(o.effort) ?? o.effort);
      if (o.seed !== undefined) url.searchParams.set('seed', String(o.seed));
      if (o.maxLatencyMs !== undefined) url.searchParams.set('max_latency_ms', String(o.maxLatencyMs));
      if (o.version !== undefined) url.searchParams.set('version', o.version);
      const idempotencyKey = o.idempotencyKey ?? randomUUID();
      const ex = await authed((token) => ({
        url: url.href, method: 'POST', body, timeoutMs,
        headers: { ...authHeaders(token), 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      }));
      if (ex.kind === 'ok' && ex.status === 202 && o.follow !== false) return follow(ex.body, o.waitTimeoutMs ?? 600_000);
      return toResult<SolveResult>(ex);
    },

    async sandbox() {
      const ex = await get('/api/v1/sandbox');
      return toResult<SandboxInfo>(ex);
    },

    async health() {
      return toResult(await get('/healthz'));
    },

    async capabilities() {
      return toResult(await get('/api/v1/capabilities'));
    },

    async job(jobId, o = {}) {
      const ex = await authed((token) => ({ url: jobUrl(jobId, o.waitSeconds), method: 'GET', headers: authHeaders(token), timeoutMs }));
      return toResult<JobRecord>(ex);
    },
  };
}
