/**
 * The OpenAPI 3.1 document of `GET /api/v1/openapi.json`, built with openapi3-ts's
 * `OpenApiBuilder` from the commands' JSON Schemas (zod → draft 2020-12, the dialect OAS 3.1
 * uses). apps/http checks every served route against it, and it against every served route.
 * Only the commands this version serves get solve/analyze/verify/formulate paths and schemas; the
 * info description and the `solve` tag name the commands that are not available yet.
 */
import { REGISTRY } from './commands';
import type { SchemaCommand } from './schema-commands';
import { validateProblem } from './validate-problem';
import {
  OpenApiBuilder,
  type OpenAPIObject, type OperationObject, type ParameterObject, type PathItemObject, type ReferenceObject,
  type RequestBodyObject, type ResponseObject, type SchemaObject, type SecurityRequirementObject,
} from 'openapi3-ts/oas31';
import { NOT_AVAILABLE_COMMANDS, SERVED_COMMANDS, SPEC_VERSION, TAG, PURPOSES } from './catalogue';
import { EFFORTS } from './effort';
import { inputJsonSchema, outputJsonSchema, type JsonSchema } from './json-schema';
import { LIMITS } from './limits';

/** One query, path or header parameter (openapi3-ts's type). */
export type OpenApiParameter = ParameterObject;
/** One response of an operation. */
export type OpenApiResponse = ResponseObject;
/** One operation: here every operation has an id, a summary, tags and responses. */
export type OpenApiOperation = OperationObject & Required<Pick<OperationObject, 'operationId' | 'summary' | 'tags' | 'responses'>>;
/** The methods the server serves. */
export type HttpMethod = 'get' | 'post' | 'delete';
export type OpenApiPathItem = Pick<PathItemObject, HttpMethod>;
/** The whole document; `jsonSchemaDialect` is OAS 3.1's, which openapi3-ts 4 does not model. */
export type OpenApiDocument = OpenAPIObject & { openapi: '3.1.0'; jsonSchemaDialect: string };

const API = '/api/v1';
const PROBLEM = 'application/problem+json';
const JSON_T = 'application/json';
type Schema = SchemaObject | ReferenceObject;
const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });
const pascal = (c: string) => c.split('-').map((p) => p[0]!.toUpperCase() + p.slice(1)).join('');
const loose = (description: string, properties: Record<string, Schema> = {}, required: string[] = []): SchemaObject =>
  ({ type: 'object', description, properties, ...(required.length ? { required } : {}) });
/** A generated JSON Schema as a component: OAS 3.1 schemas are JSON Schema 2020-12 without `$schema`. */
const strip = (s: JsonSchema): SchemaObject => {
  const { $schema: _drop, ...rest } = s;
  return rest as SchemaObject;
};

const errorResponse = (description: string): OpenApiResponse => ({
  description,
  headers: { 'Retry-After': { description: 'seconds to wait (429 and 503)', schema: { type: 'integer' } } },
  content: { [PROBLEM]: { schema: ref('ProblemDocument') } },
});

/**
 * Every error response, defined once under `components.responses` and referenced by each operation
 * (inlined in each of ~160 operations they were half of a 550 KB document).
 */
