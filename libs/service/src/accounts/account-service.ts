import { randomBytes } from 'node:crypto';
import { SvcError } from '@svc/errors';
import { ACCOUNT_STATES, type AccountRecord, type AccountState, type ApiKeyRecord, type Store } from '@svc/store';
import type { AccessLimits } from '../limits/access-limits';
import { SCOPES, type AccountPrincipal, type Principal, type Scope } from '../principal';
import { mintApiKey, parseApiKey, secretMatches } from './api-key';
import { readEmailToken, signEmailToken } from './email-link';
import type { Mailer } from './outbox';

/** A key as listed: never the secret. */
export interface KeyView {
  id: string;
  name: string | null;
  scopes: readonly string[];
  status: 'active' | 'revoked';
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** `POST /api/v1/accounts` (201): the initial key is in `key.token`, shown this once. */
export interface Registration {
  account_id: string;
  email: string;
  plan: string;
  email_verified: false;
  key: KeyView & { token: string };
  /** `sent` false when writing the mail failed; the resend route then mails a new link. */
  verification: { sent_to: string; sent: boolean; expires_at: string | null; resend: string };
  next_actions: { action: 'verify_email'; requires_human_approval: true; detail: string }[];
}

export interface AccountView {
  account_id: string;
  email: string;
  plan: string;
  state: AccountState;
  email_verified: boolean;
  email_verified_at: string | null;
  created_at: string;
  state_changed_at: string | null;
  state_reason: string | null;
}

export interface AccountService {
  /** Registers `{email}`: creates the account and its first key (all scopes), mails the signed link. */
  register(body: unknown, meta?: { origin?: string }): Promise<Registration>;
  /** Confirms `{token}` from the signed link; confirming twice is harmless. */
  verifyEmail(body: unknown): Promise<AccountView>;
  /** Mails a fresh link (`sent`), or says the address is already verified. */
  resendVerification(principal: Principal, meta?: { origin?: string }): Promise<{ status: 'sent' | 'already_verified'; sent_to: string; expires_at?: string }>;
  listKeys(principal: Principal): Promise<{ keys: KeyView[] }>;
  /** Creates `{scopes?, name?}` (default scopes `solve`, `analyze`; never more than the caller's). */
  createKey(principal: Principal, body: unknown): Promise<KeyView & { token: string }>;
  revokeKey(principal: Principal, keyId: string): Promise<KeyView>;
  /** Resolves an API key token to its principal, enforcing key and account state. */
  authenticateKey(token: string, ip: string): Promise<AccountPrincipal>;
  /** Operator: sets an account's state by email. */
  setAccountState(email: string, state: AccountState, reason?: string): Promise<AccountView>;
  describeAccount(email: string): Promise<AccountView>;
}

const EMAIL = /^[^\s@<>(),;:"\[\]\\]+@[^\s@<>(),;:"\[\]\\]+\.[^\s@<>(),;:"\[\]\\]+$/;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const STATE_ERRORS = {
  suspended: 'SVC_ACCOUNT_SUSPENDED',
  blocked: 'SVC_ACCOUNT_BLOCKED',
  closed: 'SVC_ACCOUNT_CLOSED',
} as const;

function keyView(k: ApiKeyRecord): KeyView {
  return {
    id: k.id,
    name: k.name,
    scopes: k.scopes,
    status: k.revokedAt === null ? 'active' : 'revoked',
    created_at: iso(k.createdAt)!,
    last_used_at: iso(k.lastUsedAt),
    revoked_at: iso(k.revokedAt),
  };
}

function accountView(a: AccountRecord): AccountView {
  return {
    account_id: a.id,
    email: a.email,
    plan: a.plan,
    state: a.state,
    email_verified: a.emailVerifiedAt !== null,
    email_verified_at: iso(a.emailVerifiedAt),
    created_at: iso(a.createdAt)!,
    state_changed_at: iso(a.stateChangedAt),
    state_reason: a.stateReason,
  };
}

function invalid(field: string, message: string): SvcError {
  return new SvcError('SVC_INVALID_INPUT', `${field}: ${message}`, { extensions: { field } });
}

/** Reads a JSON object body with only the `allowed` members (absent body = `{}` when `optional`). */
function objectBody(body: unknown, allowed: readonly string[], optional = false): Record<string, unknown> {
  if (body === undefined && optional) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('(root)', `expected a JSON object with ${allowed.join(', ')}`);
  }
  for (const k of Object.keys(body)) {
    if (!allowed.includes(k)) throw invalid(k, `unknown field; allowed: ${allowed.join(', ')}`);
  }
  return body as Record<string, unknown>;
}

/** Normalises and checks an email address (lower-cased, at most 254 characters). */
export function normalizeEmail(raw: unknown): string {
  if (typeof raw !== 'string') throw invalid('email', 'expected a string email address');
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw invalid('email', 'not a valid email address');
  return email;
}

