import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { DoorClient, DoorReply, Json } from './door-client';

/** Calls `svc.compute` (or follows/cancels with job_id) on clients made per token by `open`. */
function mcpDoor(name: string, open: (token: string) => Transport): DoorClient {
  const clients = new Map<string, Promise<Client>>();
  const clientFor = (token: string): Promise<Client> => {
    let c = clients.get(token);
    if (!c) {
      c = (async () => {
        const client = new Client({ name: `svc-cross-transport-${name}`, version: '1.0.0' });
        await client.connect(open(token));
        return client;
      })();
      clients.set(token, c);
    }
    return c;
  };
  const tool = async (token: string, args: Json): Promise<DoorReply> => {
    const r = (await (await clientFor(token)).callTool({ name: 'svc.compute', arguments: args }, undefined, { timeout: 120_000 })) as { isError?: boolean; structuredContent?: Json };
    if (!r.structuredContent) throw new Error(`${name}: a result without structuredContent: ${JSON.stringify(r)}`);
    return r.isError ? { ok: false, problem: r.structuredContent } : { ok: true, result: r.structuredContent };
  };
  return {
    name,
    solve(req, token) {
      const { idempotencyKey, ...args } = req;
      return tool(token, { ...args, ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}) });
    },
    getJob: (jobId, token, waitSeconds) => tool(token, { job_id: jobId, wait_seconds: waitSeconds }),
    cancelJob: (jobId, token) => tool(token, { job_id: jobId, cancel: true }),
    async close() {
      for (const c of clients.values()) await (await c).close();
      clients.clear();
    },
  };
}

/** MCP over streamable HTTP at `<base>/mcp`, the token in the Authorization header. */
export function mcpHttpDoor(baseUrl: string): DoorClient {
  return mcpDoor('mcp-http', (token) => new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
}

/** MCP over stdio: `node <svc.mjs> mcp`, one process per token (SVC_API_KEY), forwarding to `baseUrl`. */
export function mcpStdioDoor(baseUrl: string, svcBin: string, home: string): DoorClient {
  return mcpDoor('mcp-stdio', (token) => new StdioClientTransport({
    command: process.execPath,
    args: [svcBin, 'mcp'],
    env: { PATH: process.env.PATH ?? '', HOME: home, SVC_BASE_URL: baseUrl, SVC_API_KEY: token },
    stderr: 'pipe',
  }));
}
