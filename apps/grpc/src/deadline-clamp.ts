/**
 * grpc-js's server reads the `grpc-timeout` header as `(value * unit) | 0` and arms one setTimeout
 * with it (server-interceptors.ts, handleTimeoutHeader): a deadline past 2^31 − 1 ms (24.8 days)
 * wraps to a negative or wrong timer, so a 25–50-day deadline ended the call at once with
 * DEADLINE_EXCEEDED. Its client treats such a deadline as no deadline at all (deadline.ts,
 * getRelativeTimeout); `clampCallDeadlines` makes the server do the same, and answers a header
 * that is not a timeout with INVALID_ARGUMENT instead of INTERNAL (a caller's mistake).
 */
import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';

/** Longest delay a Node timer takes (2^31 − 1 ms); grpc-js's own client uses the same bound. */
export const MAX_TIMER_MS = 2_147_483_647;

const UNIT_MS: Readonly<Record<string, number>> = { H: 3_600_000, M: 60_000, S: 1000, m: 1, u: 0.001, n: 0.000001 };
// The grammar of grpc-js (and of PROTOCOL-HTTP2.md): at most 8 digits and a unit.
const TIMEOUT = /(\d{1,8})\s*([HMSmun])/;

/** Milliseconds of a `grpc-timeout` value, or null when it is not one. */
export function timeoutMs(header: string): number | null {
  const m = TIMEOUT.exec(header);
  return m ? Number(m[1]) * UNIT_MS[m[2]] : null;
}

interface BaseCall {
  deadline: number;
  sendStatus(status: { code: grpc.status; details: string; metadata: null }): void;
  handleTimeoutHeader(header: unknown): void;
}

const PATCHED = Symbol.for('svc.grpc.deadlineClamp');

/**
 * Installs the clamp on grpc-js's server call (once per process; later calls do nothing). Returns
 * false when this grpc-js has no such method to clamp (the test of this file then fails, so an
 * upgrade that moved it is noticed).
 */
export function clampCallDeadlines(): boolean {
  const require = createRequire(import.meta.url);
  let proto: (BaseCall & { [PATCHED]?: true }) | undefined;
  try {
    const mod = require('@grpc/grpc-js/build/src/server-interceptors.js') as { BaseServerInterceptingCall?: { prototype: BaseCall } };
    proto = mod.BaseServerInterceptingCall?.prototype as typeof proto;
  } catch {
    return false;
  }
  if (!proto || typeof proto.handleTimeoutHeader !== 'function') return false;
  if (proto[PATCHED]) return true;
  const original = proto.handleTimeoutHeader;
  proto.handleTimeoutHeader = function handleTimeoutHeader(this: BaseCall, header: unknown) {
    const ms = timeoutMs(String(header));
    if (ms === null) {
      // As grpc-js does, after the constructor; INVALID_ARGUMENT rather than its INTERNAL.
      process.nextTick(() => this.sendStatus({ code: grpc.status.INVALID_ARGUMENT, details: `Invalid grpc-timeout value "${String(header).slice(0, 40)}"`, metadata: null }));
      return;
    }
    if (ms <= MAX_TIMER_MS) {
      original.call(this, header);
      return;
    }
    // Farther than a timer reaches: no server-side timer, the deadline still reported by getDeadline().
    this.deadline = Date.now() + ms;
  };
  proto[PATCHED] = true;
  return true;
}
