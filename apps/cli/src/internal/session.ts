import { CLIENT_VERSION, createClient, defaultUserAgent, type Client } from '@svc/client';
import type { CliIo } from './cli-io';
import { loadConfig, type SvcConfig } from './config';

export interface Session {
  client: Client;
  config: SvcConfig;
  configPath: string | null;
  /** Where the key came from, when there is one. */
  keySource: 'SVC_API_KEY' | 'config' | null;
}

export interface SessionOptions {
  /** Never use a configured key: the public sandbox token only (selftest). */
  sandboxOnly?: boolean;
  /** Use this key instead of the configured one (login checks a key before storing it). */
  apiKey?: string;
}

/**
 * The HTTP client of one invocation: base URL `SVC_BASE_URL`, else the config's `base_url`;
 * key `SVC_API_KEY`, else the config's `api_key`, else the public sandbox token; the agent named
 * in the User-Agent from `SVC_AGENT`/`SVC_AGENT_MODEL`, else the config. A corrupt config is
 * `SVC_CONFIG_INVALID` (exit 3).
 */
export async function openSession(io: CliIo, o: SessionOptions = {}): Promise<Session> {
  const { path, config } = await loadConfig(io);
  const envKey = io.env.SVC_API_KEY?.trim() || undefined;
  const apiKey = o.apiKey ?? envKey ?? (config.api_key || undefined);
  const family = io.env.SVC_AGENT?.trim() || config.agent_family;
  const model = io.env.SVC_AGENT_MODEL?.trim() || config.agent_model;
  const client = createClient({
    env: {},
    baseUrl: io.env.SVC_BASE_URL?.trim() || config.base_url || undefined,
    apiKey,
    sandboxOnly: o.sandboxOnly,
    fetch: io.fetch,
    sleep: io.sleep,
    now: io.now,
    userAgent: defaultUserAgent('svc-cli', CLIENT_VERSION, family ? { family, model } : undefined),
  });
  const keySource = o.apiKey !== undefined ? null : envKey ? 'SVC_API_KEY' : config.api_key ? 'config' : null;
  return { client, config, configPath: path, keySource };
}