const ERROR_RESPONSES: Record<string, readonly [string, string]> = {
  '401': ['Unauthenticated', 'SVC_UNAUTHENTICATED, SVC_SANDBOX_CAPABILITY_REJECTED'],
  '402': ['QuotaExceeded', 'SVC_QUOTA_EXCEEDED'],
  '403': ['Forbidden', 'SVC_FORBIDDEN, SVC_TOKEN_BLOCKED, SVC_ACCOUNT_*, SVC_SANDBOX_LIMIT'],
  '404': ['NotFound', 'SVC_NOT_FOUND, SVC_UNSUPPORTED (unknown command or query parameter)'],
  '409': ['IdempotencyConflict', 'SVC_IDEMPOTENCY_CONFLICT, SVC_IDEMPOTENCY_IN_PROGRESS'],
  '413': ['TooLarge', 'SVC_PAYLOAD_TOO_LARGE, SVC_RESOURCE_LIMIT'],
  '422': ['InvalidInput', 'SVC_INVALID_INPUT, SVC_MISSING_TAG, SVC_MISSING_DESCRIPTION, SVC_SANDBOX_NEEDS_N, SVC_DIMENSION_LIMIT, SVC_CONTRADICTORY_CONSTRAINTS, SVC_UNKNOWN_VERSION'],
  '429': ['RateLimited', 'SVC_RATE_LIMITED, SVC_SANDBOX_RATE, SVC_COMPUTE_RATE_LIMIT, SVC_TOO_MANY_INFLIGHT'],
  '503': ['Unavailable', 'SVC_QUEUE_FULL, SVC_WORKERS_SATURATED, SVC_HIGH_DEMAND, SVC_BUSY, SVC_ENGINE_FAILURE'],
};
const pick = (...codes: string[]): Record<string, ReferenceObject> =>
  Object.fromEntries(codes.map((c) => [c, { $ref: `#/components/responses/${ERROR_RESPONSES[c]![0]}` }]));

const SOLVE_QUERY: OpenApiParameter[] = [
  { name: 'effort', in: 'query', schema: { type: 'string', enum: [...EFFORTS] }, description: 'work budget; default medium (aliases low, med, max accepted)' },
  { name: 'seed', in: 'query', schema: { type: 'integer', minimum: 0, maximum: LIMITS.maxSeed }, description: 'default 0' },
  { name: 'max_latency_ms', in: 'query', schema: { type: 'integer', minimum: 0 }, description: 'wall-clock budget of the whole call in ms, from the request\'s arrival: the answer comes within it plus max(200 ms, 3 %) (docs/reliability.md "Deadlines"); parsing and queueing come out of the search time; 0 = none' },
  { name: 'version', in: 'query', schema: { type: 'string' }, description: 'model version pin or alias (GET /api/v1/models)' },
  { name: 'certificate', in: 'query', schema: { type: 'string', enum: ['full', 'none'] }, description: 'default: the certificate is attached up to 1 MB (larger: null with certificate_omitted); full: up to 64 MiB; none: never (docs/certificates.md)' },
];
const IDEMPOTENCY: OpenApiParameter = { name: 'Idempotency-Key', in: 'header', schema: { type: 'string', maxLength: 255 }, description: 'an identical retry replays the original answer' };
const JOB_ID: OpenApiParameter = { name: 'job_id', in: 'path', required: true, schema: { type: 'string', pattern: '^job_[0-9a-f]{32}$' } };
const PUBLIC: SecurityRequirementObject[] = [];
const json = (schema: Schema, description: string): OpenApiResponse => ({ description, content: { [JSON_T]: { schema } } });
const jsonBody = (schema: Schema, example?: unknown): RequestBodyObject => ({ required: true, content: { [JSON_T]: { schema, ...(example === undefined ? {} : { example }) } } });

