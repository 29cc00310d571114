import { randomUUID } from 'node:crypto';
import { SvcError, type ErrorCode, type ExitCode, type ProblemDocument } from '@svc/errors';
import { retryDelayMs, type BackoffPolicy } from './internal/backoff';
import { exchange, exitCodeOf, localError, type Exchange, type ExchangeRequest } from './internal/exchange';
import { normalizeEffort } from './normalize-effort';
import { defaultUserAgent, type AgentInfo } from './user-agent';
import { withTag } from './with-tag';

/** Default API origin when neither `baseUrl` nor `SVC_BASE_URL` is given. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

/** Path of the public agent card (interface §4 "a well-known agent-card path"). */
export const AGENT_CARD_PATH = '/.well-known/svc-agent-card.json';

/** Media type of the SVCB binary lane. */
export const SVCB_MEDIA_TYPE = 'application/octet-stream';

export interface ClientOptions {
  /** API origin; default `SVC_BASE_URL`, then {@link DEFAULT_BASE_URL}. */
  baseUrl?: string;
  /** API key; default `SVC_API_KEY`. Without one the public sandbox token is used. */
  apiKey?: string;
  /** Use the public sandbox token even when a key is configured (a production key is never used). */
  sandboxOnly?: boolean;
  /** Default `svc-cli/1.0.0 (node <ver>; <platform>)`, plus ` agent/<family>/<model>` with `agent`. */
  userAgent?: string;
  /** The calling agent, named in the default User-Agent. */
  agent?: AgentInfo;
  /** Default the global `fetch`. */
  fetch?: typeof fetch;
  /** Retries after the first attempt for retryable faults; default 2 (3 attempts in all). */
  retries?: number;
  /** Default a `setTimeout` promise; tests inject a recorder. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Longest single retry wait in ms (default 60000, so the service's own Retry-After of 30 s and
   * 60 s — `SVC_RATE_LIMITED`, `SVC_COMPUTE_RATE_LIMIT` — are honoured); a longer Retry-After ends
   * the retries at once.
   */
  maxRetryWaitMs?: number;
  /** Called before each retry wait (the CLI says on stderr what it waits for and why). */
  onRetry?: (info: RetryInfo) => void;
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

/** Query options of solve, compute and the preflights (interface §4). */
export interface QueryOptions {
  /** `flash` | `medium` | `high`, or an input alias (`low`, `med`, `max`). */
  effort?: string;
  seed?: number;
  /** Wall-clock search budget; 0 or absent means none. */
  maxLatencyMs?: number;
  /** Model version pin (query `version`). */
  version?: string;
  /** `full` (certificate up to 64 MiB) or `none` (never); absent: up to 1 MB (query `certificate`). */
  certificate?: 'full' | 'none';
}

/** How a queued job (HTTP 202) is followed. */
export interface FollowOptions {
  /** How long to follow a queued job before `SVC_JOB_WAIT_TIMEOUT` (default 600000 ms). */
  waitTimeoutMs?: number;
  /** Called with every job record polled while the job is queued or running. */
  onProgress?: (job: JobRecord) => void;
}

export interface SolveOptions extends QueryOptions, FollowOptions {
  /** Reused across this solve's retries; default a fresh random UUID per call. */
  idempotencyKey?: string;
  /** Follow a 202 queued job to completion (default true); false returns the acknowledgement. */
  follow?: boolean;
}

/** A solve request exactly as it goes on the wire, minus the `authorization` header. */
export interface PreparedRequest {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array;
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
  /** share/best/bound/gap (share_basis says how the share is known); older servers also sent share_done/best_objective. */
  progress?: { share?: number; best?: number | null; bound?: number | null; gap?: number | null; share_basis?: string; [k: string]: unknown };
  [field: string]: unknown;
}

/** Body of `GET /api/v1/sandbox`. */
export interface SandboxInfo {
  token: string;
  [field: string]: unknown;
}

/** Which credential authenticated calls: the configured key, or the public sandbox token. */
export type CredentialKind = 'key' | 'sandbox';

/** Every client call resolves to this; remote faults never throw. */
export type ClientResult<T> =
  | { ok: true; result: T; status: number }
  | { ok: false; error: ProblemDocument; exitCode: ExitCode; status: number | null };

type Doc = Record<string, unknown>;

export interface Client {
  readonly baseUrl: string;
  /** `key` when an API key is configured (and not `sandboxOnly`), else `sandbox`. */
  readonly credentialKind: CredentialKind;
  /** The bearer token calls would carry now (fetches the sandbox token when needed). */
  credential(): Promise<ClientResult<{ kind: CredentialKind; token: string }>>;
  /** Builds `POST /api/v1/solve/<command>` (tag filled, query options, Idempotency-Key) without sending it. */
  prepareSolve(command: string, problem: unknown, opts?: SolveOptions): ClientResult<PreparedRequest>;
  /** Builds `POST /api/v1/compute` (routed by shape) without sending it; fills `tag`. */
  prepareCompute(problem: unknown, opts?: SolveOptions): ClientResult<PreparedRequest>;
  /** Builds `POST /api/v1/compute/binary` for SVCB bytes without sending it. */
  prepareBinary(body: Uint8Array, opts?: SolveOptions): PreparedRequest;
  /** Sends a prepared solve with the credential and retries; follows a 202 unless `follow: false`. */
  send(request: PreparedRequest, opts?: SolveOptions): Promise<ClientResult<SolveResult>>;
  /** `POST /api/v1/solve/<command>`; fills `tag`, follows queued jobs unless `follow: false`. */
  solve(command: string, problem: unknown, opts?: SolveOptions): Promise<ClientResult<SolveResult>>;
  /** `POST /api/v1/compute`: the service routes a bare problem to a command by its shape. */
  compute(problem: unknown, opts?: SolveOptions): Promise<ClientResult<SolveResult>>;
  /** `POST /api/v1/compute/binary` with SVCB bytes (integer optimize/maxcut). */
  computeBinary(body: Uint8Array, opts?: SolveOptions): Promise<ClientResult<SolveResult>>;
  /** `POST /api/v1/{analyze|estimate|preflight}/<command>`: validity, estimate, cost; free, no solve. */
  analyze(command: string, problem: unknown, opts?: QueryOptions & { route?: 'analyze' | 'estimate' | 'preflight' }): Promise<ClientResult<Doc>>;
  /** `POST /api/v1/route`: ranked command candidates for a bare problem; free. */
  route(problem: unknown): Promise<ClientResult<Doc>>;
  /** `POST /api/v1/verify/<command>` with `{problem, answer}` → `{ok, checks, objective}`; free. */
  verify(command: string, problem: unknown, answer: unknown): Promise<ClientResult<Doc>>;
  /** `GET /api/v1/formulate/<command>`: the mapping worksheet. */
  formulate(command: string): Promise<ClientResult<Doc>>;
  /** `GET /api/v1/sandbox`: the public sandbox token and limits. */
  sandbox(): Promise<ClientResult<SandboxInfo>>;
  /** `GET /healthz`. */
  health(): Promise<ClientResult<Doc>>;
  /** `GET /api/v1/capabilities`. */
  capabilities(): Promise<ClientResult<Doc>>;
  /** `GET /api/v1/examples`. */
  examples(): Promise<ClientResult<Doc>>;
  /** `GET /api/v1/models`. */
  models(): Promise<ClientResult<Doc>>;
  /** `GET /api/v1/pricing`. */
  pricing(): Promise<ClientResult<Doc>>;
  /** The public agent card at {@link AGENT_CARD_PATH}. */
  agentCard(): Promise<ClientResult<Doc>>;
  /** `GET /api/v1/openapi.json`. */
  openapi(): Promise<ClientResult<Doc>>;
  /** `GET /api/v1/jobs/{id}?wait=<s>`, authenticated like a solve. */
  job(jobId: string, opts?: { waitSeconds?: number }): Promise<ClientResult<JobRecord>>;
  /** Follows a job to its end (result, the job's error, or `SVC_JOB_WAIT_TIMEOUT`); never resubmits. */
  followJob(jobId: string, opts?: FollowOptions): Promise<ClientResult<SolveResult>>;
  /** `POST /api/v1/jobs/{id}/cancel`. */
  cancel(jobId: string): Promise<ClientResult<JobRecord>>;
  /** `GET /api/v1/usage`: today's units, alerts, recent jobs (the key's account, or the sandbox per IP). */
  usage(): Promise<ClientResult<Doc>>;
  /** `POST /api/v1/accounts {email}`: the initial key is shown once. No credential is sent. */
  register(email: string): Promise<ClientResult<Doc>>;
  /** `POST /api/v1/email/verify {token}`. No credential is sent. */
  verifyEmail(token: string): Promise<ClientResult<Doc>>;
  /** `POST /api/v1/email/verification-notification`; needs a key. */
  resendVerification(): Promise<ClientResult<Doc>>;
  /** `GET /api/v1/keys`; needs a key (`SVC_NO_CREDENTIALS` otherwise, never the sandbox token). */
  keysList(): Promise<ClientResult<Doc>>;
  /** `POST /api/v1/keys {scopes?, name?}`; the new token is shown once; needs a key. */
  keysCreate(opts?: { scopes?: string[]; name?: string }): Promise<ClientResult<Doc>>;
  /** `DELETE /api/v1/keys/<id>`; needs a key. */
  keysRevoke(keyId: string): Promise<ClientResult<Doc>>;
}

type Credential = { kind: CredentialKind; token: string };
type CredentialOutcome = { ok: true; cred: Credential } | { ok: false; ex: Exchange & { kind: 'error' } };

const POLL_WAIT_MAX_S = 30;
const PROGRESS_WAIT_S = 2;
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

const seg = (s: string) => encodeURIComponent(s);

function setQuery(url: URL, o: QueryOptions): void {
  if (o.effort !== undefined) url.searchParams.set('effort', normalizeEffort(o.effort) ?? o.effort);
  if (o.seed !== undefined) url.searchParams.set('seed', String(o.seed));
  if (o.maxLatencyMs !== undefined) url.searchParams.set('max_latency_ms', String(o.maxLatencyMs));
  if (o.version !== undefined) url.searchParams.set('version', o.version);
  if (o.certificate !== undefined) url.searchParams.set('certificate', o.certificate);
}

function encodeJson(value: unknown, docsUrl: string): { ok: true; text: string } | { ok: false; doc: ProblemDocument } {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) throw new Error('nothing to encode');
    return { ok: true, text };
  } catch (e) {
    return { ok: false, doc: localError('SVC_INVALID_INPUT', `The request body cannot be encoded as JSON: ${(e as Error).message}.`, undefined, docsUrl) };
  }
}

