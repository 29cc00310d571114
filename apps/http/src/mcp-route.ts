/**
 * MCP over streamable HTTP at `/mcp`, stateless: each request gets its own MCP server bound to
 * that request's credentials (the `Authorization` header) over the door layer, so no job or
 * session state lives in the connection; the tool list and schemas are built once per process.
 * Results of cut arrays are shared across requests, each readable by its owner only.
 *
 * Before the body is read: the `Origin` check (DNS rebinding: 403), `GET`/`DELETE` (405: no SSE
 * stream and no sessions to end), a credential that does not authenticate (401 with
 * `WWW-Authenticate`), the per-IP rate of calls without credentials (429), and the body cap (413):
 * the caller's plan cap plus the JSON-RPC wrapping, 1 MiB without credentials, as HTTP caps a
 * solve. After it: an empty batch (400, -32600), a call that needs credentials sent without them
 * (401 with `WWW-Authenticate`, so OAuth-capable clients can authenticate), and `tools/list`
 * answered from its text serialised once. A plain `tools/call` (one message, no progress token) is
 * answered by the same tools without a per-request MCP server and transport (`mcpCalls`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { problemDocument, SvcError, toSvcError } from '@svc/errors';
import { createMcpServer, mcpCalls, ResultStore, SCHEMA_TOOL, SCHEMA_URI_PREFIX, toolsListJson, type Json, type McpBackend, type Outcome } from '@svc/mcp';
import { createDoor, type Caller, type Door, type Principal, type Service } from '@svc/service';
import { doorBodyCap } from './routes/door-body-cap';
import { ipRate } from './routes/guard';

export const MCP_PATH = '/mcp';
/** Browser origins allowed to call /mcp besides loopback ones and SVC_PUBLIC_URL's: a comma-separated list. */
export const MCP_ALLOWED_ORIGINS_ENV = 'SVC_MCP_ALLOWED_ORIGINS';

async function outcome(fn: () => Promise<unknown> | unknown, docsUrl?: string): Promise<Outcome> {
  try {
    return { ok: true, value: (await fn()) as Json };
  } catch (e) {
    return { ok: false, problem: problemDocument(e instanceof SvcError ? e : toSvcError(e), docsUrl) as unknown as Json };
  }
}

/**
 * The MCP tools over the service for one caller (`principal`: who the request authenticated as, if
 * anyone); `docsUrl` is the base of its problem documents' `type` links.
 */
export function doorBackend(door: Door, caller: Caller, principal: Principal | null = null, docsUrl?: string): McpBackend {
  const answer = (fn: () => Promise<unknown> | unknown) => outcome(fn, docsUrl);
  return {
    analyze: (args) => answer(() => door.analyze(args, caller)),
    compute: (args, idempotencyKey) => answer(() => door.compute(args, { ...caller, idempotencyKey })),
    verify: (args) => answer(() => door.verify(args, caller)),
    getJob: (jobId, waitSeconds, opts) => answer(() => door.getJob(jobId, caller, waitSeconds, opts)),
    progressWaits: true,
    cancelJob: (jobId) => answer(() => door.cancelJob(jobId, caller)),
    // The account (`account:<id>`) or the sandbox allowance (`sandbox-ip:<ip>`) owns a kept result.
    owner: async () => principal?.id ?? null,
  };
}

const header = (h: string | string[] | undefined): string | undefined => (Array.isArray(h) ? h[0] : h);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The origins allowed besides loopback ones: `SVC_MCP_ALLOWED_ORIGINS` and the service's public URL (`SVC_PUBLIC_URL`). */
export function allowedOrigins(env: NodeJS.ProcessEnv = process.env, publicUrl: string | null = null): Set<string> {
  const out = new Set<string>();
  for (const raw of [...(env[MCP_ALLOWED_ORIGINS_ENV] ?? '').split(','), publicUrl ?? '']) {
    const s = raw.trim();
    if (s === '') continue;
    try {
      out.add(new URL(s).origin);
    } catch {
      throw new Error(`${MCP_ALLOWED_ORIGINS_ENV}: '${s.slice(0, 100)}' is not an origin (scheme://host[:port])`);
    }
  }
  return out;
}

