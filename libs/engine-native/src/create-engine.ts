/**
 * Engine selection for the service: native when the addon loads, engine-ts otherwise, chosen by
 * the caller or by `SVC_ENGINE` (`ts` | `native`; unset = prefer native).
 */
import { createTsEngine, problemKindOf, type CancelSignal, type Command, type Engine, type EngineRequest, type EngineResult, type ProgressListener } from '@svc/engine-ts';
import { loadNativeAddon, nativeLibraryDeclarations, type NativeLibrary, type NativeLibraryDeclaration, type NativeLoadResult } from './load-native-addon';
import { nativeEngineFrom } from './native-engine';

export type EngineKind = 'native' | 'ts';

/**
 * Commands served by engine-ts alone for now, even when the addon loads (the per-command fallback
 * of `createEngine` sends them there). Every other command the service serves must have a native
 * solver: the completeness test (tools/src/completeness) checks it. Empty today.
 */
export const TS_ONLY_COMMANDS: readonly Command[] = [];

/**
 * Whether engine-ts serves `command` although the addon loaded because the addon was built without
 * an optional library its family requires: a family declares its libraries in its own folder
 * (core/<family>/library.cmake, REQUIRED ones leave the folder out when missing; the build writes
 * the declarations to optional-libraries.json, `declared`), and no library of its family is in the
 * build (`libraries`, the addon's `libraries()`). Such an addon lists neither the library nor the
 * commands (`addon.commands()`), and engine-ts serves them, also under `SVC_ENGINE=native`; the
 * Debian packages of the declaration give full native speed. An addon that has the library but not
 * the command is a wiring fault, not this (its core/<family>/entries.h is missing), and stays
 * native (and fails loudly).
 */
export function builtWithout(native: Engine, libraries: readonly NativeLibrary[], command: Command,
  declared: readonly NativeLibraryDeclaration[] = nativeLibraryDeclarations()): boolean {
  const family = problemKindOf(command);
  return declared.some((d) => d.required && d.family === family) && !native.supports(command) && !libraries.some((l) => l.family === family);
}

/**
 * An engine that may route some commands to a fallback. `engineFor` names the engine that
 * actually answers a command, so envelopes and receipts carry the right `engine` and id.
 */
export interface RoutedEngine extends Engine {
  engineFor(command: Command): Engine;
  /**
   * Set when native was preferred (kind and `SVC_ENGINE` unset) but the addon did not load, so
   * every command falls back to engine-ts: the loader's message (the file and dlopen's cause).
   * Never silent: the service reports it on `/healthz` and the server prints it at start.
   */
  readonly nativeLoadError?: string;
  /** The optional libraries the native addon was built with (empty on engine-ts). */
  readonly libraries: readonly NativeLibrary[];
}

/**
 * The engine to use.
 * - `kind` (else `process.env.SVC_ENGINE`) `'ts'`: the pure-TS engine.
 * - `'native'`: the native engine; throws an Error naming the cause if the addon cannot load.
 * - unset: native when the addon loads, with commands it does not support routed to engine-ts;
 *   entirely engine-ts when it does not load, with the cause in `nativeLoadError`.
 * `load` is the addon loader (tests pass a failing one).
 * Any other `SVC_ENGINE` value throws.
 */
export function createEngine(kind?: EngineKind, load: () => NativeLoadResult = loadNativeAddon): RoutedEngine {
  return selectEngine(kind, process.env.SVC_ENGINE, load);
}

/** Exported for tests: the selection with its inputs made explicit. */
export function selectEngine(kind: EngineKind | undefined, env: string | undefined, load: () => NativeLoadResult): RoutedEngine {
  const wanted = kind ?? parseEngineEnv(env);
  if (wanted === 'ts') return single(createTsEngine());
  const { addon, error } = load();
  if (addon === null) {
    if (wanted === 'native') throw new Error(`native engine requested (${kind !== undefined ? 'createEngine("native")' : 'SVC_ENGINE=native'}) but unavailable: ${error}`);
    return { ...single(createTsEngine()), nativeLoadError: error };
  }
  const native = nativeEngineFrom(addon);
  const libraries = addon.libraries?.() ?? [];
  // Native only: still engine-ts for a command whose library the addon was built without.
  const ts = createTsEngine();
  return { ...withFallback(native, ts, wanted === 'native' ? (c) => builtWithout(native, libraries, c) : () => true), libraries };
}

function parseEngineEnv(env: string | undefined): EngineKind | undefined {
  const v = env?.trim();
  if (v === undefined || v === '' || v === 'auto') return undefined;
  if (v === 'ts' || v === 'native') return v;
  throw new Error(`SVC_ENGINE must be "ts", "native" or unset, got "${v}"`);
}

function single(e: Engine): RoutedEngine {
  return { id: e.id, kind: e.kind, supports: (c) => e.supports(c), solve: (r, s, p) => e.solve(r, s, p), engineFor: () => e, libraries: [] };
}

/** Native first; a command only the fallback supports (and `allowed` lets through) goes to the fallback. */
function withFallback(primary: Engine, fallback: Engine, allowed: (c: Command) => boolean): Omit<RoutedEngine, 'libraries'> {
  const engineFor = (c: Command): Engine => (primary.supports(c) || !fallback.supports(c) || !allowed(c) ? primary : fallback);
  return {
    id: primary.id,
    kind: primary.kind,
    supports: (c) => primary.supports(c) || (allowed(c) && fallback.supports(c)),
    solve: (req: EngineRequest, signal?: CancelSignal, onProgress?: ProgressListener): Promise<EngineResult> => engineFor(req.command).solve(req, signal, onProgress),
    engineFor,
  };
}