/** The default longest single retry wait: the longest Retry-After the service itself sends (60 s). */
export const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;

/** One retry about to wait (`ClientOptions.onRetry`). */
export interface RetryInfo {
  /** The retryable fault's code and HTTP status (null: no response, e.g. `SVC_NETWORK`). */
  readonly code: string;
  readonly status: number | null;
  /** This retry's number (1-based) and the most there will be. */
  readonly retry: number;
  readonly of: number;
  /** The wait before it, and the server's Retry-After when it sent one. */
  readonly delayMs: number;
  readonly retryAfterMs?: number;
}

/**
 * Creates an HTTP client for the service. Throws `SvcError('SVC_CONFIG_INVALID')` only for an
 * unusable base URL; every method resolves to a {@link ClientResult} and never throws.
 */
export function createClient(opts: ClientOptions = {}): Client {
  const env = opts.env ?? process.env;
  const baseUrl = resolveBaseUrl(opts.baseUrl ?? (env.SVC_BASE_URL || DEFAULT_BASE_URL));
  const apiKey = opts.sandboxOnly ? undefined : (opts.apiKey ?? (env.SVC_API_KEY || undefined)) || undefined;
  const fetchFn = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? Date.now;
  const retries = Math.max(0, Math.floor(opts.retries ?? 2));
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const policy: BackoffPolicy = {
    baseMs: opts.retryBaseMs ?? 250, capMs: opts.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS, random: opts.random ?? Math.random,
  };
  const baseHeaders = {
    'user-agent': opts.userAgent ?? defaultUserAgent('svc-cli', undefined, opts.agent),
    accept: 'application/json, application/problem+json',
  };
  const origin = new URL(baseUrl).origin;
  // Documents this client builds itself link the reference pages of the service it is configured for.
  const local = (code: ErrorCode, detail: string, extensions?: Record<string, unknown>) => localError(code, detail, extensions, baseUrl);

  async function withRetries(req: () => ExchangeRequest): Promise<Exchange> {
    for (let retry = 0; ; retry++) {
      const ex = await exchange(fetchFn, req(), now, baseUrl);
      if (ex.kind === 'ok' || retry >= retries || !ex.doc.retryable) return ex;
      // A rejected sandbox token is retried by re-fetching it, never by resending it.
      if (ex.doc.code === 'SVC_SANDBOX_CAPABILITY_REJECTED') return ex;
      const delay = retryDelayMs(retry, ex.retryAfterMs, policy);
      if (delay === null) return ex;
      opts.onRetry?.({ code: ex.doc.code, status: ex.status, retry: retry + 1, of: retries, delayMs: delay, retryAfterMs: ex.retryAfterMs });
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
        ex: { kind: 'error', status: ex.status, doc: local('SVC_NO_CREDENTIALS', 'No API key is configured and GET /api/v1/sandbox offered no token.') },
      };
    }
    return { ok: true, cred: { kind: 'sandbox', token } };
  }

  async function credentialOf(rejected?: string): Promise<CredentialOutcome> {
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
    let c = await credentialOf();
    if (!c.ok) return c.ex;
    const cred = c.cred;
    const ex = await withRetries(() => build(cred.token));
    if (cred.kind !== 'sandbox' || ex.kind !== 'error' || ex.doc.code !== 'SVC_SANDBOX_CAPABILITY_REJECTED') return ex;
    c = await credentialOf(cred.token);
    if (!c.ok) return c.ex;
    const fresh = c.cred;
    return withRetries(() => build(fresh.token));
  }

  /** Account operations need a real key; the sandbox token is never used for them. */
  async function keyOnly(action: string, build: (key: string) => ExchangeRequest): Promise<Exchange> {
    if (!apiKey) {
      return {
        kind: 'error', status: null,
        doc: local('SVC_NO_CREDENTIALS', `${action} needs an API key: set SVC_API_KEY or run \`svc login --key <KEY>\`.`),
      };
    }
    const key = apiKey;
    return withRetries(() => build(key));
  }

  const authHeaders = (token: string) => ({ ...baseHeaders, authorization: `Bearer ${token}` });

  async function authedJson(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Exchange> {
    let text: string | undefined;
    if (body !== undefined) {
      const enc = encodeJson(body, baseUrl);
      if (!enc.ok) return { kind: 'error', status: null, doc: enc.doc };
      text = enc.text;
    }
    const headers = (token: string) => (text === undefined ? authHeaders(token) : { ...authHeaders(token), 'content-type': 'application/json' });
    return authed((token) => ({ url: `${baseUrl}${path}`, method, body: text, headers: headers(token), timeoutMs }));
  }

  async function publicPost(path: string, body: unknown): Promise<Exchange> {
    const enc = encodeJson(body, baseUrl);
    if (!enc.ok) return { kind: 'error', status: null, doc: enc.doc };
    return withRetries(() => ({
      url: `${baseUrl}${path}`, method: 'POST', body: enc.text, timeoutMs,
      headers: { ...baseHeaders, 'content-type': 'application/json' },
    }));
  }

  function jobUrl(jobId: string): URL {
    return new URL(`${baseUrl}/api/v1/jobs/${seg(jobId)}`);
  }

  async function follow(ack: Record<string, unknown>, o: FollowOptions): Promise<ClientResult<SolveResult>> {
    const jobId = typeof ack.job_id === 'string' ? ack.job_id : '';
    const waitTimeoutMs = o.waitTimeoutMs ?? 600_000;
    if (jobId === '' && typeof ack.poll !== 'string') {
      return failure(local('SVC_UPSTREAM_INVALID_RESPONSE', 'HTTP 202 without a job_id or poll URL.', { upstream_status: 202 }), 202);
    }
    let pollUrl = typeof ack.poll === 'string' ? new URL(ack.poll, `${baseUrl}/`) : jobUrl(jobId);
    if (pollUrl.origin !== origin) {
      // Credentials go only to the configured origin, whatever host the acknowledgement names.
      if (jobId === '') {
        return failure(local('SVC_UPSTREAM_INVALID_RESPONSE', 'HTTP 202 whose poll URL is on another origin and that names no job_id.', { upstream_status: 202 }), 202);
      }
      pollUrl = jobUrl(jobId);
    }
    const pollHref = pollUrl.href;
    const deadline = now() + waitTimeoutMs;
    const maxWait = o.onProgress ? PROGRESS_WAIT_S : POLL_WAIT_MAX_S;
    for (;;) {
      const remaining = deadline - now();
      if (remaining <= 0) {
        return failure(local('SVC_JOB_WAIT_TIMEOUT',
          `Job ${jobId} is still running after ${Math.round(waitTimeoutMs / 1000)} s; resume with \`svc jobs ${jobId}\` or cancel it with \`svc jobs ${jobId} --cancel\`; do not resubmit.`,
          { job_id: jobId, poll: pollHref }));
      }
      // The long-poll must end well inside the per-attempt HTTP timeout.
      const waitS = Math.max(1, Math.min(maxWait, Math.ceil(remaining / 1000), Math.floor(timeoutMs / 1000) - 1));
      pollUrl.searchParams.set('wait', String(waitS));
      const url = pollUrl.href;
      const started = now();
      const ex = await authed((token) => ({ url, method: 'GET', headers: authHeaders(token), timeoutMs }));
      if (ex.kind === 'error') {
        // Whatever went wrong while polling, the job may still run: say which one to resume.
        const doc = jobId !== '' && ex.doc.job_id === undefined ? { ...ex.doc, job_id: jobId } : ex.doc;
        return failure(doc, ex.status);
      }
      const job = ex.body as JobRecord;
      if (job.status === 'done') {
        if (typeof job.result !== 'object' || job.result === null) {
          return failure(local('SVC_UPSTREAM_INVALID_RESPONSE', `Job ${jobId} is done but carries no result.`, { job_id: jobId }), ex.status);
        }
        return { ok: true, result: job.result, status: ex.status };
      }
      if (job.status === 'failed') {
        const remote = job.error as ProblemDocument | undefined;
        const doc = remote && typeof remote === 'object' && typeof remote.code === 'string' && 'retryable' in remote
          ? remote
          : local('SVC_INTERNAL', `Job ${jobId} failed without an error document; it was not charged.`, { job_id: jobId });
        return failure(doc, ex.status);
      }
      if (job.status === 'cancelled') {
        return failure(local('SVC_ERROR', `Job ${jobId} was cancelled before it finished.`, { job_id: jobId }), ex.status);
      }
      o.onProgress?.(job);
      // Still queued or running. A server that answers the long-poll at once must not be hammered.
      const gap = POLL_MIN_GAP_MS - (now() - started);
      if (gap > 0) await sleep(Math.min(gap, Math.max(0, deadline - now())));
    }
  }

  function prepared(url: URL, body: string | Uint8Array, contentType: string, o: SolveOptions): PreparedRequest {
    return {
      method: 'POST', url: url.href, body,
      headers: { ...baseHeaders, 'content-type': contentType, 'idempotency-key': o.idempotencyKey ?? randomUUID() },
    };
  }

  const client: Client = {
    baseUrl,
    credentialKind: apiKey ? 'key' : 'sandbox',

    async credential() {
      const c = await credentialOf();
      if (!c.ok) return toResult(c.ex);
      return { ok: true, result: { ...c.cred }, status: 200 };
    },

    prepareSolve(command, problem, o = {}) {
      const enc = encodeJson(withTag(problem), baseUrl);
      if (!enc.ok) return failure(enc.doc);
      const url = new URL(`${baseUrl}/api/v1/solve/${seg(command)}`);
      setQuery(url, o);
      return { ok: true, result: prepared(url, enc.text, 'application/json', o), status: 0 };
    },

    prepareCompute(problem, o = {}) {
      const enc = encodeJson(withTag(problem), baseUrl);
      if (!enc.ok) return failure(enc.doc);
      const url = new URL(`${baseUrl}/api/v1/compute`);
      setQuery(url, o);
      return { ok: true, result: prepared(url, enc.text, 'application/json', o), status: 0 };
    },

    prepareBinary(body, o = {}) {
      const url = new URL(`${baseUrl}/api/v1/compute/binary`);
      setQuery(url, o);
      return prepared(url, body, SVCB_MEDIA_TYPE, o);
    },

    async send(request, o = {}) {
      // One Idempotency-Key for every attempt, so a retry can never bill twice.
      const ex = await authed((token) => ({
        url: request.url, method: 'POST', body: request.body, timeoutMs,
        headers: { ...request.headers, authorization: `Bearer ${token}` },
      }));
      if (ex.kind === 'ok' && ex.status === 202 && o.follow !== false) return follow(ex.body, o);
      return toResult<SolveResult>(ex);
    },

    async solve(command, problem, o = {}) {
      const p = client.prepareSolve(command, problem, o);
      if (!p.ok) return p;
      return client.send(p.result, o);
    },

    async compute(problem, o = {}) {
      const p = client.prepareCompute(problem, o);
      if (!p.ok) return p;
      return client.send(p.result, o);
    },

    async computeBinary(body, o = {}) {
      return client.send(client.prepareBinary(body, o), o);
    },

    async analyze(command, problem, o = {}) {
      const enc = encodeJson(withTag(problem), baseUrl);
      if (!enc.ok) return failure(enc.doc);
      const url = new URL(`${baseUrl}/api/v1/${o.route ?? 'analyze'}/${seg(command)}`);
      setQuery(url, o);
      return toResult(await authed((token) => ({
        url: url.href, method: 'POST', body: enc.text, timeoutMs,
        headers: { ...authHeaders(token), 'content-type': 'application/json' },
      })));
    },

    async route(problem) {
      return toResult(await authedJson('POST', '/api/v1/route', withTag(problem)));
    },

    async verify(command, problem, answer) {
      return toResult(await authedJson('POST', `/api/v1/verify/${seg(command)}`, { problem: withTag(problem), answer }));
    },

    async formulate(command) {
      return toResult(await get(`/api/v1/formulate/${seg(command)}`));
    },

    async sandbox() {
      return toResult<SandboxInfo>(await get('/api/v1/sandbox'));
    },
    async health() {
      return toResult(await get('/healthz'));
    },
    async capabilities() {
      return toResult(await get('/api/v1/capabilities'));
    },
    async examples() {
      return toResult(await get('/api/v1/examples'));
    },
    async models() {
      return toResult(await get('/api/v1/models'));
    },
    async pricing() {
      return toResult(await get('/api/v1/pricing'));
    },
    async agentCard() {
      return toResult(await get(AGENT_CARD_PATH));
    },
    async openapi() {
      return toResult(await get('/api/v1/openapi.json'));
    },

    async job(jobId, o = {}) {
      const url = jobUrl(jobId);
      if (o.waitSeconds !== undefined) url.searchParams.set('wait', String(o.waitSeconds));
      return toResult<JobRecord>(await authed((token) => ({ url: url.href, method: 'GET', headers: authHeaders(token), timeoutMs })));
    },

    async followJob(jobId, o = {}) {
      return follow({ job_id: jobId }, o);
    },

    async cancel(jobId) {
      return toResult<JobRecord>(await authedJson('POST', `/api/v1/jobs/${seg(jobId)}/cancel`));
    },

    async usage() {
      return toResult(await authedJson('GET', '/api/v1/usage'));
    },

    async register(email) {
      return toResult(await publicPost('/api/v1/accounts', { email }));
    },

    async verifyEmail(token) {
      return toResult(await publicPost('/api/v1/email/verify', { token }));
    },

    async resendVerification() {
      return toResult(await keyOnly('Resending the verification link', (key) => ({
        url: `${baseUrl}/api/v1/email/verification-notification`, method: 'POST', headers: authHeaders(key), timeoutMs,
      })));
    },

    async keysList() {
      return toResult(await keyOnly('Listing keys', (key) => ({ url: `${baseUrl}/api/v1/keys`, method: 'GET', headers: authHeaders(key), timeoutMs })));
    },

    async keysCreate(o = {}) {
      const body: Record<string, unknown> = {};
      if (o.scopes !== undefined) body.scopes = o.scopes;
      if (o.name !== undefined) body.name = o.name;
      const text = JSON.stringify(body);
      return toResult(await keyOnly('Creating a key', (key) => ({
        url: `${baseUrl}/api/v1/keys`, method: 'POST', body: text, timeoutMs,
        headers: { ...authHeaders(key), 'content-type': 'application/json' },
      })));
    },

    async keysRevoke(keyId) {
      return toResult(await keyOnly('Revoking a key', (key) => ({
        url: `${baseUrl}/api/v1/keys/${seg(keyId)}`, method: 'DELETE', headers: authHeaders(key), timeoutMs,
      })));
    },
  };
  return client;
}
