import type { Readable, Writable } from 'node:stream';
import type { Client } from '@svc/client';
import type { McpBackend } from './backend';
import { clientBackend } from './client-backend';
import { createMcpServer } from './server';
import { MAX_LINE_BYTES, StdioTransport } from './stdio-transport';

const CALLS = ['analyze', 'compute', 'verify', 'getJob', 'cancelJob', 'owner'] as const;

/** The backend's calls still running, so a closed stdin does not cut their answers off. */
function tracked(backend: McpBackend): { backend: McpBackend; drained(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  const out: Record<string, unknown> = {};
  for (const k of CALLS) {
    const fn = backend[k] as ((...a: unknown[]) => Promise<unknown>) | undefined;
    if (typeof fn !== 'function') continue;
    out[k] = (...a: unknown[]) => {
      const p = fn.apply(backend, a);
      running.add(p);
      void p.finally(() => running.delete(p));
      return p;
    };
  }
  return {
    backend: out as unknown as McpBackend,
    async drained() {
      // Messages read before stdin ended may reach their handler a tick later.
      await new Promise((r) => setImmediate(r));
      while (running.size > 0) await Promise.allSettled([...running]);
      await new Promise((r) => setImmediate(r));
    },
  };
}

export interface StdioOptions {
  /** Default process.stdin / process.stdout. */
  readonly input?: Readable;
  readonly output?: Writable;
  /** Longest line read (default MAX_LINE_BYTES); a longer one is answered -32600 and skipped. */
  readonly maxLineBytes?: number;
}

/**
 * `svc mcp`: the MCP server on stdin/stdout, forwarding every tool call to the HTTP API through
 * `client` (the caller's key, or the public sandbox token). A malformed or over-long line is
 * answered with a JSON-RPC error and the session goes on. When stdin ends, the calls in flight are
 * answered, then it resolves.
 */
export async function serveStdio(client: Client, opts: StdioOptions = {}): Promise<void> {
  await serveStdioBackend(clientBackend(client), opts);
}

/** `serveStdio` over any backend (tests). */
export async function serveStdioBackend(backend: McpBackend, opts: StdioOptions = {}): Promise<void> {
  const input = opts.input ?? process.stdin;
  const t = tracked(backend);
  const server = createMcpServer(t.backend);
  const transport = new StdioTransport(input, opts.output ?? process.stdout, opts.maxLineBytes ?? MAX_LINE_BYTES);
  const ended = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    input.once('end', () => resolve());
  });
  await server.connect(transport);
  await ended;
  await t.drained();
  await server.close();
}
