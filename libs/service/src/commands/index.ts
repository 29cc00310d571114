import type { Command, Effort } from '@svc/engine-ts';
import type { CommandAdapter } from './adapter';
import { maxcutAdapter } from './maxcut';
import { optimizeAdapter } from './optimize';
import { feelAdapter } from './feel';
import { wantAdapter } from './want';
import { sampleAdapter } from './sample';
import { selectAdapter } from './select';
import { rulesAdapter } from './rules';
import { quantumScaleAdapter } from './quantum-scale';

export type { CommandAdapter, FinishedSolve, PreparedSolve } from './adapter';

/** The commands the solve path knows how to run, one adapter each (add new ones here). */
export const ADAPTERS: Readonly<Partial<Record<Command, CommandAdapter>>> = Object.freeze({
  optimize: optimizeAdapter,
  maxcut: maxcutAdapter,
  feel: feelAdapter,
  want: wantAdapter,
  sample: sampleAdapter,
  select: selectAdapter,
  rules: rulesAdapter,
  'quantum-scale': quantumScaleAdapter,
});

/** Largest size certified by exhaustion per effort, or null when the command has no such cap. */
export function exactCapsOf(command: Command): Record<Effort, number> | null {
  return ADAPTERS[command]?.exactCaps?.() ?? null;
}
