/**
 * Finds and loads the compiled addon `build/Release/svc_native.node` of this package.
 * The path is resolved through the package name, so it also works from an esbuild bundle that
 * lives in another folder (node_modules/@svc/engine-native is a symlink to libs/engine-native).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExactBudget, ExactMethod, SearchBudget } from '@svc/engine-ts';
import type { NativePlantedArgs } from './args/planted-args';
import type { NativeRankArgs } from './args/rank-args';
import type { NativeTspArgs } from './args/tsp-args';
import type { NativeQapArgs } from './args/qap-args';
import type { NativeDesignArgs } from './args/design-args';
import type { NativeCoverArgs } from './args/cover-args';
import type { NativeMilpArgs } from './args/milp-args';
import type { NativeRulesArgs } from './args/rules-args';
import type { NativeSelectArgs } from './args/select-args';

/** The engine version the TS side expects; must equal the addon's `version`. */
export const NATIVE_ADDON_VERSION = '1.0.0';

/** Problem arrays handed to the addon (already canonical and validated). */
export interface NativeProblemArgs {
  readonly n: number;
  readonly complete: boolean;
  /** optimize: length n; maxcut: null. */
  readonly linear: Float64Array | null;
  readonly i: Int32Array;
  readonly j: Int32Array;
  readonly w: Float64Array;
  /** want: pinned indices (ascending) and their 0/1 values. */
  readonly pinIndex?: Int32Array;
  readonly pinValue?: Uint8Array;
  /** sample: requested states, the optional window, and engine-ts `sampleBudget`. */
  readonly sample?: NativeSampleArgs;
  /** select: k, affinity, shared redundancy and the flattened budget (args/select-args.ts). */
  readonly select?: NativeSelectArgs;
  /** rules: the rule rows and the flattened budget (args/rules-args.ts). */
  readonly rules?: NativeRulesArgs;
  /** quantum-scale: the instance's numbers and budget (args/planted-args.ts). */
  readonly planted?: NativePlantedArgs;
  /** rank: the shared vote matrix and the flattened budget (args/rank-args.ts). */
  readonly rank?: NativeRankArgs;
  /** tsp: the shared matrix or the points, the metric and the flattened budget (args/tsp-args.ts). */
  readonly tsp?: NativeTspArgs;
  /** qap: the shared flow and dist and the flattened budget (args/qap-args.ts). */
  readonly qap?: NativeQapArgs;
  readonly design?: NativeDesignArgs;
  readonly cover?: NativeCoverArgs;
  readonly milp?: NativeMilpArgs;
}

/** The `sample` part of a problem handed to the addon. */
export interface NativeSampleArgs {
  readonly count: number;
  readonly energyWindow: number | null;
  readonly exactMaxN: number;
  readonly rounds: number;
  readonly maxFlips: number;
}

/** The work budget, exactly engine-ts `budgetFor`'s result, passed through unchanged. */
export type NativeBudgetArgs = SearchBudget;

export interface NativeOptionsArgs {
  /** Unsigned 32-bit. */
  readonly seed: number;
  /** 0 = no deadline; counted from the call. */
  readonly deadlineMs: number;
  readonly warmStart: Uint8Array | null;
  readonly budget: NativeBudgetArgs;
  /** optimize/maxcut family: engine-ts `exactBudgetFor`, unchanged; absent or null = no proof stage. */
  readonly exact?: ExactBudget | null;
  /** EngineRequest.exactMethod; absent = 'auto'. */
  readonly exactMethod?: ExactMethod;
}

/** What the addon's promise resolves to. */
export interface NativeRawResult {
  /** Empty for rank (see `order`). */
  readonly answer: Uint8Array;
  /** rank: the items, best first; tsp: the tour from city 0; qap: the location of each facility. */
  readonly order?: Int32Array;
  /** milp: a real value per variable, and whether the objective was found convex. */
  readonly values?: Float64Array;
  readonly convex?: boolean;
  readonly objective: number;
  readonly proof: 'exhaustive' | 'branch_and_bound' | 'dynamic_program' | 'planted' | null;
  readonly bound?: number;
  readonly stoppedAtDeadline: boolean;
  /** Core result status: 'optimal' | 'work_limit' | 'deadline' | 'cancelled'. */
  readonly status: string;
  readonly work: { iterations: number; nodes: number; restarts: number };
  readonly engineMs: number;
  /** sample only: distinct states, sorted; [0] is the answer. */
  readonly samples?: { x: Uint8Array; objective: number; count: number }[];
  /** rules only: violated rules of the answer. */
  readonly violations?: number;
  /** quantum-scale only: the instance's proven ground energy and coupled pairs. */
  readonly plantedEnergy?: number;
  readonly edges?: number;
}

/** The addon's exports (src/binding/addon.cc). */
export interface NativeAddon {
  readonly version: string;
  commands(): string[];
  /** Rejects with an Error on a failed call; throws a TypeError on badly shaped arguments. */
  solve(command: string, problem: NativeProblemArgs, options: NativeOptionsArgs, cancelFlag: Int32Array): Promise<NativeRawResult>;
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

/** Whether the addon loaded in this thread, and why not. */
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
      errors.push(`${file}: ${missing ? 'not found' : err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
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
  const tried = errors.length > 0 ? errors.join('; ') : 'no candidate path';
  return { addon: null, error: `native addon not loaded (${tried}); build it with: nx run engine-native:build` };
}
