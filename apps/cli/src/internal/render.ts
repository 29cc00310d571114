import { ERRORS, SvcError, errorTypeUrl, isErrorCode, problemDocument, withoutServiceStatus, type ProblemDocument } from '@svc/errors';
import { DEFAULT_BASE_URL, type SolveResult } from '@svc/client';
import type { CliIo } from './cli-io';
import { credentialOrigin } from './session';

export const FORMATS = ['human', 'json', 'envelope'] as const;
export type Format = (typeof FORMATS)[number];

/** The global output flags: `--format`, `--out`, `--fields`, `--compact`. */
export interface OutputOptions {
  format: Format;
  out?: string;
  fields?: string[];
  compact: boolean;
}

const ANSWER_ITEMS = 40;
const TEXT_CHARS = 160;
const COMPACT_ITEMS = 20;
// Objective-like fields of the search commands, shown in this order when present.
export const OBJECTIVE_FIELDS = ['energy', 'cut_value', 'length', 'cost', 'value', 'objective', 'disagreements', 'violations', 'bound', 'gap'];
// Heavy internals `--compact` drops: measurement detail and schemas, never answers or labels.
const HEAVY_KEYS = new Set(['observability', 'peak_rss_kb', 'compute_units_formula', 'input_schema', 'output_schema', 'upstream_body']);
// What a `--out` summary keeps on stdout (the file has everything).
const SUMMARY_KEYS = [
  'ok', 'valid', 'mode', 'status', 'job_id', 'command', 'certainty', ...OBJECTIVE_FIELDS, 'receipt',
  'compute_units', 'compute_units_left', 'version', 'engine', 'elapsed_ms', 'stopped_at_deadline',
];

// One compact line per document: machine formats are parsed, and long answers stay one line.
export const line = (x: unknown) => `${JSON.stringify(x)}\n`;

/** Compact text of an answer, truncated when long (the full answer is in `--format json`). */
export function truncateAnswer(answer: unknown): string {
  if (Array.isArray(answer) && answer.length > ANSWER_ITEMS) {
    const head = answer.slice(0, ANSWER_ITEMS).map((x) => JSON.stringify(x)).join(',');
    return `[${head},…] (${answer.length} values, first ${ANSWER_ITEMS} shown)`;
  }
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer) ?? String(answer);
  return text.length > TEXT_CHARS ? `${text.slice(0, TEXT_CHARS)}… (${text.length} chars)` : text;
}

/** Aligned `key  value` rows, two spaces in. */
export function table(rows: [string, string][]): string {
  const w = Math.max(0, ...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(w)}  ${v}\n`).join('');
}

/** Rows of a document's top-level members (nested values as truncated JSON). */
export function docRows(doc: Record<string, unknown>): [string, string][] {
  return Object.entries(doc).map(([k, v]) => [k, truncateAnswer(v)]);
}

/** The readable summary of a solve for `--format human`. */
/** A relative gap (a fraction, as the service sends it) in the one form svc prints: a percentage. */
export function gapText(gap: number): string {
  return `${(100 * gap).toFixed(2)}%`;
}

export function humanSummary(command: string, r: SolveResult): string {
  const rows: [string, string][] = [];
  if (r.status === 'queued' && typeof r.job_id === 'string') {
    rows.push(['job', r.job_id], ['poll', String(r.poll ?? '')], ['compute units', String(r.compute_units ?? '')]);
    return `${command}: queued (resume with \`svc jobs ${r.job_id}\`)\n${table(rows)}`;
  }
  for (const f of OBJECTIVE_FIELDS) {
    if (r[f] !== undefined) rows.push([f, f === 'gap' && typeof r.gap === 'number' ? gapText(r.gap) : JSON.stringify(r[f])]);
  }
  if (r.answer !== undefined) rows.push(['answer', truncateAnswer(r.answer)]);
  if (r.receipt !== undefined) rows.push(['receipt', String(r.receipt)]);
  if (r.engine !== undefined) rows.push(['engine', String(r.engine)]);
  if (r.version !== undefined) rows.push(['version', String(r.version)]);
  if (r.elapsed_ms !== undefined) rows.push(['elapsed', `${r.elapsed_ms} ms`]);
  if (r.compute_units !== undefined) {
    const left = r.compute_units_left !== undefined ? ` (${r.compute_units_left} left today)` : '';
    rows.push(['compute units', `${r.compute_units}${left}`]);
  }
  if (r.stopped_at_deadline !== undefined) rows.push(['stopped at deadline', `${r.stopped_at_deadline} (budget ${r.latency_budget_ms} ms)`]);
  if (r.cached === true) rows.push(['cached', 'true (served from prior computation)']);
  const alert = r.usage_alert as { level?: string; message?: string } | undefined;
  if (alert?.message) rows.push(['usage alert', `${alert.level ?? 'notice'}: ${alert.message}`]);
  return `${command}: ${r.certainty ?? '(no certainty label)'}\n${table(rows)}`;
}

