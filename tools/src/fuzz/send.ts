/** Sending fuzz cases to a server and judging the replies (the fuzz test and the soak share them). */
import { ERRORS, isErrorCode } from '@svc/errors';
import { SVCB_CONTENT_TYPE } from '@svc/service';
import type { WireCase } from './cases';

/** The sandbox token the fuzz server pins. */
export const FUZZ_TOKEN = 'sandbox-fuzz-token';

/** A server that never refuses the fuzzer for its rate or quota, and never queues (every case is answered in the request). */
export const FUZZ_SERVER = {
  sandboxToken: FUZZ_TOKEN,
  sandbox: { dailyUnits: 1_000_000_000 },
  access: { sandboxRatePerMinute: 10_000_000, computeUnitsPerMinute: 1_000_000_000 },
  jobs: { queueThresholdWork: 1e15 },
} as const;

export interface Reply {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

/** A reply is sound: below 500; a 4xx is a problem document whose SVC_ code has that status. */
export function checkReply(r: Reply, label: string): void {
  if (r.status >= 500) throw new Error(`HTTP ${r.status} for ${label}: ${r.text.slice(0, 400)}`);
  if (r.status >= 400) {
    let code: unknown;
    try {
      code = (JSON.parse(r.text) as { code?: unknown }).code;
    } catch {
      throw new Error(`HTTP ${r.status} with a body that is not JSON for ${label}: ${r.text.slice(0, 200)}`);
    }
    if (!r.contentType.startsWith('application/problem+json')) throw new Error(`HTTP ${r.status} as ${r.contentType} for ${label}`);
    if (typeof code !== 'string' || !isErrorCode(code)) throw new Error(`HTTP ${r.status} with code ${String(code)} for ${label}`);
    if (ERRORS[code].http !== r.status) throw new Error(`${code} answered ${r.status}, its status is ${ERRORS[code].http}, for ${label}`);
  } else if (r.status !== 200 && r.status !== 202) {
    throw new Error(`HTTP ${r.status} for ${label}`);
  }
}

/** Every case has 30 s to be answered: a hang fails it. */
const TIMEOUT_MS = 30_000;

async function post(url: string, body: Uint8Array, contentType: string): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${FUZZ_TOKEN}` };
  if (contentType !== '') headers['content-type'] = contentType;
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** POST /api/v1/solve/<command> at effort flash with a 100 ms latency budget. */
export function jsonSender(base: string): (c: WireCase) => Promise<Reply> {
  return (c) => post(`${base}/api/v1/solve/${encodeURIComponent(c.command)}?effort=flash&max_latency_ms=100`, c.body, c.contentType);
}

/** POST /api/v1/compute/binary (SVCB) at effort flash with a 100 ms latency budget. */
export function binarySender(base: string): (body: Uint8Array) => Promise<Reply> {
  return (body) => post(`${base}/api/v1/compute/binary?effort=flash&max_latency_ms=100`, body, SVCB_CONTENT_TYPE);
}
