import { SvcError } from '@svc/errors';
import type { CliIo } from './cli-io';

/** The svc config file: one JSON object; unknown members are kept as they are. */
export interface SvcConfig {
  /** Stored by `svc login --key`, removed by `svc logout`; `SVC_API_KEY` wins over it. */
  api_key?: string;
  /** The server `svc login` checked `api_key` against (named when another server refuses it). */
  key_base_url?: string;
  /** Stored by `svc configure --base-url`; `SVC_BASE_URL` wins over it. */
  base_url?: string;
  /** Stored by `svc configure --agent`; named in the User-Agent (`SVC_AGENT` wins). */
  agent_family?: string;
  /** Stored by `svc configure --agent-model` (`SVC_AGENT_MODEL` wins). */
  agent_model?: string;
  [member: string]: unknown;
}

const STRING_MEMBERS = ['api_key', 'key_base_url', 'base_url', 'agent_family', 'agent_model'] as const;

/** `$SVC_CONFIG`, else `$XDG_CONFIG_HOME/svc/config.json`, else `~/.config/svc/config.json`; null without any. */
export function configPath(io: CliIo): string | null {
  const explicit = io.env.SVC_CONFIG?.trim();
  if (explicit) return explicit;
  const xdg = io.env.XDG_CONFIG_HOME?.trim();
  if (xdg) return `${xdg.replace(/\/+$/, '')}/svc/config.json`;
  const home = io.homeDir ?? io.env.HOME ?? '';
  if (!home) return null;
  return `${home.replace(/\/+$/, '')}/.config/svc/config.json`;
}

/** The config at {@link configPath}: `{}` when the file does not exist; `SVC_CONFIG_INVALID` when corrupt. */
export async function loadConfig(io: CliIo): Promise<{ path: string | null; config: SvcConfig; exists: boolean }> {
  const path = configPath(io);
  if (path === null) return { path, config: {}, exists: false };
  let text: string;
  try {
    text = await io.readFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { path, config: {}, exists: false };
    throw new SvcError('SVC_CONFIG_INVALID', `Cannot read the config file ${path}: ${code ?? (e as Error).message}.`, { extensions: { config: path } });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new SvcError('SVC_CONFIG_INVALID', `The config file ${path} is not valid JSON (${(e as Error).message}); fix or delete it.`, { extensions: { config: path } });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SvcError('SVC_CONFIG_INVALID', `The config file ${path} must hold one JSON object; fix or delete it.`, { extensions: { config: path } });
  }
  const config = parsed as SvcConfig;
  for (const m of STRING_MEMBERS) {
    if (config[m] !== undefined && typeof config[m] !== 'string') {
      throw new SvcError('SVC_CONFIG_INVALID', `The config file ${path}: "${m}" must be a string.`, { extensions: { config: path, field: m } });
    }
  }
  return { path, config, exists: true };
}

/** Writes the config (owner-only, 0600), keeping members this version does not know. */
export async function saveConfig(io: CliIo, path: string | null, config: SvcConfig): Promise<void> {
  if (path === null) throw new SvcError('SVC_CONFIG_INVALID', 'No config location: set SVC_CONFIG, XDG_CONFIG_HOME or HOME.');
  if (!io.writeFile) throw new SvcError('SVC_CLIENT', 'Writing files is not available here.');
  const clean = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined && v !== ''));
  try {
    await io.writeFile(path, `${JSON.stringify(clean, null, 2)}\n`, 0o600);
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new SvcError('SVC_CONFIG_INVALID', `Cannot write the config file ${path}: ${reason}.`, { extensions: { config: path } });
  }
}

/** `svck_66ca…` style: enough to recognise a key, never enough to use it. */
export function redactKey(key: string): string {
  const m = /^(svck_[0-9a-f]{4})/.exec(key);
  return m ? `${m[1]}…(redacted)` : `${key.slice(0, 4)}…(redacted)`;
}
