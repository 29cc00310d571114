import { SvcError, type ActionName, type ErrorCode } from '@svc/errors';
import type { PlanAnalysis } from '../preflight-report';
import type { VerifyReport } from '../check-answer';

/** One body to check off the event loop (door/body-check-worker.ts). */
export interface BodyCheckTask {
  /** The body as read; transferred to the worker and back. */
  readonly bytes: Uint8Array;
  readonly contentType?: string;
  /** Also validate the parsed document as this command's problem (the contracts' checks, in their precedence). */
  readonly problem?: { readonly command: string; readonly sandbox: boolean; readonly sandboxMaxN?: number };
  /**
   * With `problem`: plan the problem and answer the free preflight's plan part here (the report is
   * small; the body never reaches the main thread). The service's settings the plan depends on.
   */
  readonly analyze?: { readonly query: Record<string, unknown>; readonly queueThresholdWork: number; readonly engine: 'native' | 'ts' };
  /**
   * The bytes are the JSON of a `POST /verify/<command>` body: run the route's whole check
   * (check-answer.ts `checkAnswer`, the certificate's included) here and answer its report.
   */
  readonly verify?: { readonly command: string; readonly sandbox: boolean; readonly sandboxMaxN?: number };
  /** The bytes are a google.protobuf Struct or Value of this message field (gRPC), not JSON text. */
  readonly wire?: { readonly kind: 'struct' | 'value'; readonly field: string };
}

/** A refusal as plain data (an `SvcError` does not cross threads). */
export interface SvcErrorData {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly retryAfter?: number;
  readonly facts: Partial<Record<ActionName, Record<string, unknown>>>;
  readonly actions: readonly ActionName[];
  readonly extensions: Record<string, unknown>;
}

/**
 * The bytes back (the body passed every check) or the refusal the main thread would have made; a
 * verify task's report, or `fault` for an error of ours (not a refusal) met while checking.
 */
export type BodyCheckResult =
  | Uint8Array
  | { readonly error: SvcErrorData; readonly jsonBytes?: number }
  | { readonly report: PlanAnalysis }
  | { readonly verified: VerifyReport }
  | { readonly fault: string };

export function errorData(e: SvcError): SvcErrorData {
  return { code: e.code, detail: e.detail, retryAfter: e.retryAfter, facts: e.facts, actions: e.actions, extensions: e.extensions };
}

export function errorFromData(d: SvcErrorData): SvcError {
  return new SvcError(d.code, d.detail, { retryAfter: d.retryAfter, facts: d.facts, actions: [...d.actions], extensions: d.extensions });
}
