import { encodeSvcb, withTag, type ClientResult, type Client, type SolveOptions, type PreparedRequest } from '@svc/client';
import { CATALOGUE, COMMANDS as SERVICE_COMMANDS } from '@svc/contracts/commands';
import { SvcError, problemDocument, exitCodeFor, type ProblemDocument } from '@svc/errors';
import { didYouMean, flagValue, intValue, type FlagSpec, type ParsedArgs } from '../args';
import type { CliIo } from '../cli-io';
import type { CommandContext, CommandSpec } from '../command-spec';
import { redactKey } from '../config';
import { INPUT_FLAG, QUERY_FLAGS, SOLVE_FLAGS, WAIT_FLAGS } from '../flags';
import { progressReporter } from '../progress';
import { readProblem } from '../read-problem';
import { emitError, emitSuccess, humanSummary, localProblem, markLocal, table, truncateAnswer } from '../render';
import { openSession } from '../session';

const COMMAND_NAME = /^[a-z][a-z0-9-]*$/;
/** The commands with a binary lane (docs/svcb.md): the only ones whose short form takes --binary. */
export const SVCB_COMMANDS: ReadonlySet<string> = new Set(['optimize', 'maxcut']);

/**
 * A command operand (`svc solve <command>`, `validate`, `estimate`, `verify`, `batch`), checked
 * before anything is read from stdin or sent: a typo is named as such, with the nearest commands.
 */
export function knownCommand(name: string): string {
  if ((SERVICE_COMMANDS as readonly string[]).includes(name)) return name;
  throw new SvcError('SVC_CLIENT', `Unknown command "${name.slice(0, 80)}".${didYouMean(name, SERVICE_COMMANDS)} The service's commands: ${SERVICE_COMMANDS.join(', ')}.`, {
    extensions: { field: 'command', hint: '`svc capabilities` says what each command does and which are served; nothing was read or sent.' },
  });
}

/** The options of `svc <command>`: --binary only where there is a binary lane, --max-latency-ms only where a budget cuts the search. */
export function solveFlagsFor(command: string): readonly FlagSpec[] {
  const budget = (CATALOGUE as Record<string, { latencyBudget?: true } | undefined>)[command]?.latencyBudget === true;
  return SOLVE_FLAGS.filter((f) => (f.name !== 'binary' || SVCB_COMMANDS.has(command)) && (f.name !== 'max-latency-ms' || budget));
}

/** Everything a solve takes from the command line (or a batch line). */
export interface SolveFlags {
  effort?: string;
  seed?: number;
  maxLatencyMs?: number;
  version?: string;
  idempotencyKey?: string;
  follow: boolean;
  waitTimeoutMs?: number;
  binary: boolean;
  dryRun: boolean;
  maxComputeUnits?: number;
  /** `--certificate full|none`. */
  certificate?: 'full' | 'none';
}

/** Reads the solve flags of `args` (absent flags stay undefined). */
export function solveFlagsOf(args: ParsedArgs): SolveFlags {
  const waitTimeout = intValue(args, 'wait-timeout');
  return {
    effort: flagValue(args, 'effort'),
    seed: intValue(args, 'seed'),
    maxLatencyMs: intValue(args, 'max-latency-ms'),
    version: flagValue(args, 'model'),
    idempotencyKey: flagValue(args, 'idempotency-key'),
    follow: !args.flags.has('no-wait'),
    waitTimeoutMs: waitTimeout === undefined ? undefined : waitTimeout * 1000,
    binary: args.flags.has('binary'),
    dryRun: args.flags.has('dry-run'),
    maxComputeUnits: intValue(args, 'max-compute-units'),
    certificate: flagValue(args, 'certificate') as 'full' | 'none' | undefined,
  };
}

type Outcome = ClientResult<Record<string, unknown>>;

const fail = (doc: ProblemDocument): ClientResult<never> => ({ ok: false, error: doc, exitCode: exitCodeFor(doc.code), status: null });
const local = (e: SvcError): Outcome => fail(localProblem(e));
// Faults svc concludes from the free route answer: nothing was sent to solve.
const FROM_ROUTE = 'found by svc from the route answer, nothing was sent to solve';

