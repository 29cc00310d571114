/**
 * The MCP server over any `McpBackend`: tools/list with generated schemas (built once), tools/call
 * returning `structuredContent` plus text (a summary and the JSON itself), faults as `isError`
 * results carrying the problem document (never protocol errors), jobs followed by `job_id` (no
 * session state), long arrays cut with the full result kept as a resource, and each command's
 * schemas as resources.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  InitializeRequestSchema, isJSONRPCRequest, McpError, ErrorCode as McpErrorCode, type CallToolResult, type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { SERVED_COMMANDS, type ServedCommand } from '@svc/contracts/commands';
import { problemDocument, SvcError, toSvcError } from '@svc/errors';
import type { Json, McpBackend, Outcome, SolveArgs } from './backend';
import { commandSchemas, listedTools, PROBLEM_TAG, SCHEMA_TOOL, SCHEMA_URI_PREFIX, wireTool, type McpTool } from './schemas';
import { ResultStore } from './result-store';

export const MCP_SERVER_NAME = 'svc-decision-solver';
export const MCP_SERVER_VERSION = '1.0.0';

/** Arrays longer than this are cut in `structuredContent` (the resource keeps them whole). */
export const MAX_ITEMS = 200;
/** The JSON copy of a result in text content is cut (arrays shortened further) to this many characters. */
export const MAX_TEXT_CHARS = 8192;
/** Default and longest wait of a `job_id` call, in seconds: under the 10 s some clients allow, and the common 60 s. */
export const DEFAULT_WAIT_S = 8;
export const MAX_WAIT_S = 50;
const POLL_CAP_S = 30;
/** With a progress token and a backend that waits for the end only (HTTP), polls are this short so progress flows. */
const PROGRESS_POLL_S = 2;
/** A job poll that came back early (a draining server, a shorter server maximum) waits this long before the next, doubling. */
export const FIRST_PAUSE_MS = 250;
export const MAX_PAUSE_MS = 5000;

const TERMINAL = new Set(['done', 'failed', 'cancelled']);

/** Where a job wait sends its progress (a tools/call with `_meta.progressToken`). */
interface ProgressOut {
  send(job: Json): Promise<void>;
}

/** What a progress notification shows of a running job; null before it has any progress. elapsed_ms aside (it always moves). */
function progressKey(job: Json): string | null {
  const p = job.progress;
  if (!isRecord(p)) return null;
  return JSON.stringify([job.status, p.share, p.share_basis, p.best, p.bound, p.gap]);
}

/** notifications/progress params of a running job: progress = its elapsed ms (always increasing), the share as a percent and best/bound/gap in the message. */
export function progressParams(token: string | number, job: Json, previous: number): { progressToken: string | number; progress: number; total?: number; message: string } {
  const p = isRecord(job.progress) ? job.progress : {};
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const share = num(p.share);
  const best = num(p.best);
  const bound = num(p.bound);
  const gap = num(p.gap);
  const parts = [`job ${String(job.job_id)} ${String(job.status)}`];
  if (share !== null) parts.push(`${(100 * share).toFixed(1)}% done (${String(p.share_basis)})`);
  if (best !== null) parts.push(`best ${best}`);
  if (bound !== null) parts.push(`bound ${bound}`);
  if (gap !== null) parts.push(`gap ${(100 * gap).toFixed(2)}%`);
  const elapsed = num(p.elapsed_ms) ?? 0;
  return { progressToken: token, progress: Math.max(elapsed, previous + 1), message: parts.join(', ') };
}
const SOLVE_KEYS = ['command', 'problem', 'effort', 'seed', 'max_latency_ms', 'version', 'certificate'] as const;
const JOB_KEYS = ['job_id', 'wait_seconds', 'cancel', 'idempotency_key'] as const;
/** Who may read kept results when the backend names no caller (`svc mcp`: one user per process). */
const LOCAL_OWNER = 'local';

export interface McpServerOptions {
  /** Where cut results of synchronous solves are kept (share one across per-request servers). */
  results?: ResultStore;
  /** The clock of job waits (tests). */
  now?: () => number;
  /** The pause between job polls (tests); resolves early when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborted when the server shuts down: job waits return the job as it is instead of waiting on. */
  signal?: AbortSignal;
  /** The base of the problem documents' `type` links (`<docsUrl>/errors/<CODE>`); default the catalogue's. */
  docsUrl?: string;
}

