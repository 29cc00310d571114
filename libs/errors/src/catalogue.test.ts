import { describe, expect, it } from 'vitest';
import { ERRORS, ERROR_CODES, EXIT, exitCodeFor, isErrorCode, problemDocument, SvcError, toSvcError, fromProblemDocument, PROBLEM_CONTENT_TYPE } from './index';

// Interface §7, transcribed independently of the catalogue: code → [http, retryable, retry_after?].
const SPEC: Record<string, [number | null, boolean, number?]> = {
  SVC_INVALID_INPUT: [422, false], SVC_DIMENSION_LIMIT: [422, false], SVC_RESOURCE_LIMIT: [413, false],
  SVC_PAYLOAD_TOO_LARGE: [413, false], SVC_CONTRADICTORY_CONSTRAINTS: [422, false],
  SVC_IDEMPOTENCY_CONFLICT: [409, false], SVC_IDEMPOTENCY_IN_PROGRESS: [409, true, 1],
  SVC_UNSUPPORTED: [404, false], SVC_UNAUTHENTICATED: [401, false], SVC_FORBIDDEN: [403, false],
  SVC_NOT_FOUND: [404, false], SVC_SANDBOX_LIMIT: [403, false], SVC_NO_CREDENTIALS: [null, false],
  SVC_RATE_LIMITED: [429, true], SVC_SANDBOX_RATE: [429, true], SVC_QUOTA_EXCEEDED: [402, false],
  SVC_COMPUTE_RATE_LIMIT: [429, true, 60], SVC_TOO_MANY_INFLIGHT: [429, true, 5],
  SVC_QUEUE_FULL: [503, true, 10], SVC_BUSY: [503, true, 2], SVC_WORKERS_SATURATED: [503, true, 1],
  SVC_ENGINE_FAILURE: [503, true], SVC_INTERNAL: [500, true], SVC_ERROR: [400, false],
  SVC_MISSING_TAG: [422, false], SVC_MISSING_DESCRIPTION: [422, false], SVC_SANDBOX_NEEDS_N: [422, false],
  SVC_UNKNOWN_VERSION: [422, false], SVC_STORAGE_UNAVAILABLE: [501, false], SVC_HIGH_DEMAND: [503, true],
  SVC_ACCOUNT_SUSPENDED: [403, false], SVC_ACCOUNT_BLOCKED: [403, false], SVC_ACCOUNT_CLOSED: [403, false],
  SVC_TOKEN_BLOCKED: [403, false], SVC_NETWORK: [null, true], SVC_CLIENT: [null, false],
  SVC_CONFIG_INVALID: [null, false], SVC_UPSTREAM_INVALID_RESPONSE: [502, true], SVC_SKIPPED: [null, false],
  SVC_JOB_WAIT_TIMEOUT: [408, true], SVC_BUDGET_EXCEEDED: [402, false], SVC_UPGRADE_REQUIRED: [426, false],
  SVC_SANDBOX_CAPABILITY_REJECTED: [401, true],
};

// commands.md "CLI exit codes", transcribed independently.
const EXIT_SPEC: Record<string, number> = {
  SVC_NETWORK: 1, SVC_RATE_LIMITED: 1, SVC_SANDBOX_RATE: 1, SVC_COMPUTE_RATE_LIMIT: 1, SVC_TOO_MANY_INFLIGHT: 1,
  SVC_QUEUE_FULL: 1, SVC_BUSY: 1, SVC_WORKERS_SATURATED: 1, SVC_ENGINE_FAILURE: 1, SVC_INTERNAL: 1,
  SVC_HIGH_DEMAND: 1, SVC_QUOTA_EXCEEDED: 1, SVC_BUDGET_EXCEEDED: 1, SVC_JOB_WAIT_TIMEOUT: 1,
  SVC_UPSTREAM_INVALID_RESPONSE: 1, SVC_IDEMPOTENCY_IN_PROGRESS: 1,
  SVC_UNAUTHENTICATED: 2, SVC_FORBIDDEN: 2, SVC_SANDBOX_LIMIT: 2, SVC_TOKEN_BLOCKED: 2, SVC_ACCOUNT_SUSPENDED: 2,
  SVC_ACCOUNT_BLOCKED: 2, SVC_ACCOUNT_CLOSED: 2, SVC_SANDBOX_CAPABILITY_REJECTED: 2, SVC_NO_CREDENTIALS: 2,
  SVC_INVALID_INPUT: 3, SVC_DIMENSION_LIMIT: 3, SVC_RESOURCE_LIMIT: 3, SVC_PAYLOAD_TOO_LARGE: 3,
  SVC_CONTRADICTORY_CONSTRAINTS: 3, SVC_IDEMPOTENCY_CONFLICT: 3, SVC_UNSUPPORTED: 3, SVC_NOT_FOUND: 3,
  SVC_ERROR: 3, SVC_MISSING_TAG: 3, SVC_MISSING_DESCRIPTION: 3, SVC_SANDBOX_NEEDS_N: 3, SVC_UNKNOWN_VERSION: 3,
  SVC_STORAGE_UNAVAILABLE: 3, SVC_CLIENT: 3, SVC_CONFIG_INVALID: 3, SVC_SKIPPED: 3, SVC_UPGRADE_REQUIRED: 3,
};

