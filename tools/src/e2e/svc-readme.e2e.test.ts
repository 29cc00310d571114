import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, COMMANDS } from '@svc/contracts/commands';
import { ROOT, svcSuite } from './svc-cli-harness';

// The WHOLE README runs as written: every ```sh block, in order, in one bash (`set -euo pipefail`;
// variables and files carry from block to block as in a user's terminal), against one server
// started here on 127.0.0.1 port 0 with a temporary data dir. The base URL is the one change:
// `http://127.0.0.1:8080` in a block becomes the server's URL (and `127.0.0.1:50051` its gRPC
// address), and SVC_BASE_URL points `svc` at it.
//
// The working directory mirrors a user's checkout: a temporary directory holding symlinks to the
// repository's package.json, node_modules, apps, libs, … (so `npx svc`, `node_modules/.bin` and
// `npm run svc-admin` work as at the repository root; svc-admin rebuilds apps/http/dist in place, as
// a user's would), `.svc-data` linked to the server's data dir (npm start's default), and the files
// the examples write staying in the temporary directory. HOME is a temporary directory too, and
// SVC_CONFIG names a temporary config file, so `svc login` never writes a user's real config (a key
// stored there would be sent to every server svc talks to afterwards).
//
// A block that cannot run here is marked on the line before it with
// `<!-- readme-test: skip (reason) -->`; any other fenced block that is not ```sh fails the test.
//
// The server's request rates are raised (the README sends well over the sandbox's 60 requests a
// minute in a few seconds); the queue threshold is the default, so the job examples meet a job
// only because their problem is heavy enough.
const suite = svcSuite('svc-readme-', {
  onFault: () => {},
  access: { sandboxRatePerMinute: 100_000, keyRatePerMinute: 100_000, computeUnitsPerMinute: 1_000_000 },
  grpc: { port: 0 },
});

/** What a checkout holds that the examples use (everything the quick start built, by symlink). */
const CHECKOUT_ENTRIES = ['package.json', 'package-lock.json', '.npmrc', 'nx.json', 'tsconfig.base.json', 'node_modules', 'apps', 'libs', 'scripts', 'tools', 'docs'];
const SKIP = /^<!-- readme-test: skip \(([^)]+)\) -->$/;

interface ReadmeBlock {
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly lang: string;
  readonly text: string;
  /** The reason of a `readme-test: skip` marker on the line before, else null. */
  readonly skip: string | null;
}

/** Every fenced block of a markdown text, in order. */
function readmeBlocks(markdown: string): ReadmeBlock[] {
  const lines = markdown.split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`README line ${i + 1}: a fenced block is not closed`);
    const before = lines.slice(0, i).reverse().find((l) => l.trim() !== '') ?? '';
    blocks.push({ line: i + 1, lang: open[1], text: lines.slice(i + 1, end).join('\n'), skip: SKIP.exec(before.trim())?.[1] ?? null });
    i = end;
  }
  return blocks;
}