// Documents of faults svc found itself (no response carried them), with what to say instead of a status.
const FOUND_BY_SVC = new WeakMap<ProblemDocument, string>();

/** Marks `doc` as found by svc itself: no `status`; its prose says `note` where a response's would say "HTTP 422". */
export function markLocal(doc: ProblemDocument, note = 'checked locally, nothing was sent'): ProblemDocument {
  FOUND_BY_SVC.set(doc, note);
  // No response carried it: no HTTP status but a CLI-local code's own (its exit code stays the code's).
  withoutServiceStatus(doc);
  return doc;
}

/**
 * The base of svc's own documents' `type` links: the service this invocation is configured for, as
 * its client's documents have (the session's base URL; before a session, SVC_BASE_URL, else the default).
 */
function docsBaseOf(io: CliIo): string {
  const server = credentialOrigin(io)?.server;
  if (server !== undefined) return server;
  const env = io.env.SVC_BASE_URL?.trim();
  try {
    if (env && /^https?:$/.test(new URL(env).protocol)) return env;
  } catch {
    // Not a URL: svc reports SVC_CONFIG_INVALID for it; its own documents keep the default.
  }
  return DEFAULT_BASE_URL;
}

/** A document svc found itself, as written out: its `type` on the invocation's service (`docsBaseOf`). */
export function asWritten(io: CliIo, doc: ProblemDocument): ProblemDocument {
  if (FOUND_BY_SVC.has(doc) && isErrorCode(doc.code)) doc.type = errorTypeUrl(docsBaseOf(io), doc.code);
  return doc;
}

/** The problem document of a fault svc found itself (its prose claims no HTTP status). */
export function localProblem(err: SvcError, note?: string): ProblemDocument {
  return markLocal(problemDocument(err), note);
}

/**
 * Prose for an error, always written to stderr. A document's `hint` (set by svc for faults it found
 * itself) is the specific fix and replaces the catalogue's general help in the prose.
 */
export function errorProse(doc: ProblemDocument): string {
  const local = isErrorCode(doc.code) && ERRORS[doc.code].cliLocal;
  const note = FOUND_BY_SVC.get(doc);
  const status = local ? '' : note ? ` (${note})` : typeof doc.status !== 'number' ? '' : ` (HTTP ${doc.status})`;
  const lines = [`svc: ${doc.code}${status}: ${doc.detail}`];
  if (typeof doc.hint === 'string') lines.push(`  help: ${doc.hint}`);
  else if (doc.help) lines.push(`  help: ${doc.help}`);
  const next = Array.isArray(doc.next_actions) ? doc.next_actions : [];
  const steps = next.map((a) => {
    const after = typeof a.after_seconds === 'number' ? ` after ${a.after_seconds} s` : '';
    return `${a.action}${after}${a.requires_human_approval ? ' (needs human approval)' : ''}`;
  });
  if (steps.length) lines.push(`  next: ${steps.join('; ')}`);
  return `${lines.join('\n')}\n`;
}

/** `--compact`: a copy without heavy internals and with arrays cut to 20 items, saying what went. */
export function compactDoc(doc: Record<string, unknown>): Record<string, unknown> {
  const dropped: string[] = [];
  const truncated: Record<string, number> = {};
  const walk = (v: unknown, path: string): unknown => {
    if (Array.isArray(v)) {
      if (v.length > COMPACT_ITEMS) truncated[path] = v.length;
      return v.slice(0, COMPACT_ITEMS).map((x, i) => walk(x, `${path}[${i}]`));
    }
    if (typeof v === 'object' && v !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        if (HEAVY_KEYS.has(k)) dropped.push(p);
        else out[k] = walk(x, p);
      }
      return out;
    }
    return v;
  };
  const out = walk(doc, '') as Record<string, unknown>;
  if (dropped.length || Object.keys(truncated).length) out.compacted = { dropped, truncated };
  return out;
}

/** `--fields`: only the named top-level members, in the order named. */
export function pickFields(doc: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (Object.prototype.hasOwnProperty.call(doc, f)) out[f] = doc[f];
  return out;
}

function summaryOf(doc: Record<string, unknown>, file: string, bytes: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of SUMMARY_KEYS) if (doc[k] !== undefined) out[k] = doc[k];
  return { ...out, out: file, out_bytes: bytes };
}