function describeBody(req: PreparedRequest): Record<string, unknown> {
  if (typeof req.body === 'string') return { lane: 'json', body: JSON.parse(req.body), body_bytes: Buffer.byteLength(req.body) };
  return { lane: 'svcb', body_base64: Buffer.from(req.body).toString('base64'), body_bytes: req.body.byteLength };
}

/** `svc compute`: the command the service's router picked (`POST /api/v1/route`, best first). */
export interface RoutedTo {
  readonly command: string;
  readonly confidence: unknown;
  readonly why: unknown;
}

/**
 * One solve with every flag of interface §4 applied: `--binary` (SVCB for integer optimize/maxcut,
 * JSON otherwise), `--max-compute-units` (estimate first, fail closed), `--dry-run` (validity,
 * estimate and the exact request; nothing solved), then the request, following a 202 unless
 * `--no-wait`. Notes go to stderr; the outcome is a result or a problem document. With `routed`
 * (`svc compute`) the JSON request goes to `POST /api/v1/compute` and the estimate and SVCB
 * encoding use the routed command.
 */
export async function solveOne(io: CliIo, client: Client, command: string, problem: Record<string, unknown>, f: SolveFlags, routed?: RoutedTo): Promise<Outcome> {
  const opts: SolveOptions = {
    effort: f.effort, seed: f.seed, maxLatencyMs: f.maxLatencyMs, version: f.version,
    idempotencyKey: f.idempotencyKey, follow: f.follow, waitTimeoutMs: f.waitTimeoutMs,
    ...(f.certificate !== undefined ? { certificate: f.certificate } : {}),
  };
  // compute's `contract` is not a field of the routed command: estimate without it, with its latency.
  let estimateBody = problem;
  let contractMs: number | undefined;
  if (routed) {
    const { contract, ...bare } = problem;
    estimateBody = bare;
    contractMs = contractLatency(contract);
  }

  let svcb: Uint8Array | undefined;
  if (f.binary) {
    const enc = encodeSvcb(command, problem);
    const versionClash = enc.ok && enc.version !== undefined && f.version !== undefined && enc.version !== f.version;
    if (enc.ok && !versionClash) {
      svcb = enc.bytes;
      opts.version ??= enc.version;
    } else {
      const reason = !enc.ok ? enc.reason : 'the body version and --model disagree (the service must judge that)';
      io.stderr(`svc: --binary: sending JSON instead of SVCB: ${SVCB_COMMANDS.has(command) ? reason : `${command} has no binary lane`}.\n`);
    }
  }

  let estimate: Record<string, unknown> | undefined;
  if (f.dryRun || f.maxComputeUnits !== undefined) {
    const est = await client.analyze(command, estimateBody, {
      route: 'estimate', effort: opts.effort, seed: opts.seed, maxLatencyMs: opts.maxLatencyMs ?? contractMs, version: opts.version,
    });
    if (!est.ok) {
      if (f.maxComputeUnits === undefined || est.error.code !== 'SVC_NETWORK') return est;
      // Fail closed: without an estimate nothing is solved.
      return local(new SvcError('SVC_NETWORK',
        `--max-compute-units ${f.maxComputeUnits}: the estimate is unreachable, so nothing was solved (fail closed). ${est.error.detail}`));
    }
    estimate = est.result;
    if (f.maxComputeUnits !== undefined) {
      const units = estimate.compute_units;
      if (typeof units !== 'number') {
        return local(new SvcError('SVC_UPSTREAM_INVALID_RESPONSE', `--max-compute-units ${f.maxComputeUnits}: the estimate carries no compute_units, so nothing was solved (fail closed).`));
      }
      if (units > f.maxComputeUnits) {
        return local(new SvcError('SVC_BUDGET_EXCEEDED',
          `The estimate is ${units} compute units at effort ${String(estimate.effort ?? opts.effort ?? 'medium')}, over --max-compute-units ${f.maxComputeUnits}; nothing was sent to solve or charged.`,
          { extensions: { estimated_compute_units: units, max_compute_units: f.maxComputeUnits, compute_units_by_effort: estimate.compute_units_by_effort } }));
      }
    }
  }

  let request: PreparedRequest;
  if (svcb) request = client.prepareBinary(svcb, opts);
  else {
    const p = routed ? client.prepareCompute(problem, opts) : client.prepareSolve(command, problem, opts);
    if (!p.ok) return p;
    request = p.result;
  }

  if (f.dryRun) {
    const cred = await client.credential();
    if (!cred.ok) return cred;
    const shownToken = cred.result.kind === 'key' ? redactKey(cred.result.token) : cred.result.token;
    return {
      ok: true, status: 200,
      result: {
        dry_run: true, sent: false, command, ...(routed ? { routed } : {}), valid: estimate?.valid ?? true,
        ...(f.maxComputeUnits !== undefined ? { max_compute_units: f.maxComputeUnits } : {}),
        estimate,
        credential: cred.result.kind,
        request: {
          method: request.method, url: request.url,
          headers: { ...request.headers, authorization: `Bearer ${shownToken}` },
          ...describeBody(request),
        },
      },
    };
  }

  const progress = f.follow ? progressReporter(io) : undefined;
  try {
    return await client.send(request, { ...opts, onProgress: progress?.onProgress });
  } finally {
    progress?.done();
  }
}