/** The rows of the `## Commands` table: [command, status, purpose, page]. */
function commandsTable(markdown: string): string[][] {
  const section = markdown.split('\n## Commands\n')[1]?.split('\n## ')[0] ?? '';
  return section.split('\n').filter((l) => /^\| `/.test(l)).map((l) => l.split('|').slice(1, -1).map((c) => c.trim().replace(/^`|`$/g, '')));
}

interface Run { code: number | null; out: string; err: string }

function runBash(script: string, cwd: string, env: Record<string, string>): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['-euo', 'pipefail', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (x) => { out += x; });
    child.stderr.on('data', (x) => { err += x; });
    child.on('error', fail);
    child.on('close', (code) => done({ code, out, err }));
  });
}

const marker = (k: number) => `@@readme-block ${k}@@`;

/** The part of a stream written while block `k` ran. */
function partOf(stream: string, k: number): string {
  const start = stream.indexOf(`${marker(k)}\n`);
  if (start < 0) return '';
  const rest = stream.slice(start + marker(k).length + 1);
  const end = rest.indexOf('@@readme-block ');
  return end < 0 ? rest : rest.slice(0, end);
}

describe('README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = readmeBlocks(readme);

  it('marks every block it does not run, and runs only ```sh blocks', () => {
    const unmarked = blocks.filter((b) => b.lang !== 'sh' && b.skip === null);
    expect(unmarked.map((b) => `line ${b.line}: \`\`\`${b.lang}`), 'a fenced block that is not ```sh needs a readme-test: skip marker').toEqual([]);
    // The quick start is the one shell block the test cannot run (it installs and starts the server).
    expect(blocks.filter((b) => b.lang === 'sh' && b.skip !== null).map((b) => b.text)).toEqual([expect.stringContaining('npm install && npm start')]);
    expect(blocks.filter((b) => b.lang === 'sh' && b.skip === null).length).toBeGreaterThanOrEqual(6);
  });

  it('## Commands lists all 25 commands in catalogue order with their status and purpose', () => {
    const rows = commandsTable(readme);
    expect(rows.map((r) => r.slice(0, 3))).toEqual(COMMANDS.map((c) => [c, CATALOGUE[c].status, CATALOGUE[c].purpose]));
    expect(readme).toMatch(/404 `SVC_UNSUPPORTED`/);
  });

  it('links every served command\'s docs page (the catalogue\'s docs field), which exists; the contract has its own page', () => {
    const rows = new Map(commandsTable(readme).map((r) => [r[0], r[3]]));
    for (const c of COMMANDS) {
      const page = (CATALOGUE[c] as { docs?: string }).docs;
      if (CATALOGUE[c].status === 'served') expect(page, `${c}: its CATALOGUE line names no docs page`).toMatch(/^docs\/[a-z-]+\.md$/);
      expect(rows.get(c), `README ## Commands: the last column of ${c}'s row is its docs page (CATALOGUE's docs field) as a link, or — without one`).toBe(page ? `[${page}](${page})` : '—');
      if (page) expect(existsSync(join(ROOT, page)), page).toBe(true);
    }
    // The docs stand alone: no reference to files a clone does not have.
    expect(readme).not.toMatch(/\.\.\/shared\/(spec|ARCHITECTURE)/);
    expect(readme).toContain('[docs/contract.md](docs/contract.md)');
    // Figures that differ by engine are not written down as facts (the job example's estimated
    // work was the ts engine's 250,000,000; native estimates 1,000,000,000): estimate shows it.
    expect(readme).not.toMatch(/estimate (at|is) [\d,]{9,}/);
    for (const [, link] of readme.matchAll(/\]\(((?:docs|apps|libs)\/[^)#]+)\)/g)) expect(existsSync(join(ROOT, link)), link).toBe(true);
  });

  it('every ```sh block runs as written, in order, from a checkout, against the server', async () => {
    const checkout = join(suite.work, 'checkout');
    const home = join(suite.work, 'home');
    const scripts = join(suite.work, 'blocks');
    for (const d of [checkout, home, scripts]) mkdirSync(d);
    for (const e of CHECKOUT_ENTRIES) symlinkSync(join(ROOT, e), join(checkout, e));
    mkdirSync(suite.dataDir, { recursive: true });
    symlinkSync(suite.dataDir, join(checkout, '.svc-data'));

    const run = blocks.filter((b) => b.lang === 'sh' && b.skip === null);
    const main: string[] = [];
    run.forEach((b, i) => {
      const file = join(scripts, `block-${i + 1}.sh`);
      writeFileSync(file, `${b.text.replaceAll('http://127.0.0.1:8080', suite.server.url).replaceAll('127.0.0.1:50051', suite.server.grpc!.address)}\n`);
      main.push(`printf '\\n%s\\n' '${marker(i + 1)}'; printf '\\n%s\\n' '${marker(i + 1)}' >&2`, `. '${file}'`);
    });
    main.push(`printf '\\n%s\\n' '${marker(run.length + 1)}'`);
    writeFileSync(join(scripts, 'readme.sh'), `${main.join('\n')}\n`);

    const config = join(suite.work, 'svc-config.json');
    const r = await runBash(join(scripts, 'readme.sh'), checkout, { PATH: process.env.PATH ?? '', HOME: home, SVC_BASE_URL: suite.server.url, SVC_CONFIG: config });
    const reached = [...r.out.matchAll(/@@readme-block (\d+)@@/g)].map((m) => Number(m[1])).pop() ?? 1;
    if (r.code !== 0 || reached <= run.length) {
      const b = run[Math.min(reached, run.length) - 1];
      throw new Error([
        `README block at line ${b.line} failed (exit ${r.code}):`, b.text,
        '--- its stdout ---', partOf(r.out, reached), '--- its stderr ---', partOf(r.err, reached),
      ].join('\n'));
    }
    const block = (needle: string) => {
      const k = run.findIndex((b) => b.text.includes(needle)) + 1;
      expect(k, needle).toBeGreaterThan(0);
      return { out: partOf(r.out, k), err: partOf(r.err, k) };
    };
    expect(r.err).not.toMatch(/command not found|No such file|undefined/);

    // Calling it: curl and svc against the sandbox.
    const calling = block('TOKEN=$(curl');
    expect(calling.out).toMatch(/"cut_value":4/);
    expect(calling.out).toMatch(/"energy":-2/);
    const callingSvc = block('> problem.json');
    expect(callingSvc.out).toContain('maxcut: certified optimum (proven by exhaustion)');
    expect(callingSvc.out).toMatch(/"energy":-2,.*"certainty":"certified optimum/);

    // Using svc.
    const o = block('export PATH=').out;
    const e = block('export PATH=').err;
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
    expect(e).toContain('SVC_BUDGET_EXCEEDED');
    // The job lines: the heavy graph queues under the default threshold, and `svc jobs` waits for it.
    expect(o).toMatch(/\n {2}would_queue +true\n {2}estimated_work +\d+\n/);
    expect(o).toMatch(/\n {2}seed +1\n {2}stopped_at_deadline +(true|false)\n/);
    // svc login wrote the temporary config (never HOME's), and svc logout took the key out again.
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(existsSync(join(home, '.config', 'svc', 'config.json'))).toBe(false);
    const stored = JSON.parse(readFileSync(config, 'utf8'));
    expect(stored).toMatchObject({ agent_family: 'my-agent', agent_model: 'v2' });
    expect(stored).not.toHaveProperty('api_key');
    expect(o).toMatch(/Removed key svck_\w{4}…\(redacted\) from .*svc-config\.json; commands now use the public sandbox token\./);
    expect(JSON.parse(readFileSync(join(checkout, 'tools.json'), 'utf8')).map((t: { name: string }) => t.name)).toEqual(['svc_analyze', 'svc_compute', 'svc_verify', 'svc_inverse', 'svc_explore']);
    expect(JSON.parse(readFileSync(join(checkout, 'svc-contract.json'), 'utf8')).name).toBe('svc');

    // Accounts and keys: a second address registers, is refused until verified, then solves.
    const accounts = block('team-registration.json').out;
    expect(accounts).toMatch(/"email":"team@example\.com"/);
    expect(accounts).toMatch(/"code":"SVC_FORBIDDEN"/);
    expect(accounts).toMatch(/"cut_value":4/);
    expect(block('account-state team@example.com suspended').out).toMatch(/team@example\.com/);

    // HTTP API: the queued job by curl, then its end.
    const job = block('tee job.json').out;
    expect(job).toMatch(/"status":"queued"/);
    expect(job).toMatch(/\ndone: cut_value \d+\n/);

    // Front doors: MCP over HTTP and stdio, gRPC, tRPC and /docs.
    const mcp = block('svc mcp').out;
    expect(mcp).toMatch(/"structuredContent":\{"answer":\[[01,]+\],"cut_value":4,"certainty":"certified optimum/);
    expect(mcp).toMatch(/"serverInfo":\{"name":"svc-decision-solver"/);
    expect(mcp).toMatch(/"compute_units":2,[^\n]*"charged":0[^\n]*"id":2\}/);
    expect(block('docs/grpc-client.mjs').out).toMatch(/^\{"cut_value":4,"certainty":"certified optimum \(proven by exhaustion\)","receipt":"svcr_[0-9a-f]{64}"\}$/m);
    const trpc = block('/trpc/solve').out;
    expect(trpc).toMatch(/"result":\{"data":\{"answer":\[[01,]+\],"cut_value":4/);
    expect(trpc).toContain('GET /docs: 200');
  }, 240_000);
});