function faultOf(err: SvcError, docsUrl: string | undefined): Outcome {
  return { ok: false, problem: problemDocument(err, docsUrl) as unknown as Json };
}

const isRecord = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Cuts every array longer than MAX_ITEMS (one level of nesting in `result`), noting what was cut. */
function cut(doc: Json): { doc: Json; cutFields: Record<string, { shown: number; total: number }> } {
  const cutFields: Record<string, { shown: number; total: number }> = {};
  const walk = (o: Json, prefix: string): Json => {
    const out: Json = {};
    for (const [k, v] of Object.entries(o)) {
      if (Array.isArray(v) && v.length > MAX_ITEMS) {
        out[k] = v.slice(0, MAX_ITEMS);
        cutFields[prefix + k] = { shown: MAX_ITEMS, total: v.length };
      } else if (k === 'result' && isRecord(v)) out[k] = walk(v, 'result.');
      else out[k] = v;
    }
    return out;
  };
  return { doc: walk(doc, ''), cutFields };
}

/** Every array, at any depth, cut to `n` items. */
function cutDeep(x: unknown, n: number): unknown {
  if (Array.isArray(x)) return x.slice(0, n).map((v) => cutDeep(v, n));
  if (!isRecord(x)) return x;
  return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, cutDeep(v, n)]));
}

/**
 * The JSON of `doc` in at most MAX_TEXT_CHARS: whole when it fits, else with every array cut to
 * fewer items, else its top-level scalars; `shortened` says the text holds less than `doc`.
 */
export function fitText(doc: Json): { text: string; shortened: boolean } {
  const whole = JSON.stringify(doc);
  if (whole.length <= MAX_TEXT_CHARS) return { text: whole, shortened: false };
  for (const n of [50, 10, 0]) {
    const text = JSON.stringify(cutDeep(doc, n));
    if (text.length <= MAX_TEXT_CHARS) return { text, shortened: true };
  }
  const scalars = JSON.stringify(Object.fromEntries(Object.entries(doc).filter(([, v]) => typeof v !== 'object' || v === null)));
  return { text: scalars.length <= MAX_TEXT_CHARS ? scalars : `${scalars.slice(0, MAX_TEXT_CHARS - 1)}…`, shortened: true };
}

function summary(doc: Json): string {
  if (typeof doc.job_id === 'string' && typeof doc.status === 'string') {
    const r = isRecord(doc.result) ? ` ${summary(doc.result)}` : '';
    const next = TERMINAL.has(doc.status) ? '' : ` Call again with job_id "${doc.job_id}" to wait for it (or cancel: true).`;
    return `Job ${doc.job_id}: ${doc.status}.${r}${next}`;
  }
  if (typeof doc.ok === 'boolean' && Array.isArray(doc.checks)) {
    return `Verify: ${doc.ok ? 'every check passed' : 'some checks failed'}; objective ${String(doc.objective)}.`;
  }
  if (doc.valid === true && typeof doc.compute_units === 'number') {
    return `Analyze ${String(doc.command)}: ${doc.compute_units} compute units, ${doc.would_certify ? 'would certify' : doc.certify === 'likely' ? 'likely certifies' : 'heuristic unless an exact method finishes'}, ${doc.would_queue ? 'would queue' : 'answers at once'}.`;
  }
  if (typeof doc.command === 'string' && isRecord(doc.input) && isRecord(doc.output)) {
    return `Schemas of ${doc.command}: input (the problem document) and output (the result envelope).`;
  }
  const objective = ['energy', 'cut_value', 'value', 'violations'].filter((k) => typeof doc[k] === 'number').map((k) => `${k} ${String(doc[k])}`).join(', ');
  const routed = isRecord(doc.routed) ? ` (routed to ${String(doc.routed.command)})` : '';
  return `${objective || 'answered'}${routed}; ${String(doc.certainty ?? '')}; receipt ${String(doc.receipt ?? '')}.`.replace('; ;', ';');
}

