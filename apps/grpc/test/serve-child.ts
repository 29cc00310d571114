import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
// Native and worker-pool packages stay external, as in the server's own bundle (apps/http/build.mjs).
const EXTERNAL = ['better-sqlite3', 'piscina', '*.node', '@grpc/grpc-js', '@grpc/proto-loader', '@grpc/reflection', 'grpc-health-check', 'protobufjs'];

export interface ServeChild {
  readonly address: string;
  readonly token: string;
  /** Current and peak RSS of the server process, in bytes. */
  rss(): Promise<{ rss: number; maxRss: number }>;
  close(): Promise<void>;
}

/** Bundles test/serve.ts (under apps/grpc/dist, so node_modules resolve) and starts it. */
export async function startServeChild(dataDir: string, serviceOptions: Record<string, unknown> = {}): Promise<ServeChild> {
  // Beside where a bundle of the server looks for its .proto files (../proto from dist/).
  const outDir = path.join(here, '..', 'dist');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, `serve-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(here, 'serve.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    external: EXTERNAL,
    banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);" },
  });
  const child: ChildProcess = spawn(process.execPath, [outfile, dataDir, JSON.stringify(serviceOptions)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown>> => {
    const r = await lines.next();
    if (r.done) throw new Error('the gRPC test server exited');
    return JSON.parse(r.value) as Record<string, unknown>;
  };
  const hello = await next();
  return {
    address: String(hello.address),
    token: String(hello.token),
    async rss() {
      child.stdin!.write('rss\n');
      return (await next()) as { rss: number; maxRss: number };
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin!.write('exit\n');
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    },
  };
}
