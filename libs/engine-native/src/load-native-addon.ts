/**
 * Finds and loads the compiled addon `build/Release/svc_native.node` of this package.
 * The path is resolved through the package name, so it also works from an esbuild bundle that
 * lives in another folder (node_modules/@svc/engine-native is a symlink to libs/engine-native).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CanonicalProblem } from '@svc/engine-ts';

/** The engine version the TS side expects; must equal the addon's `version`. */
export const NATIVE_ADDON_VERSION = '1.0.0';

export interface NativeOptionsArgs {
  /** Unsigned 32-bit. */
  readonly seed: number;
  /** 0 = no deadline; counted from the call. */
  readonly deadlineMs: number;
  readonly warmStart: Uint8Array | null;
  /**
   * The family's budget by name (engine-ts nativeBudgetOf: its family.ts `nativeBudget`), read by its
   * records (the QUBO family's search and exact budgets and the request's exactMethod among them).
   */
  readonly family?: object;
}

/** What the addon's promise resolves to: one shape, `kind` set by the core (core/common/request.h ResultKind). */
export interface NativeRawResult {
  readonly kind: 'binary' | 'samples' | 'violations' | 'known_optimum' | 'permutation' | 'labels' | 'vector' | 'decimal' | 'bytes' | 'linear_system' | 'numeric';
  /** binary, samples, violations, known_optimum, linear_system: 0/1 per variable; decimal: the answer's text as ASCII bytes; bytes: the blocks one after another (empty otherwise). */
  readonly answer: Uint8Array;
  /** permutation (rank: the items, best first; tsp: the tour from city 0; qap: each facility's location), labels (design: a value per site), bytes (which block each is), numeric (the family's integers). */
  readonly order: Int32Array;
  /** vector (milp): a real value per variable; numeric: the family's reals (its problem.ts layout). */
  readonly values: Float64Array;
  /** The named numbers of the kind: violations {violations}, known_optimum {plantedEnergy, edges}, vector {convex: 0 | 1}, decimal {exact: 0 | 1}, bytes (the family's, e.g. erasure {kernel}), linear_system {rank, consistent: 1 | 0; -1 unknown}; numeric: the family's, all passed on. */
  readonly extras: Readonly<Record<string, number>>;
  readonly objective: number;
  readonly proof: 'exhaustive' | 'branch_and_bound' | 'dynamic_program' | 'planted' | 'bound_attained' | null;
  readonly bound?: number;
  readonly stoppedAtDeadline: boolean;
  /** Core result status: 'optimal' | 'work_limit' | 'deadline' | 'cancelled'. */
  readonly status: string;
  readonly work: { iterations: number; nodes: number; restarts: number };
  readonly engineMs: number;
  /** samples: distinct states, sorted; [0] is the answer (empty otherwise). */
  readonly samples: { x: Uint8Array; objective: number; count: number }[];
}

/** A progress point from the core (null: not known). */
export interface NativeProgress {
  readonly best: number | null;
  readonly bound: number | null;
  readonly work: number;
  readonly elapsedMs: number;
}

/** An optional library the addon was built with (CMakeLists.txt), and the family it serves. */
export interface NativeLibrary {
  readonly name: string;
  readonly version: string;
  readonly family: string;
}

/**
 * An optional library a family declares in its own folder (core/<family>/library.cmake), as the
 * build found it: CMakeLists.txt writes every declaration to optional-libraries.json beside the addon.
 */
export interface NativeLibraryDeclaration {
  readonly name: string;
  /** The family (core folder and engine-ts problem kind) that declares it. */
  readonly family: string;
  /** Without it the family is left out of the addon and engine-ts serves its commands. */
  readonly required: boolean;
  readonly found: boolean;
  readonly version: string | null;
  /** The Debian packages that bring it (.ci/run installs them from the same declaration). */
  readonly debian: readonly string[];
}

let declarations: readonly NativeLibraryDeclaration[] | undefined;

/** The optional libraries the families declare, found or not, from the build beside the addon (empty without a build). */
export function nativeLibraryDeclarations(): readonly NativeLibraryDeclaration[] {
  declarations ??= readDeclarations(candidatePaths().map((file) => path.join(path.dirname(file), 'optional-libraries.json')));
  return declarations;
}

/** Exported for tests: the first of `files` that reads as a declaration list, else none. */
export function readDeclarations(files: readonly string[]): readonly NativeLibraryDeclaration[] {
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;  // no build here: try the next place
    }
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) throw new Error(`${file}: not a list of optional-library declarations`);
    return list as NativeLibraryDeclaration[];
  }
  return [];
}

