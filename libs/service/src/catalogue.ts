/** The free catalogue: the capabilities manifest, worksheets (`GET /api/v1/formulate/<command>`) and engine-verified examples. */
import { capabilitiesManifest } from '@svc/contracts';
import type { Command, Effort } from '@svc/engine-ts';
import { exactCapsOf } from './commands';
import { SOLVABLE_COMMANDS } from './solve/plan';
import { formulate, type Worksheet } from './formulate';
import { examplesCatalogue } from './examples';

export interface CatalogueApi {
  /** The capabilities manifest (every command, its input schema, what is available now). */
  capabilities(): unknown;
  formulate(command: string): Worksheet;
  examples(): Record<string, unknown>;
}

const isSolvable = (c: Command) => SOLVABLE_COMMANDS.includes(c);

/** What the catalogue says of the engines: which one answers each command, and the native libraries built in. */
export interface CatalogueEngines {
  readonly engineId: string;
  readonly engineKindFor?: (c: Command) => 'native' | 'ts';
  readonly nativeLibraries?: readonly { readonly name: string; readonly version: string; readonly family: string }[];
}

export function createCatalogue(deps: CatalogueEngines): CatalogueApi {
  return {
    capabilities() {
      // The caps come from the engines' own work budgets, so capabilities never over-promise.
      const exactCaps: Partial<Record<Command, Record<Effort, number>>> = {};
      for (const c of SOLVABLE_COMMANDS) {
        const caps = exactCapsOf(c);
        if (caps) exactCaps[c] = caps;
      }
      const m = capabilitiesManifest({ available: (c) => SOLVABLE_COMMANDS.includes(c as Command), engine: deps.engineId, exactCaps });
      const kindFor = deps.engineKindFor;
      if (kindFor === undefined) return m;
      // Which engine answers each available command (a native build without an optional library
      // leaves its commands on engine-ts), and the libraries the native build has.
      return {
        ...m,
        commands: m.commands.map((c) => (c.available ? { ...c, engine: kindFor(c.name as Command) } : c)),
        native_libraries: (deps.nativeLibraries ?? []).map((l) => ({ ...l })),
      };
    },
    formulate(command) {
      return formulate(command, isSolvable);
    },
    examples() {
      return examplesCatalogue(isSolvable);
    },
  };
}