/** The `tools/list` result, built once. */
let toolsList: { tools: Record<string, unknown>[] } | undefined;
const listResult = () => (toolsList ??= { tools: listedTools().map(wireTool) });

const schemaResources = () => SERVED_COMMANDS.map((c) => ({ uri: `${SCHEMA_URI_PREFIX}${c}`, name: `${c} schemas`, description: `The problem and result JSON Schemas of ${c}.`, mimeType: 'application/json' }));

// One JSON Schema validator for every server: the SDK builds one per Server otherwise (a request's worth of time).
let validator: AjvJsonSchemaValidator | undefined;

const defaultSleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve) => {
  if (signal?.aborted) return resolve();
  const t = setTimeout(done, ms);
  function done() {
    clearTimeout(t);
    signal?.removeEventListener('abort', done);
    resolve();
  }
  signal?.addEventListener('abort', done, { once: true });
});

const invalidParams = (message: string) => new McpError(McpErrorCode.InvalidParams, message);

/**
 * The one-sentence -32602 of an `initialize` whose params the SDK's schema refuses, or null when
 * it is well formed.
 */
export function initializeParamsFault(request: JSONRPCRequest): string | null {
  const r = InitializeRequestSchema.safeParse(request);
  if (r.success) return null;
  const issue = r.error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join('.') : 'params';
  const what = (issue?.message ?? 'invalid').slice(0, 100);
  return `Invalid params: ${where.slice(0, 80)}: ${what}; initialize takes {protocolVersion: string, capabilities: {}, clientInfo: {name, version}}.`;
}

/**
 * The SDK answers an `initialize` whose params fail its schema with -32603 Internal error and the
 * parser's whole dump (typescript-sdk#2284: a dispatch-time parse failure is not mapped to -32602).
 * Until it is, such a message is answered here as the transport delivers it, before the SDK sees
 * it: -32602 with one sentence. A well-formed one goes on to the SDK's own handler.
 */
class SvcMcpServer extends Server {
  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if (isJSONRPCRequest(message) && message.method === 'initialize') {
        const fault = initializeParamsFault(message);
        if (fault !== null) {
          void transport.send({ jsonrpc: '2.0', id: message.id, error: { code: McpErrorCode.InvalidParams, message: fault } }).catch((e: unknown) => this.onerror?.(e as Error));
          return;
        }
      }
      deliver?.call(transport, message, extra);
    };
  }
}

/** The tools' name → definition, built once per process (the list itself is). */
let toolsByName: Map<string, McpTool> | undefined;

/** What an MCP server of one caller answers, without the SDK's server around it. */
export interface McpCalls {
  /** A `tools/call` of `params` (`notify` sends the call's progress notifications, when it asked for them). */
  callTool(params: Record<string, unknown> | undefined, notify?: (n: { method: 'notifications/progress'; params: ReturnType<typeof progressParams> }) => Promise<void>): Promise<CallToolResult>;
  readResource(params: Record<string, unknown> | undefined): Promise<{ contents: { uri: string; mimeType: string; text: string }[] }>;
}

/**
 * The tools and resources of one caller over `backend`: what `createMcpServer`'s server answers,
 * also callable directly (the HTTP door answers a plain `tools/call` with it, without building a
 * server and a transport per request; see apps/http/src/mcp-route.ts).
 */