/** The human view of a `--dry-run` document. */
export function dryRunHuman(doc: Record<string, unknown>): string {
  const est = (doc.estimate ?? {}) as Record<string, unknown>;
  const req = (doc.request ?? {}) as Record<string, unknown>;
  const headers = (req.headers ?? {}) as Record<string, string>;
  const yes = (b: unknown) => (b === true ? 'yes' : b === false ? 'no' : '?');
  const routed = doc.routed as RoutedTo | undefined;
  const rows: [string, string][] = [
    ...(routed ? [['routed to', `${routed.command} (confidence ${String(routed.confidence)}: ${String(routed.why)})`] as [string, string]] : []),
    ['estimate', `${est.compute_units} compute units at effort ${est.effort}; difficulty ${est.difficulty}; would certify ${typeof est.certify === 'string' ? est.certify : yes(est.would_certify)}; would queue ${yes(est.would_queue)}`],
  ];
  if (doc.max_compute_units !== undefined) rows.push(['budget', `${doc.max_compute_units} compute units (within)`]);
  rows.push(['request', `${req.method} ${req.url}`]);
  for (const [k, v] of Object.entries(headers)) rows.push([k, v]);
  rows.push(['body', req.lane === 'svcb' ? `SVCB, ${req.body_bytes} bytes` : `${truncateAnswer(JSON.stringify(req.body))} (${req.body_bytes} bytes)`]);
  return `${doc.command}: dry run: ${doc.valid === true ? 'valid' : 'NOT valid'}; nothing was sent to solve\n${table(rows)}`;
}

/** Renders one solve outcome under the output flags. */
export async function emitSolve(ctx: CommandContext, label: string, problem: unknown, out: Outcome): Promise<number> {
  if (!out.ok) {
    // No response carried it (the client refused to send, or nothing answered).
    if (out.status === null) markLocal(out.error);
    return emitError(ctx.io, ctx.output, problem, out.error, out.exitCode);
  }
  const human = out.result.dry_run === true ? dryRunHuman : (d: Record<string, unknown>) => humanSummary(label, d);
  return emitSuccess(ctx.io, ctx.output, out.result, { human, problem });
}

/** `svc <command>` / `svc solve <command>`: one problem to `POST /api/v1/solve/<command>`. */
async function runSolve(command: string, ctx: CommandContext): Promise<number> {
  const { io, args } = ctx;
  const problem = withTag(await readProblem(io, flagValue(args, 'input')));
  const { client } = await openSession(io);
  return emitSolve(ctx, command, problem, await solveOne(io, client, command, problem, solveFlagsOf(args)));
}

const DETAILS_LINES = [
  'The problem is one JSON object with `description` (one sentence naming the real decision) and the',
  'command\'s fields (`svc schema <command>`, `svc formulate <command>`); `tag` is filled in when absent.',
  'Every solve carries an Idempotency-Key reused by its retries, so a retry never bills twice. A queued',
  'solve (HTTP 202) is followed to its end (a progress line on stderr when it is a terminal); a wait that',
  'ends first is SVC_JOB_WAIT_TIMEOUT (exit 1): resume with `svc jobs <id>`, never resubmit.',
  '--binary: integer-weight optimize/maxcut go as SVCB to /api/v1/compute/binary (docs/svcb.md); anything',
  'else falls back to JSON (a note on stderr).',
];
const DETAILS = DETAILS_LINES.join('\n');
const DETAILS_NO_BINARY = DETAILS_LINES.slice(0, -2).join('\n');

