import type * as grpc from '@grpc/grpc-js';
import type { Caller } from '@svc/service';

/** The first value of a metadata key as text. */
export function metadataText(md: grpc.Metadata, key: string): string | undefined {
  const v = md.get(key)[0];
  return v === undefined ? undefined : String(v);
}

/**
 * The client's address of a peer string, as Node names it (the key HTTP's `request.ip` gives the
 * shared per-IP limits): the server's `127.0.0.1:5000` or `::1:5000` (address, then the port after
 * the last colon), or a client-side `ipv4:…` / `ipv6:[…]:port`.
 */
export function ipOf(peer: string): string {
  const p = peer.replace(/^ipv[46]:/, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(p);
  if (bracketed) return bracketed[1];
  const withPort = /^(.+):(\d+)$/.exec(p);
  return withPort ? withPort[1] : p;
}

/**
 * The `Authorization` value of the metadata, a bare token (no scheme, no space) taken as a bearer
 * token, as the door layer reads it (libs/service door.ts).
 */
export function authorizationOf(md: grpc.Metadata): string | undefined {
  const a = metadataText(md, 'authorization');
  if (a === undefined || a.trim() === '') return undefined;
  return /\s/.test(a.trim()) ? a : `Bearer ${a.trim()}`;
}

/** The door's caller of a call: credentials and idempotency key from the metadata (or the field), the peer's IP. */
export function callerOf(call: { metadata: grpc.Metadata; getPeer(): string }, idempotencyKey?: string): Caller {
  return {
    authorization: metadataText(call.metadata, 'authorization'),
    ip: ipOf(call.getPeer()),
    idempotencyKey: idempotencyKey || metadataText(call.metadata, 'idempotency-key'),
  };
}