function commonSchemas(): Record<string, SchemaObject> {
  return {
    ProblemDocument: loose('RFC 9457 problem document (interface §2.5)', {
      type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' },
      code: { type: 'string', pattern: '^SVC_[A-Z_]+$' }, retryable: { type: 'boolean' }, retry_after: { type: 'number' },
      help: { type: 'string' }, agent_fix_prompt: { type: 'string' },
      next_actions: { type: 'array', items: loose('one recovery step', { action: { type: 'string' }, requires_human_approval: { type: 'boolean' } }, ['action', 'requires_human_approval']) },
      error: loose('the top-level facts again', { code: { type: 'string' }, message: { type: 'string' }, retryable: { type: 'boolean' }, help: { type: 'string' } }),
    }, ['type', 'title', 'status', 'detail', 'code', 'retryable', 'next_actions', 'error']),
    QueuedAck: {
      type: 'object', description: 'HTTP 202: the solve was queued as a job (interface §2.4)',
      properties: {
        status: { const: 'queued' }, job_id: { type: 'string', pattern: '^job_[0-9a-f]{32}$' },
        poll: { type: 'string', description: 'root-relative poll URL carrying ?wait=30' }, compute_units: { type: 'integer', minimum: 0 }, tag: { const: TAG },
      },
      required: ['status', 'job_id', 'poll', 'compute_units', 'tag'],
    },
    Job: loose('a job record (commands.md "Jobs")', {
      job_id: { type: 'string' }, status: { type: 'string', enum: ['queued', 'running', 'done', 'failed', 'cancelled'] }, command: { type: 'string' },
      created_at: { type: 'string', format: 'date-time' }, started_at: { type: ['string', 'null'] }, finished_at: { type: ['string', 'null'] },
      compute_units: { type: 'integer' }, billed_units: { type: ['integer', 'null'] }, poll: { type: 'string' }, attempts: { type: 'integer' },
      cancel_requested: { type: 'boolean' },
      progress: {
        type: ['object', 'null'],
        description: 'while running, the engine\'s reports (share_basis engine_progress, at most one a second): best so far, bound, relative gap |best − bound| / max(1, |best|); best and bound only for optimize, maxcut, tsp, qap and milp',
        properties: {
          share: { type: 'number', description: 'the share of the work done, 0..1' },
          share_basis: { type: 'string', enum: ['engine_work', 'engine_progress', 'estimated_from_elapsed_time', 'not_started'] },
          best: { type: ['number', 'null'], description: 'the best objective so far in the answer\'s terms' },
          bound: { type: ['number', 'null'] }, gap: { type: ['number', 'null'] }, work: { type: ['number', 'null'], description: 'the engine\'s own unit of work so far' },
          elapsed_ms: { type: 'number' }, estimated_work: { type: 'number' },
        },
      },
      result: { type: 'object', description: 'the success envelope (done)' }, error: ref('ProblemDocument'), tag: { const: TAG },
    }, ['job_id', 'status', 'command', 'created_at', 'compute_units', 'poll', 'tag']),
    ComputeRequest: {
      type: 'object', description: 'a bare problem of any command (routed by its shape) plus an optional contract',
      properties: {
        tag: { const: TAG }, description: { type: 'string', minLength: LIMITS.minDescription },
        contract: { type: 'object', properties: { requirements: { type: 'object', properties: { max_latency_ms: { type: 'integer', minimum: 0 } }, additionalProperties: false } }, additionalProperties: false },
      },
      required: ['tag', 'description'],
    },
    AnalyzeReport: loose('free preflight: validity, difficulty, recommended effort, compute units, certification, queueing', {
      valid: { const: true }, command: { type: 'string' }, n: { type: 'integer' }, compute_units: { type: 'integer' },
      compute_units_by_effort: { type: 'object' }, difficulty: { type: 'string', enum: ['trivial', 'easy', 'moderate', 'hard'] },
      recommended_effort: { type: 'string', enum: [...EFFORTS] }, would_certify: { type: 'boolean', description: 'true only when the solve is guaranteed to answer certified' },
      certify: { type: 'string', enum: ['yes', 'likely', 'unknown'], description: 'yes: guaranteed; likely: an exact method usually finishes at this size or a latency budget may cut it; unknown: certified only if one finishes' },
      certification: { type: 'string' }, would_queue: { type: 'boolean' },
      estimated_work: { type: 'number' }, charged: { const: 0 },
    }, ['valid', 'command', 'compute_units', 'would_certify', 'certify', 'would_queue', 'charged']),
    RouteReport: loose('ranked command candidates', {
      candidates: { type: 'array', items: loose('a candidate', { command: { type: 'string' }, confidence: { type: 'number', minimum: 0, maximum: 1 }, why: { type: 'string' }, available: { type: 'boolean' }, complete: { type: 'boolean', description: 'false: the command takes every field sent but needs one of `needs` too' }, needs: { type: 'array', items: { type: 'string' } } }, ['command', 'confidence', 'why']) },
    }, ['candidates']),
    VerifyRequest: {
      type: 'object', properties: {
        problem: { type: 'object', description: 'the problem as solved' }, answer: { description: 'the answer, or the result document carrying it' },
        certificate: { type: ['object', 'null'], description: 'a certificate (docs/certificates.md); when absent the result document\'s certificate is checked' },
      },
      required: ['problem', 'answer'], additionalProperties: false,
    },
    VerifyReport: loose('independent re-check', {
      ok: { type: 'boolean' }, checks: { type: 'array', items: loose('one check', { name: { type: 'string' }, ok: { type: 'boolean' }, detail: { type: 'string' } }, ['name', 'ok', 'detail']) },
      objective: { type: ['number', 'null'] },
      verification: { type: 'string', enum: ['service_recheck', 'formal_proof'], description: 'formal_proof when a certificate was checked' },
      certificate: loose('the certificate checker\'s report (docs/certificates.md)', {
        ok: { type: 'boolean' }, kind: { type: ['string', 'null'] }, sense: { type: ['string', 'null'], enum: ['min', 'max', null] },
        objective: { type: ['string', 'null'], description: 'exact: a decimal string or "p/q"' }, bound: { type: ['string', 'null'], description: 'the proven bound, exact' },
        optimal: { type: 'boolean' }, failed_step: { type: ['string', 'null'] }, detail: { type: 'string' },
      }, ['ok', 'kind', 'bound', 'optimal', 'failed_step', 'detail']),
    }, ['ok', 'checks', 'objective']),
    Worksheet: loose('mapping worksheet: fields, conventions, steps, a worked example'),
    Examples: loose('engine-verified example recipes', { examples: { type: 'array', items: { type: 'object' } } }, ['examples']),
    Capabilities: loose('every command with its exact input schema'),
    Sandbox: loose('the public sandbox token and its limits', { token: { type: 'string' }, limits: { type: 'object' } }, ['token', 'limits']),
    Pricing: loose('plans and metering, with the live sandbox cap'),
    Models: loose('pinnable model versions and aliases'),
    Health: loose('liveness and the engine in use'),
    Readiness: loose('store reachable, solver pool and job runner up', { ready: { type: 'boolean' }, checks: { type: 'object' } }, ['ready', 'checks']),
    AgentCard: loose('public agent card: zero-credential contract, sandbox limits, solving never runs on the client'),
    Account: loose('registration, key or email-verification answer'),
    Usage: loose("today's units, alerts and recent calls"),
    OpenApi: loose('this document'),
  };
}

