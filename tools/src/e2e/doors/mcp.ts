import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { DoorClient, DoorReply, Json } from './door-client';

/** The problem document of an HTTP refusal at /mcp (the SDK's StreamableHTTPError: `code` the status, the body in the message). */
function transportProblem(e: unknown): Json | null {
  if (!(e instanceof StreamableHTTPError) || typeof e.code !== 'number' || e.code < 400) return null;
  const body = /\{.*\}/s.exec(e.message);
  try {
    const doc = body ? (JSON.parse(body[0]) as Json) : null;
    return doc && typeof doc.code === 'string' ? doc : null;
  } catch {
    return null;
  }
}

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
      // A refused connection (a wrong token is 401 at initialize) is not kept.
      c.catch(() => clients.delete(token));
    }
    return c;
  };
  const tool = async (token: string, args: Json): Promise<DoorReply> => {
    let r: { isError?: boolean; structuredContent?: Json };
    try {
      r = (await (await clientFor(token)).callTool({ name: 'svc.compute', arguments: args }, undefined, { timeout: 120_000 })) as typeof r;
    } catch (e) {
      // Refused by the transport before any tool ran (a wrong token: 401; a body past the cap: 413):
      // the HTTP status, with the problem document as the body, which the SDK puts in its message.
      const problem = transportProblem(e);
      if (problem) return { ok: false, problem };
      throw e;
    }
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
      for (const c of clients.values()) await (await c.catch(() => null))?.close();
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
