import { ERRORS, type ActionName, type ErrorCode, isErrorCode } from './catalogue';

/** One recovery step of a problem document; facts ride along as extra keys. */
export interface NextAction {
  action: ActionName;
  requires_human_approval: boolean;
  [fact: string]: unknown;
}

export interface SvcErrorOptions {
  /** Seconds; defaults to the catalogue's `retryAfter`. */
  retryAfter?: number;
  /** Facts merged into the matching next action, e.g. `{ reduce_problem_size: { max_n: 24 } }`. */
  facts?: Partial<Record<ActionName, Record<string, unknown>>>;
  /** Replaces the catalogue's default actions. */
  actions?: readonly ActionName[];
  /** Extra top-level members for the problem document (e.g. `field`, `offset`). */
  extensions?: Record<string, unknown>;
  cause?: unknown;
  /**
   * The HTTP status when it is not the catalogue's: only for `SVC_ERROR`, the generic fallback,
   * whose status is the 4xx the case calls for (interface §7), e.g. 405 for a wrong method.
   */
  status?: number;
}

/** An error that crosses the wire: it always carries a catalogue code. */
export class SvcError extends Error {
  readonly code: ErrorCode;
  readonly retryAfter?: number;
  readonly facts: Partial<Record<ActionName, Record<string, unknown>>>;
  readonly actions: readonly ActionName[];
  readonly extensions: Record<string, unknown>;
  private readonly statusOverride?: number;

