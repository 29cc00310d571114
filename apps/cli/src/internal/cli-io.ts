/** Everything the CLI touches outside itself, so tests can run it in-process. */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input as UTF-8. */
  readStdin: () => Promise<string>;
  /** True when standard input is a terminal (nothing piped). */
  stdinIsTty: boolean;
  /** True when standard error is a terminal: only then is a job's progress line drawn. */
  stderrIsTty?: boolean;
  readFile: (path: string) => Promise<string>;
  /**
   * Writes a file atomically, creating missing parent directories (mode 0700); `mode` is applied
   * to the file (the config is written 0600). Default: unsupported (throws).
   */
  writeFile?: (path: string, text: string, mode?: number) => Promise<void>;
  /** The user's home directory, for `~/.config/svc/config.json`. */
  homeDir?: string;
  /** Injected into the HTTP client (tests); default the global fetch. */
  fetch?: typeof fetch;
  /** Injected into the HTTP client's retry waits (tests). */
  sleep?: (ms: number) => Promise<void>;
  /** Clock in ms (job waits, progress); default `Date.now`. */
  now?: () => number;
}
