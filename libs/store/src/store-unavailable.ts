/**
 * The store could not be reached (PostgreSQL stopped, restarting, out of connections, a dropped
 * connection): the request was fine and may be retried; nothing it asked for was written unless
 * the store says so. The doors answer it 503 `SVC_BUSY` with `reason: storage_unavailable` and
 * Retry-After (`toSvcError` recognises the `code`); job runners wait for the store instead of
 * failing the job.
 */
export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';

  constructor(detail: string, cause: unknown) {
    super(detail, { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** True for an error the store raised because it was unreachable (retry later, never a failure of the request). */
export function isStoreUnavailable(e: unknown): e is StoreUnavailableError {
  return e instanceof StoreUnavailableError || (typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'STORE_UNAVAILABLE');
}

/**
 * SQLSTATEs that mean "the server is not there for us right now": admin shutdown (57P01, also
 * what `pg_terminate_backend` sends), crash shutdown (57P02), cannot connect now (57P03: starting
 * up, shutting down, in recovery), too many connections (53300). Class 08 is checked by prefix.
 */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection that was refused, reset or timed out. */
const NET_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres and pg-pool report a lost or timed-out connection without a code (pg 8: client.js, pg-pool/index.js). */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|timeout expired|Query read timeout)|is not queryable$/;

/** True for an error of node-postgres that means the database is unreachable (see the lists above). */
export function isPgUnavailable(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  if (e instanceof AggregateError) return e.errors.some(isPgUnavailable);
  const { code, syscall, message } = e as { code?: unknown; syscall?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.length === 5 && code.startsWith('08')) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || NET_CODES.has(code)) return true;
  }
  // Any failure to open the socket (a unix socket whose server is gone is ENOENT).
  if (syscall === 'connect') return true;
  return typeof message === 'string' && LOST_CONNECTION.test(message);
}

/** `e` as a StoreUnavailableError when it means the database is unreachable; otherwise `e` itself. */
export function classifyPgError(e: unknown): unknown {
  if (isStoreUnavailable(e) || !isPgUnavailable(e)) return e;
  const code = typeof (e as { code?: unknown }).code === 'string' ? `${(e as { code: string }).code}: ` : '';
  const what = e instanceof Error ? e.message : String(e);
  return new StoreUnavailableError(`PostgreSQL is unavailable (${code}${what || 'connection lost'})`, e);
}
