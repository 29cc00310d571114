import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
// Native and worker-pool packages stay external, as in the server's own bundle (apps/http/build.mjs).
const EXTERNAL = ['better-sqlite3', 'pg', 'piscina', '*.node', '@grpc/grpc-js', '@grpc/proto-loader', '@grpc/reflection', 'grpc-health-check', 'protobufjs'];

export interface ServeChild {
  readonly address: string;
  readonly port: number;
  /** The sandbox token, and the API key of a verified account. */
  readonly token: string;
  readonly key: string;
  /** Resolves when the process exits (its exit code, or the signal that ended it). */
  readonly exited: Promise<number | string>;
  /** Current and peak RSS of the server process, in bytes. */
  rss(): Promise<{ rss: number; maxRss: number }>;
  close(): Promise<void>;
}

export interface ServeOptions {
  readonly service?: Record<string, unknown>;
  readonly grpc?: Record<string, unknown>;
  /** The apps/grpc folder whose test/serve.ts is run (default this one; load runs compare with an older tree). */
  readonly root?: string;
  /** Extra node flags (e.g. --max-old-space-size). */
  readonly nodeArgs?: readonly string[];
}

/** Bundles test/serve.ts (under apps/grpc/dist, so node_modules resolve) and starts it. */
export async function startServeChild(dataDir: string, opts: ServeOptions = {}): Promise<ServeChild> {
  const root = opts.root ?? path.join(here, '..');
  // Beside where a bundle of the server looks for its .proto files (../proto from dist/).
  const outDir = path.join(root, 'dist');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, `serve-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(root, 'test', 'serve.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    external: EXTERNAL,
    banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);" },
  });
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), outfile, dataDir, JSON.stringify(opts.service ?? {}), JSON.stringify(opts.grpc ?? {})], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  // A server that died (heap out of memory) closes its stdin: the next write fails, and rss() says so.
  child.stdin!.on('error', () => {});
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown>> => {
    const r = await lines.next();
    if (r.done) throw new Error('the gRPC test server exited');
    return JSON.parse(r.value) as Record<string, unknown>;
  };
  const hello = await next();
  // Loaded by now: the bundle is not left behind, one per test run.
  rmSync(outfile, { force: true });
  return {
    address: String(hello.address),
    port: Number(hello.port),
    token: String(hello.token),
    key: String(hello.key),
    exited,
    async rss() {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the gRPC test server exited (${child.exitCode ?? child.signalCode})`);
      child.stdin!.write('rss\n');
      return (await next()) as { rss: number; maxRss: number };
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin!.write('exit\n');
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    },
  };
}
