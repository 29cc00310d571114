/**
 * What each command that can promise a certificate gives certify-promise.test.ts
 * (src/commands/certify-promise.test.ts), in its own folder: `commands/<command>/promise-cases.ts`
 * exporting `PROMISE_CASES`. The test finds them by the command's name, so a new command adds no
 * line to a shared test.
 */
import { rng } from './brute-force';

export type PromiseBody = Record<string, unknown>;

export interface PromiseCases {
  /** Sizes (or shapes) tried at flash, straddling the sure cap: some promised, some not. */
  readonly sizes: readonly number[];
  /** A random body of this size (or shape) from a seed. */
  generate(size: number, seed: number): PromiseBody;
}

/** Random integer linear terms (index-keyed) and quadratic triples of density `density`. */
export function randomTerms(n: number, seed: number, density: number): { map: Record<string, number>; quadratic: number[][] } {
  const r = rng(seed);
  const map: Record<string, number> = {};
  for (let i = 0; i < n; i++) map[String(i)] = Math.round((r() * 2 - 1) * 50);
  const quadratic: number[][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < density) quadratic.push([i, j, Math.round((r() * 2 - 1) * 100)]);
  return { map, quadratic };
}
