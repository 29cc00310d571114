import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '@svc/contracts';
import { COMMANDS as ENGINE_COMMANDS } from '@svc/engine-ts';
import { boundaryViolations, type GraphProject } from './rules';

const ROOT = join(__dirname, '..', '..', '..');

function projectGraph(): { projects: GraphProject[]; deps: Record<string, string[]> } {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-graph-')), 'graph.json');
  execFileSync(join(ROOT, 'node_modules', '.bin', 'nx'), ['graph', `--file=${file}`], {
    cwd: ROOT, stdio: 'pipe', env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  const g = JSON.parse(readFileSync(file, 'utf8')).graph;
  const projects = Object.values(g.nodes).map((n: any) => ({ name: n.name, tags: n.data.tags ?? [] }));
  const deps = Object.fromEntries(
    Object.entries(g.dependencies).map(([k, v]) => [k, (v as { target: string }[]).map((d) => d.target)]),
  );
  return { projects, deps };
}

function* files(dir: string): Generator<string> {
  for (const e of readdirSync(dir)) {
    if (e === 'node_modules' || e === 'dist' || e.startsWith('build')) continue;
    const p = join(dir, e);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

describe('module boundaries (ARCHITECTURE.md "may import")', () => {
  const graph = projectGraph();

  it('sees every workspace project', () => {
    const names = graph.projects.map((p) => p.name);
    for (const n of ['errors', 'contracts', 'certificates', 'engine-ts', 'engine-native', 'store', 'service', 'client', 'http', 'cli', 'tools']) {
      expect(names).toContain(n);
    }
  });

  it('no project depends on what its tags forbid', () => {
    expect(boundaryViolations(graph.projects, graph.deps)).toEqual([]);
  });

  it('the rule catches a forbidden edge', () => {
    const projects = [{ name: 'cli', tags: ['type:app', 'app:cli'] }, { name: 'service', tags: ['type:service'] }];
    expect(boundaryViolations(projects, { cli: ['service'] })).toHaveLength(1);
    expect(boundaryViolations([{ name: 'x', tags: [] }], {})).toHaveLength(1);
  });

  it('nothing imports another project\'s internals', () => {
    const bad: string[] = [];
    for (const top of ['libs', 'apps', 'tools']) {
      for (const f of files(join(ROOT, top))) {
        if (!/\.(ts|mts|js|mjs)$/.test(f)) continue;
        const src = readFileSync(f, 'utf8');
        for (const m of src.matchAll(/from\s+['"](@svc\/[^'"]+)['"]/g)) {
          const spec = m[1];
          if (/^@svc\/[^/]+\/(src|internal)/.test(spec) || spec.includes('/internal')) bad.push(`${relative(ROOT, f)} imports ${spec}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('the engines import nothing of contracts but the command names and the TSPLIB distances, modules that import nothing', () => {
    // Interface rules every lib shares, one copy each (README "one list of command names").
    const shared: Record<string, string> = { '@svc/contracts/command-names': 'command-names.ts', '@svc/contracts/tsplib': 'tsplib.ts' };
    for (const file of Object.values(shared)) expect(readFileSync(join(ROOT, 'libs', 'contracts', 'src', file), 'utf8'), file).not.toMatch(/^\s*import\s|\sfrom\s+['"]/m);
    const bad: string[] = [];
    for (const lib of ['engine-ts', 'engine-native']) {
      for (const f of files(join(ROOT, 'libs', lib, 'src'))) {
        if (!/\.(ts|mts)$/.test(f)) continue;
        for (const m of readFileSync(f, 'utf8').matchAll(/from\s+['"](@svc\/(?:contracts|errors)[^'"]*)['"]/g)) {
          if (shared[m[1]] === undefined) bad.push(`${relative(ROOT, f)} imports ${m[1]}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('the certificate checkers share no code with the engines or the service: of @svc only the dependency-free TSPLIB distances', () => {
    // Issue 34: "the service's checker shares no code with either engine" (docs/certificates.md).
    const bad: string[] = [];
    for (const f of files(join(ROOT, 'libs', 'certificates', 'src'))) {
      if (!/\.(ts|mts)$/.test(f)) continue;
      for (const m of readFileSync(f, 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)) {
        if (m[1].startsWith('.') || m[1] === '@svc/contracts/tsplib') continue;
        bad.push(`${relative(ROOT, f)} imports ${m[1]}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('one list of command names: the engine\'s COMMANDS is contracts\' (the same array), and no source spells out another', () => {
    expect(ENGINE_COMMANDS).toBe(COMMANDS);
    // A copy would drift: any array literal naming ten or more commands outside command-names.ts.
    const quoted = new RegExp(`['"](${COMMANDS.join('|')})['"]`, 'g');
    const copies: string[] = [];
    for (const top of ['libs', 'apps', 'tools']) {
      for (const f of files(join(ROOT, top))) {
        if (!/\.(ts|mts|js|mjs|py)$/.test(f) || f.includes('node_modules') || f.endsWith(join('contracts', 'src', 'command-names.ts'))) continue;
        // The family guard's own lists (names that are ordinary words, each offender's names) are not copies of the list.
        if (/boundaries[\\/]family-(guard\.test|names)\.ts$/.test(f)) continue;
        for (const block of readFileSync(f, 'utf8').matchAll(/\[[^\[\]]*\]/g)) {
          const named = new Set([...block[0].matchAll(quoted)].map((m) => m[1]));
          if (named.size >= 10) copies.push(`${relative(ROOT, f)}: ${[...named].slice(0, 4).join(', ')}, …`);
        }
      }
    }
    expect(copies).toEqual([]);
  });

  it('the C++ core never includes N-API headers', () => {
    const core = join(ROOT, 'libs', 'engine-native', 'src', 'core');
    const bad: string[] = [];
    for (const f of files(core)) {
      if (/#\s*include\s*[<"](napi|node_api|node)\.h[">]/.test(readFileSync(f, 'utf8'))) bad.push(relative(ROOT, f));
    }
    expect(bad).toEqual([]);
  });
});