export function mcpCalls(backend: McpBackend, opts: McpServerOptions = {}): McpCalls {
  const tools = listedTools();
  const byName = (toolsByName ??= new Map<string, McpTool>(tools.map((t) => [t.name, t])));
  const results = opts.results ?? new ResultStore();
  const fault = (err: SvcError): Outcome => faultOf(err, opts.docsUrl);
  const bad = (field: string, message: string): Outcome => fault(new SvcError('SVC_INVALID_INPUT', `${field}: ${message}`, { extensions: { field } }));
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? defaultSleep;
  const { signal } = opts;
  const ownerOf = async (): Promise<string | null> => (backend.owner ? backend.owner() : LOCAL_OWNER);

  /**
   * Waits for a job up to `waitS` seconds in polls the server allows, then returns it as it is.
   * With `progress` (the call's progressToken), each change of the job's progress while it runs
   * is sent as a notifications/progress.
   */
  async function follow(jobId: string, waitS: number, progress?: ProgressOut): Promise<Outcome> {
    const deadline = now() + waitS * 1000;
    let pause = FIRST_PAUSE_MS;
    let lastProgress = '';
    for (;;) {
      const left = Math.max(0, Math.ceil((deadline - now()) / 1000));
      const asked = Math.min(left, progress && !backend.progressWaits ? PROGRESS_POLL_S : POLL_CAP_S);
      const sent = now();
      const r = progress ? await backend.getJob(jobId, asked, { orProgress: true }) : await backend.getJob(jobId, asked);
      if (progress && r.ok && !TERMINAL.has(String(r.value.status))) {
        const key = progressKey(r.value);
        if (key !== null && key !== lastProgress) {
          lastProgress = key;
          await progress.send(r.value).catch(() => undefined);
          // A progress wake, not a draining server: no pause.
          if (left > 0 && now() < deadline && !signal?.aborted) continue;
        }
      }
      if (!r.ok || TERMINAL.has(String(r.value.status)) || left === 0 || now() >= deadline || signal?.aborted) return r;
      // Back before half its wait: the server cut the long-poll (it is draining); pause, never spin.
      if (now() - sent < asked * 500) {
        await sleep(Math.min(pause, Math.max(0, deadline - now())), signal);
        pause = Math.min(2 * pause, MAX_PAUSE_MS);
        if (signal?.aborted) return r;
      } else pause = FIRST_PAUSE_MS;
    }
  }

  async function run(tool: McpTool, args: Json, progress?: ProgressOut): Promise<Outcome> {
    if (tool.kind === 'schema') {
      const extra = Object.keys(args).find((k) => k !== 'command');
      if (extra !== undefined) return fault(new SvcError('SVC_UNSUPPORTED', `Unknown argument '${extra}'; ${SCHEMA_TOOL} takes command.`, { extensions: { field: extra } }));
      if (typeof args.command !== 'string' || !(SERVED_COMMANDS as readonly string[]).includes(args.command)) {
        return bad('command', `expected one of ${SERVED_COMMANDS.join(', ')}.`);
      }
      return { ok: true, value: commandSchemas(args.command as ServedCommand) };
    }
    const allowed: readonly string[] = tool.kind === 'verify' ? ['command', 'problem', 'answer'] : tool.kind === 'analyze' ? SOLVE_KEYS : [...SOLVE_KEYS, ...JOB_KEYS];
    for (const k of Object.keys(args)) {
      if (!allowed.includes(k) || (tool.command !== null && k === 'command')) {
        return fault(new SvcError('SVC_UNSUPPORTED', `Unknown argument '${k}'; ${tool.name} takes ${allowed.filter((a) => tool.command === null || a !== 'command').join(', ')}.`, { extensions: { field: k } }));
      }
    }
    if (args.job_id !== undefined) {
      if (typeof args.job_id !== 'string' || args.job_id === '') return bad('job_id', 'expected the id of a job (job_…).');
      if (args.cancel !== undefined && typeof args.cancel !== 'boolean') return bad('cancel', 'expected true or false.');
      if (args.cancel === true) return backend.cancelJob(args.job_id);
      const w = args.wait_seconds ?? DEFAULT_WAIT_S;
      if (typeof w !== 'number' || !Number.isInteger(w) || w < 0) return bad('wait_seconds', `expected a whole number of seconds, at most ${MAX_WAIT_S}.`);
      return follow(args.job_id, Math.min(w, MAX_WAIT_S), progress);
    }
    for (const k of ['wait_seconds', 'cancel'] as const) if (args[k] !== undefined) return bad(k, 'only meaningful with job_id.');
    if (args.idempotency_key !== undefined && typeof args.idempotency_key !== 'string') return bad('idempotency_key', 'expected a string.');
    const problem = isRecord(args.problem) && args.problem.tag === undefined ? { tag: PROBLEM_TAG, ...args.problem } : args.problem;
    const solveArgs: SolveArgs = {
      ...(Object.fromEntries(SOLVE_KEYS.filter((k) => args[k] !== undefined).map((k) => [k, args[k]])) as Omit<SolveArgs, 'problem'>),
      problem,
      ...(tool.command !== null ? { command: tool.command } : {}),
    };
    if (tool.kind === 'analyze') return backend.analyze(solveArgs);
    if (tool.kind === 'verify') return backend.verify({ command: solveArgs.command, problem, answer: args.answer });
    return backend.compute(solveArgs, args.idempotency_key as string | undefined);
  }

  /** Where the whole of a cut result can be read: the job's result, or a copy kept for the caller. */
  async function keep(value: Json): Promise<string | null> {
    if (typeof value.job_id === 'string') return `svc://jobs/${value.job_id}/result`;
    if (typeof value.receipt !== 'string') return null;
    const owner = await ownerOf();
    if (owner === null) return null;
    results.put(value.receipt, value, owner);
    return `svc://results/${value.receipt}`;
  }

  async function present(out: Outcome): Promise<CallToolResult> {
    if (!out.ok) {
      const p = out.problem;
      const line = `${String(p.code)} (${String(p.status ?? '')}): ${String(p.detail ?? '')} ${String(p.agent_fix_prompt ?? '')}`.trim();
      return { isError: true, structuredContent: p, content: [{ type: 'text', text: line }, { type: 'text', text: fitText(p).text }] };
    }
    const { doc, cutFields } = cut(out.value);
    const fields = Object.keys(cutFields);
    const text = fitText(doc);
    const uri = fields.length > 0 || text.shortened ? await keep(out.value) : null;
    const whole = uri ? ` Read the resource ${uri} for the full result.` : '';
    const note = fields.length > 0 ? `Cut to ${MAX_ITEMS} items: ${fields.map((f) => `${f} (${cutFields[f].total})`).join(', ')}.${whole}` : '';
    const structured = fields.length > 0 ? { ...doc, truncated: { fields: cutFields, ...(uri ? { full_result: uri } : {}), note } } : out.value;
    // Clients that ignore structuredContent read the answer here: the same JSON, cut to fit.
    const json = fields.length > 0 ? fitText(structured) : text;
    const textNote = json.shortened ? ` The JSON below is shortened to ${MAX_TEXT_CHARS} characters (structuredContent has more).${fields.length > 0 ? '' : whole}` : '';
    return {
      structuredContent: structured,
      content: [
        { type: 'text', text: `${summary(out.value)}${note ? ` ${note}` : ''}${textNote}` },
        { type: 'text', text: json.text },
        ...(uri ? [{ type: 'resource_link' as const, uri, name: 'full result', mimeType: 'application/json' }] : []),
      ],
    };
  }

  async function callTool(params: Record<string, unknown> | undefined, notify?: (n: { method: 'notifications/progress'; params: ReturnType<typeof progressParams> }) => Promise<void>): Promise<CallToolResult> {
    if (!isRecord(params) || typeof params.name !== 'string') throw invalidParams('tools/call needs params {"name": "<tool>", "arguments": {…}}.');
    if (params.arguments !== undefined && !isRecord(params.arguments)) throw invalidParams('tools/call: "arguments" must be an object.');
    const tool = byName.get(params.name);
    if (!tool) {
      return present(fault(new SvcError('SVC_UNSUPPORTED', `Unknown tool '${params.name.slice(0, 100)}'; the tools are ${tools.map((t) => t.name).join(', ')}.`)));
    }
    try {
      const meta = isRecord(params._meta) ? params._meta : {};
      const token = meta.progressToken;
      let last = 0;
      const progress: ProgressOut | undefined = notify && (typeof token === 'string' || typeof token === 'number')
        ? {
            send: async (job) => {
              const p = progressParams(token, job, last);
              last = p.progress;
              await notify({ method: 'notifications/progress', params: p });
            },
          }
        : undefined;
      return await present(await run(tool, (params.arguments as Json | undefined) ?? {}, progress));
    } catch (e) {
      return present(fault(e instanceof SvcError ? e : toSvcError(e)));
    }
  }

  async function readResource(params: Record<string, unknown> | undefined) {
    if (!isRecord(params) || typeof params.uri !== 'string') throw invalidParams('resources/read needs params {"uri": "svc://…"}.');
    const uri = params.uri;
    const job = /^svc:\/\/jobs\/([^/]+)\/result$/.exec(uri);
    const kept = /^svc:\/\/results\/(svcr_[0-9a-f]{64})$/.exec(uri);
    const schema = uri.startsWith(SCHEMA_URI_PREFIX) ? uri.slice(SCHEMA_URI_PREFIX.length) : null;
    let doc: Json | undefined;
    if (job) {
      const r = await backend.getJob(decodeURIComponent(job[1]), 0);
      if (!r.ok) throw new McpError(McpErrorCode.InvalidParams, `${String(r.problem.code)}: ${String(r.problem.detail)}`, r.problem);
      if (r.value.status !== 'done') throw invalidParams(`job ${job[1]} is ${String(r.value.status)}; its result is readable once done`);
      doc = r.value.result as Json;
    } else if (kept) {
      const owner = await ownerOf();
      if (owner === null) {
        const p = problemDocument(new SvcError('SVC_UNAUTHENTICATED', 'Kept results are read with the key that solved them: send "Authorization: Bearer <API_KEY>".'), opts.docsUrl) as unknown as Json;
        throw new McpError(McpErrorCode.InvalidParams, `${String(p.code)}: ${String(p.detail)}`, p);
      }
      doc = results.get(kept[1], owner);
      if (!doc) throw invalidParams(`no kept result ${kept[1]} for this caller (results are kept for a while, for the key that solved them); solve again with the same seed to get it`);
    } else if (schema !== null && (SERVED_COMMANDS as readonly string[]).includes(schema)) {
      doc = commandSchemas(schema as ServedCommand);
    } else {
      throw invalidParams(`unknown resource ${uri.slice(0, 200)}; readable: svc://jobs/<job_id>/result, svc://results/<receipt>, ${SCHEMA_URI_PREFIX}<command>`);
    }
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(doc) }] };
  }

  return { callTool, readResource };
}