describe('catalogue', () => {
  it('holds exactly the codes of interface §7', () => {
    expect([...ERROR_CODES].sort()).toEqual(Object.keys(SPEC).sort());
  });

  it.each(Object.entries(SPEC))('%s has the status, retryability and Retry-After of §7', (code, [http, retryable, after]) => {
    const e = ERRORS[code as keyof typeof ERRORS];
    expect(e.http).toBe(http);
    expect(e.retryable).toBe(retryable);
    if (after !== undefined) expect((e as { retryAfter?: number }).retryAfter).toBe(after);
    expect(e.title.length).toBeGreaterThan(3);
    expect(e.help.length).toBeGreaterThan(10);
    expect(e.agentFixPrompt.length).toBeGreaterThan(10);
    expect(e.actions.length).toBeGreaterThan(0);
    // A job still running is resumed by id, never retried (interface §3).
    if (retryable && code !== 'SVC_JOB_WAIT_TIMEOUT') expect(e.actions).toContain('retry');
  });

  it.each(Object.entries(EXIT_SPEC))('%s exits with %i', (code, exit) => {
    expect(exitCodeFor(code as keyof typeof ERRORS)).toBe(exit);
  });

  it('recognises codes', () => {
    expect(isErrorCode('SVC_BUSY')).toBe(true);
    expect(isErrorCode('SVC_NOPE')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(EXIT.ok).toBe(0);
  });
});

describe('problem document', () => {
  it('carries every field of §2.5 for every code', () => {
    for (const code of ERROR_CODES) {
      const err = new SvcError(code, `detail for ${code}`);
      const doc = problemDocument(err, 'https://docs.example.test/');
      expect(doc.type).toBe(`https://docs.example.test/errors/${code}`);
      expect(doc.code).toBe(code);
      // A code the catalogue gives no HTTP status (CLI-local) carries none, rather than a made-up 400.
      if (ERRORS[code].http === null) expect('status' in doc).toBe(false);
      else expect(doc.status).toBe(ERRORS[code].http);
      expect(doc.detail).toBe(`detail for ${code}`);
      expect(typeof doc.title).toBe('string');
      expect(doc.retryable).toBe(ERRORS[code].retryable);
      expect(doc.help).toBe(ERRORS[code].help);
      expect(doc.agent_fix_prompt).toBe(ERRORS[code].agentFixPrompt);
      expect(doc.error).toEqual({ code, message: doc.detail, retryable: doc.retryable, help: doc.help });
      for (const a of doc.next_actions) expect(typeof a.requires_human_approval).toBe('boolean');
      expect('tag' in doc).toBe(false);
      if (SPEC[code][2] !== undefined) expect(doc.retry_after).toBe(SPEC[code][2]);
    }
    expect(PROBLEM_CONTENT_TYPE).toBe('application/problem+json');
  });

  it('puts facts into next actions and retry_after into retry', () => {
    const doc = problemDocument(new SvcError('SVC_DIMENSION_LIMIT', 'too big', { facts: { reduce_problem_size: { max_n: 100000 } } }));
    expect(doc.next_actions).toEqual([{ action: 'reduce_problem_size', requires_human_approval: false, max_n: 100000 }]);
    const busy = problemDocument(new SvcError('SVC_BUSY', 'busy'));
    expect(busy.next_actions[0]).toEqual({ action: 'retry', requires_human_approval: false, after_seconds: 2 });
    const reg = problemDocument(new SvcError('SVC_SANDBOX_LIMIT', 'n too large'));
    expect(reg.next_actions[0]).toMatchObject({ action: 'register_key', requires_human_approval: true });
  });

  it('wraps unknown faults as SVC_INTERNAL, keeping the cause but not leaking it', () => {
    const cause = new Error('secret stack');
    const e = toSvcError(cause);
    expect(e.code).toBe('SVC_INTERNAL');
    expect(e.cause).toBe(cause);
    expect(JSON.stringify(problemDocument(e))).not.toContain('secret');
    const same = new SvcError('SVC_BUSY', 'x');
    expect(toSvcError(same)).toBe(same);
  });

  it('round-trips through the wire form', () => {
    const doc = problemDocument(new SvcError('SVC_QUEUE_FULL', 'full'));
    const back = fromProblemDocument(JSON.parse(JSON.stringify(doc)));
    expect(back?.code).toBe('SVC_QUEUE_FULL');
    expect(back?.retryAfter).toBe(10);
    expect(fromProblemDocument({ code: 'NOPE' })).toBeNull();
    expect(fromProblemDocument('x')).toBeNull();
  });

  it('round-trips a whole document: extensions, next actions and their facts; only the type base is the caller\'s', () => {
    const err = new SvcError('SVC_DIMENSION_LIMIT', 'n = 90 is over the cap of 64.', {
      extensions: { field: 'n', limit: 64 }, facts: { reduce_problem_size: { max_n: 64 } },
    });
    const doc = JSON.parse(JSON.stringify(problemDocument(err, 'https://old.example')));
    const again = problemDocument(fromProblemDocument(doc)!, 'http://127.0.0.1:8080');
    expect(again).toEqual({ ...doc, type: 'http://127.0.0.1:8080/errors/SVC_DIMENSION_LIMIT' });
    const busy = JSON.parse(JSON.stringify(problemDocument(new SvcError('SVC_BUSY', 'x', { retryAfter: 7, extensions: { reason: 'queue_unavailable' } }))));
    expect(problemDocument(fromProblemDocument(busy)!)).toEqual(busy);
  });

  it('SVC_ERROR alone takes the 4xx the case calls for (405 for a wrong method); it survives the wire', () => {
    const e = new SvcError('SVC_ERROR', 'POST is not allowed here; use GET.', { status: 405 });
    expect([e.status, problemDocument(e).status]).toEqual([405, 405]);
    expect(fromProblemDocument(JSON.parse(JSON.stringify(problemDocument(e))))?.status).toBe(405);
    expect(new SvcError('SVC_ERROR', 'x').status).toBe(400);
    expect(() => new SvcError('SVC_NOT_FOUND', 'x', { status: 405 })).toThrow(RangeError);
    expect(() => new SvcError('SVC_ERROR', 'x', { status: 500 })).toThrow(RangeError);
  });
});

describe('help and retry_after', () => {
  // One source for the wait: the help of a code that carries a Retry-After names no figure of its own.
  it('no help text states a number of seconds; the wait is retry_after', () => {
    for (const code of ERROR_CODES) {
      if (!('retryAfter' in ERRORS[code])) continue;
      expect(ERRORS[code].help, code).not.toMatch(/\d+\s*(s|sec|seconds?)\b/);
    }
  });

  it('the full-disk answer says nothing that contradicts its Retry-After of 30 s', () => {
    const doc = problemDocument(toSvcError(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })));
    expect(doc.retry_after).toBe(30);
    expect(doc.next_actions).toEqual([{ action: 'retry', requires_human_approval: false, after_seconds: 30 }]);
    for (const text of [doc.help, doc.detail, doc.agent_fix_prompt]) expect(text).not.toMatch(/\b(?!30\b)\d+\s*(s|sec|seconds?)\b/);
  });
});