/** The addon's exports (src/binding/addon.cc). */
export interface NativeAddon {
  readonly version: string;
  commands(): string[];
  /** The optional libraries found at build time (absent from an addon built before they existed). */
  libraries?(): NativeLibrary[];
  /**
   * glibc's `malloc_trim(0)`: the free pages of every arena back to the system (true when any
   * was); false elsewhere. Absent from addons built before it.
   */
  trimHeap?(): boolean;
  /** Rejects with an Error on a failed call; throws a TypeError on badly shaped arguments. */
  /**
   * `onProgress` (optional): called on this thread while the solve runs, at most every ~100 ms,
   * with the core's ProgressPoint (core/common/solve_limits.h); absent from addons built before it.
   */
  solve(
    command: string, problem: CanonicalProblem, options: NativeOptionsArgs, cancelFlag: Int32Array,
    onProgress?: (p: NativeProgress) => void,
  ): Promise<NativeRawResult>;
}

export type NativeLoadResult =
  | { readonly addon: NativeAddon; readonly error: null }
  | { readonly addon: null; readonly error: string };

let cached: NativeLoadResult | undefined;

/**
 * Load the addon once per thread (worker threads load their own copy; the addon is
 * context-aware). Never throws: a missing or stale build is reported in `error`.
 */
export function loadNativeAddon(): NativeLoadResult {
  cached ??= loadFrom(candidatePaths());
  return cached;
}

/**
 * Gives the C heap's free pages back to the system (glibc's `malloc_trim`, through the addon):
 * glibc keeps the arenas an ended worker thread used. False when nothing was given back, or
 * without the addon or elsewhere than glibc.
 */
export function trimNativeHeap(): boolean {
  return loadNativeAddon().addon?.trimHeap?.() ?? false;
}

/** Whether the addon loaded in this thread, and why not (the file and dlopen's message, e.g. an undefined symbol). */
export function nativeStatus(): { loaded: boolean; error?: string } {
  const r = loadNativeAddon();
  return r.addon !== null ? { loaded: true } : { loaded: false, error: r.error };
}

/** The package's own build first, then the path next to this source file. */
function candidatePaths(): string[] {
  const req = createRequire(import.meta.url);
  const out: string[] = [];
  try {
    out.push(path.join(path.dirname(req.resolve('@svc/engine-native/package.json')), 'build', 'Release', 'svc_native.node'));
  } catch {
    // Not resolvable from here (e.g. a bundle shipped without node_modules): try the next one.
  }
  try {
    out.push(fileURLToPath(new URL('../build/Release/svc_native.node', import.meta.url)));
  } catch {
    // import.meta.url is not a file: URL in this context.
  }
  return [...new Set(out)];
}

/** Exported for tests: load the first candidate that exists and checks out. */
export function loadFrom(paths: readonly string[]): NativeLoadResult {
  const req = createRequire(import.meta.url);
  const errors: string[] = [];
  for (const file of paths) {
    let mod: unknown;
    try {
      mod = req(file);
    } catch (err) {
      const missing = (err as { code?: unknown }).code === 'MODULE_NOT_FOUND';
      // dlopen's own message already starts with the file ("<file>: undefined symbol: …").
      const why = missing ? 'not found' : (err instanceof Error ? err.message : String(err)).split('\n')[0];
      errors.push(why.startsWith(file) ? why : `${file}: ${why}`);
      continue;
    }
    const addon = mod as Partial<NativeAddon>;
    if (typeof addon.solve !== 'function' || typeof addon.commands !== 'function') {
      errors.push(`${file}: not the svc_native addon`);
      continue;
    }
    if (addon.version !== NATIVE_ADDON_VERSION) {
      errors.push(`${file}: stale build (version ${String(addon.version)}, expected ${NATIVE_ADDON_VERSION}); rebuild with: nx run engine-native:build`);
      continue;
    }
    return { addon: addon as NativeAddon, error: null };
  }
  // A file that is there but refused (an undefined symbol, a stale build) is the cause; other candidates "not found" are noise then.
  const refused = errors.filter((e) => !e.endsWith(': not found'));
  const tried = errors.length === 0 ? 'no candidate path for svc_native.node' : (refused.length > 0 ? refused : errors).join('; ');
  return { addon: null, error: `${tried}; build it with: nx run engine-native:build` };
}

/**
 * The one loud start-up line (no newline) of a server whose native addon did not load, so that
 * every command is solved by engine-ts: it names the cause, e.g. dlopen's
 * "<file>: undefined symbol: <symbol>". The service passes it on (`Service.nativeLoadFailure`) and
 * the HTTP server prints it to stderr at start; `/healthz` says `ts (native failed to load: <error>)`.
 */
export function nativeLoadFailureLine(error: string): string {
  return `NATIVE ENGINE FAILED TO LOAD, every command is solved by the TypeScript engine: ${error.replace(/\s*\n\s*/g, ' ')}`;
}