export function createMcpServer(backend: McpBackend, opts: McpServerOptions = {}): Server {
  const { callTool, readResource } = mcpCalls(backend, opts);
  const server = new SvcMcpServer(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    {
      capabilities: { tools: {}, resources: {} },
      jsonSchemaValidator: (validator ??= new AjvJsonSchemaValidator()),
      instructions: `A remote solver for structured decision problems. svc.analyze (free) estimates, svc.compute solves (named command or routed by shape), svc.verify re-checks an answer; svc.inverse and svc.explore are the want and sample commands; ${SCHEMA_TOOL} gives a command's exact problem schema. Results carry a certainty label: "certified optimum" only when an exact method finished.`,
    },
  );

  // One dispatcher instead of per-method handlers: the SDK's handlers parse each request with zod
  // first, so a tools/call without params was -32603 with the parser's dump; here a malformed
  // request is -32602 with one sentence. initialize and ping stay the SDK's.
  server.fallbackRequestHandler = async (request: JSONRPCRequest, extra) => {
    const params = request.params as Record<string, unknown> | undefined;
    switch (request.method) {
      case 'tools/list':
        return listResult();
      case 'tools/call':
        return callTool(params, (n) => extra.sendNotification(n));
      case 'resources/list':
        return { resources: schemaResources() };
      case 'resources/templates/list':
        return {
          resourceTemplates: [
            { uriTemplate: 'svc://jobs/{job_id}/result', name: 'job result', description: 'The whole result of a queued solve, once done.', mimeType: 'application/json' },
            { uriTemplate: 'svc://results/{receipt}', name: 'cut result', description: 'The whole result of a solve whose arrays were cut (kept for a while, readable with the key that solved it).', mimeType: 'application/json' },
            { uriTemplate: `${SCHEMA_URI_PREFIX}{command}`, name: 'command schemas', description: 'The problem and result JSON Schemas of a command.', mimeType: 'application/json' },
          ],
        };
      case 'resources/read':
        return readResource(params);
      default:
        throw new McpError(McpErrorCode.MethodNotFound, `Method not found: ${request.method.slice(0, 100)}`);
    }
  };

  return server;
}