describe('storage faults', () => {
  it('a full disk or an I/O fault of the store is 503 SVC_BUSY with Retry-After 30, never 500', () => {
    for (const code of ['SQLITE_FULL', 'ENOSPC', 'EDQUOT', 'SQLITE_IOERR_WRITE']) {
      const e = toSvcError(Object.assign(new Error('database or disk is full'), { code }));
      expect([e.code, e.status, e.retryAfter, e.extensions.reason]).toEqual(['SVC_BUSY', 503, 30, 'storage_unavailable']);
    }
    expect(toSvcError(Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT' })).code).toBe('SVC_INTERNAL');
    expect(toSvcError(new Error('x')).code).toBe('SVC_INTERNAL');
  });

  it('a database the store cannot reach (code STORE_UNAVAILABLE) is 503 SVC_BUSY storage_unavailable with Retry-After 5', () => {
    const e = toSvcError(Object.assign(new Error('PostgreSQL is unavailable (ECONNREFUSED)'), { code: 'STORE_UNAVAILABLE' }));
    expect([e.code, e.status, e.retryable, e.retryAfter, e.extensions.reason]).toEqual(['SVC_BUSY', 503, true, 5, 'storage_unavailable']);
    const doc = problemDocument(e);
    expect(doc.next_actions).toEqual([{ action: 'retry', requires_human_approval: false, after_seconds: 5 }]);
    expect(doc.detail).not.toMatch(/ECONNREFUSED/);
  });
});
