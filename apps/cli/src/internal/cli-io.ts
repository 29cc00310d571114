/** Everything the CLI touches outside itself, so tests can run it in-process. */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input as UTF-8. */
  readStdin: () => Promise<string>;
  /** True when standard input is a terminal (nothing piped). */
  stdinIsTty: boolean;
  readFile: (path: string) => Promise<string>;
  /** Injected into the HTTP client (tests); default the global fetch. */
  fetch?: typeof fetch;
  /** Injected into the HTTP client's retry waits (tests). */
  sleep?: (ms: number) => Promise<void>;
}
