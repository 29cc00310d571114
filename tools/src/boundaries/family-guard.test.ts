import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '@svc/contracts/command-names';
import { PROOF_KINDS } from '@svc/contracts';
import { FAMILIES } from '@svc/engine-ts';
import { namesUsed, offendersIn } from './family-names';

const ROOT = join(__dirname, '..', '..', '..');
const CORE = join(ROOT, 'libs/engine-native/src/core');
/** The core's shared folders; every other folder of core/ is a family's. */
const CORE_SHARED = new Set(['common', 'kernels', 'testing']);

const folders = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const coreFamilies = folders(CORE).filter((f) => !CORE_SHARED.has(f));

/** Every name a shared file must not use: the commands, the engine-ts problem kinds, both engines' family folders. */
const NAMES = [...new Set([...COMMANDS, ...FAMILIES.map((f) => f.kind), ...folders(join(ROOT, 'libs/engine-ts/src/families')), ...coreFamilies])].sort();

/** The shared folders, each with its family folders (not checked). */
const SCOPES: { dir: string; families: ReadonlySet<string> }[] = [
  { dir: 'libs/service/src', families: new Set(['commands']) },
  { dir: 'libs/engine-ts/src', families: new Set(['families']) },
  { dir: 'libs/engine-native/src/core', families: new Set(coreFamilies) },
];

/**
 * Shared files that name a command or family, each with exactly the names it uses and who removes
 * them. An entry is a debt: the test fails on a file or a name not listed here (a new offender) and
 * on a listed name the file no longer uses (delete it from the list). Every debt is paid (the last,
 * the ResultKind names of common/request.h, now name answer shapes): a name that comes back fails.
 */
const KNOWN: Record<string, { names: string[]; removedBy: string }> = {};

function found(): Map<string, string[]> {
  const all = new Map<string, string[]>();
  for (const s of SCOPES) for (const [f, names] of offendersIn(join(ROOT, s.dir), s.families, NAMES, PROOF_KINDS)) all.set(`${s.dir}/${f}`, names);
  return all;
}

describe('shared files name no command or family (issue 33)', () => {
  const now = found();

  it('no shared file names a command or family that is not a listed debt', () => {
    const unlisted = [...now].flatMap(([f, names]) => names.filter((n) => !KNOWN[f]?.names.includes(n)).map((n) => `${f}: ${n}`));
    // Move the code into the family's own folder (libs/service/src/commands/<command>/,
    // libs/engine-ts/src/families/<family>/, libs/engine-native/src/core/<family>/) and reach it through the registry.
    expect(unlisted, 'shared files naming a command or family').toEqual([]);
  });

  it('every listed debt is still owed (delete an entry once its file no longer uses the name)', () => {
    const paid = Object.entries(KNOWN).flatMap(([f, k]) => k.names.filter((n) => !now.get(f)?.includes(n)).map((n) => `${f}: ${n} (${k.removedBy})`));
    expect(paid, 'listed names no longer used').toEqual([]);
  });

  it('the names come from the registries', () => {
    for (const n of ['tsp', 'maxcut', 'quantum-scale', 'qubo', 'planted-ising', 'erasure']) expect(NAMES).toContain(n);
    expect(NAMES).not.toContain('kernels');
  });
});

describe('what counts as naming a command or family', () => {
  const N = ['tsp', 'maxcut', 'qubo', 'reduce', 'quantum-scale'];

  it.each([
    ["if (command === 'tsp') return 1;", ['tsp']],
    ['#include "qubo/problem.h"', ['qubo']],
    ["import { budgetFor } from '../families/qubo/budget';", ['qubo']],
    ["export * from './commands/quantum-scale/adapter';", ['quantum-scale']],
    ['const b = quboLowerBound(p);', ['qubo']],
    ['constexpr int kMaxcutLimit = 3;', ['maxcut']],
    ['const quantumScaleCap = 2;', ['quantum-scale']],
    ["const x = ['maxcut', 'reduce'];", ['maxcut', 'reduce']],
  ])('%s names %j', (src, names) => {
    expect(namesUsed('x.ts', src, N)).toEqual(names);
  });

  it.each([
    '// solved like tsp, or a maxcut: prose in a comment',
    '/* the qubo family */ const a = 1;',
    'const total = xs.reduce((s, x) => s + x, 0);',
    'QuboModel m; quboModel(x); QuboTerms t;',
    "const s = 'the tsp of the request';",
    'const tspx = 1; const atsp = 2;',
  ])('%s names nothing', (src) => {
    expect(namesUsed('x.ts', src, N)).toEqual([]);
  });

  it('a proof kind of the contract is not a family name on a line that names the proof type', () => {
    const P = ['planted', 'tsp'];
    const kinds = ['exhaustive', 'planted'];
    expect(namesUsed('x.ts', "export type Proof = 'exhaustive' | 'planted' | null;", P, kinds)).toEqual([]);
    expect(namesUsed('x.h', 'case Proof::kPlanted: return "planted";', P, kinds)).toEqual([]);
    expect(namesUsed('x.h', 'case ResultKind::kPlanted: return "planted";', P, kinds)).toEqual(['planted']);
    expect(namesUsed('x.ts', "const f = 'planted';", P, kinds)).toEqual(['planted']);
    expect(namesUsed('x.ts', "export type Proof = 'planted';", P)).toEqual(['planted']);
  });

  it('a file named after a family names it', () => {
    expect(namesUsed('testing/qubo.ts', 'export const a = 1;', N)).toEqual(['qubo']);
    expect(namesUsed('testing/maxcut_fuzz.h', '', N)).toEqual([]);
  });

  it('a new shared file naming a command is found, and family folders and unit tests are not read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'family-guard-'));
    try {
      mkdirSync(join(dir, 'commands', 'tsp'), { recursive: true });
      mkdirSync(join(dir, 'jobs'));
      writeFileSync(join(dir, 'commands', 'tsp', 'adapter.ts'), "export const c = 'tsp';");
      writeFileSync(join(dir, 'jobs', 'run.ts'), "export const sense = { tsp: 'min' };\nexport const d = 'maxcut';");
      writeFileSync(join(dir, 'jobs', 'run.test.ts'), "it('maxcut', () => {});");
      writeFileSync(join(dir, 'generic.ts'), 'export const a = 1;');
      expect([...offendersIn(dir, new Set(['commands']), N)]).toEqual([['jobs/run.ts', ['maxcut', 'tsp']]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
