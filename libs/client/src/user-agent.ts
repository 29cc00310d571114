/** Version of this client and of the `svc` CLI built on it. */
export const CLIENT_VERSION = '1.0.0';

/**
 * A descriptive User-Agent (interface §4: some CDN edges block empty or default library ones),
 * e.g. `svc-cli/1.0.0 (node 20.20.0; linux)`.
 */
export function defaultUserAgent(product = 'svc-cli', version = CLIENT_VERSION): string {
  return `${product}/${version} (node ${process.versions.node}; ${process.platform})`;
}
