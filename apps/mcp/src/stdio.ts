import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Client } from '@svc/client';
import type { McpBackend } from './backend';
import { clientBackend } from './client-backend';
import { createMcpServer } from './server';

/** The backend's calls still running, so a closed stdin does not cut their answers off. */
function tracked(backend: McpBackend): { backend: McpBackend; drained(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  const wrap = <A extends unknown[], R>(fn: (...a: A) => Promise<R>) => (...a: A): Promise<R> => {
    const p = fn(...a);
    running.add(p);
    void p.finally(() => running.delete(p));
    return p;
  };
  const out = Object.fromEntries(Object.entries(backend).map(([k, fn]) => [k, wrap(fn as (...a: unknown[]) => Promise<unknown>)])) as unknown as McpBackend;
  return {
    backend: out,
    async drained() {
      // Messages read before stdin ended may reach their handler a tick later.
      await new Promise((r) => setImmediate(r));
      while (running.size > 0) await Promise.allSettled([...running]);
      await new Promise((r) => setImmediate(r));
    },
  };
}

/**
 * `svc mcp`: the MCP server on stdin/stdout, forwarding every tool call to the HTTP API through
 * `client` (the caller's key, or the public sandbox token). When stdin ends, the calls in flight
 * are answered, then it resolves.
 */
export async function serveStdio(client: Client): Promise<void> {
  const { backend, drained } = tracked(clientBackend(client));
  const server = createMcpServer(backend);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await drained();
  await server.close();
}