/**
 * DNS-rebinding protection (MCP transports: servers MUST validate `Origin`): no `Origin` (a
 * client that is not a browser), a loopback origin, or one configured; anything else (a page on
 * another site, `null`) is refused.
 */
export function originAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  return LOOPBACK_HOSTS.has(u.hostname) || allowed.has(u.origin);
}

type Message = Record<string, unknown>;
const asMessages = (body: unknown): Message[] => (Array.isArray(body) ? body : [body]).filter((m): m is Message => typeof m === 'object' && m !== null);

/** A request that reads or spends what belongs to a caller: tool calls (but the schema tool) and reads of jobs and kept results. */
function needsCredentials(m: Message): boolean {
  const params = (typeof m.params === 'object' && m.params !== null ? m.params : {}) as Record<string, unknown>;
  if (m.method === 'tools/call') return params.name !== SCHEMA_TOOL;
  if (m.method === 'resources/read') return !(typeof params.uri === 'string' && params.uri.startsWith(SCHEMA_URI_PREFIX));
  return false;
}

const BEARER_REALM = 'Bearer realm="svc"';

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * A tools/call whose params the tools take as they are (a tool name, arguments that are an object
 * or absent) and that asks for no progress notifications (those need the SDK's server to send them).
 */
function plainToolCall(params: unknown): boolean {
  if (!isPlainObject(params) || typeof params.name !== 'string') return false;
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) return false;
  return params._meta === undefined || (isPlainObject(params._meta) && params._meta.progressToken === undefined);
}

export interface McpRouteOptions {
  /** Browser origins allowed besides loopback ones (default: `allowedOrigins()` of the environment). */
  readonly allowedOrigins?: ReadonlySet<string>;
  /** The base of a request's problem documents' `type` links (default: the service's default). */
  readonly docsFor?: (request: FastifyRequest) => string;
}

