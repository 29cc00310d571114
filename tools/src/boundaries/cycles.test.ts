import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCycle, elementaryCycles, importGraph, importsOf, resolveRelative } from './cycles';

const ROOT = join(__dirname, '..', '..', '..');

/** Every lib's and app's sources, and the tools'. */
function sourceRoots(): string[] {
  const roots: string[] = [join(ROOT, 'tools', 'src')];
  for (const top of ['libs', 'apps']) {
    for (const p of readdirSync(join(ROOT, top)).sort()) roots.push(join(ROOT, top, p, 'src'));
  }
  return roots;
}

/**
 * Cycles tolerated for now, each as the exact set of files of the cycle (relative to the
 * repository root) and why. Keep this empty: an entry is a debt with an owner, removed by them.
 */
const KNOWN_CYCLES: { files: string[]; why: string }[] = [];

function cyclesIn(roots: string[]): { found: string[]; truncated: boolean } {
  const graph = new Map<string, string[]>();
  for (const r of roots) for (const [f, to] of importGraph(r)) graph.set(f, to);
  const { cycles, truncated } = elementaryCycles(graph);
  const key = (files: string[]) => [...files].sort().join('\n');
  const known = new Set(KNOWN_CYCLES.map((k) => key(k.files.map((f) => join(ROOT, f)))));
  const found = cycles.filter((c) => !known.has(key(c))).map((c) => describeCycle(c, ROOT));
  return { found, truncated };
}

describe('no import cycle inside any lib, app or the tools (type-only imports included)', () => {
  it('the import graph of libs/*/src, apps/*/src and tools/src has no cycle', () => {
    const { found, truncated } = cyclesIn(sourceRoots());
    // Each entry is one cycle's file chain: break it by moving what both ends need into a leaf
    // module they both import (types included), or by importing a file directly, not its barrel.
    expect(
      { cycles: found, truncated },
      'import cycles, each as its file chain: move what both ends need into a leaf module they both import, or import a file directly instead of its barrel',
    ).toEqual({ cycles: [], truncated: false });
  });

  it('every known cycle still exists (stale allowances are removed)', () => {
    const graph = new Map<string, string[]>();
    for (const r of sourceRoots()) for (const [f, to] of importGraph(r)) graph.set(f, to);
    const present = new Set(elementaryCycles(graph).cycles.map((c) => [...c].sort().join('\n')));
    const stale = KNOWN_CYCLES.filter((k) => !present.has(k.files.map((f) => join(ROOT, f)).sort().join('\n')));
    expect(stale).toEqual([]);
  });
});

describe('the import scanner', () => {
  it('sees every form of import, type-only ones included, across lines', () => {
    const src = [
      `import { a,`,
      `  b } from './multi';`,
      `import type {`,
      `  T,`,
      `} from "./type-only";`,
      `import def from './default';`,
      `import def2, { c } from './default-and-named';`,
      `import * as ns from './namespace';`,
      `import './side-effect';`,
      `export { x } from './re-export';`,
      `export type { Y } from './re-export-type';`,
      `export * from './star';`,
      `export * as star from './star-as';`,
      `type Q = import('./type-query').Q;`,
      `const lazy = () => import('./dynamic');`,
      `const cjs = require('./required');`,
      `import { type Z, w } from './inline-type';`,
      `import pkg from 'some-package';`,
    ].join('\n');
    expect(importsOf(src).map((r) => r.specifier).sort()).toEqual([
      './default', './default-and-named', './dynamic', './inline-type', './multi', './namespace',
      './re-export', './re-export-type', './required', './side-effect', './star', './star-as',
      './type-only', './type-query', 'some-package',
    ]);
  });

  it('ignores comments and template text but not code after a regex or a URL string', () => {
    const src = [
      `// import { gone } from './line-comment';`,
      `/* import { gone } from './block-comment'; */`,
      `/**`,
      ` * import('./jsdoc')`,
      ` */`,
      "const generated = `import { x } from './in-a-template';${1 + 1}`;",
      `const url = 'http://example.com/*not a comment';`,
      `const re = /['"]\\/\\//g;`,
      `import { kept } from './after-all-that';`,
      `const glob = 'src/**/*.ts'; export type { K } from './after-glob';`,
    ].join('\n');
    expect(importsOf(src).map((r) => r.specifier)).toEqual(['./after-all-that', './after-glob']);
  });

  it('resolves a relative specifier to a .ts file or a folder index, and a cycle is named by its chain', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-cycles-'));
    mkdirSync(join(dir, 'testing'));
    writeFileSync(join(dir, 'testing', 'index.ts'), `export * from './a';\nexport * from './b';\n`);
    writeFileSync(join(dir, 'testing', 'a.ts'), `import type { B } from '.';\nexport type A = B;\n`);
    writeFileSync(join(dir, 'testing', 'b.ts'), `export type B = number;\n`);
    writeFileSync(join(dir, 'x.ts'), `export const x: import('./y').Y = 1;\n`);
    writeFileSync(join(dir, 'y.ts'), `import {\n  x,\n} from './x';\nexport type Y = typeof x;\n`);
    writeFileSync(join(dir, 'z.ts'), `import { x } from './x.js';\nimport data from './data.json';\n`);
    expect(resolveRelative(join(dir, 'testing', 'a.ts'), '.')).toBe(join(dir, 'testing', 'index.ts'));
    expect(resolveRelative(join(dir, 'z.ts'), './testing')).toBe(join(dir, 'testing', 'index.ts'));
    expect(resolveRelative(join(dir, 'z.ts'), './x.js')).toBe(join(dir, 'x.ts'));
    expect(resolveRelative(join(dir, 'z.ts'), './data.json')).toBeUndefined();
    const { cycles, truncated } = elementaryCycles(importGraph(dir));
    expect(truncated).toBe(false);
    expect(cycles.map((c) => describeCycle(c, dir)).sort()).toEqual([
      'testing/a.ts -> testing/index.ts -> testing/a.ts',
      'x.ts -> y.ts -> x.ts',
    ]);
  });

  it('names every elementary cycle of a tangle', () => {
    const g = new Map<string, string[]>([
      ['a', ['b', 'c']], ['b', ['a', 'c']], ['c', ['a']], ['d', ['d']], ['e', ['a']],
    ]);
    expect(elementaryCycles(g).cycles.map((c) => c.join('>')).sort()).toEqual(['a>b', 'a>b>c', 'a>c', 'd']);
  });
});
