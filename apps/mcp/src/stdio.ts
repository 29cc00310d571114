import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Client } from '@svc/client';
import { clientBackend } from './client-backend';
import { createMcpServer } from './server';

/**
 * `svc mcp`: the MCP server on stdin/stdout, forwarding every tool call to the HTTP API through
 * `client` (the caller's key, or the public sandbox token). Resolves when stdin closes.
 */
export async function serveStdio(client: Client): Promise<void> {
  const server = createMcpServer(clientBackend(client));
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
