import { SvcError, exitCodeFor, problemDocument } from '@svc/errors';
import { flagValue, listValue, nameList } from '../args';
import type { CommandContext, CommandSpec } from '../command-spec';
import { loadConfig, redactKey, saveConfig, type SvcConfig } from '../config';
import { emitError, emitSuccess, localProblem, table } from '../render';
import { openSession } from '../session';

type Doc = Record<string, unknown>;

const list = (x: unknown): Doc[] => (Array.isArray(x) ? (x as Doc[]) : []);

async function emitOutcome(ctx: CommandContext, out: { ok: true; result: Doc } | { ok: false; error: import('@svc/errors').ProblemDocument; exitCode: number }, human: (d: Doc) => string): Promise<number> {
  if (!out.ok) return emitError(ctx.io, ctx.output, null, out.error, out.exitCode);
  return emitSuccess(ctx.io, ctx.output, out.result, { human });
}

/** `svc register <email>`: the initial key is printed once; solving waits for the email link. */
export const REGISTER_COMMAND: CommandSpec = {
  name: 'register', group: 'account', summary: 'register a free account; prints the initial API key, shown once',
  operands: ['<email>'], flags: [],
  details: 'Store the key (`svc login --key <KEY>`) and confirm the emailed link (`svc verify-email <link or token>`); solving is 403 until then.',
  run: async (ctx) => {
    const { client } = await openSession(ctx.io);
    return emitOutcome(ctx, await client.register(ctx.operands[0]), (d) => {
      const key = (d.key ?? {}) as Doc;
      return [
        `Registered ${d.email} (account ${d.account_id}, plan ${d.plan}; email ${d.email_verified ? 'verified' : 'not verified yet'}).`,
        `API key, shown this once (store it now): ${key.token}`,
        `Next: confirm the link mailed to ${d.email}: svc verify-email <link or token>`,
        '      then store the key:                 svc login --key <KEY>',
        '',
      ].join('\n');
    });
  },
};

