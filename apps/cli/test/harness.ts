import { runCli, type CliIo } from '../src/index';

/** One request the CLI sent through the fake fetch. */
export interface Call { url: URL; method: string; headers: Record<string, string>; body?: string | Uint8Array }

export const problemDoc = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  type: `https://docs.svc.invalid/errors/${code}`, title: code, status, detail: `detail of ${code}`, code,
  retryable: status === 429 || status >= 500, help: `help for ${code}`, next_actions: [], ...extra,
});

export const problemReply = (status: number, code: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  Response.json(problemDoc(status, code, extra), { status, headers: { 'content-type': 'application/problem+json', ...headers } });

export interface HarnessOptions {
  /** Answers a request; undefined falls through to a 404 problem document. */
  reply?: (c: Call) => Response | Error | undefined;
  stdin?: string | null;
  files?: Record<string, string>;
  env?: Record<string, string>;
  stderrIsTty?: boolean;
}

/** Runs `svc` in-process over an in-memory file system and a scripted fetch. */
export function harness(opts: HarnessOptions = {}) {
  const calls: Call[] = [];
  const files = new Map<string, { text: string; mode?: number }>(Object.entries(opts.files ?? {}).map(([k, v]) => [k, { text: v }]));
  let clock = 1_000_000;
  const io: CliIo = {
    env: { SVC_BASE_URL: 'http://svc.test', HOME: '/home/u', ...opts.env },
    stdout: () => {},
    stderr: () => {},
    readStdin: async () => opts.stdin ?? '',
    stdinIsTty: opts.stdin === null || opts.stdin === undefined,
    stderrIsTty: opts.stderrIsTty ?? false,
    readFile: async (p) => {
      const f = files.get(p);
      if (f === undefined) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
      return f.text;
    },
    writeFile: async (p, text, mode) => { files.set(p, { text, mode }); },
    homeDir: undefined,
    sleep: async (ms) => { clock += ms; },
    now: () => clock,
    fetch: (async (input: string, init: RequestInit) => {
      const call: Call = { url: new URL(input), method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) }, body: init.body as string | Uint8Array | undefined };
      calls.push(call);
      const r = opts.reply?.(call);
      if (r instanceof Error) throw r;
      if (r) return r;
      if (call.url.pathname === '/api/v1/sandbox') return Response.json({ token: 'sbx' });
      return problemReply(404, 'SVC_NOT_FOUND');
    }) as unknown as typeof fetch,
  };
  return {
    io, calls, files,
    /** Requests other than the sandbox token fetch. */
    sent: () => calls.filter((c) => c.url.pathname !== '/api/v1/sandbox'),
    run: async (...argv: string[]) => {
      let out = '';
      let err = '';
      const code = await runCli(argv, { ...io, stdout: (t) => { out += t; }, stderr: (t) => { err += t; } });
      return { code, out, err, json: () => JSON.parse(out) };
    },
  };
}
