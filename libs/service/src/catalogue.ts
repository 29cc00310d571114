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

export function createCatalogue(deps: { readonly engineId: string }): CatalogueApi {
  return {
    capabilities() {
      // The caps come from the engines' own work budgets, so capabilities never over-promise.
      const exactCaps: Partial<Record<Command, Record<Effort, number>>> = {};
      for (const c of SOLVABLE_COMMANDS) {
        const caps = exactCapsOf(c);
        if (caps) exactCaps[c] = caps;
      }
      return capabilitiesManifest({ available: (c) => SOLVABLE_COMMANDS.includes(c as Command), engine: deps.engineId, exactCaps });
    },
    formulate(command) {
      return formulate(command, isSolvable);
    },
    examples() {
      return examplesCatalogue(isSolvable);
    },
  };
}
