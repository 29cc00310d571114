import { CLIENT_VERSION, createClient, defaultUserAgent, type Client } from '@svc/client';
import { SvcError } from '@svc/errors';
import type { CliIo } from './cli-io';
import { loadConfig, type SvcConfig } from './config';

export interface Session {
  client: Client;
  config: SvcConfig;
  configPath: string | null;
  /** Where the key came from, when there is one. */
  keySource: 'SVC_API_KEY' | 'config' | null;
}

/** Which credential an invocation sends, from where, to which server: named in an auth refusal. */
export interface CredentialOrigin {
  /** `flag`: `svc login --key` checking a key; `sandbox`: the public token, no key. */
  readonly source: 'SVC_API_KEY' | 'config' | 'flag' | 'sandbox';
  /** The config file read (whether or not it holds the key). */
  readonly config: string | null;
  /** The base URL the requests went to. */
  readonly server: string;
  /** The server `svc login` checked the stored key against, when the config records it. */
  readonly loginServer?: string;
}

// One entry per invocation (runCli's io), read when an error is rendered (render.ts).
const ORIGINS = new WeakMap<CliIo, CredentialOrigin>();

/** The credential origin of the session this invocation opened, if it opened one. */
export function credentialOrigin(io: CliIo): CredentialOrigin | undefined {
  return ORIGINS.get(io);
}

export interface SessionOptions {
  /** Never use a configured key: the public sandbox token only (selftest). */
  sandboxOnly?: boolean;
  /** Use this key instead of the configured one (login checks a key before storing it). */
  apiKey?: string;
}

const EXAMPLE_URL = 'http://127.0.0.1:8080';

function isHttpUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Says which setting holds a bad base URL and how to fix it (the client's own refusal would blame
 * the config file for an environment variable). `SVC_CONFIG_INVALID`, exit 3, as before.
 */
function checkBaseUrl(io: CliIo, path: string | null, config: SvcConfig): void {
  const env = io.env.SVC_BASE_URL?.trim();
  if (env) {
    if (isHttpUrl(env)) return;
    throw new SvcError('SVC_CONFIG_INVALID', `SVC_BASE_URL is not a valid http(s) URL: "${env}".`, {
      extensions: { field: 'SVC_BASE_URL', hint: `Set it to the service's origin, e.g. \`export SVC_BASE_URL=${EXAMPLE_URL}\`, or unset it to use that default.` },
    });
  }
  const stored = config.base_url?.trim();
  if (stored && !isHttpUrl(stored)) {
    throw new SvcError('SVC_CONFIG_INVALID', `The config file ${path ?? ''} has base_url "${stored}", which is not a valid http(s) URL.`, {
      extensions: { config: path, field: 'base_url', hint: `Fix it with \`svc configure --base-url ${EXAMPLE_URL}\`, or remove it with \`svc configure --base-url ''\`.` },
    });
  }
}

/**
 * The HTTP client of one invocation: base URL `SVC_BASE_URL`, else the config's `base_url`;
 * key `SVC_API_KEY`, else the config's `api_key`, else the public sandbox token; the agent named
 * in the User-Agent from `SVC_AGENT`/`SVC_AGENT_MODEL`, else the config. A corrupt config is
 * `SVC_CONFIG_INVALID` (exit 3).
 */
export async function openSession(io: CliIo, o: SessionOptions = {}): Promise<Session> {
  const { path, config } = await loadConfig(io);
  checkBaseUrl(io, path, config);
  const envKey = io.env.SVC_API_KEY?.trim() || undefined;
  const apiKey = o.apiKey ?? envKey ?? (config.api_key || undefined);
  const family = io.env.SVC_AGENT?.trim() || config.agent_family;
  // SVC_RETRY_MAX_WAIT (seconds, default 60): the longest Retry-After svc waits for; a longer one ends the retries.
  const maxWaitRaw = io.env.SVC_RETRY_MAX_WAIT?.trim();
  if (maxWaitRaw !== undefined && maxWaitRaw !== '' && !/^\d{1,6}$/.test(maxWaitRaw)) {
    throw new SvcError('SVC_CONFIG_INVALID', `SVC_RETRY_MAX_WAIT must be a whole number of seconds, got "${maxWaitRaw.slice(0, 40)}".`, { extensions: { field: 'SVC_RETRY_MAX_WAIT' } });
  }
  const model = io.env.SVC_AGENT_MODEL?.trim() || config.agent_model;
  const client = createClient({
    env: {},
    baseUrl: io.env.SVC_BASE_URL?.trim() || config.base_url || undefined,
    apiKey,
    sandboxOnly: o.sandboxOnly,
    fetch: io.fetch,
    sleep: io.sleep,
    ...(maxWaitRaw ? { maxRetryWaitMs: Number(maxWaitRaw) * 1000 } : {}),
    now: io.now,
    userAgent: defaultUserAgent('svc-cli', CLIENT_VERSION, family ? { family, model } : undefined),
    // A wait of a second or more is said on stderr, with the reason (the service's Retry-After).
    onRetry: (r) => {
      if (r.delayMs < 1000) return;
      const why = r.retryAfterMs !== undefined ? 'as the service asked (Retry-After)' : 'with backoff';
      io.stderr(`svc: ${r.code}${r.status !== null ? ` (HTTP ${r.status})` : ''}; retry ${r.retry} of ${r.of} in ${Math.round(r.delayMs / 1000)} s, ${why}\n`);
    },
  });
  const keySource = o.apiKey !== undefined ? null : envKey ? 'SVC_API_KEY' : config.api_key ? 'config' : null;
  const source = o.sandboxOnly ? 'sandbox' : o.apiKey !== undefined ? 'flag' : keySource ?? 'sandbox';
  ORIGINS.set(io, {
    source, config: path, server: client.baseUrl,
    ...(source === 'config' && typeof config.key_base_url === 'string' ? { loginServer: config.key_base_url } : {}),
  });
  return { client, config, configPath: path, keySource };
}

/** The flag of the free helper operations (demo, selftest) that lets them spend the configured key. */
export const ALLOW_ACCOUNT_COMPUTE_FLAG = { name: 'allow-account-compute', description: 'let it use the configured key (by default it runs on the public sandbox token, free)' } as const;

/**
 * The session of a helper operation, which is free (interface: helper operations cost nothing):
 * with a key configured it runs on the public sandbox token unless `allow` (the
 * --allow-account-compute flag), and says so on stderr. `account_compute` is for the document.
 */
export async function freeSession(io: CliIo, name: string, allow: boolean): Promise<{ client: Client; accountCompute: string }> {
  const probe = await openSession(io);
  const hasKey = probe.client.credentialKind === 'key';
  if (!hasKey) return { client: probe.client, accountCompute: 'no key configured' };
  if (allow) return { client: probe.client, accountCompute: 'allowed (--allow-account-compute)' };
  io.stderr(`svc: ${name}: a key is configured but its compute is not used without --allow-account-compute; running on the public sandbox token\n`);
  return { client: (await openSession(io, { sandboxOnly: true })).client, accountCompute: 'refused: ran on the sandbox token' };
}
