import { randomBytes } from 'node:crypto';
import { SvcError } from '@svc/errors';
import type { Store } from '@svc/store';

export interface SandboxTokens {
  /** The token to publish now (rotating first when due). */
  current(): Promise<string>;
  /** `active` (current, or rotated out less than the grace ago), `retired`, or `unknown`. */
  check(token: string): Promise<'active' | 'retired' | 'unknown'>;
  /** Rotation period and grace in seconds, or null when the token is pinned. */
  readonly rotation: { readonly everySeconds: number; readonly graceSeconds: number } | null;
}

/** The prefix of every sandbox token this service issues. */
export const SANDBOX_TOKEN_PREFIX = 'sbx_';
const newToken = () => `${SANDBOX_TOKEN_PREFIX}${randomBytes(16).toString('hex')}`;

/**
 * The public sandbox token and its rotation. Rotation is lazy: the first request after the period
 * stores a new token and retires the others `graceSeconds` later, so clients holding the old one
 * keep working for the grace and then get 401 SVC_SANDBOX_CAPABILITY_REJECTED (and re-fetch once).
 * A pinned token (`SVC_SANDBOX_TOKEN`) never rotates.
 */
export async function createSandboxTokens(opts: {
  store: Store;
  clock: () => number;
  pinned?: string;
  rotateSeconds: number;
  graceSeconds: number;
}): Promise<SandboxTokens> {
  const { store, clock, pinned } = opts;
  const periodMs = opts.rotateSeconds * 1000;
  const graceMs = opts.graceSeconds * 1000;
  if (pinned) {
    await store.addSandboxToken(pinned, clock());
  } else if ((await store.activeSandboxTokens()).length === 0) {
    await store.addSandboxToken(newToken(), clock());
  }
  // Cheap gate: the store is asked to rotate only once the newest token we saw is due.
  let dueAt = -Infinity;
  const rotateIfDue = async () => {
    if (pinned) return;
    const now = clock();
    if (now < dueAt) return;
    await store.rotateSandboxToken(newToken(), now, periodMs, now + graceMs);
    const newest = (await store.activeSandboxTokens())[0];
    dueAt = newest ? newest.createdAt + periodMs : -Infinity;
  };
  return {
    rotation: pinned ? null : { everySeconds: opts.rotateSeconds, graceSeconds: opts.graceSeconds },
    async current() {
      if (pinned) return pinned;
      await rotateIfDue();
      const active = await store.activeSandboxTokens();
      if (active.length === 0) throw new SvcError('SVC_INTERNAL', 'No active sandbox token.');
      return active[0].token;
    },
    async check(token) {
      await rotateIfDue();
      const row = await store.findSandboxToken(token);
      if (!row) return 'unknown';
      return row.retiredAt === null || clock() < row.retiredAt ? 'active' : 'retired';
    },
  };
}