/** Every route of the HTTP server, described once (apps/http's test checks each served route is here). */
function addPaths(b: OpenApiBuilder): void {
  // addPath merges the methods of one path.
  const add = (path: string, method: HttpMethod, op: OpenApiOperation) => {
    b.addPath(path, { [method]: op });
  };
  const meta = (path: string, id: string, summary: string, schema: string, tag = 'meta') =>
    add(path, 'get', { operationId: id, summary, tags: [tag], security: PUBLIC, responses: { '200': json(ref(schema), summary) } });

  meta('/healthz', 'health', 'Liveness and the engine in use', 'Health', 'operations');
  add('/readyz', 'get', {
    operationId: 'ready', summary: 'Readiness: store reachable, solver pool and job runner up', tags: ['operations'], security: PUBLIC,
    responses: { '200': json(ref('Readiness'), 'ready'), '503': json(ref('Readiness'), 'not ready') },
  });
  // Prometheus metrics are not on the API port: the operations port (SVC_OPS_PORT, docs/deployment.md) serves them.
  meta('/.well-known/svc-agent-card.json', 'agentCard', 'Public agent card', 'AgentCard');
  meta(`${API}/capabilities`, 'capabilities', 'Every command and its exact input schema', 'Capabilities');
  meta(`${API}/sandbox`, 'sandbox', 'The public sandbox token and the limits enforced on it', 'Sandbox');
  meta(`${API}/pricing`, 'pricing', 'Plans and metering', 'Pricing');
  meta(`${API}/models`, 'models', 'Pinnable model versions', 'Models');
  meta(`${API}/examples`, 'examples', 'Engine-verified example recipes', 'Examples');
  meta(`${API}/openapi.json`, 'openapi', 'This document', 'OpenApi');
  // The error reference every problem document's `type` links (HTML).
  const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' as const } } } });
  add('/errors', 'get', { operationId: 'errorIndex', summary: 'The error reference: every SVC_ code', tags: ['meta'], security: PUBLIC, responses: { '200': html('the index page'), ...pick('429') } });
  add('/errors/{code}', 'get', {
    operationId: 'errorPage', summary: "One error code's page (where a problem document's type points)", tags: ['meta'], security: PUBLIC,
    parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string', pattern: '^SVC_[A-Z_]+$' } }],
    responses: { '200': html("the code's page"), ...pick('404', '429') },
  });

  for (const c of SERVED_COMMANDS) {
    const P = pascal(c);
    // The command's valid fixture, as the sandbox takes it, is the example Try-it-out sends (the /docs page shows it).
    const problem: RequestBodyObject = { required: true, content: { [JSON_T]: { schema: ref(`${P}Problem`), example: sandboxExample(c) } } };
    add(`${API}/solve/${c}`, 'post', {
      operationId: `solve${P}`, summary: `Solve ${c}: ${PURPOSES[c]}`, tags: ['solve'],
      parameters: [...SOLVE_QUERY, IDEMPOTENCY], requestBody: problem,
      responses: {
        '200': json(ref(`${P}Result`), 'the answer envelope'),
        '202': { description: 'queued as a job', headers: { Location: { description: 'the poll URL', schema: { type: 'string' } } }, content: { [JSON_T]: { schema: ref('QueuedAck') } } },
        ...pick('401', '402', '403', '404', '409', '413', '422', '429', '503'),
      },
    });
    for (const alias of ['analyze', 'estimate', 'preflight'] as const) {
      add(`${API}/${alias}/${c}`, 'post', {
        operationId: `${alias}${P}`, summary: `Free preflight of ${c} (${alias}): no solve, no charge`, tags: ['preflight'],
        parameters: SOLVE_QUERY, requestBody: problem,
        responses: { '200': json(ref('AnalyzeReport'), 'the estimate'), ...pick('401', '403', '404', '422', '429') },
      });
    }
    add(`${API}/verify/${c}`, 'post', {
      operationId: `verify${P}`, summary: `Independent re-check of a ${c} answer (free)`, tags: ['preflight'],
      requestBody: jsonBody(ref('VerifyRequest')),
      responses: { '200': json(ref('VerifyReport'), 'the checks'), ...pick('401', '403', '404', '422', '429') },
    });
    add(`${API}/formulate/${c}`, 'get', {
      operationId: `formulate${P}`, summary: `Mapping worksheet for ${c}`, tags: ['meta'], security: PUBLIC,
      responses: { '200': json(ref('Worksheet'), 'the worksheet'), ...pick('404') },
    });
  }
  add(`${API}/compute`, 'post', {
    operationId: 'compute', summary: 'Solve a bare problem routed to its command by shape', tags: ['solve'],
    parameters: [...SOLVE_QUERY, IDEMPOTENCY], requestBody: jsonBody(ref('ComputeRequest'), sandboxExample('maxcut')),
    responses: {
      '200': json({ type: 'object', description: 'the answer envelope of the routed command, with `routed`' }, 'the answer'),
      '202': json(ref('QueuedAck'), 'queued as a job'), '402': errorResponse('SVC_QUOTA_EXCEEDED'),
      '413': errorResponse('SVC_PAYLOAD_TOO_LARGE'), ...pick('401', '403', '404', '422', '429', '503'),
    },
  });
  add(`${API}/compute/binary`, 'post', {
    operationId: 'computeBinary', summary: 'Solve an SVCB body (optimize, maxcut); see docs/svcb.md', tags: ['solve'],
    parameters: [...SOLVE_QUERY, IDEMPOTENCY],
    requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', contentEncoding: 'binary', maxLength: 128 * 1024 * 1024 } } } },
    responses: {
      '200': json({ type: 'object', description: 'the answer envelope (same receipt as the JSON lane)' }, 'the answer'),
      '202': json(ref('QueuedAck'), 'queued as a job'), '402': errorResponse('SVC_QUOTA_EXCEEDED'), '413': errorResponse('SVC_RESOURCE_LIMIT'),
      ...pick('401', '403', '404', '422', '429', '503'),
    },
  });
  add(`${API}/route`, 'post', {
    operationId: 'route', summary: 'Rank the commands a bare problem fits (free)', tags: ['preflight'],
    requestBody: jsonBody(ref('ComputeRequest'), sandboxExample('tsp')), responses: { '200': json(ref('RouteReport'), 'the candidates'), ...pick('401', '403', '422', '429') },
  });
  add(`${API}/jobs/{job_id}`, 'get', {
    operationId: 'getJob', summary: 'A job; long-polls with ?wait=N (at most 30 s)', tags: ['jobs'],
    parameters: [JOB_ID, { name: 'wait', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 30 } }],
    responses: { '200': json(ref('Job'), 'the job'), ...pick('401', '404', '422', '429') },
  });
  add(`${API}/jobs/{job_id}/cancel`, 'post', {
    operationId: 'cancelJob', summary: 'Cancel a queued (refunded) or running (share of work billed) job', tags: ['jobs'],
    parameters: [JOB_ID], responses: { '200': json(ref('Job'), 'the job after cancelling'), ...pick('401', '404', '429') },
  });
  const account = (path: string, method: HttpMethod, id: string, summary: string, ok: readonly string[], security?: SecurityRequirementObject[]) =>
    add(path, method, {
      operationId: id, summary, tags: ['accounts'], ...(security ? { security } : {}),
      ...(method === 'post' ? { requestBody: { required: false, content: { [JSON_T]: { schema: { type: 'object' } } } } } : {}),
      responses: { ...Object.fromEntries(ok.map((code) => [code, json(ref('Account'), summary)])), ...pick('401', '403', '422', '429') },
    });
  account(`${API}/accounts`, 'post', 'register', 'Register an email; the initial key is shown once', ['201'], PUBLIC);
  account(`${API}/email/verify`, 'post', 'verifyEmail', 'Confirm the signed link ({token})', ['200'], PUBLIC);
  account(`${API}/email/verify`, 'get', 'verifyEmailLink', 'Confirm the signed link (?token=)', ['200'], PUBLIC);
  account(`${API}/email/verification-notification`, 'post', 'resendVerification', 'Resend the verification link (202 sent, 200 already verified)', ['200', '202']);
  account(`${API}/keys`, 'get', 'listKeys', 'List keys', ['200']);
  account(`${API}/keys`, 'post', 'createKey', 'Create a key (scopes solve, analyze, keys); the token is shown once', ['201']);
  add(`${API}/keys/{id}`, 'delete', {
    operationId: 'revokeKey', summary: 'Revoke a key', tags: ['accounts'], parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    responses: { '200': json(ref('Account'), 'the revoked key'), ...pick('401', '403', '404', '429') },
  });
  add(`${API}/usage`, 'get', { operationId: 'usage', summary: "Today's units, alerts and recent calls", tags: ['accounts'], responses: { '200': json(ref('Usage'), 'usage'), ...pick('401', '403', '429') } });
}

