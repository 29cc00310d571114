import { ERRORS, isErrorCode, type ProblemDocument } from '@svc/errors';
import type { SolveResult } from '@svc/client';
import type { CliIo } from './cli-io';

export const FORMATS = ['human', 'json', 'envelope'] as const;
export type Format = (typeof FORMATS)[number];

const ANSWER_ITEMS = 40;
const TEXT_CHARS = 160;
// Objective-like fields of the search commands, shown in this order when present.
const OBJECTIVE_FIELDS = ['energy', 'cut_value', 'length', 'cost', 'value', 'objective', 'disagreements', 'violations', 'bound', 'gap'];

// One compact line per document: machine formats are parsed, and long answers stay one line.
const line = (x: unknown) => `${JSON.stringify(x)}\n`;

/** Compact text of an answer, truncated when long (the full answer is in `--format json`). */
export function truncateAnswer(answer: unknown): string {
  if (Array.isArray(answer) && answer.length > ANSWER_ITEMS) {
    const head = answer.slice(0, ANSWER_ITEMS).map((x) => JSON.stringify(x)).join(',');
    return `[${head},…] (${answer.length} values, first ${ANSWER_ITEMS} shown)`;
  }
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer) ?? String(answer);
  return text.length > TEXT_CHARS ? `${text.slice(0, TEXT_CHARS)}… (${text.length} chars)` : text;
}

/** The readable summary of a success for `--format human`. */
export function humanSummary(command: string, r: SolveResult): string {
  const rows: [string, string][] = [];
  if (r.status === 'queued' && typeof r.job_id === 'string') {
    rows.push(['job', r.job_id], ['poll', String(r.poll ?? '')], ['compute units', String(r.compute_units ?? '')]);
    return `${command}: queued (resume with \`svc jobs ${r.job_id}\`)\n${table(rows)}`;
  }
  for (const f of OBJECTIVE_FIELDS) if (r[f] !== undefined) rows.push([f, JSON.stringify(r[f])]);
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
  const alert = r.usage_alert as { level?: string; message?: string } | undefined;
  if (alert?.message) rows.push(['usage alert', `${alert.level ?? 'notice'}: ${alert.message}`]);
  return `${command}: ${r.certainty ?? '(no certainty label)'}\n${table(rows)}`;
}

function table(rows: [string, string][]): string {
  const w = Math.max(0, ...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(w)}  ${v}\n`).join('');
}

/** Prose for an error, always written to stderr. */
export function errorProse(doc: ProblemDocument): string {
  const local = isErrorCode(doc.code) && ERRORS[doc.code].cliLocal;
  const status = typeof doc.status === 'number' && !local ? ` (HTTP ${doc.status})` : '';
  const lines = [`svc: ${doc.code}${status}: ${doc.detail}`];
  if (doc.help) lines.push(`  help: ${doc.help}`);
  const next = Array.isArray(doc.next_actions) ? doc.next_actions : [];
  const steps = next.map((a) => {
    const after = typeof a.after_seconds === 'number' ? ` after ${a.after_seconds} s` : '';
    return `${a.action}${after}${a.requires_human_approval ? ' (needs human approval)' : ''}`;
  });
  if (steps.length) lines.push(`  next: ${steps.join('; ')}`);
  return `${lines.join('\n')}\n`;
}

/** Writes a success in the chosen format; returns exit code 0. */
export function emitResult(io: CliIo, format: Format, command: string, problem: unknown, result: SolveResult): 0 {
  if (format === 'json') io.stdout(line(result));
  else if (format === 'envelope') io.stdout(line({ problem, result }));
  else io.stdout(humanSummary(command, result));
  return 0;
}

/** Writes an error: the document on stdout for json/envelope, prose on stderr always. */
export function emitError<E extends number>(io: CliIo, format: Format, problem: unknown, doc: ProblemDocument, exitCode: E): E {
  if (format === 'json') io.stdout(line(doc));
  else if (format === 'envelope') io.stdout(line({ problem: problem ?? null, error: doc }));
  io.stderr(errorProse(doc));
  return exitCode;
}