export function mcpRoute(service: Service, opts: McpRouteOptions = {}) {
  const door = createDoor(service);
  const results = new ResultStore();
  const origins = opts.allowedOrigins ?? allowedOrigins(process.env, service.access.publicUrl);
  // Aborted as the server closes: job waits answer at once instead of holding the shutdown.
  const closing = new AbortController();
  const bodyCap = doorBodyCap(service);

  /** Origin, method, credentials, anonymous rate and declared size, before the body is read. */
  const gate = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const origin = header(request.headers.origin);
    if (!originAllowed(origin, origins)) {
      throw new SvcError('SVC_FORBIDDEN', `Origin '${String(origin).slice(0, 100)}' may not call ${MCP_PATH} (DNS-rebinding protection); a browser client must be served from a loopback origin or one listed in ${MCP_ALLOWED_ORIGINS_ENV}.`);
    }
    if (request.method !== 'POST') {
      reply.header('allow', 'POST');
      throw new SvcError('SVC_ERROR', `${MCP_PATH} is stateless: no SSE stream to open with GET and no session to end with DELETE; send each JSON-RPC message with POST.`, { status: 405 });
    }
    const auth = request.headers.authorization;
    if (auth) {
      try {
        request.principal = await service.authenticate(auth, { ip: request.ip });
      } catch (e) {
        const err = e instanceof SvcError ? e : toSvcError(e);
        if (err.status === 401) reply.header('www-authenticate', `${BEARER_REALM}, error="invalid_token"`);
        throw err;
      }
    } else {
      // Calls without credentials (initialize, tools/list, the schemas) count against the per-IP sandbox rate.
      await ipRate(service)(request);
    }
    // The caps every door shares (the plan's cap plus the wrapping, 1 MiB without credentials),
    // checked on the declared length now and bounding the read of a chunked body.
    await bodyCap(request);
  };

  /** Once the body is parsed: an empty batch, credentials a call needs, and the tools/list fast path. */
  const screen = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const body = request.body;
    if (Array.isArray(body) && body.length === 0) {
      return reply.code(400).header('content-type', 'application/json').send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: an empty batch.' } }));
    }
    const messages = asMessages(body);
    if (!request.principal && messages.some(needsCredentials)) {
      reply.header('www-authenticate', BEARER_REALM);
      throw new SvcError('SVC_UNAUTHENTICATED', `Tool calls and reads at ${MCP_PATH} need credentials: send "Authorization: Bearer <API key or the public sandbox token of GET /api/v1/sandbox>" (tools/list and ${SCHEMA_TOOL} need none).`);
    }
    // tools/list, the one heavy answer open to anyone, from its text serialised once.
    const one = !Array.isArray(body) && messages.length === 1 ? messages[0] : null;
    const accept = header(request.headers.accept) ?? '';
    const version = header(request.headers['mcp-protocol-version']);
    if (
      one === null || (typeof one.id !== 'string' && typeof one.id !== 'number') || one.jsonrpc !== '2.0'
      || !accept.includes('application/json') || !accept.includes('text/event-stream')
      || (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version))
    ) return undefined;
    const id = JSON.stringify(one.id);
    if (one.method === 'tools/list') {
      return reply.header('content-type', 'application/json').send(Buffer.from(`{"result":${toolsListJson()},"jsonrpc":"2.0","id":${id}}`));
    }
    // A plain tools/call (no progress asked for) is answered by the same tools without an MCP server
    // and transport of its own: the answer is the one the SDK's server would send, at less cost.
    if (one.method === 'tools/call' && plainToolCall(one.params)) {
      const docsUrl = opts.docsFor?.(request);
      const calls = mcpCalls(doorBackend(door, callerOf(request, docsUrl), request.principal, docsUrl), { results, signal: closing.signal, docsUrl });
      let text: string;
      try {
        text = `{"result":${JSON.stringify(await calls.callTool(one.params as Record<string, unknown>))},"jsonrpc":"2.0","id":${id}}`;
      } catch (e) {
        // As the SDK's server answers a handler that throws.
        const err = e as { code?: unknown; message?: unknown; data?: unknown };
        const error = { code: Number.isSafeInteger(err.code) ? err.code : -32603, message: typeof err.message === 'string' ? err.message : 'Internal error', ...(err.data !== undefined ? { data: err.data } : {}) };
        text = `{"jsonrpc":"2.0","id":${id},"error":${JSON.stringify(error)}}`;
      }
      // Bytes, so the content type stays the SDK's `application/json` (Fastify adds a charset to strings).
      return reply.header('content-type', 'application/json').send(Buffer.from(text));
    }
    return undefined;
  };

  /** Who calls: the principal the gate authenticated from this header (the door takes it instead of checking the credential again). */
  const callerOf = (request: FastifyRequest, docsUrl: string | undefined): Caller => {
    return { authorization: header(request.headers.authorization), ip: request.ip, ...(request.principal ? { principal: request.principal } : {}), ...(docsUrl !== undefined ? { docsUrl } : {}) };
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const docsUrl = opts.docsFor?.(request);
    const server = createMcpServer(doorBackend(door, callerOf(request, docsUrl), request.principal, docsUrl), { results, signal: closing.signal, docsUrl });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  };

  return async (app: FastifyInstance): Promise<void> => {
    app.route({ method: ['POST', 'GET', 'DELETE'], url: MCP_PATH, onRequest: gate, preHandler: screen, handler: handle });
    // Every answer at /mcp is one JSON reply (GET streams are 405), so a close waits only for calls
    // in flight; this makes their job waits answer at once.
    app.addHook('preClose', async () => {
      closing.abort();
    });
  };
}
