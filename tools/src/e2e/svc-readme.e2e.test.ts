import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, svcSuite } from './svc-cli-harness';

// The README's "Using svc" section runs as written: its ```sh blocks, in order, as one
// `bash -euo pipefail` script, with `svc` on PATH, against a started server whose queue
// threshold is low enough that the job lines meet a real queued job.
const suite = svcSuite('svc-readme-', {
  onFault: () => {},
  jobs: { queueThresholdWork: 1 },
  access: { sandboxRatePerMinute: 100_000, computeUnitsPerMinute: 1_000_000 },
});

/** The shell of the ```sh blocks under `heading`, up to the next `## ` heading. */
function shellUnder(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README has no "${heading}" section`);
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]).join('\n');
}

describe('README "Using svc"', () => {
  it('every example runs against the server and does what the section says', async () => {
    const script = shellUnder(readFileSync(join(ROOT, 'README.md'), 'utf8'), '## Using svc');
    expect(script.split('\n').filter((l) => /^svc /.test(l)).length).toBeGreaterThan(20);
    const bin = join(suite.work, 'bin');
    const home = join(suite.work, 'home');
    mkdirSync(bin);
    mkdirSync(home);
    writeFileSync(join(bin, 'svc'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'svc'), 0o755);
    writeFileSync(join(home, 'script.sh'), script);
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, SVC_BASE_URL: suite.server.url, SVC_DATA_DIR: suite.dataDir };
    const run = await new Promise<{ code: number | null; out: string; err: string }>((done, fail) => {
      const child = spawn('bash', ['-euo', 'pipefail', 'script.sh'], { cwd: home, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (x) => { out += x; });
      child.stderr.on('data', (x) => { err += x; });
      child.on('error', fail);
      child.on('close', (code) => done({ code, out, err }));
    });
    expect(run.err).not.toMatch(/command not found|No such file/);
    expect(run.code, run.err).toBe(0);
    const o = run.out;
    expect(o).toContain('maxcut: certified optimum (proven by exhaustion)');
    expect(o).toMatch(/"result":\{"answer":\[[01,]+\],"cut_value":4,.*"compacted"/);
    expect(o).toMatch(/full response written to result\.json/);
    expect(o).toContain('maxcut: valid (n = 5, 5 terms)');
    expect(o).toContain('maxcut: dry run: valid; nothing was sent to solve');
    expect(o).toContain('refused before solving: exit 1');
    expect(o).toContain('maxcut: checks passed (service_recheck; cut_value = 4)');
    expect(o).toContain('maxcut: checks passed (local_recompute; cut_value = 4)');
    expect(o).toMatch(/"error":\{[^\n]*"code":"SVC_SKIPPED"/);
    expect(o).toContain('batch: exit 3');
    expect(o).toContain('demo: mode live');
    expect(o).toMatch(/you@example\.com: email verified/);
    expect(o).toMatch(/Stored key svck_\w{4}…\(redacted\)/);
    expect(o).toMatch(/selftest: passed .*account compute refused/);
    expect(run.err).toContain('SVC_BUDGET_EXCEEDED');
    const config = join(home, '.config', 'svc', 'config.json');
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(config, 'utf8'))).toMatchObject({ api_key: expect.stringMatching(/^svck_/), agent_family: 'my-agent', agent_model: 'v2' });
    expect(JSON.parse(readFileSync(join(home, 'tools.json'), 'utf8')).map((t: { name: string }) => t.name)).toEqual(['svc_analyze', 'svc_compute', 'svc_verify', 'svc_inverse', 'svc_explore']);
    expect(JSON.parse(readFileSync(join(home, 'svc-contract.json'), 'utf8')).name).toBe('svc');
    // The job lines met a real queued job (every solve is queued on this server) and resumed it.
    expect(o).toMatch(/\n {2}cut_value {2}4\n {2}seed {7}1\n/);
  }, 120_000);
});