function requireAccount(p: Principal): AccountPrincipal {
  if (p.kind !== 'account') {
    throw new SvcError('SVC_FORBIDDEN', 'The sandbox token has no account; register with POST /api/v1/accounts and use your API key.', {
      actions: ['register_key'],
    });
  }
  return p;
}

/** Throws the account-state code for anything but `active`. */
export function assertActive(a: AccountRecord): void {
  if (a.state === 'active') return;
  const code = STATE_ERRORS[a.state];
  throw new SvcError(code, `The account is ${a.state}${a.stateReason ? ` (${a.stateReason})` : ''}.`);
}

export function createAccountService(deps: {
  store: Store;
  clock: () => number;
  limits: AccessLimits;
  mailer: Mailer;
  signingSecret: string;
  /** Origin used in mailed links (`SVC_PUBLIC_URL`); else the request's origin. */
  publicUrl?: string;
}): AccountService {
  const { store, clock, limits, mailer, signingSecret } = deps;
  const FREE_PLAN = 'free';

  async function mailVerification(account: AccountRecord, origin: string | undefined) {
    const expiresAt = clock() + limits.emailTokenTtlSeconds * 1000;
    const token = signEmailToken({ accountId: account.id, email: account.email, expiresAt }, signingSecret);
    const base = (deps.publicUrl ?? origin ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
    const link = `${base}/api/v1/email/verify?token=${token}`;
    await mailer.send({
      to: account.email,
      subject: 'Confirm your email address for svc',
      kind: 'email_verification',
      body: [
        `Confirm the email address of your svc account ${account.id}.`,
        '',
        `Open this link before ${new Date(expiresAt).toISOString()}:`,
        '',
        link,
        '',
        'or send the token with `svc verify-email <token>` or POST /api/v1/email/verify {"token": "..."}:',
        '',
        token,
        '',
        'Solving stays blocked until the address is confirmed. If you did not register, ignore this message.',
      ].join('\n'),
      facts: { account_id: account.id, link, token, expires_at: new Date(expiresAt).toISOString() },
    });
    return expiresAt;
  }

  async function accountByEmail(email: string): Promise<AccountRecord> {
    const a = await store.findAccountByEmail(normalizeEmail(email));
    if (!a) throw new SvcError('SVC_NOT_FOUND', `No account is registered with ${email}.`);
    return a;
  }

  return {
    async register(body, meta = {}) {
      const b = objectBody(body, ['email']);
      const email = normalizeEmail(b.email);
      const minted = mintApiKey();
      const now = clock();
      const id = `acct_${randomBytes(12).toString('hex')}`;
      const scopes: Scope[] = [...SCOPES];
      const account = await store.createAccount(
        { id, email, plan: FREE_PLAN, createdAt: now },
        { id: minted.id, accountId: id, name: 'initial', salt: minted.salt, hash: minted.hash, scopes, createdAt: now },
      );
      if (!account) {
        throw new SvcError('SVC_ERROR', `${email} is already registered; use its API key (svc login --key <KEY>) or another address.`, {
          extensions: { field: 'email' },
        });
      }
      // The key is shown only in this answer, so a failed mail must not lose it: the resend route recovers.
      const expiresAt = await mailVerification(account, meta.origin).catch(() => null);
      const key = await store.findApiKey(minted.id);
      return {
        account_id: id,
        email,
        plan: FREE_PLAN,
        email_verified: false,
        key: { ...keyView(key!), token: minted.token },
        verification: {
          sent_to: email,
          sent: expiresAt !== null,
          expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString(),
          resend: 'POST /api/v1/email/verification-notification',
        },
        next_actions: [{
          action: 'verify_email',
          requires_human_approval: true,
          detail: `Open the signed link mailed to ${email}, or POST its token to /api/v1/email/verify; solving is blocked (403) until then.`,
        }],
      };
    },

    async verifyEmail(body) {
      const b = objectBody(body, ['token']);
      if (typeof b.token !== 'string' || b.token.length === 0 || b.token.length > 2048) throw invalid('token', 'expected the token string from the signed link');
      const claim = readEmailToken(b.token, signingSecret);
      if (!claim) throw invalid('token', 'the verification token is not valid (tampered, truncated or from another server)');
      if (clock() > claim.expiresAt) {
        throw invalid('token', 'the verification link has expired; request a new one with POST /api/v1/email/verification-notification');
      }
      const account = await store.findAccountById(claim.accountId);
      if (!account || account.email !== claim.email) throw invalid('token', 'the verification token does not match any account');
      assertActive(account);
      const verified = await store.markEmailVerified(account.id, clock());
      return accountView(verified!);
    },

    async resendVerification(principal, meta = {}) {
      const p = requireAccount(principal);
      const account = await store.findAccountById(p.accountId);
      if (!account) throw new SvcError('SVC_UNAUTHENTICATED', 'The account of this key no longer exists.');
      if (account.emailVerifiedAt !== null) return { status: 'already_verified', sent_to: account.email };
      const [last] = await store.listOutbox({ to: account.email, limit: 1 });
      const waitMs = last ? last.createdAt + limits.emailResendSeconds * 1000 - clock() : 0;
      if (waitMs > 0) {
        throw new SvcError('SVC_RATE_LIMITED', `A verification mail was sent less than ${limits.emailResendSeconds} s ago; check the inbox or retry later.`, {
          retryAfter: Math.ceil(waitMs / 1000),
        });
      }
      const expiresAt = await mailVerification(account, meta.origin);
      return { status: 'sent', sent_to: account.email, expires_at: new Date(expiresAt).toISOString() };
    },

    async listKeys(principal) {
      const p = requireAccount(principal);
      return { keys: (await store.listApiKeys(p.accountId)).map(keyView) };
    },

    async createKey(principal, body) {
      const p = requireAccount(principal);
      const b = objectBody(body, ['scopes', 'name'], true);
      let scopes: Scope[] = ['solve', 'analyze'];
      if (b.scopes !== undefined) {
        if (!Array.isArray(b.scopes) || b.scopes.length === 0) throw invalid('scopes', `expected a non-empty array of ${SCOPES.join(', ')}`);
        for (const [i, s] of b.scopes.entries()) {
          if (!(SCOPES as readonly unknown[]).includes(s)) throw invalid(`scopes[${i}]`, `unknown scope ${JSON.stringify(s)}; known: ${SCOPES.join(', ')}`);
        }
        scopes = [...new Set(b.scopes as Scope[])];
      }
      if (b.name !== undefined && (typeof b.name !== 'string' || b.name.length > 64)) throw invalid('name', 'expected a string of at most 64 characters');
      const beyond = scopes.filter((s) => !p.scopes.includes(s));
      if (beyond.length > 0) {
        throw new SvcError('SVC_FORBIDDEN', `A key may only grant scopes it holds itself; this key lacks ${beyond.join(', ')}.`, { actions: ['mint_new_key'] });
      }
      const active = (await store.listApiKeys(p.accountId)).filter((k) => k.revokedAt === null).length;
      if (active >= limits.maxKeysPerAccount) {
        throw new SvcError('SVC_FORBIDDEN', `The account already has ${active} active keys (the cap is ${limits.maxKeysPerAccount}); revoke one first.`, {
          actions: ['repair_request'],
        });
      }
      const minted = mintApiKey();
      const key = await store.createApiKey({
        id: minted.id, accountId: p.accountId, name: (b.name as string | undefined) ?? null, salt: minted.salt, hash: minted.hash, scopes, createdAt: clock(),
      });
      return { ...keyView(key), token: minted.token };
    },

    async revokeKey(principal, keyId) {
      const p = requireAccount(principal);
      const key = await store.revokeApiKey(p.accountId, keyId, clock());
      if (!key) throw new SvcError('SVC_NOT_FOUND', `This account has no key '${keyId.slice(0, 64)}'.`);
      return keyView(key);
    },

    async authenticateKey(token, ip) {
      const parsed = parseApiKey(token);
      const key = parsed ? await store.findApiKey(parsed.id) : null;
      if (!parsed || !key || !secretMatches(parsed.secret, key.salt, key.hash)) {
        throw new SvcError('SVC_UNAUTHENTICATED', 'The bearer token is not a valid API key.');
      }
      if (key.revokedAt !== null) {
        throw new SvcError('SVC_TOKEN_BLOCKED', `The key ${key.id} was revoked; mint a new one (POST /api/v1/keys with another key, or svc keys create).`);
      }
      const account = await store.findAccountById(key.accountId);
      if (!account) throw new SvcError('SVC_UNAUTHENTICATED', 'The account of this key no longer exists.');
      assertActive(account);
      const now = clock();
      // Throttled: one write per key per minute is enough for "last used".
      if (key.lastUsedAt === null || now - key.lastUsedAt > 60_000) await store.touchApiKey(key.id, now);
      return {
        kind: 'account',
        id: `account:${account.id}`,
        accountId: account.id,
        keyId: key.id,
        email: account.email,
        plan: account.plan,
        scopes: key.scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)),
        emailVerified: account.emailVerifiedAt !== null,
        ip,
      };
    },

    async setAccountState(email, state, reason) {
      if (!ACCOUNT_STATES.includes(state)) throw invalid('state', `expected one of ${ACCOUNT_STATES.join(', ')}`);
      const a = await accountByEmail(email);
      const updated = await store.setAccountState(a.id, state, clock(), reason ?? null);
      return accountView(updated!);
    },

    async describeAccount(email) {
      return accountView(await accountByEmail(email));
    },
  };
}
