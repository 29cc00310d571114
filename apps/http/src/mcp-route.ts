/**
 * MCP over streamable HTTP at `/mcp`, stateless: each request gets its own MCP server bound to
 * that request's credentials (the `Authorization` header) over the door layer, so no job or
 * session state lives in the connection. Results of cut arrays are shared across requests.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { problemDocument, SvcError, toSvcError } from '@svc/errors';
import { createMcpServer, ResultStore, type Json, type McpBackend, type Outcome } from '@svc/mcp';
import { createDoor, type Caller, type Door } from '@svc/service';
import { doorBodyCap } from './routes/door-body-cap';

export const MCP_PATH = '/mcp';

async function outcome(fn: () => Promise<unknown> | unknown): Promise<Outcome> {
  try {
    return { ok: true, value: (await fn()) as Json };
  } catch (e) {
    return { ok: false, problem: problemDocument(e instanceof SvcError ? e : toSvcError(e)) as unknown as Json };
  }
}

/** The MCP tools over the service for one caller. */
export function doorBackend(door: Door, caller: Caller): McpBackend {
  return {
    analyze: (args) => outcome(() => door.analyze(args, caller)),
    compute: (args, idempotencyKey) => outcome(() => door.compute(args, { ...caller, idempotencyKey })),
    verify: (args) => outcome(() => door.verify(args, caller)),
    getJob: (jobId, waitSeconds) => outcome(() => door.getJob(jobId, caller, waitSeconds)),
    cancelJob: (jobId) => outcome(() => door.cancelJob(jobId, caller)),
  };
}

const header = (h: string | string[] | undefined): string | undefined => (Array.isArray(h) ? h[0] : h);

export function mcpRoute(service: import('@svc/service').Service) {
  const door = createDoor(service);
  const results = new ResultStore();
  return async (app: FastifyInstance): Promise<void> => {
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const caller: Caller = { authorization: header(request.headers.authorization), ip: request.ip };
      const server = createMcpServer(doorBackend(door, caller), { results });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    };
    app.route({ method: ['POST', 'GET', 'DELETE'], url: MCP_PATH, onRequest: doorBodyCap(service), handler: handle });
  };
}
