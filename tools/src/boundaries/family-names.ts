/**
 * Which command or family names a shared source file uses (issue 33: every family owns everything
 * about itself). The names come from the registries: the contract's commands, the engine-ts
 * families' problem kinds, and the family folders of engine-ts and of the C++ core. Comments are
 * prose and not read. A file names X when, outside comments:
 * - a string literal is exactly X (`'tsp'`, `"maxcut"`);
 * - an import, re-export or `#include` path has a segment X (`../families/qubo/budget`, `"qubo/problem.h"`);
 * - its own path has a segment or base name X (`testing/xorsat.ts`);
 * - an identifier (outside string literals) has X among its camelCase/snake_case words (`quboLowerBound`, `kXorsat`), for
 *   the names that are not also ordinary words of code (`reduce`, `sample`, `select`…: WORDS).
 * The QUBO model the search kernels run on is their mathematics, not a family's (KERNEL_MODEL).
 * A proof kind of the contract (`PROOF_KINDS`: `planted` is both a proof kind and a family) is an
 * answer field value, not a family name: its literal does not count on a line that names the
 * proof type (`Proof`, as in `type Proof = … | 'planted'` or `case Proof::kPlanted: return "planted";`).
 * Renaming the proof kind would change the `proof` field of answers, so the guard makes the distinction.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Names that are also ordinary words of code (Array.prototype.reduce, a sample, a phase): matched in literals and paths only. */
export const WORDS: ReadonlySet<string> = new Set([
  'cover', 'design', 'entropy', 'feel', 'frequency', 'optimize', 'phase', 'planted', 'precision', 'protect', 'rank',
  'recover', 'reduce', 'relation', 'rules', 'sample', 'select', 'spectrum', 'want', 'world',
]);

/** Identifiers of the QUBO model the search kernels run on (kernels/model.*): shared mathematics, not the qubo family. */
export const KERNEL_MODEL: ReadonlySet<string> = new Set(['QuboModel', 'quboModel', 'QuboTerms']);

const words = (s: string): string[] => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').split(/[_\-\s]+/).filter(Boolean).map((w) => w.toLowerCase());

/** Source without comments (line and block), string contents kept. */
export function stripComments(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** `code` with the proof-kind literals of lines that name the proof type (`Proof`) blanked. */
function withoutProofKinds(code: string, kinds: ReadonlySet<string>): string {
  if (kinds.size === 0) return code;
  return code
    .split('\n')
    .map((line) => (/\bProof\b/.test(line) ? line.replace(/(['"])([^'"\n]*)\1/g, (m, q: string, v: string) => (kinds.has(v) ? `${q}${q}` : m)) : line))
    .join('\n');
}

/** The command and family names `file` (its path relative to the checked folder) uses, sorted. */
export function namesUsed(file: string, src: string, names: readonly string[], proofKinds: readonly string[] = []): string[] {
  const code = withoutProofKinds(stripComments(src), new Set(proofKinds));
  const found = new Set<string>();
  const byName = new Set(names);
  const pathSegments = (p: string) => p.split('/').flatMap((s) => [s, s.replace(/\.[a-z]+$/, ''), s.replace(/(_test)?\.[a-z]+$/, '')]);
  for (const s of pathSegments(file.split(sep).join('/'))) if (byName.has(s)) found.add(s);
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|#include\s*)(['"])([^'"\n]+)\1/g)) {
    for (const s of pathSegments(m[2])) if (byName.has(s)) found.add(s);
  }
  for (const m of code.matchAll(/(['"`])([^'"`\n]*)\1/g)) if (byName.has(m[2])) found.add(m[2]);
  const split = names.filter((n) => !WORDS.has(n)).map((n) => [n, words(n)] as const);
  const bare = code.replace(/(['"`])[^'"`\n]*\1/g, '$1$1');
  for (const [id] of bare.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    if (KERNEL_MODEL.has(id)) continue;
    const w = words(id);
    for (const [n, nw] of split) if (w.some((_, k) => nw.every((x, d) => w[k + d] === x))) found.add(n);
  }
  return [...found].sort();
}

/** Source files under `dir` (relative paths), skipping folders `skip` (top level) and unit tests. */
export function sharedSources(dir: string, skip: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      const rel = relative(dir, p);
      if (e.isDirectory()) {
        if (!(d === dir && skip.has(e.name))) walk(p);
      } else if (/\.(ts|cc|h)$/.test(e.name) && !/(\.test\.ts|_test\.cc)$/.test(e.name)) out.push(rel.split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** Every shared file under `dir` that names something: relative path → names. */
export function offendersIn(dir: string, skip: ReadonlySet<string>, names: readonly string[], proofKinds: readonly string[] = []): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of sharedSources(dir, skip)) {
    const used = namesUsed(f, readFileSync(join(dir, f), 'utf8'), names, proofKinds);
    if (used.length > 0) out.set(f, used);
  }
  return out;
}
