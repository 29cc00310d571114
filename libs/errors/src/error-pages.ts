/**
 * The error reference: one page per catalogue code, and an index. The same model renders the
 * Markdown of docs/errors/ (`npm run docs:errors`) and the HTML the service serves at
 * `/errors/<CODE>`, where every problem document's `type` points.
 */
import { ERRORS, ERROR_CODES, type ErrorCode } from './catalogue';
import { EXIT_CODES } from './exit-codes';

/** One row of a page's table: plain text, or code names (`retry`, …). */
interface Row {
  readonly field: string;
  readonly text?: string;
  readonly codes?: readonly string[];
}

interface Page {
  readonly code: ErrorCode;
  readonly title: string;
  readonly help: string;
  readonly rows: readonly Row[];
  readonly agent: string;
}

function pageOf(code: ErrorCode): Page {
  const e = ERRORS[code];
  const status = e.http === null ? 'none (raised by the client only)' : e.cliLocal ? `${e.http} (raised by the client only)` : String(e.http);
  return {
    code, title: e.title, help: e.help, agent: e.agentFixPrompt,
    rows: [
      { field: 'HTTP status', text: status },
      { field: 'retryable', text: e.retryable ? 'yes' : 'no' },
      { field: 'default Retry-After', text: 'retryAfter' in e ? `${e.retryAfter} s` : '—' },
      { field: '`svc` exit code', text: String(EXIT_CODES[code]) },
      { field: 'next actions', codes: e.actions },
    ],
  };
}

const INTRO = [
  'Every error is an RFC 9457 `application/problem+json` document whose `type` is',
  '`{docs_url}/errors/<CODE>`. Branch on `code` and `retryable`, never on prose.',
];

const LOCAL_NOTE = [
  'A document built on the caller\'s side of the wire (by `svc` or a client library: the service',
  'unreachable, a bad flag, bad JSON checked locally) has no `status`, since no response carried it,',
  'except that a CLI-local code keeps the status this table gives it; its exit code is the code\'s.',
];

// --- Markdown (docs/errors/) ----------------------------------------------------------------

const mdValue = (r: Row): string => r.text ?? (r.codes ?? []).map((c) => `\`${c}\``).join(', ');

/** The Markdown page of one code (docs/errors/<CODE>.md). */
export function errorPageMarkdown(code: ErrorCode): string {
  const p = pageOf(code);
  return [
    `# ${code}`, '',
    `**${p.title}.** ${p.help}`, '',
    '| field | value |', '|---|---|',
    ...p.rows.map((r) => `| ${r.field} | ${mdValue(r)} |`), '',
    '## For agents', '',
    p.agent, '',
  ].join('\n');
}

/** The Markdown index of every code (docs/errors/README.md). */
export function errorIndexMarkdown(): string {
  const rows = ERROR_CODES.map((c) => `| [\`${c}\`](${c}.md) | ${ERRORS[c].http ?? '—'} | ${ERRORS[c].retryable ? 'yes' : 'no'} | ${ERRORS[c].title} |`);
  return [
    '# Error reference', '',
    ...INTRO,
    'Generated from `libs/errors/src/catalogue.ts` by `npm run docs:errors`; a test keeps them in step.', '',
    ...LOCAL_NOTE, '',
    '| code | HTTP | retryable | title |', '|---|---|---|---|',
    ...rows, '',
  ].join('\n');
}

// --- HTML (served at /errors) ---------------------------------------------------------------

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Escaped text whose `…` spans become <code>. */
const inline = (s: string): string => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');

function html(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5}',
    'table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}code{background:#f3f3f3;padding:0 .2rem}</style>',
    `</head><body>${body}</body></html>`,
    '',
  ].join('\n');
}

/** The HTML page of one code; `index` is the href of the index page. */
export function errorPageHtml(code: ErrorCode, index = './'): string {
  const p = pageOf(code);
  const rows = p.rows.map((r) => `<tr id="${escapeHtml(r.field.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '').toLowerCase())}"><th>${inline(r.field)}</th><td>${r.text !== undefined ? inline(r.text) : (r.codes ?? []).map((c) => `<code>${escapeHtml(c)}</code>`).join(', ')}</td></tr>`);
  return html(`${code}: ${p.title}`, [
    `<p><a href="${escapeHtml(index)}">Error reference</a></p>`,
    `<h1 id="${code}">${code}</h1>`,
    `<p><strong>${inline(p.title)}.</strong> ${inline(p.help)}</p>`,
    `<table>${rows.join('')}</table>`,
    '<h2 id="for-agents">For agents</h2>',
    `<p>${inline(p.agent)}</p>`,
  ].join('\n'));
}

/** The HTML index of every code; `href(code)` links each code's page. */
export function errorIndexHtml(href: (code: ErrorCode) => string = (c) => c): string {
  const rows = ERROR_CODES.map((c) => `<tr id="${c}"><td><a href="${escapeHtml(href(c))}"><code>${c}</code></a></td><td>${ERRORS[c].http ?? '—'}</td><td>${ERRORS[c].retryable ? 'yes' : 'no'}</td><td>${escapeHtml(ERRORS[c].title)}</td></tr>`);
  return html('Error reference', [
    '<h1>Error reference</h1>',
    `<p>${inline(INTRO.join(' '))}</p>`,
    `<p>${inline(LOCAL_NOTE.join(' '))}</p>`,
    `<table><tr><th>code</th><th>HTTP</th><th>retryable</th><th>title</th></tr>${rows.join('')}</table>`,
  ].join('\n'));
}
