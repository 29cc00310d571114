/**
 * The MCP server over any `McpBackend`: tools/list with generated schemas, tools/call returning
 * `structuredContent` plus a short text summary, faults as `isError` results carrying the problem
 * document (never protocol errors), jobs followed by `job_id` (no session state), and long arrays
 * cut with the full result kept as a resource.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema,
  ReadResourceRequestSchema, McpError, ErrorCode as McpErrorCode, type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { problemDocument, SvcError, toSvcError } from '@svc/errors';
import type { Json, McpBackend, Outcome, SolveArgs } from './backend';
import { mcpTools, PROBLEM_TAG, type McpTool } from './schemas';
import { ResultStore } from './result-store';

export const MCP_SERVER_NAME = 'svc-decision-solver';
export const MCP_SERVER_VERSION = '1.0.0';

/** Arrays longer than this are cut in `structuredContent` (the resource keeps them whole). */
export const MAX_ITEMS = 200;
/** Default and longest wait of a `job_id` call, in seconds: under the 10 s some clients allow, and the common 60 s. */
export const DEFAULT_WAIT_S = 8;
export const MAX_WAIT_S = 50;
const POLL_CAP_S = 30;

const TERMINAL = new Set(['done', 'failed', 'cancelled']);
const SOLVE_KEYS = ['command', 'problem', 'effort', 'seed', 'max_latency_ms', 'version'] as const;
const JOB_KEYS = ['job_id', 'wait_seconds', 'cancel', 'idempotency_key'] as const;

export interface McpServerOptions {
  /** Where cut results of synchronous solves are kept (share one across per-request servers). */
  results?: ResultStore;
  /** The clock of job waits (tests). */
  now?: () => number;
}

function fault(err: SvcError): Outcome {
  return { ok: false, problem: problemDocument(err) as unknown as Json };
}

function bad(field: string, message: string): Outcome {
  return fault(new SvcError('SVC_INVALID_INPUT', `${field}: ${message}`, { extensions: { field } }));
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
  const objective = ['energy', 'cut_value', 'value', 'violations'].filter((k) => typeof doc[k] === 'number').map((k) => `${k} ${String(doc[k])}`).join(', ');
  const routed = isRecord(doc.routed) ? ` (routed to ${String(doc.routed.command)})` : '';
  return `${objective || 'answered'}${routed}; ${String(doc.certainty ?? '')}; receipt ${String(doc.receipt ?? '')}.`.replace('; ;', ';');
}

export function createMcpServer(backend: McpBackend, opts: McpServerOptions = {}): Server {
  const tools = mcpTools();
  const byName = new Map<string, McpTool>(tools.map((t) => [t.name, t]));
  const results = opts.results ?? new ResultStore();
  const now = opts.now ?? Date.now;

  const server = new Server(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: 'A remote solver for structured decision problems. svc.analyze (free) estimates, svc.compute solves (named command or routed by shape), svc.verify re-checks an answer; svc.inverse and svc.explore are the want and sample commands. Results carry a certainty label: "certified optimum" only when an exact method finished.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t) => ({ name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema })),
  }));

  /** Waits for a job up to `waitS` seconds in polls the server allows, then returns it as it is. */
  async function follow(jobId: string, waitS: number): Promise<Outcome> {
    const deadline = now() + waitS * 1000;
    for (;;) {
      const left = Math.max(0, Math.ceil((deadline - now()) / 1000));
      const r = await backend.getJob(jobId, Math.min(left, POLL_CAP_S));
      if (!r.ok || TERMINAL.has(String(r.value.status)) || left === 0 || now() >= deadline) return r;
    }
  }

  async function run(tool: McpTool, args: Json): Promise<Outcome> {
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
      return follow(args.job_id, Math.min(w, MAX_WAIT_S));
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

  function present(out: Outcome): CallToolResult {
    if (!out.ok) {
      const p = out.problem;
      return { isError: true, structuredContent: p, content: [{ type: 'text', text: `${String(p.code)} (${String(p.status ?? '')}): ${String(p.detail ?? '')} ${String(p.agent_fix_prompt ?? '')}`.trim() }] };
    }
    const { doc, cutFields } = cut(out.value);
    const fields = Object.keys(cutFields);
    if (fields.length === 0) return { structuredContent: out.value, content: [{ type: 'text', text: summary(out.value) }] };
    const jobId = typeof out.value.job_id === 'string' ? out.value.job_id : null;
    const receipt = typeof out.value.receipt === 'string' ? out.value.receipt : null;
    let uri: string | null = null;
    if (jobId) uri = `svc://jobs/${jobId}/result`;
    else if (receipt) {
      results.put(receipt, out.value);
      uri = `svc://results/${receipt}`;
    }
    const note = `Cut to ${MAX_ITEMS} items: ${fields.map((f) => `${f} (${cutFields[f].total})`).join(', ')}.${uri ? ` Read the resource ${uri} for the full result.` : ''}`;
    const structured = { ...doc, truncated: { fields: cutFields, ...(uri ? { full_result: uri } : {}), note } };
    return {
      structuredContent: structured,
      content: [
        { type: 'text', text: `${summary(out.value)} ${note}` },
        ...(uri ? [{ type: 'resource_link' as const, uri, name: 'full result', mimeType: 'application/json' }] : []),
      ],
    };
  }

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      return present(fault(new SvcError('SVC_UNSUPPORTED', `Unknown tool '${request.params.name}'; the tools are ${tools.map((t) => t.name).join(', ')}.`)));
    }
    try {
      return present(await run(tool, request.params.arguments ?? {}));
    } catch (e) {
      return present(fault(e instanceof SvcError ? e : toSvcError(e)));
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      { uriTemplate: 'svc://jobs/{job_id}/result', name: 'job result', description: 'The whole result of a queued solve, once done.', mimeType: 'application/json' },
      { uriTemplate: 'svc://results/{receipt}', name: 'cut result', description: 'The whole result of a solve whose arrays were cut (kept for a while).', mimeType: 'application/json' },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const job = /^svc:\/\/jobs\/([^/]+)\/result$/.exec(uri);
    const kept = /^svc:\/\/results\/(svcr_[0-9a-f]{64})$/.exec(uri);
    let doc: Json | undefined;
    if (job) {
      const r = await backend.getJob(decodeURIComponent(job[1]), 0);
      if (!r.ok) throw new McpError(McpErrorCode.InvalidParams, `${String(r.problem.code)}: ${String(r.problem.detail)}`, r.problem);
      if (r.value.status !== 'done') throw new McpError(McpErrorCode.InvalidParams, `job ${job[1]} is ${String(r.value.status)}; its result is readable once done`);
      doc = r.value.result as Json;
    } else if (kept) {
      doc = results.get(kept[1]);
      if (!doc) throw new McpError(McpErrorCode.InvalidParams, `no kept result ${kept[1]} (results are kept for a while); solve again with the same seed to get it`);
    } else {
      throw new McpError(McpErrorCode.InvalidParams, `unknown resource ${uri}; readable: svc://jobs/<job_id>/result, svc://results/<receipt>`);
    }
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(doc) }] };
  });

  return server;
}
