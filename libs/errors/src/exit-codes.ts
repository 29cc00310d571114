import { ERRORS, ERROR_CODES, type ErrorCode } from './catalogue';

/** CLI exit codes of interface §7 and commands.md "CLI exit codes". */
export const EXIT = { ok: 0, retryable: 1, auth: 2, validation: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

// Codes whose exit code does not follow from their HTTP status alone.
const BY_CODE: Partial<Record<ErrorCode, ExitCode>> = {
  SVC_NETWORK: EXIT.retryable,
  SVC_JOB_WAIT_TIMEOUT: EXIT.retryable,
  SVC_IDEMPOTENCY_IN_PROGRESS: EXIT.retryable,
  SVC_QUOTA_EXCEEDED: EXIT.retryable,
  SVC_BUDGET_EXCEEDED: EXIT.retryable,
  SVC_UPSTREAM_INVALID_RESPONSE: EXIT.retryable,
  SVC_NO_CREDENTIALS: EXIT.auth,
  SVC_CLIENT: EXIT.validation,
  SVC_CONFIG_INVALID: EXIT.validation,
  SVC_SKIPPED: EXIT.validation,
};

function fromStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  // 501 (storage not enabled) is a request to change, not a transient fault.
  if (status === 429 || (status >= 500 && status !== 501) || status === 402 || status === 408) return EXIT.retryable;
  return EXIT.validation;
}

/** Every catalogue code mapped to its CLI exit code. */
export const EXIT_CODES: Record<ErrorCode, ExitCode> = Object.fromEntries(
  ERROR_CODES.map((c) => [c, BY_CODE[c] ?? fromStatus(ERRORS[c].http ?? 400)]),
) as Record<ErrorCode, ExitCode>;

export function exitCodeFor(code: ErrorCode): ExitCode {
  return EXIT_CODES[code];
}