/** Writes `doc` as pretty JSON to `file` (`--out`); returns the bytes written. */
export async function writeOut(io: CliIo, file: string, doc: unknown): Promise<number> {
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  if (!io.writeFile) throw new SvcError('SVC_CLIENT', `Cannot write --out ${file}: writing files is not available here.`);
  try {
    await io.writeFile(file, text);
  } catch (e) {
    throw new SvcError('SVC_CLIENT', `Cannot write --out ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`);
  }
  return Buffer.byteLength(text);
}

export interface SuccessView {
  /** The human rendering of the (possibly compacted) document. */
  human: (doc: Record<string, unknown>) => string;
  /** The request problem, echoed by `--format envelope` (null when there is none). */
  problem?: unknown;
  /** Exit code of this success (default 0; `verify` exits 3 when a check fails). */
  exitCode?: number;
}

/**
 * Writes a successful document under the output flags: `--out` (full document to the file, a
 * summary printed), `--compact`, `--fields`, then the format. Returns the exit code.
 */
export async function emitSuccess(io: CliIo, o: OutputOptions, doc: Record<string, unknown>, view: SuccessView): Promise<number> {
  const bytes = o.out !== undefined ? await writeOut(io, o.out, doc) : 0;
  if (o.fields) {
    const missing = o.fields.filter((f) => !Object.prototype.hasOwnProperty.call(doc, f));
    if (missing.length) io.stderr(`svc: --fields: no member ${missing.join(', ')} in this result\n`);
  }
  if (o.format === 'human') {
    const shown = o.compact ? compactDoc(doc) : doc;
    let text = o.fields ? table(docRows(pickFields(shown, o.fields))) : view.human(shown);
    if (o.out !== undefined) text += `  full response written to ${o.out} (${bytes} bytes)\n`;
    io.stdout(text);
  } else {
    let shown = o.out !== undefined ? summaryOf(doc, o.out, bytes) : doc;
    if (o.compact) shown = compactDoc(shown);
    if (o.fields) shown = pickFields(shown, o.fields);
    io.stdout(line(o.format === 'envelope' ? { problem: view.problem ?? null, result: shown } : shown));
  }
  return view.exitCode ?? 0;
}

/**
 * An auth refusal of a key (401, or 403 for a revoked one) names the key's source, the config file
 * and the server it went to, with the way out: a key stored by `svc login` is otherwise sent
 * silently to whatever server SVC_BASE_URL names, and a fresh server refuses it.
 */
export function withCredentialOrigin(io: CliIo, doc: ProblemDocument): ProblemDocument {
  const o = credentialOrigin(io);
  if (!o || o.source === 'sandbox' || (doc.status !== 401 && doc.code !== 'SVC_TOKEN_BLOCKED')) return doc;
  const what = o.source === 'config'
    ? `The API key stored in ${o.config} (by \`svc login\`${o.loginServer ? ` for ${o.loginServer}` : ''})`
    : o.source === 'SVC_API_KEY' ? 'The API key in SVC_API_KEY' : 'The key given with --key';
  const fix = o.source === 'config'
    ? '`svc logout` removes it (then the public sandbox token is used), `svc login --key <KEY>` stores a key of this server, and SVC_CONFIG=<file> selects another config file.'
    : o.source === 'SVC_API_KEY' ? 'Unset SVC_API_KEY, or set it to a key of this server.' : 'Check the key, and SVC_BASE_URL if the key belongs to another server.';
  return {
    ...doc,
    credential: { source: o.source, config: o.config, server: o.server, ...(o.loginServer ? { login_server: o.loginServer } : {}) },
    hint: `${what} was sent to ${o.server}, which refused it. ${fix}`,
  };
}

/** Writes an error, never masked: the document on stdout for json/envelope (and to `--out`), prose on stderr. */
export async function emitError<E extends number>(io: CliIo, o: OutputOptions, problem: unknown, given: ProblemDocument, exitCode: E): Promise<E> {
  const doc = withCredentialOrigin(io, given);
  if (o.out !== undefined) {
    try {
      await writeOut(io, o.out, doc);
    } catch (e) {
      io.stderr(`svc: ${(e as Error).message}\n`);
    }
  }
  emitErrorSync(io, o.format, problem, doc);
  return exitCode;
}

/** The synchronous part of {@link emitError} (usage errors before any flag was understood). */
export function emitErrorSync(io: CliIo, format: Format, problem: unknown, doc: ProblemDocument): void {
  asWritten(io, doc);
  if (format === 'json') io.stdout(line(doc));
  else if (format === 'envelope') io.stdout(line({ problem: problem ?? null, error: doc }));
  io.stderr(errorProse(doc));
}
