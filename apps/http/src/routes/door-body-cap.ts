import type { FastifyRequest } from 'fastify';
import { overCap, type BodyCaps, type Service } from '@svc/service';

/** What a request without a valid credential may send to /mcp or /trpc: enough for initialize, tools/list and a fault. */
export const ANONYMOUS_DOOR_BODY_BYTES = 1024 * 1024;
/** Room for the JSON-RPC or tRPC wrapping around a problem at the plan's cap (the door measures the problem itself). */
export const DOOR_ENVELOPE_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The body caps of a door route (/mcp, /trpc), set before the body is read; null elsewhere. */
    doorBodyCaps: BodyCaps | null;
  }
}

/**
 * An `onRequest` hook for the doors that authenticate per call inside the body (MCP, tRPC), with
 * the solve route's mechanism: the caller's plan cap (plus the protocol's wrapping), or 1 MiB
 * without a valid credential, is checked against the declared Content-Length before anything is
 * read (413 at once) and bounds the streaming read of a chunked body, so no body past what the
 * caller's plan allows is ever read whole or parsed. The door then measures the problem exactly.
 */
export function doorBodyCap(service: Service) {
  return async (request: FastifyRequest): Promise<void> => {
    const auth = request.headers.authorization;
    // A hook before this one may have authenticated the header already (MCP's gate, tRPC's admission).
    const principal = request.principal ?? (auth ? await service.authenticate(auth, { ip: request.ip }).catch(() => null) : null);
    const absolute = service.limits.maxBodyBytes;
    const caps: BodyCaps = {
      plan: Math.min(absolute, principal ? service.bodyLimitFor(principal) + DOOR_ENVELOPE_BYTES : ANONYMOUS_DOOR_BODY_BYTES),
      absolute,
      // Registering lifts the cap of the sandbox and of a caller without a key.
      sandbox: principal === null || principal.kind === 'sandbox',
    };
    request.doorBodyCaps = caps;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared)) {
      const err = overCap(declared, caps);
      if (err) throw err;
    }
  };
}
