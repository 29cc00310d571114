import { ERRORS, ERROR_CODES, EXIT_CODES, type ErrorCode } from '@svc/errors';

/** The reference page of one code: what `{docs_url}/errors/<CODE>` points at. */
export function errorPage(code: ErrorCode): string {
  const e = ERRORS[code];
  const status = e.http === null ? 'none (raised by the client only)' : e.cliLocal ? `${e.http} (raised by the client only)` : String(e.http);
  const after = 'retryAfter' in e ? `${e.retryAfter} s` : '—';
  return [
    `# ${code}`,
    '',
    `**${e.title}.** ${e.help}`,
    '',
    '| field | value |',
    '|---|---|',
    `| HTTP status | ${status} |`,
    `| retryable | ${e.retryable ? 'yes' : 'no'} |`,
    `| default Retry-After | ${after} |`,
    `| \`svc\` exit code | ${EXIT_CODES[code]} |`,
    `| next actions | ${e.actions.map((a) => `\`${a}\``).join(', ')} |`,
    '',
    '## For agents',
    '',
    e.agentFixPrompt,
    '',
  ].join('\n');
}

/** The index page listing every code. */
export function errorIndex(): string {
  const rows = ERROR_CODES.map((c) => `| [\`${c}\`](${c}.md) | ${ERRORS[c].http ?? '—'} | ${ERRORS[c].retryable ? 'yes' : 'no'} | ${ERRORS[c].title} |`);
  return [
    '# Error reference',
    '',
    'Every error is an RFC 9457 `application/problem+json` document whose `type` is',
    '`{docs_url}/errors/<CODE>`. Branch on `code` and `retryable`, never on prose.',
    'Generated from `libs/errors/src/catalogue.ts` by `npm run docs:errors`; a test keeps them in step.',
    '',
    'A document built on the caller\'s side of the wire (by `svc` or a client library: the service',
    'unreachable, a bad flag, bad JSON checked locally) has no `status`, since no response carried it,',
    'except that a CLI-local code keeps the status this table gives it; its exit code is the code\'s.',
    '',
    '| code | HTTP | retryable | title |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