/**
 * A command's example as the /docs page offers it: the contract's valid example (`<command>.valid.json`)
 * without its model pin (fixtures may pin any well-formed version) and with the `n` the anonymous
 * sandbox needs, so Try-it-out with the sandbox token answers.
 */
export function sandboxExample(c: SchemaCommand): Record<string, unknown> {
  const { version: _pin, ...body } = REGISTRY[c].example as Record<string, unknown>;
  const { tag, description, n: _n, ...rest } = body;
  return { tag, description, n: validateProblem(c, body, { sandbox: false }).n, ...rest };
}

/** The sentence naming the commands this version does not serve (their routes answer 404 SVC_UNSUPPORTED). */
function notAvailableText(): string {
  return `Not available yet (no paths here; /solve/<command> answers 404 SVC_UNSUPPORTED): ${NOT_AVAILABLE_COMMANDS.join(', ')}.`;
}

/** The OpenAPI 3.1 document of the API; `serverUrl` is the public origin (default root-relative). */
/** Wire documents other doors describe too (MCP output schemas), as plain JSON Schema with every `$ref` inlined. */
export type WireSchemaName = 'QueuedAck' | 'Job' | 'AnalyzeReport' | 'VerifyReport' | 'ProblemDocument';

export function wireSchema(name: WireSchemaName): Record<string, unknown> {
  const all = commonSchemas();
  const inline = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(inline);
    if (typeof x !== 'object' || x === null) return x;
    const o = x as Record<string, unknown>;
    if (typeof o.$ref === 'string') return inline(all[o.$ref.replace('#/components/schemas/', '')]);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, inline(v)]));
  };
  return inline(all[name]) as Record<string, unknown>;
}

