/** Who is calling. Only the anonymous sandbox exists so far; accounts and keys come later. */
export interface SandboxPrincipal {
  readonly kind: 'sandbox';
  /** Usage and quota key: one sandbox allowance per client IP. */
  readonly id: string;
  readonly ip: string;
  readonly plan: 'sandbox';
}

export type Principal = SandboxPrincipal;

/** The `Authorization` bearer credential, or null when absent or not a bearer header. */
export function bearerToken(authorization: string | undefined | null): string | null {
  if (!authorization) return null;
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization);
  return m ? m[1] : null;
}
