import type { FastifyRequest } from 'fastify';
import type { Service } from '@svc/service';

/** What a request without a valid credential may send to /mcp or /trpc: enough for initialize, tools/list and a fault. */
export const ANONYMOUS_DOOR_BODY_BYTES = 1024 * 1024;
/** Room for the JSON-RPC or tRPC wrapping around a problem at the plan's cap (the door measures the problem itself). */
export const DOOR_ENVELOPE_BYTES = 64 * 1024;
/**
 * A body up to this many times the plan's cap is read and its problem refused inside the protocol
 * (413 as an MCP isError result or a tRPC error, like every other door); beyond it the transport
 * refuses it with a 413 problem document before reading on.
 */
export const DOOR_BODY_FACTOR = 2;

declare module 'fastify' {
  interface FastifyRequest {
    /** The body cap of a door route (/mcp, /trpc), set before the body is read; null elsewhere. */
    doorBodyCap: number | null;
  }
}

/**
 * An `onRequest` hook for the doors that authenticate per call inside the body (MCP, tRPC): the
 * body is read only up to twice the caller's plan cap plus the wrapping, or 1 MiB without a valid
 * credential, so nobody makes the server read a body far beyond what their plan allows. The door
 * then measures the problem against the plan's cap exactly.
 */
export function doorBodyCap(service: Service) {
  return async (request: FastifyRequest): Promise<void> => {
    const auth = request.headers.authorization;
    const principal = auth ? await service.authenticate(auth, { ip: request.ip }).catch(() => null) : null;
    request.doorBodyCap = principal
      ? Math.min(service.limits.maxBodyBytes, DOOR_BODY_FACTOR * service.bodyLimitFor(principal) + DOOR_ENVELOPE_BYTES)
      : Math.min(service.limits.maxBodyBytes, ANONYMOUS_DOOR_BODY_BYTES);
  };
}