export function buildOpenApi(opts: { serverUrl?: string } = {}): OpenApiDocument {
  // Our own root: the builder's default would add empty component sections and another version.
  const root: OpenApiDocument = {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'svc decision solver API',
      version: SPEC_VERSION,
      description: `Send one JSON problem, get the answer, a certainty label, measured cost and a receipt. Every problem carries "tag": "${TAG}". Errors are application/problem+json whose "type" links the code's page in the [error reference](/errors). Heavy solves answer 202 with a job to poll. ${notAvailableText()}`,
    },
    servers: [],
    tags: [],
    paths: {},
    components: { schemas: {}, responses: {}, securitySchemes: {} },
    security: [{ bearer: [] }],
  };
  const b = OpenApiBuilder.create(root).addServer({ url: opts.serverUrl ?? '/' });
  for (const [name, description] of [
    ['solve', `Solving (charged in compute units). Served: ${SERVED_COMMANDS.join(', ')}. ${notAvailableText()}`],
    ['preflight', 'Free: analyze, route, verify'],
    ['jobs', 'Queued solves'],
    ['meta', 'Public catalogue documents'],
    ['accounts', 'Registration, keys, usage'],
    ['operations', 'Health, readiness, metrics'],
  ] as const) b.addTag({ name, description });
  addPaths(b);
  for (const [name, schema] of Object.entries(commonSchemas())) b.addSchema(name, schema);
  for (const [name, description] of Object.values(ERROR_RESPONSES)) b.addResponse(name, errorResponse(description));
  for (const c of SERVED_COMMANDS) {
    b.addSchema(`${pascal(c)}Problem`, strip(inputJsonSchema(c)));
    b.addSchema(`${pascal(c)}Result`, strip(outputJsonSchema(c)));
  }
  b.addSecurityScheme('bearer', { type: 'http', scheme: 'bearer', description: 'An API key (svck_…) or the public sandbox token from GET /api/v1/sandbox' });
  return b.getSpec() as OpenApiDocument;
}
