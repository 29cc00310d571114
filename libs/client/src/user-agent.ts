/** Version of this client and of the `svc` CLI built on it. */
export const CLIENT_VERSION = '1.0.0';

/** The calling agent named in the User-Agent (`svc configure --agent <family> [--agent-model <m>]`). */
export interface AgentInfo {
  family: string;
  model?: string;
}

// Product tokens may not carry spaces, slashes or parentheses (RFC 9110 §10.1.5).
const uaToken = (s: string) => s.trim().replace(/[^A-Za-z0-9._+-]/g, '-').slice(0, 64);

/**
 * A descriptive User-Agent (interface §4: some CDN edges block empty or default library ones),
 * e.g. `svc-cli/1.0.0 (node 20.20.0; linux) agent/claude/opus-4`.
 */
export function defaultUserAgent(product = 'svc-cli', version = CLIENT_VERSION, agent?: AgentInfo): string {
  let ua = `${product}/${version} (node ${process.versions.node}; ${process.platform})`;
  if (agent && agent.family.trim() !== '') {
    ua += ` agent/${uaToken(agent.family)}`;
    if (agent.model && agent.model.trim() !== '') ua += `/${uaToken(agent.model)}`;
  }
  return ua;
}