/** `svc <command>`: the short form for one service command. */
export function solveCommand(command: string, summary: string, served = true): CommandSpec {
  return {
    name: command, group: 'solve', summary, operands: [], flags: solveFlagsFor(command), details: SVCB_COMMANDS.has(command) ? DETAILS : DETAILS_NO_BINARY,
    run: (ctx) => runSolve(command, ctx),
    ...(served ? {} : { notAvailable: true as const }),
  };
}

/** `svc solve <command>`: the long form, for any command the service offers. */
export const SOLVE_LONG_FORM: CommandSpec = {
  name: 'solve',
  group: 'solve',
  summary: 'solve a problem with any service command (long form of `svc optimize` etc.)',
  operands: ['<command>'],
  flags: SOLVE_FLAGS,
  details: DETAILS,
  run: (ctx) => runSolve(knownCommand(ctx.operands[0]), ctx),
};

/** `contract.requirements.max_latency_ms` of a compute body when it is a number. */
function contractLatency(contract: unknown): number | undefined {
  const req = (contract as { requirements?: { max_latency_ms?: unknown } } | undefined)?.requirements;
  return typeof req?.max_latency_ms === 'number' ? req.max_latency_ms : undefined;
}

/**
 * The command `POST /api/v1/route` ranks first for a bare problem, or the fault `compute` itself
 * would answer (no command accepts the shape, or it is not served here).
 */
async function routeOf(client: Client, problem: Record<string, unknown>): Promise<ClientResult<RoutedTo>> {
  const r = await client.route(problem);
  if (!r.ok) return r;
  const top = (r.result.candidates as { command?: unknown; confidence?: unknown; why?: unknown; available?: unknown }[] | undefined)?.[0];
  if (!top || typeof top.command !== 'string') {
    return fail(localProblem(new SvcError('SVC_INVALID_INPUT', 'No command accepts a problem of this shape; `svc route` lists the candidates and `svc formulate <command>` shows each shape.', { extensions: { field: '(root)' } }), FROM_ROUTE));
  }
  if (top.available !== true) {
    return fail(localProblem(new SvcError('SVC_UNSUPPORTED', `The problem's shape is '${top.command}' (${String(top.why)}), which this service does not solve yet.`), FROM_ROUTE));
  }
  return { ok: true, status: r.status, result: { command: top.command, confidence: top.confidence, why: top.why } };
}

/** `svc compute`: the service routes a bare problem to a command by its shape. */
export const COMPUTE_COMMAND: CommandSpec = {
  name: 'compute',
  group: 'solve',
  summary: 'solve a bare problem, routed to a command by its shape (POST /api/v1/compute)',
  operands: [],
  flags: SOLVE_FLAGS,
  details: [
    'Use `svc route` first (free) to see which command the shape maps to. With --dry-run,',
    '--max-compute-units or --binary the problem is routed first (POST /api/v1/route, free), and the',
    'estimate and SVCB encoding use the routed command; the solve itself still goes to /api/v1/compute',
    '(or /api/v1/compute/binary).',
  ].join('\n'),
  run: async (ctx) => {
    const { io, args } = ctx;
    const problem = withTag(await readProblem(io, flagValue(args, 'input')));
    const { client } = await openSession(io);
    const f = solveFlagsOf(args);
    if (f.binary || f.dryRun || f.maxComputeUnits !== undefined) {
      const routed = await routeOf(client, problem);
      if (!routed.ok) return emitSolve(ctx, 'compute', problem, routed);
      return emitSolve(ctx, 'compute', problem, await solveOne(io, client, routed.result.command, problem, f, routed.result));
    }
    const progress = f.follow ? progressReporter(io) : undefined;
    try {
      const out = await client.compute(problem, { ...f, onProgress: progress?.onProgress });
      progress?.done();
      return emitSolve(ctx, 'compute', problem, out);
    } finally {
      progress?.done();
    }
  },
};

export { COMMAND_NAME };
