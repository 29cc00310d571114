/** Who is calling: the anonymous sandbox (per client IP) or a registered account's API key. */

/** Key scopes (commands.md "Other routes we add"). */
export type Scope = 'solve' | 'analyze' | 'keys';

export const SCOPES: readonly Scope[] = Object.freeze(['solve', 'analyze', 'keys']);

/**
 * What a request wants to do; each maps to a scope (`compute` → `solve`). `account` is anything a
 * valid key may do whatever its scopes (usage, resending the verification mail).
 */
export type Action = 'solve' | 'analyze' | 'keys' | 'account';

export interface SandboxPrincipal {
  readonly kind: 'sandbox';
  /** Usage, quota, rate and idempotency key: one sandbox allowance per client IP. */
  readonly id: string;
  readonly ip: string;
  readonly plan: 'sandbox';
}

/** A registered account calling with one of its API keys. */
export interface AccountPrincipal {
  readonly kind: 'account';
  /** `account:<accountId>`: usage, quota, compute budget and idempotency are per account. */
  readonly id: string;
  readonly accountId: string;
  /** The key id used (per-key request rate). */
  readonly keyId: string;
  readonly email: string;
  /** Plan name (`free`). */
  readonly plan: string;
  readonly scopes: readonly Scope[];
  /** False until the signed email link is confirmed; solving is refused until then. */
  readonly emailVerified: boolean;
  readonly ip: string;
}

export type Principal = SandboxPrincipal | AccountPrincipal;

/** The `Authorization` bearer credential, or null when absent or not a bearer header. */
export function bearerToken(authorization: string | undefined | null): string | null {
  if (!authorization) return null;
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization);
  return m ? m[1] : null;
}
