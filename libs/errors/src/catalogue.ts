/**
 * The whole `SVC_` error catalogue of interface §7, as data.
 * `http: null` marks CLI-local codes that never cross the wire from the service.
 */
export type ActionName =
  | 'retry'
  | 'use_sandbox_token'
  | 'register_key'
  | 'verify_email'
  | 'upgrade_plan'
  | 'upgrade_cli'
  | 'reduce_problem_size'
  | 'repair_request'
  | 'use_binary_lane'
  | 'send_inline'
  | 'resume_job'
  | 'mint_new_key'
  | 'contact_support';

export interface ErrorSpec {
  /** HTTP status; for CLI-local codes the status the CLI reports, or null when it has none. */
  readonly http: number | null;
  /** True when the code is produced only by a client (never by the service). */
  readonly cliLocal: boolean;
  readonly retryable: boolean;
  /** Default Retry-After in seconds, where interface §7 gives one. */
  readonly retryAfter?: number;
  readonly title: string;
  readonly help: string;
  readonly agentFixPrompt: string;
  /** Actions suggested by default, in order. */
  readonly actions: readonly ActionName[];
}

const spec = <T extends Record<string, ErrorSpec>>(t: T) => t;

export const ERRORS = spec({
  // --- validation -----------------------------------------------------------
  /** Wrong type or range, or malformed JSON; also an asymmetric `design` table. */
  SVC_INVALID_INPUT: {
    http: 422, cliLocal: false, retryable: false,
    title: 'Invalid input',
    help: 'Fix the field named in `detail` (type, range, or JSON syntax) and send the request again.',
    agentFixPrompt: 'The problem document is malformed. Read `detail`, correct exactly that field (types, 0-based indices, map vs array), and resend. Do not change unrelated fields.',
    actions: ['repair_request'],
  },
  /** Problem over a size cap (n, edges, L*K). */
  SVC_DIMENSION_LIMIT: {
    http: 422, cliLocal: false, retryable: false,
    title: 'Problem over a size cap',
    help: 'Reduce the problem below the cap named in `detail` (see `max_n` in next_actions).',
    agentFixPrompt: 'The problem exceeds a size cap. Split or shrink it to at most the `max_n` given in next_actions, then resend.',
    actions: ['reduce_problem_size'],
  },
  /** Payload over the server's absolute byte limit. */
  SVC_RESOURCE_LIMIT: {
    http: 413, cliLocal: false, retryable: false,
    title: 'Payload over the absolute limit',
    help: 'The body exceeds the server-wide byte limit; shrink the problem.',
    agentFixPrompt: 'The request body is larger than the service accepts on any plan. Reduce the problem size before resending.',
    actions: ['reduce_problem_size'],
  },
  /** Body over the plan's upload cap. */
  SVC_PAYLOAD_TOO_LARGE: {
    http: 413, cliLocal: false, retryable: false,
    title: 'Body over the plan cap',
    help: 'The body exceeds your plan\'s upload cap: shrink it, register a free key for a larger cap, or use the binary lane.',
    agentFixPrompt: 'The JSON body is over this plan\'s cap. Use the binary lane (`/api/v1/compute/binary`) for integer optimize/maxcut problems, register a key, or shrink the problem.',
    actions: ['register_key', 'use_binary_lane', 'reduce_problem_size'],
  },
  /** Two constraints conflict, e.g. a pin set to both 0 and 1. */
  SVC_CONTRADICTORY_CONSTRAINTS: {
    http: 422, cliLocal: false, retryable: false,
    title: 'Contradictory constraints',
    help: 'Two or more constraints cannot hold together; `detail` names them. Remove or fix one.',
    agentFixPrompt: 'The constraints named in `detail` contradict each other. Ask which one reflects the real requirement, drop or correct the other, and resend.',
    actions: ['repair_request'],
  },
  /** Top-level `tag` absent. */
  SVC_MISSING_TAG: {
    http: 422, cliLocal: false, retryable: false,
    title: 'Missing tag',
    help: 'Add "tag": "svc-cortex-v1" at the top level of the problem.',
    agentFixPrompt: 'Add the field "tag": "svc-cortex-v1" at the top level of the problem and resend. It is metadata only.',
    actions: ['repair_request'],
  },
  /** `description` absent or under 10 characters. */
  SVC_MISSING_DESCRIPTION: {
    http: 422, cliLocal: false, retryable: false,
    title: 'Missing description',
    help: 'Add a "description": one plain sentence of at least 10 characters naming the real-world decision.',
    agentFixPrompt: 'Add "description": one plain sentence (at least 10 characters) naming the real-world decision this problem models. Never invent one the user did not state.',
    actions: ['repair_request'],
  },
  /** Anonymous sandbox request lacks `n`. */
  SVC_SANDBOX_NEEDS_N: {
    http: 422, cliLocal: false, retryable: false,
    title: 'Sandbox request needs n',
    help: 'Sandbox requests must carry the problem size `n`; add it (it must agree with the data).',
    agentFixPrompt: 'Add the integer field `n` (the problem size) to the problem; the anonymous sandbox needs it for admission.',
    actions: ['repair_request', 'register_key'],
  },
  /** Pinned model version does not exist. */
  SVC_UNKNOWN_VERSION: {
    http: 422, cliLocal: false, retryable: false,
    title: 'Unknown model version',
    help: 'The pinned version does not exist; list versions with GET /api/v1/models.',
    agentFixPrompt: 'The requested model version does not exist. Fetch /api/v1/models, pick a listed version (or omit `version`), and resend. Never assume a fallback.',
    actions: ['repair_request'],
  },
  /** Generic fallback with no dedicated code; its HTTP status is 400 or the 4xx the case calls for (405 for a wrong method). */
  SVC_ERROR: {
    http: 400, cliLocal: false, retryable: false,
    title: 'Request error',
    help: 'The request could not be served; see `detail`.',
    agentFixPrompt: 'Read `detail` and correct the request.',
    actions: ['repair_request'],
  },
  // --- routing --------------------------------------------------------------
  /** Unknown command or option. */
  SVC_UNSUPPORTED: {
    http: 404, cliLocal: false, retryable: false,
    title: 'Unsupported command or option',
    help: 'The command or option is not supported; GET /api/v1/capabilities lists what is.',
    agentFixPrompt: 'Use a command and options listed in /api/v1/capabilities.',
    actions: ['repair_request'],
  },
  /** No such route or resource. */
  SVC_NOT_FOUND: {
    http: 404, cliLocal: false, retryable: false,
    title: 'Not found',
    help: 'No such route or resource.',
    agentFixPrompt: 'Check the path and the resource id.',
    actions: ['repair_request'],
  },
  // --- auth -----------------------------------------------------------------
  /** Missing or invalid key. */
  SVC_UNAUTHENTICATED: {
    http: 401, cliLocal: false, retryable: false,
    title: 'Unauthenticated',
    help: 'Send `Authorization: Bearer <API_KEY>`, or the public sandbox token from GET /api/v1/sandbox.',
    agentFixPrompt: 'Authenticate: use a configured API key, or fetch the public sandbox token from /api/v1/sandbox for small problems. Never substitute a production key for the sandbox token.',
    actions: ['use_sandbox_token', 'register_key'],
  },
  /** Valid key, action or plan not allowed. */
  SVC_FORBIDDEN: {
    http: 403, cliLocal: false, retryable: false,
    title: 'Forbidden',
    help: 'The key is valid but not allowed to do this (scope, plan, or unverified email).',
    agentFixPrompt: 'This key may not perform the action. Ask the human operator to grant the scope, verify the account email, or upgrade the plan.',
    actions: ['upgrade_plan'],
  },
  /** Problem over the anonymous sandbox size cap. */
  SVC_SANDBOX_LIMIT: {
    http: 403, cliLocal: false, retryable: false,
    title: 'Over the sandbox limit',
    help: 'The sandbox takes only small problems (n at most 50000); register a free key for more.',
    agentFixPrompt: 'The anonymous sandbox cannot take this size. Ask the human to register a free key (`svc register`), or reduce the problem.',
    actions: ['register_key', 'reduce_problem_size'],
  },
  /** Key revoked or blocked. */
  SVC_TOKEN_BLOCKED: {
    http: 403, cliLocal: false, retryable: false,
    title: 'Key revoked or blocked',
    help: 'This key was revoked or blocked; mint a new one with `svc keys create`.',
    agentFixPrompt: 'The API key is revoked. Ask the human to mint a new key; do not retry with the same key.',
    actions: ['mint_new_key'],
  },
  /** Account temporarily blocked. */
  SVC_ACCOUNT_SUSPENDED: {
    http: 403, cliLocal: false, retryable: false,
    title: 'Account suspended',
    help: 'The account is temporarily suspended; contact support.',
    agentFixPrompt: 'The account is suspended. Stop and tell the human operator; do not retry.',
    actions: ['contact_support'],
  },
  /** Alias of `SVC_ACCOUNT_SUSPENDED`. */
  SVC_ACCOUNT_BLOCKED: {
    http: 403, cliLocal: false, retryable: false,
    title: 'Account blocked',
    help: 'The account is blocked (same as suspended); contact support.',
    agentFixPrompt: 'The account is blocked. Stop and tell the human operator; do not retry.',
    actions: ['contact_support'],
  },
  /** Account closed. */
  SVC_ACCOUNT_CLOSED: {
    http: 403, cliLocal: false, retryable: false,
    title: 'Account closed',
    help: 'The account is closed.',
    agentFixPrompt: 'The account is closed. Stop and tell the human operator.',
    actions: ['contact_support'],
  },
  /** Public sandbox token rejected, usually after rotation; retry once. */
  SVC_SANDBOX_CAPABILITY_REJECTED: {
    http: 401, cliLocal: false, retryable: true,
    title: 'Sandbox token rejected',
    help: 'The sandbox token was rotated out or never issued here; fetch a fresh one from GET /api/v1/sandbox and retry once.',
    agentFixPrompt: 'Re-fetch the sandbox token from /api/v1/sandbox and retry once. Never substitute a production key.',
    actions: ['use_sandbox_token', 'retry'],
  },
  // --- rate, quota, capacity -------------------------------------------------
  /** Per-minute request limit exceeded. */
  SVC_RATE_LIMITED: {
    http: 429, cliLocal: false, retryable: true, retryAfter: 60,
    title: 'Rate limited',
    help: 'Too many requests this minute; wait `retry_after` seconds.',
    agentFixPrompt: 'Wait the Retry-After seconds (with jitter) and retry. Do not rotate keys to evade limits.',
    actions: ['retry'],
  },
  /** Shared sandbox per-IP rate. */
  SVC_SANDBOX_RATE: {
    http: 429, cliLocal: false, retryable: true, retryAfter: 60,
    title: 'Sandbox rate exceeded',
    help: 'The sandbox allows 60 requests per minute per IP; wait, or register a free key.',
    agentFixPrompt: 'Wait the Retry-After seconds and retry, or ask the human to register a free key.',
    actions: ['retry', 'register_key'],
  },
  /** Daily compute budget spent. */
  SVC_QUOTA_EXCEEDED: {
    http: 402, cliLocal: false, retryable: false,
    title: 'Daily quota exceeded',
    help: 'The daily compute allowance is spent; it resets at 00:00 UTC. An unchanged retry fails until then.',
    agentFixPrompt: 'The daily compute budget is spent. Do not retry before 00:00 UTC; tell the human or ask to upgrade the plan.',
    actions: ['upgrade_plan'],
  },
  /** Per-minute compute budget exceeded. */
  SVC_COMPUTE_RATE_LIMIT: {
    http: 429, cliLocal: false, retryable: true, retryAfter: 60,
    title: 'Per-minute compute budget exceeded',
    help: 'Too much compute this minute; retry after `retry_after` seconds.',
    agentFixPrompt: 'Wait 60 s (Retry-After) and retry; consider lower effort.',
    actions: ['retry'],
  },
  /** Too much of the caller's compute is queued or running. */
  SVC_TOO_MANY_INFLIGHT: {
    http: 429, cliLocal: false, retryable: true, retryAfter: 5,
    title: 'Too many jobs in flight',
    help: 'Too much of your compute is queued or running; wait for some jobs to finish.',
    agentFixPrompt: 'Wait for your running jobs to finish (poll them), then retry after Retry-After seconds.',
    actions: ['retry'],
  },
  /** Fleet queue at capacity. */
  SVC_QUEUE_FULL: {
    http: 503, cliLocal: false, retryable: true, retryAfter: 10,
    title: 'Queue full',
    help: 'The service job queue is at capacity; retry after `retry_after` seconds.',
    agentFixPrompt: 'The service is at capacity. Retry after the Retry-After seconds with jitter.',
    actions: ['retry'],
  },
  /** Peak concurrency. */
  SVC_BUSY: {
    http: 503, cliLocal: false, retryable: true, retryAfter: 2,
    title: 'Busy',
    help: 'The service is busy (peak concurrency, or its data store cannot take a write right now); retry after `retry_after` seconds.',
    agentFixPrompt: 'Retry after the Retry-After seconds with jitter.',
    actions: ['retry'],
  },
  /** Solver pool saturated. */
  SVC_WORKERS_SATURATED: {
    http: 503, cliLocal: false, retryable: true, retryAfter: 1,
    title: 'Solver pool saturated',
    help: 'No solver worker was free; retry after `retry_after` seconds.',
    agentFixPrompt: 'Retry after the Retry-After seconds with jitter.',
    actions: ['retry'],
  },
  /** Safe mode under load; the caller is pooled, not rejected. */
  SVC_HIGH_DEMAND: {
    http: 503, cliLocal: false, retryable: true, retryAfter: 10,
    title: 'High demand',
    help: 'The service is in safe mode under load; sandbox solves are paused, keyed requests are queued.',
    agentFixPrompt: 'Retry after the Retry-After seconds, or use a registered key.',
    actions: ['retry', 'register_key'],
  },
  // --- faults ---------------------------------------------------------------
  /** Internal engine fault, reported automatically. */
  SVC_ENGINE_FAILURE: {
    http: 503, cliLocal: false, retryable: true, retryAfter: 1,
    title: 'Engine failure',
    help: 'The solver engine failed; the fault was reported. Retry.',
    agentFixPrompt: 'An internal solver fault occurred. Retry once after Retry-After; if it repeats, report the request.',
    actions: ['retry'],
  },
  /** Unexpected server fault; nothing charged. */
  SVC_INTERNAL: {
    http: 500, cliLocal: false, retryable: true,
    title: 'Internal error',
    help: 'An unexpected server fault; nothing was charged. Retry.',
    agentFixPrompt: 'An unexpected server fault occurred and nothing was charged. Retry with backoff.',
    actions: ['retry'],
  },
  /** Non-JSON body from upstream, usually a proxy page. */
  SVC_UPSTREAM_INVALID_RESPONSE: {
    http: 502, cliLocal: false, retryable: true,
    title: 'Invalid upstream response',
    help: 'A non-JSON body came back (usually a proxy page); no side effects. Retry.',
    agentFixPrompt: 'A proxy answered instead of the service. Retry with backoff; send a descriptive User-Agent.',
    actions: ['retry'],
  },
  /** Large-file storage not enabled. */
  SVC_STORAGE_UNAVAILABLE: {
    http: 501, cliLocal: false, retryable: false,
    title: 'Storage unavailable',
    help: 'Large-file storage is not enabled; send the problem inline or use the binary lane.',
    agentFixPrompt: 'Send the problem inline as JSON, or via the binary lane for integer optimize/maxcut.',
    actions: ['send_inline', 'use_binary_lane'],
  },
  // --- idempotency ------------------------------------------------------------
  /** `Idempotency-Key` already used with a different payload. */
  SVC_IDEMPOTENCY_CONFLICT: {
    http: 409, cliLocal: false, retryable: false,
    title: 'Idempotency key conflict',
    help: 'This Idempotency-Key was used with a different payload; use a new key, or resend the identical request to replay.',
    agentFixPrompt: 'Generate a fresh Idempotency-Key for a new problem; reuse a key only to replay the identical request.',
    actions: ['repair_request'],
  },
  /** A request with this key is still running. */
  SVC_IDEMPOTENCY_IN_PROGRESS: {
    http: 409, cliLocal: false, retryable: true, retryAfter: 1,
    title: 'Idempotent request in progress',
    help: 'A request with this key is still running; retry after `retry_after` seconds to get the replay.',
    agentFixPrompt: 'Wait 1 s and resend the identical request to receive the replay.',
    actions: ['retry'],
  },
  // --- CLI-local ---------------------------------------------------------------
  /** No key configured. */
  SVC_NO_CREDENTIALS: {
    http: null, cliLocal: true, retryable: false,
    title: 'No credentials',
    help: 'No API key is configured: set SVC_API_KEY or run `svc login --key <KEY>`.',
    agentFixPrompt: 'No key is configured. Ask the human to run `svc login --key <KEY>` or set SVC_API_KEY.',
    actions: ['register_key'],
  },
  /** Service unreachable. */
  SVC_NETWORK: {
    http: null, cliLocal: true, retryable: true,
    title: 'Network error',
    help: 'The service is unreachable; retry with jittered backoff.',
    agentFixPrompt: 'The service could not be reached. Retry with jittered backoff; check SVC_BASE_URL.',
    actions: ['retry'],
  },
  /** Wrong invocation (unknown flag or command). */
  SVC_CLIENT: {
    http: null, cliLocal: true, retryable: false,
    title: 'Client usage error',
    help: 'Unknown flag or command; see `svc --help`.',
    agentFixPrompt: 'Fix the command line; run `svc --help` or `svc agent-info` for the contract.',
    actions: ['repair_request'],
  },
  /** Config file corrupt or not a JSON object. */
  SVC_CONFIG_INVALID: {
    http: null, cliLocal: true, retryable: false,
    title: 'Config file invalid',
    help: 'The svc config file is corrupt or not a JSON object; fix or delete it, then `svc login --key <KEY>`.',
    agentFixPrompt: 'Ask the human to repair or remove the svc config file.',
    actions: ['repair_request'],
  },
  /** `batch` only: line skipped because `--fail-fast` tripped. */
  SVC_SKIPPED: {
    http: null, cliLocal: true, retryable: false,
    title: 'Skipped',
    help: 'Skipped because --fail-fast tripped on an earlier line; no request was spent.',
    agentFixPrompt: 'Fix the first failed line and rerun the batch.',
    actions: ['repair_request'],
  },
  /** The wait ended but the job still runs. */
  SVC_JOB_WAIT_TIMEOUT: {
    http: 408, cliLocal: true, retryable: true,
    title: 'Job still running',
    help: 'The wait ended but the job is still running; resume with `svc jobs <id>` or cancel it. Never resubmit.',
    agentFixPrompt: 'The job is still running. Resume waiting with `svc jobs <id>`; do not resubmit the problem.',
    actions: ['resume_job'],
  },
  /** Estimate exceeds `--max-compute-units`; nothing charged. */
  SVC_BUDGET_EXCEEDED: {
    http: 402, cliLocal: true, retryable: false,
    title: 'Over your compute budget',
    help: 'The estimate exceeds --max-compute-units; nothing was charged. Raise the budget or lower effort.',
    agentFixPrompt: 'The estimated cost exceeds the budget you set. Lower effort, shrink the problem, or ask the human to raise --max-compute-units.',
    actions: ['reduce_problem_size'],
  },
  /** Example or feature needs a newer CLI. */
  SVC_UPGRADE_REQUIRED: {
    http: 426, cliLocal: true, retryable: false,
    title: 'Upgrade required',
    help: 'This example or feature needs a newer svc; upgrade the CLI.',
    agentFixPrompt: 'Ask the human to upgrade the svc CLI.',
    actions: ['upgrade_cli'],
  },
});

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function isErrorCode(x: unknown): x is ErrorCode {
  return typeof x === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, x);
}