/** The token of a signed link (`…/email/verify?token=…`), or the argument itself. */
export function tokenOf(arg: string): string {
  if (!/^https?:\/\//i.test(arg)) return arg.trim();
  let url: URL;
  try {
    url = new URL(arg);
  } catch {
    throw new SvcError('SVC_CLIENT', `"${arg}" is not a valid link.`);
  }
  const token = url.searchParams.get('token');
  if (!token) throw new SvcError('SVC_CLIENT', 'The link carries no token= parameter; pass the token itself.');
  return token;
}

/** `svc verify-email <token|link>`. */
export const VERIFY_EMAIL_COMMAND: CommandSpec = {
  name: 'verify-email', group: 'account', summary: 'confirm the email with the token or the whole signed link from the mail',
  operands: ['<token|link>'], flags: [],
  run: async (ctx) => {
    const token = tokenOf(ctx.operands[0]);
    const { client } = await openSession(ctx.io);
    return emitOutcome(ctx, await client.verifyEmail(token), (d) => `${d.email}: email ${d.email_verified ? 'verified; solving is unblocked' : 'NOT verified'} (account ${d.account_id}, state ${d.state})\n`);
  },
};

function keyRows(keys: Doc[]): string {
  return table(keys.map((k) => [String(k.id), `${k.status}  ${String(k.name ?? '')}  scopes ${list(k.scopes).join(',')}  created ${k.created_at}  last used ${k.last_used_at ?? 'never'}`]));
}

/** `svc keys list|create|revoke <id>`: needs a key (never the sandbox token). */
export const KEYS_COMMAND: CommandSpec = {
  name: 'keys', group: 'account', summary: 'list, create (--scopes, --name) or revoke <id> the account\'s API keys',
  operands: ['<list|create|revoke>', '[id]'],
  flags: [
    { name: 'scopes', value: 'a,b', description: 'create: scopes of the new key (solve, analyze, keys; default solve,analyze)', parse: nameList('scopes') },
    { name: 'name', value: 'NAME', description: 'create: a label for the new key' },
  ],
  details: 'Needs an API key (SVC_API_KEY or `svc login`): SVC_NO_CREDENTIALS (exit 2) otherwise. A created key is shown once.',
  run: async (ctx) => {
    const [op, id] = ctx.operands;
    const { client } = await openSession(ctx.io);
    if (op === 'list') {
      if (id !== undefined) throw new SvcError('SVC_CLIENT', 'Usage: svc keys list');
      return emitOutcome(ctx, await client.keysList(), (d) => `${list(d.keys).length} key(s)\n${keyRows(list(d.keys))}`);
    }
    if (op === 'create') {
      if (id !== undefined) throw new SvcError('SVC_CLIENT', 'Usage: svc keys create [--scopes a,b] [--name NAME]');
      const out = await client.keysCreate({ scopes: listValue(ctx.args, 'scopes'), name: flagValue(ctx.args, 'name') });
      return emitOutcome(ctx, out, (d) => `Created key ${d.id} (${list(d.scopes).join(',')}${d.name ? `, "${d.name}"` : ''}).\nToken, shown this once (store it now): ${d.token}\n`);
    }
    if (op === 'revoke') {
      if (id === undefined) throw new SvcError('SVC_CLIENT', 'Usage: svc keys revoke <id>');
      return emitOutcome(ctx, await client.keysRevoke(id), (d) => `Key ${d.id} ${d.status} at ${d.revoked_at}.\n`);
    }
    throw new SvcError('SVC_CLIENT', `Unknown keys operation "${op}": list, create or revoke.`);
  },
};

/** `svc login --key <KEY>`: checks the key with the service, then stores it in the config (0600). */
export const LOGIN_COMMAND: CommandSpec = {
  name: 'login', group: 'account', summary: 'store an API key in the config file (0600) after checking it with the service',
  operands: [], requiredFlags: '--key <KEY>',
  flags: [{ name: 'key', value: 'KEY', description: 'the API key to store (required)' }],
  details: [
    'The key is checked with GET /api/v1/usage first: a key the service rejects (401/403) is not stored.',
    'When the service is unreachable the key is stored unchecked, with a warning. SVC_API_KEY still wins.',
    'Every later command sends the stored key to the server it runs against (SVC_BASE_URL); `svc logout`',
    'removes it. SVC_CONFIG=<file> keeps a separate config (a test, another server).',
  ].join('\n'),
  run: async (ctx) => {
    const key = flagValue(ctx.args, 'key')?.trim();
    if (!key) throw new SvcError('SVC_CLIENT', 'Usage: svc login --key <KEY>');
    if (/\s/.test(key)) throw new SvcError('SVC_CLIENT', 'The key must not contain whitespace.');
    const { path, config } = await loadConfig(ctx.io);
    const { client } = await openSession(ctx.io, { apiKey: key });
    const check = await client.usage();
    let checked = true;
    let principal: unknown;
    if (!check.ok) {
      if (check.error.code !== 'SVC_NETWORK') return emitError(ctx.io, ctx.output, null, check.error, check.exitCode);
      checked = false;
      ctx.io.stderr(`svc: login: the service is unreachable; storing the key unchecked (${check.error.detail})\n`);
    } else principal = check.result.principal;
    // The server the key belongs to, named if another server later refuses it.
    await saveConfig(ctx.io, path, { ...config, api_key: key, key_base_url: client.baseUrl });
    if (ctx.io.env.SVC_API_KEY) ctx.io.stderr('svc: login: note that SVC_API_KEY is set and wins over the stored key\n');
    const doc: Doc = { stored: true, config: path, key: redactKey(key), checked, ...(principal ? { principal } : {}) };
    return emitSuccess(ctx.io, ctx.output, doc, { human: () => `Stored key ${redactKey(key)} in ${path} (mode 0600)${checked ? '; the service accepts it' : '; NOT checked (service unreachable)'}.\n` });
  },
};

/** `svc logout`: removes the stored key (and the server it was stored for) from the config file. */
export const LOGOUT_COMMAND: CommandSpec = {
  name: 'logout', group: 'account', summary: 'remove the API key `svc login` stored; commands use the public sandbox token again',
  operands: [], flags: [],
  details: 'Only the key goes; base_url and the agent settings stay. SVC_API_KEY is an environment variable: unset it yourself.',
  run: async (ctx) => {
    const { path, config } = await loadConfig(ctx.io);
    const key = typeof config.api_key === 'string' && config.api_key !== '' ? config.api_key : null;
    if (key !== null) {
      const { api_key: _key, key_base_url: _server, ...rest } = config;
      await saveConfig(ctx.io, path, rest);
    }
    const envKey = Boolean(ctx.io.env.SVC_API_KEY?.trim());
    if (envKey) ctx.io.stderr('svc: logout: SVC_API_KEY is set and is still sent; unset it to use the sandbox token\n');
    const doc: Doc = { removed: key !== null, config: path, ...(key !== null ? { key: redactKey(key) } : {}) };
    return emitSuccess(ctx.io, ctx.output, doc, {
      human: () => (key !== null
        ? `Removed key ${redactKey(key)} from ${path}; ${envKey ? 'SVC_API_KEY is still sent' : 'commands now use the public sandbox token'}.\n`
        : `No key is stored in ${path ?? 'any config file'}; nothing to remove.\n`),
    });
  },
};

/** `svc configure [--agent F] [--agent-model M] [--base-url URL]`: edits (or shows) the config. */
export const CONFIGURE_COMMAND: CommandSpec = {
  name: 'configure', group: 'account', summary: 'name the calling agent (--agent, --agent-model) for the User-Agent, or set --base-url',
  operands: [],
  flags: [
    { name: 'agent', value: 'FAMILY', description: 'agent family named in the User-Agent (empty string: remove)' },
    { name: 'agent-model', value: 'MODEL', description: 'agent model or version (empty string: remove)' },
    { name: 'base-url', value: 'URL', description: 'service origin used when SVC_BASE_URL is unset (empty string: remove)' },
  ],
  details: 'Without flags, shows the config (the key redacted). The User-Agent becomes `svc-cli/1.0.0 (node …) agent/<family>/<model>`.',
  run: async (ctx) => {
    const { path, config } = await loadConfig(ctx.io);
    const next: SvcConfig = { ...config };
    const set = (flag: string, member: keyof SvcConfig) => {
      const v = flagValue(ctx.args, flag);
      if (v !== undefined) next[member] = v.trim() === '' ? undefined : v.trim();
    };
    set('agent', 'agent_family');
    set('agent-model', 'agent_model');
    const base = flagValue(ctx.args, 'base-url');
    if (base !== undefined && base.trim() !== '') {
      try {
        const u = new URL(base.trim());
        if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
      } catch {
        const err = new SvcError('SVC_CLIENT', `--base-url must be an http(s) URL, got "${base}"; for example --base-url http://127.0.0.1:8080.`);
        return emitError(ctx.io, ctx.output, null, localProblem(err), exitCodeFor(err.code));
      }
    }
    set('base-url', 'base_url');
    if (next.agent_model && !next.agent_family) throw new SvcError('SVC_CLIENT', '--agent-model needs an agent family: --agent <family>.');
    const changed = ['agent', 'agent-model', 'base-url'].some((f) => ctx.args.flags.has(f));
    if (changed) await saveConfig(ctx.io, path, next);
    const shown: Doc = { config: path, saved: changed, ...next };
    if (typeof shown.api_key === 'string') shown.api_key = redactKey(shown.api_key);
    return emitSuccess(ctx.io, ctx.output, shown, {
      human: (d) => `${changed ? 'Saved' : 'Config'} ${path}\n${table(Object.entries(d).filter(([k]) => k !== 'config' && k !== 'saved').map(([k, v]) => [k, String(v)]))}`,
    });
  },
};
