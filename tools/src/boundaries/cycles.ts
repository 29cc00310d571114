import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The import graph of a project's TypeScript sources and the cycles in it. Every edge counts,
 * type-only ones included: `import` / `import type` / `export … from` / `export type … from`,
 * side-effect imports, `import('…')` (dynamic imports and type queries) and `require('…')`.
 * Only relative specifiers are followed (packages are the Nx project graph's business), resolved
 * the way the bundler resolution of tsconfig.base.json does: the file itself, `.ts`, `.tsx`,
 * `.d.ts`, then `index.ts` / `index.tsx` of a folder.
 */

/**
 * The source with comments blanked and template literals' text blanked (so a code generator's
 * template or a commented-out import is no edge), string literals kept. Offsets and line breaks
 * are preserved. A small lexer rather than a regex because strings hold `//` and `/*` (URLs,
 * globs) and regular-expression literals hold quotes.
 */
export function codeOnly(src: string): string {
  const out = src.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  // What the last significant token was decides whether a `/` starts a regular expression.
  let prevSignificant = '';
  let prevWord = '';
  const templateDepth: number[] = []; // brace depth at which each open `${` returns to its template
  let braces = 0;
  let i = 0;
  const n = src.length;

  const scanTemplate = () => {
    // At the first character after a backtick or after the `}` closing an interpolation.
    const start = i;
    while (i < n) {
      const c = src[i];
      if (c === '\\') { i += 2; continue; }
      if (c === '`') { blank(start, i); i++; prevSignificant = '`'; prevWord = ''; return; }
      if (c === '$' && src[i + 1] === '{') {
        blank(start, i);
        i += 2;
        templateDepth.push(braces);
        braces++;
        prevSignificant = '{';
        prevWord = '';
        return;
      }
      i++;
    }
    blank(start, n);
  };

  while (i < n) {
    const c = src[i];
    const d = src[i + 1];
    if (c === '/' && d === '/') {
      const end = src.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (c === '/' && d === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (c === '\'' || c === '"') {
      i++;
      while (i < n && src[i] !== c && src[i] !== '\n') i += src[i] === '\\' ? 2 : 1;
      i++;
      prevSignificant = c;
      prevWord = '';
      continue;
    }
    if (c === '`') {
      i++;
      scanTemplate();
      continue;
    }
    if (c === '/') {
      const divides = /[\w$)\]]/.test(prevSignificant)
        && !/^(return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)$/.test(prevWord);
      if (!divides) {
        // A regular-expression literal: skip it, classes and escapes included.
        i++;
        let inClass = false;
        while (i < n && src[i] !== '\n') {
          const r = src[i];
          if (r === '\\') { i += 2; continue; }
          if (r === '[') inClass = true;
          else if (r === ']') inClass = false;
          else if (r === '/' && !inClass) break;
          i++;
        }
        i++;
        while (i < n && /[a-z]/i.test(src[i])) i++;
        prevSignificant = ')'; // a regex is a value: a `/` after it divides
        prevWord = '';
        continue;
      }
      i++;
      prevSignificant = '/';
      prevWord = '';
      continue;
    }
    if (c === '{') { braces++; prevSignificant = c; prevWord = ''; i++; continue; }
    if (c === '}') {
      braces--;
      if (templateDepth.length > 0 && templateDepth[templateDepth.length - 1] === braces) {
        templateDepth.pop();
        i++;
        scanTemplate();
        continue;
      }
      prevSignificant = c;
      prevWord = '';
      i++;
      continue;
    }
    if (/[\w$]/.test(c)) {
      const start = i;
      while (i < n && /[\w$]/.test(src[i])) i++;
      prevWord = src.slice(start, i);
      prevSignificant = src[i - 1];
      continue;
    }
    if (!/\s/.test(c)) { prevSignificant = c; prevWord = ''; }
    i++;
  }
  return out.join('');
}

/** One import edge's specifier and whether the statement is type-only. */
export interface ImportRef { specifier: string; typeOnly: boolean }

const STATIC = /(?:^|[^\w$.])(import|export)(\s+type)?\s+(?:[\w$]+\s*,?\s*)?(?:\*\s*(?:as\s+[\w$]+)?|\{[^}]*\})?\s*from\s*(['"])([^'"\n]+)\3/g;
const DEFAULT_ONLY = /(?:^|[^\w$.])import(\s+type)?\s+[\w$]+\s+from\s*(['"])([^'"\n]+)\2/g;
const SIDE_EFFECT = /(?:^|[^\w$.])import\s*(['"])([^'"\n]+)\1/g;
const CALL = /(?:^|[^\w$.])(import|require)\s*\(\s*(['"])([^'"\n]+)\2\s*\)/g;

/** Every module specifier a TypeScript source names (comments and template text ignored). */
export function importsOf(src: string): ImportRef[] {
  const code = codeOnly(src);
  const refs: ImportRef[] = [];
  const seen = new Set<number>();
  const add = (at: number, specifier: string, typeOnly: boolean) => {
    if (seen.has(at)) return;
    seen.add(at);
    refs.push({ specifier, typeOnly });
  };
  for (const m of code.matchAll(STATIC)) add(m.index! + m[0].lastIndexOf(m[4]), m[4], Boolean(m[2]));
  for (const m of code.matchAll(DEFAULT_ONLY)) add(m.index! + m[0].lastIndexOf(m[3]), m[3], Boolean(m[1]));
  for (const m of code.matchAll(SIDE_EFFECT)) add(m.index! + m[0].lastIndexOf(m[2]), m[2], false);
  for (const m of code.matchAll(CALL)) add(m.index! + m[0].lastIndexOf(m[3]), m[3], m[1] === 'import');
  return refs;
}

const CANDIDATES = ['', '.ts', '.tsx', '.d.ts', `${sep}index.ts`, `${sep}index.tsx`];

/** The file a relative specifier names, or undefined (a package, a JSON file, or nothing). */
export function resolveRelative(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier.replace(/\.(m|c)?js$/, ''));
  for (const ext of CANDIDATES) {
    const p = base + ext;
    if (/\.tsx?$/.test(p) && existsSync(p) && statSync(p).isFile()) return p;
  }
  return undefined;
}

function* tsFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const e of readdirSync(dir).sort()) {
    if (e === 'node_modules' || e === 'dist') continue;
    const p = join(dir, e);
    if (statSync(p).isDirectory()) yield* tsFiles(p);
    else if (/\.tsx?$/.test(e)) yield p;
  }
}

/** file → the files it imports (absolute paths), for every TypeScript file under `dir`. */
export function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of tsFiles(dir)) {
    const targets = new Set<string>();
    for (const ref of importsOf(readFileSync(f, 'utf8'))) {
      const t = resolveRelative(f, ref.specifier);
      if (t) targets.add(t);
    }
    graph.set(f, [...targets].sort());
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  const visit = (root: string) => {
    // Iterative, so a long chain of files cannot overflow the call stack.
    const work: [string, number][] = [[root, 0]];
    index.set(root, next); low.set(root, next); next++;
    stack.push(root); onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [v, k] = frame;
      const succ = graph.get(v) ?? [];
      if (k < succ.length) {
        frame[1]++;
        const w = succ[k];
        if (!index.has(w)) {
          index.set(w, next); low.set(w, next); next++;
          stack.push(w); onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) {
          low.set(v, Math.min(low.get(v)!, index.get(w)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const comp: string[] = [];
        let w: string;
        do { w = stack.pop()!; onStack.delete(w); comp.push(w); } while (w !== v);
        if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.sort());
      }
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

/**
 * The elementary cycles of the graph (Johnson's algorithm), each as its file chain starting at
 * its least file, at most `limit` of them per strongly connected component.
 */
export function elementaryCycles(graph: Map<string, string[]>, limit = 200): { cycles: string[][]; truncated: boolean } {
  const cycles: string[][] = [];
  let truncated = false;
  for (const comp of stronglyConnected(graph)) {
    const members = [...comp].sort();
    let found = 0;
    for (let s = 0; s < members.length && found < limit; s++) {
      const start = members[s];
      const allowed = new Set(members.slice(s));
      const blocked = new Set<string>();
      const blockedBy = new Map<string, Set<string>>();
      const path: string[] = [];
      const unblock = (u: string) => {
        const todo = [u];
        while (todo.length > 0) {
          const x = todo.pop()!;
          if (!blocked.delete(x)) continue;
          const b = blockedBy.get(x);
          if (b) { todo.push(...b); b.clear(); }
        }
      };
      const circuit = (v: string): boolean => {
        let closed = false;
        path.push(v);
        blocked.add(v);
        for (const w of graph.get(v) ?? []) {
          if (!allowed.has(w) || found >= limit) continue;
          if (w === start) {
            cycles.push([...path]);
            found++;
            closed = true;
          } else if (!blocked.has(w) && circuit(w)) {
            closed = true;
          }
        }
        if (closed) unblock(v);
        else for (const w of graph.get(v) ?? []) {
          if (!allowed.has(w)) continue;
          if (!blockedBy.has(w)) blockedBy.set(w, new Set());
          blockedBy.get(w)!.add(v);
        }
        path.pop();
        return closed;
      };
      circuit(start);
    }
    if (found >= limit) truncated = true;
  }
  return { cycles, truncated };
}

/** A cycle as `a.ts -> b.ts -> a.ts`, paths relative to `root`. */
export function describeCycle(cycle: string[], root: string): string {
  return [...cycle, cycle[0]].map((f) => relative(root, f).split(sep).join('/')).join(' -> ');
}
