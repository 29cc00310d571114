import {
  SvcError, exitCodeFor, fromProblemDocument, localProblemDocument,
  type ErrorCode, type ExitCode, type ProblemDocument,
} from '@svc/errors';
import { parseRetryAfterHeader } from './backoff';

/** One HTTP exchange, classified: a JSON success, or a problem document (remote or local). */
export type Exchange =
  | { kind: 'ok'; status: number; body: Record<string, unknown> }
  | { kind: 'error'; status: number | null; doc: ProblemDocument; retryAfterMs?: number };

export interface ExchangeRequest {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  /** JSON text, or raw bytes (the SVCB lane). */
  body?: string | Uint8Array;
  timeoutMs: number;
}

const SNIPPET = 160;

/**
 * The body as `fetch` takes it under every lib setting: the DOM's `BodyInit` (TypeScript ≥ 5.7)
 * accepts only views of a plain `ArrayBuffer`, so a view of a `SharedArrayBuffer` is copied.
 */
function fetchBody(body: string | Uint8Array | undefined): string | Uint8Array<ArrayBuffer> | undefined {
  if (body === undefined || typeof body === 'string') return body;
  return body.buffer instanceof ArrayBuffer ? (body as Uint8Array<ArrayBuffer>) : new Uint8Array(body);
}

/**
 * A problem document built on this side of the wire (network faults, bad bodies, usage); its `type`
 * is the reference page the configured service serves, `<docsUrl>/errors/<CODE>` (docsUrl: the client's base URL).
 */
export function localError(code: ErrorCode, detail: string, extensions: Record<string, unknown> | undefined, docsUrl: string): ProblemDocument {
  return localProblemDocument(new SvcError(code, detail, { extensions }), docsUrl);
}

/** The CLI exit code of a problem document: by catalogue code (documents are only built from known codes). */
export function exitCodeOf(doc: ProblemDocument): ExitCode {
  return exitCodeFor(doc.code);
}

function describeFault(e: unknown): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'the request timed out';
  const cause = err?.cause?.code ?? err?.cause?.message;
  return cause ? `${err?.message ?? 'fetch failed'} (${cause})` : (err?.message ?? String(e));
}

/** Sends one request and classifies the answer; never throws. `docsUrl`: the base of the documents it builds itself (`localError`). */
export async function exchange(fetchFn: typeof fetch, req: ExchangeRequest, nowMs: () => number, docsUrl: string): Promise<Exchange> {
  const local = (code: ErrorCode, detail: string, extensions?: Record<string, unknown>) => localError(code, detail, extensions, docsUrl);
  let res: Response;
  let text: string;
  try {
    res = await fetchFn(req.url, {
      method: req.method, headers: req.headers, body: fetchBody(req.body), signal: AbortSignal.timeout(req.timeoutMs),
    });
    text = await res.text();
  } catch (e) {
    return { kind: 'error', status: null, doc: local('SVC_NETWORK', `Could not reach ${req.url}: ${describeFault(e)}.`) };
  }
  const retryAfterMs = parseRetryAfterHeader(res.headers.get('retry-after'), nowMs());
  const contentType = res.headers.get('content-type') ?? 'no content type';

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Usually an edge proxy's HTML page (e.g. "Your request was blocked"), not the service.
    const snippet = text.replace(/\s+/g, ' ').trim().slice(0, SNIPPET);
    return {
      kind: 'error', status: res.status, retryAfterMs,
      doc: local('SVC_UPSTREAM_INVALID_RESPONSE',
        `HTTP ${res.status} with a non-JSON body (${contentType})${snippet ? `: "${snippet}"` : ''}.`,
        { upstream_status: res.status }),
    };
  }

  if (res.ok) {
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return {
        kind: 'error', status: res.status,
        doc: local('SVC_UPSTREAM_INVALID_RESPONSE', `HTTP ${res.status} with a JSON body that is not an object.`,
          { upstream_status: res.status }),
      };
    }
    return { kind: 'ok', status: res.status, body: parsed as Record<string, unknown> };
  }

  const known = fromProblemDocument(parsed);
  if (known === null) {
    const code = (parsed as { code?: unknown } | null)?.code;
    return {
      kind: 'error', status: res.status, retryAfterMs,
      doc: local('SVC_UPSTREAM_INVALID_RESPONSE',
        `HTTP ${res.status} with a JSON body that is not a known problem document${typeof code === 'string' ? ` (code ${code})` : ''}.`,
        { upstream_status: res.status, upstream_body: parsed }),
    };
  }
  // Keep the server's document as sent; fill only what a client needs to branch on.
  const doc = { ...(parsed as ProblemDocument) };
  if (typeof doc.retryable !== 'boolean') doc.retryable = known.retryable;
  if (typeof doc.status !== 'number') doc.status = res.status;
  if (typeof doc.detail !== 'string') doc.detail = known.detail;
  const bodyRetryMs = typeof doc.retry_after === 'number' ? Math.round(doc.retry_after * 1000) : undefined;
  return { kind: 'error', status: res.status, doc, retryAfterMs: retryAfterMs ?? bodyRetryMs };
}
