import { CLIENT_VERSION, DEFAULT_BASE_URL } from '@svc/client';
import { SPEC_VERSION, TAG } from '@svc/contracts/commands';
import { ERRORS, ERROR_CODES, EXIT_CODES } from '@svc/errors';
import type { FlagSpec } from '../args';
import type { CommandSpec } from '../command-spec';
import { GLOBAL_FLAGS, GLOBAL_SOLVE_FLAGS } from '../flags';
import { emitSuccess } from '../render';
import { TARGETS, TOOL_NAMES, TOOL_ROUTES } from '../tool-definitions';

const flag = (f: FlagSpec) => ({ name: `--${f.name}`, ...(f.short ? { short: `-${f.short}` } : {}), ...(f.value ? { value: f.value } : {}), description: f.description });

const MEANING: Record<number, string> = {
  0: 'success (and `verify` checks passed)',
  1: 'retryable fault: network, 429, 5xx, 402 (quota or --max-compute-units), a job still running at the wait deadline, an invalid upstream response',
  2: 'auth: 401/403, no credentials, a sandbox token still rejected after one re-fetch',
  3: 'validation: 400/404/409/413/422/426/501, a bad flag or command, a corrupt config, `verify` checks failing',
};

/** The offline CLI contract: what an agent needs to drive `svc` without reading prose. */
export function agentInfo(commands: readonly CommandSpec[]): Record<string, unknown> {
  const exitCodes = [0, 1, 2, 3].map((code) => ({
    code, meaning: MEANING[code],
    error_codes: ERROR_CODES.filter((c) => EXIT_CODES[c] === code),
  }));
  return {
    name: 'svc', version: CLIENT_VERSION, spec_version: SPEC_VERSION, tag: TAG,
    solving: 'always on the service, never in svc',
    usage: 'svc <command> [operands] [options]; the problem JSON comes from --input FILE or stdin',
    commands: commands.map((c) => ({
      name: c.name, group: c.group, usage: ['svc', c.name, ...c.operands, ...(c.requiredFlags ? [c.requiredFlags] : []), '[options]'].join(' '),
      operands: c.operands, summary: c.summary, flags: c.flags.map(flag),
      ...(c.notAvailable ? { available: false, status: 'not available yet' } : {}),
    })),
    global_flags: GLOBAL_FLAGS.map(flag),
    // Interface §4 lists these solve flags among the global ones; every command that solves takes them.
    global_solve_flags: GLOBAL_SOLVE_FLAGS.map(flag),
    formats: {
      human: 'readable summary on stdout; errors as prose on stderr',
      json: 'the result document, one line on stdout; errors: the problem document on stdout too (prose on stderr)',
      envelope: '{problem, result} or {problem, error}, one line on stdout',
    },
    exit_codes: exitCodes,
    errors: Object.fromEntries(ERROR_CODES.map((c) => [c, { http: ERRORS[c].http, retryable: ERRORS[c].retryable, exit_code: EXIT_CODES[c], cli_local: ERRORS[c].cliLocal }])),
    environment: {
      SVC_BASE_URL: `service origin (else the config's base_url, else ${DEFAULT_BASE_URL})`,
      SVC_API_KEY: 'API key (else the config\'s api_key, else the public sandbox token)',
      SVC_CONFIG: 'config file path (else $XDG_CONFIG_HOME/svc/config.json, else ~/.config/svc/config.json)',
      XDG_CONFIG_HOME: 'base of the default config path',
      SVC_AGENT: 'agent family named in the User-Agent (else the config\'s agent_family)',
      SVC_AGENT_MODEL: 'agent model named in the User-Agent (else the config\'s agent_model)',
    },
    config: { format: 'one JSON object, written 0600', members: ['api_key', 'base_url', 'agent_family', 'agent_model'], corrupt: 'SVC_CONFIG_INVALID (exit 3)' },
    behaviours: {
      sandbox: 'without a key the public token of GET /api/v1/sandbox is used and re-fetched once on SVC_SANDBOX_CAPABILITY_REJECTED; a production key is never used in its place',
      retries: 'retryable codes and network faults: 2 retries, jittered exponential backoff, Retry-After honoured',
      idempotency: 'every solve sends one Idempotency-Key, reused by its retries (--idempotency-key to set it)',
      jobs: 'a 202 is followed to its end (--wait-timeout, default 600 s); SVC_JOB_WAIT_TIMEOUT (exit 1) means resume with `svc jobs <id>`, never resubmit; --no-wait exits 0 with the job id',
      batch: 'NDJSON in, NDJSON out ({line, ok, exit_code, result|error}); exit code of the first failed line; --fail-fast marks the rest SVC_SKIPPED',
    },
    tools: {
      targets: [...TARGETS],
      names: Object.entries(TOOL_NAMES).map(([mcp, fn]) => ({ mcp, openai: fn, anthropic: fn, ...TOOL_ROUTES[mcp] })),
      note: 'OpenAI and Anthropic allow only [a-zA-Z0-9_-] in tool names, so `svc.x` becomes `svc_x`; svc.inverse is the `want` command (pin outputs, optimise the rest), svc.explore is `sample` (the spread of good answers)',
    },
  };
}

/** `svc agent-info`: the offline CLI contract as JSON (no service needed). */
export function agentInfoCommand(registry: () => readonly CommandSpec[]): CommandSpec {
  return {
    name: 'agent-info', group: 'helper', summary: 'the offline CLI contract as JSON: commands, flags, exit codes, env vars, tool names',
    operands: [], flags: [],
    run: (ctx) => emitSuccess(ctx.io, ctx.output, agentInfo(registry()), { human: (d) => `${JSON.stringify(d, null, 2)}\n` }),
  };
}