  constructor(code: ErrorCode, detail: string, opts: SvcErrorOptions = {}) {
    super(detail, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'SvcError';
    this.code = code;
    if (opts.status !== undefined) {
      if (code !== 'SVC_ERROR' || !Number.isInteger(opts.status) || opts.status < 400 || opts.status > 499) {
        throw new RangeError(`SvcError: only SVC_ERROR takes a status of its own, a 4xx (got ${code} ${opts.status})`);
      }
      this.statusOverride = opts.status;
    }
    const spec = ERRORS[code];
    this.retryAfter = opts.retryAfter ?? ('retryAfter' in spec ? spec.retryAfter : undefined);
    this.facts = opts.facts ?? {};
    this.actions = opts.actions ?? spec.actions;
    this.extensions = opts.extensions ?? {};
  }

  get detail(): string {
    return this.message;
  }

  get status(): number {
    return this.statusOverride ?? ERRORS[this.code].http ?? 400;
  }

  get retryable(): boolean {
    return ERRORS[this.code].retryable;
  }
}

export function isSvcError(e: unknown): e is SvcError {
  return e instanceof SvcError;
}

/** Seconds a caller waits before retrying a write the data store could not take. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/**
 * True for a failed write of the data store: a full disk or quota (SQLite's SQLITE_FULL, the
 * file system's ENOSPC/EDQUOT) or an I/O error (SQLITE_IOERR_*), recognised by the `code` both
 * better-sqlite3 and Node's fs errors carry.
 */
export function isStorageFault(e: unknown): boolean {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  if (typeof code !== 'string') return false;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code.startsWith('SQLITE_IOERR');
}

/** Seconds a caller waits before retrying when the database cannot be reached (a restart, a failover). */
export const STORE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** True for the store's own "database unreachable" error (libs/store `StoreUnavailableError`, code `STORE_UNAVAILABLE`). */
export function isStoreUnavailableFault(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'STORE_UNAVAILABLE';
}

/**
 * Wraps anything that is not already an `SvcError`: a storage fault (full disk) is 503 SVC_BUSY
 * with Retry-After 30 (the service is out of room, not broken; the caller's request was fine and
 * nothing was charged), a database that cannot be reached the same with Retry-After 5, anything
 * else `SVC_INTERNAL`, keeping the cause.
 */
export function toSvcError(e: unknown): SvcError {
  if (e instanceof SvcError) return e;
  if (isStoreUnavailableFault(e)) {
    return new SvcError('SVC_BUSY', 'The service cannot reach its database right now; retry after Retry-After. An accepted job is kept and ends once the database is back.', {
      cause: e, retryAfter: STORE_UNAVAILABLE_RETRY_AFTER_SECONDS, extensions: { reason: 'storage_unavailable' },
    });
  }
  if (isStorageFault(e)) {
    return new SvcError('SVC_BUSY', 'The service cannot write to its data store right now (out of disk space or an I/O fault); nothing was charged. Retry after Retry-After.', {
      cause: e, retryAfter: STORAGE_RETRY_AFTER_SECONDS, extensions: { reason: 'storage_unavailable' },
    });
  }
  return new SvcError('SVC_INTERNAL', 'An unexpected server fault occurred; nothing was charged.', { cause: e });
}

const HUMAN_ACTIONS: ReadonlySet<ActionName> = new Set([
  'register_key', 'verify_email', 'upgrade_plan', 'upgrade_cli', 'mint_new_key', 'contact_support',
]);

export function nextActionsFor(err: SvcError): NextAction[] {
  return err.actions.map((action) => {
    const base: NextAction = { action, requires_human_approval: HUMAN_ACTIONS.has(action) };
    if (action === 'retry' && err.retryAfter !== undefined) base.after_seconds = err.retryAfter;
    return { ...base, ...(err.facts[action] ?? {}) };
  });
}

/** The RFC 9457 problem document of interface §2.5. */
export interface ProblemDocument {
  type: string;
  title: string;
  /** The HTTP status; absent on a document of a fault found on this side of the wire (CLI-local, client). */
  status?: number;
  detail: string;
  code: ErrorCode;
  retryable: boolean;
  retry_after?: number;
  help: string;
  agent_fix_prompt: string;
  next_actions: NextAction[];
  error: { code: ErrorCode; message: string; retryable: boolean; help: string };
  [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
export const DEFAULT_DOCS_URL = 'https://docs.svc.invalid';

/** The `type` of a problem document of `code`: its reference page under `docsUrl` (a service serves `/errors/<CODE>`). */
export function errorTypeUrl(docsUrl: string, code: ErrorCode): string {
  return `${docsUrl.replace(/\/+$/, '')}/errors/${code}`;
}

export function problemDocument(err: SvcError, docsUrl: string = DEFAULT_DOCS_URL): ProblemDocument {
  const spec = ERRORS[err.code];
  const doc: ProblemDocument = {
    ...err.extensions,
    type: errorTypeUrl(docsUrl, err.code),
    title: spec.title,
    // A code the catalogue gives no HTTP status (CLI-local) carries none.
    ...(spec.http === null ? {} : { status: err.status }),
    detail: err.detail,
    code: err.code,
    retryable: spec.retryable,
    help: spec.help,
    agent_fix_prompt: spec.agentFixPrompt,
    next_actions: nextActionsFor(err),
    error: { code: err.code, message: err.detail, retryable: spec.retryable, help: spec.help },
  };
  if (err.retryAfter !== undefined) doc.retry_after = err.retryAfter;
  return doc;
}

/**
 * The problem document of a fault found on this side of the wire (a client or the CLI; no response
 * carried it): `problemDocument` without a `status`, except that a CLI-local code keeps the status
 * the catalogue gives it (`SVC_JOB_WAIT_TIMEOUT` 408, `SVC_BUDGET_EXCEEDED` 402, `SVC_UPGRADE_REQUIRED` 426).
 */
export function localProblemDocument(err: SvcError, docsUrl: string = DEFAULT_DOCS_URL): ProblemDocument {
  return withoutServiceStatus(problemDocument(err, docsUrl));
}

/** Drops `doc.status` unless its code is CLI-local (whose status, if any, is the catalogue's). */
export function withoutServiceStatus(doc: ProblemDocument): ProblemDocument {
  if (!(isErrorCode(doc.code) && ERRORS[doc.code].cliLocal)) delete doc.status;
  return doc;
}

/** The members `problemDocument` writes itself; any other top-level member is an extension. */
const DOCUMENT_MEMBERS: ReadonlySet<string> = new Set([
  'type', 'title', 'status', 'detail', 'code', 'retryable', 'retry_after', 'help', 'agent_fix_prompt', 'next_actions', 'error',
]);

/**
 * Rebuilds an `SvcError` from a problem document received over the wire or stored (clients, a
 * stored job failure): its code, detail, Retry-After, extensions and next actions with their
 * facts, so `problemDocument` of it gives the same document again (with the caller's `type` base).
 */
export function fromProblemDocument(doc: unknown): SvcError | null {
  if (typeof doc !== 'object' || doc === null) return null;
  const d = doc as Record<string, unknown>;
  if (!isErrorCode(d.code)) return null;
  const retryAfter = typeof d.retry_after === 'number' ? d.retry_after : undefined;
  const status = d.code === 'SVC_ERROR' && Number.isInteger(d.status) && (d.status as number) >= 400 && (d.status as number) <= 499 ? (d.status as number) : undefined;
  const extensions = Object.fromEntries(Object.entries(d).filter(([k]) => !DOCUMENT_MEMBERS.has(k)));
  let actions: ActionName[] | undefined;
  const facts: Partial<Record<ActionName, Record<string, unknown>>> = {};
  if (Array.isArray(d.next_actions)) {
    actions = [];
    for (const a of d.next_actions as unknown[]) {
      if (typeof a !== 'object' || a === null || typeof (a as { action?: unknown }).action !== 'string') continue;
      const { action, requires_human_approval: _h, ...rest } = a as { action: ActionName; requires_human_approval?: unknown; [k: string]: unknown };
      // `after_seconds` of a retry is written from Retry-After again.
      if (action === 'retry' && rest.after_seconds === retryAfter) delete rest.after_seconds;
      actions.push(action);
      if (Object.keys(rest).length > 0) facts[action] = rest;
    }
  }
  return new SvcError(d.code, typeof d.detail === 'string' ? d.detail : ERRORS[d.code].title, { retryAfter, status, extensions, ...(actions ? { actions, facts } : {}) });
}
