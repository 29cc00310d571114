import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Prefix of every API key; a bearer token with it is looked up as a key, never as a sandbox token. */
export const API_KEY_PREFIX = 'svck_';

const KEY_FORMAT = /^svck_([0-9a-f]{16})_([0-9a-f]{64})$/;

/** A freshly minted key: the token is shown once; only `salt` and `hash` are stored. */
export interface MintedKey {
  /** Public id (the lookup prefix inside the token). */
  readonly id: string;
  /** `svck_<id>_<secret>`: 64 random bits of id, 256 random bits of secret. */
  readonly token: string;
  readonly salt: string;
  readonly hash: string;
}

/** Salted SHA-256 of a secret. The secret is 256 random bits, so a slow KDF would add nothing. */
export function hashSecret(salt: string, secret: string): string {
  return createHash('sha256').update(Buffer.from(salt, 'hex')).update(secret, 'utf8').digest('hex');
}

export function mintApiKey(): MintedKey {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('hex');
  const salt = randomBytes(16).toString('hex');
  return { id, token: `${API_KEY_PREFIX}${id}_${secret}`, salt, hash: hashSecret(salt, secret) };
}

/** Splits a bearer token into key id and secret, or null when it is not an API key. */
export function parseApiKey(token: string): { id: string; secret: string } | null {
  const m = KEY_FORMAT.exec(token);
  return m ? { id: m[1], secret: m[2] } : null;
}

/** Constant-time check of a presented secret against the stored salt and hash. */
export function secretMatches(secret: string, salt: string, hash: string): boolean {
  const got = Buffer.from(hashSecret(salt, secret), 'hex');
  const want = Buffer.from(hash, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}
