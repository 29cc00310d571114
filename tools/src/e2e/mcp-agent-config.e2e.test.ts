import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildCli, ROOT, serverSuite } from './svc-cli-harness';

// The agent config apps/mcp/README.md documents, run as an MCP host runs it: from a directory
// outside the repository (where `npx svc` would fetch an unrelated registry package), with only
// the documented environment. The README's MCP block must give the same command.
const suite = serverSuite('svc-mcp-config-', {}, buildCli);
const PLACEHOLDER = '/absolute/path/to/svc';

interface ServerConfig { command: string; args: string[]; env: Record<string, string> }

/** The `mcpServers.svc` entry of the first JSON block in `markdown` that has one. */
function documentedConfig(markdown: string): ServerConfig {
  for (const m of markdown.matchAll(/```json\n([\s\S]*?)```/g)) {
    const doc = JSON.parse(m[1]) as { mcpServers?: { svc?: ServerConfig } };
    if (doc.mcpServers?.svc) return doc.mcpServers.svc;
  }
  throw new Error('no ```json block with mcpServers.svc');
}

const outside = mkdtempSync(join(tmpdir(), 'svc-mcp-host-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe('the documented MCP agent config', () => {
  it('names node and the built bundle by absolute path, never npx; the README says the same', () => {
    const cfg = documentedConfig(readFileSync(join(ROOT, 'apps/mcp/README.md'), 'utf8'));
    expect(cfg.command).toBe('node');
    expect(cfg.args).toEqual([`${PLACEHOLDER}/apps/cli/dist/svc.mjs`, 'mcp']);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n### MCP\n')[1]?.split('\n### ')[0] ?? '';
    expect(readme).toContain(`"command": "node", "args": ["${PLACEHOLDER}/apps/cli/dist/svc.mjs", "mcp"]`);
    expect(readme).not.toMatch(/"command":\s*"npx"/);
  });

  it('initializes, lists the tools and calls one over stdio from a directory outside the repository', async () => {
    const cfg = documentedConfig(readFileSync(join(ROOT, 'apps/mcp/README.md'), 'utf8'));
    const args = cfg.args.map((a) => a.replace(PLACEHOLDER, ROOT));
    expect(isAbsolute(args[0])).toBe(true);
    expect(relative(ROOT, outside).startsWith('..')).toBe(true);
    const client = new Client({ name: 'agent-host', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: cfg.command,
      args,
      cwd: outside,
      // The documented variables only (no key: the sandbox token), HOME without a stored config.
      env: { PATH: process.env.PATH ?? '', HOME: outside, SVC_BASE_URL: suite.server.url },
      stderr: 'pipe',
    });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBe('svc-decision-solver');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('svc.compute');
      const r = (await client.callTool({ name: 'svc.analyze', arguments: { command: 'maxcut', problem: { description: 'Split five offices into two teams.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] } } })) as { isError?: boolean; structuredContent?: Record<string, unknown> };
      expect(r.isError).toBeFalsy();
      expect(r.structuredContent).toMatchObject({ command: 'maxcut', charged: 0 });
    } finally {
      await client.close();
    }
  });
});
