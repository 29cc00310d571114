/**
 * HiGHS in WebAssembly (the `highs` npm package, a root devDependency), the peer the rank and cover
 * sections run beside our engines in the same bench run.
 */
import { createRequire } from 'node:module';

export interface Highs {
  solve(lp: string, options: Record<string, unknown>): { Status: string; ObjectiveValue: number };
}

/** HiGHS, or null when the package is not installed. */
export async function loadHighs(): Promise<Highs | null> {
  try {
    const require = createRequire(import.meta.url);
    const factory = require('highs') as (settings?: object) => Promise<Highs>;
    return await factory();
  } catch {
    return null;
  }
}
