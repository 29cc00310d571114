/**
 * What the MCP tools call: the service in-process (apps/http's `/mcp`, over the door layer) or the
 * HTTP API (`svc mcp`, over `@svc/client`). Faults are problem documents, never exceptions.
 */
export type Json = Record<string, unknown>;

export type Outcome = { readonly ok: true; readonly value: Json } | { readonly ok: false; readonly problem: Json };

/** `{command?, problem, effort?, seed?, max_latency_ms?, version?, certificate?}` of commands.md. */
export interface SolveArgs {
  readonly command?: string;
  readonly problem: unknown;
  readonly effort?: string;
  readonly seed?: number;
  readonly max_latency_ms?: number;
  readonly version?: string;
  /** `full` or `none` (docs/contract.md "Options of a solve"). */
  readonly certificate?: string;
}

export interface McpBackend {
  analyze(args: SolveArgs): Promise<Outcome>;
  /** A solve (with `command`) or a routed compute; a heavy one answers the queued job handle. */
  compute(args: SolveArgs, idempotencyKey?: string): Promise<Outcome>;
  verify(args: { readonly command?: string; readonly problem: unknown; readonly answer: unknown }): Promise<Outcome>;
  /**
   * A job, long-polling up to `waitSeconds` (the server cuts it to its maximum); with
   * `orProgress`, a backend that can also ends the wait at the job's next progress report.
   */
  getJob(jobId: string, waitSeconds: number, opts?: { readonly orProgress?: boolean }): Promise<Outcome>;
  /** getJob honours `orProgress` (the in-process service); absent: it waits for the end only (HTTP). */
  readonly progressWaits?: boolean;
  cancelJob(jobId: string): Promise<Outcome>;
  /**
   * Who is calling, as the owner of results kept for `svc://results/<receipt>` (the account, or the
   * sandbox allowance), or null without valid credentials. Absent: one user per server (`svc mcp`).
   */
  owner?(): Promise<string | null>;
}
