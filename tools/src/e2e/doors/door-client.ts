/**
 * One front door as the cross-transport test drives it. Each door (HTTP, svc, Python, MCP over
 * streamable HTTP, MCP over stdio, gRPC, tRPC) implements this in its own file beside this one,
 * so the one table of cases in cross-transport.e2e.test.ts runs through all of them.
 */
export type Json = Record<string, any>;

/**
 * A success document (an envelope, a queued job handle, a job, a report) or the problem document of
 * a fault; `exit` is the process exit code for the doors that are processes (svc), or the
 * `exit_code` a client reports (Python).
 */
export type DoorReply =
  | { readonly ok: true; readonly result: Json; readonly exit?: number | null }
  | { readonly ok: false; readonly problem: Json; readonly exit?: number | null };

export interface DoorSolve {
  readonly command: string;
  /** The problem document as sent (with tag and description). */
  readonly problem: unknown;
  readonly effort?: string;
  readonly seed?: number;
  readonly max_latency_ms?: number;
  readonly version?: string;
  readonly idempotencyKey?: string;
}

export interface DoorClient {
  readonly name: string;
  /** Solves with an explicit command under `token` (a bearer token; a wrong one is an auth case). */
  solve(req: DoorSolve, token: string): Promise<DoorReply>;
  /** Reads a job, waiting up to `waitSeconds` for its end. */
  getJob(jobId: string, token: string, waitSeconds: number): Promise<DoorReply>;
  cancelJob(jobId: string, token: string): Promise<DoorReply>;
  /** Releases connections and child processes. */
  close(): Promise<void>;
}
