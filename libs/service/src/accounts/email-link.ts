import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed verification link vouches for. */
export interface EmailClaim {
  readonly accountId: string;
  readonly email: string;
  /** Epoch ms after which the link is refused. */
  readonly expiresAt: number;
}

const PREFIX = 'svce_';

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`email-verification\n${payload}`).digest();

/** `svce_<base64url(claim)>.<base64url(HMAC-SHA256)>`: stateless, tamper-evident, expiring. */
export function signEmailToken(claim: EmailClaim, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ a: claim.accountId, e: claim.email, x: claim.expiresAt }), 'utf8').toString('base64url');
  return `${PREFIX}${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claim of a well-signed token (expiry not checked here), or null for anything else. */
export function readEmailToken(token: string, secret: string): EmailClaim | null {
  if (!token.startsWith(PREFIX)) return null;
  const [payload, sig, extra] = token.slice(PREFIX.length).split('.');
  if (!payload || !sig || extra !== undefined) return null;
  // Compared as text, so no other spelling of the same bytes (base64 padding bits) is accepted.
  const want = Buffer.from(mac(secret, payload).toString('base64url'), 'utf8');
  const got = Buffer.from(sig, 'utf8');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a?: unknown; e?: unknown; x?: unknown };
    if (typeof c.a !== 'string' || typeof c.e !== 'string' || typeof c.x !== 'number') return null;
    return { accountId: c.a, email: c.e, expiresAt: c.x };
  } catch {
    return null;
  }
}
