/**
 * `GET /api/v1/examples`: engine-verified recipes. Every example is solved through the service in
 * a test (apps/http/src/meta.test.ts) and its objective checked against brute force and `expected`, so the
 * catalogue never shows an answer the engines do not give. Adding one: an entry in the command's
 * module (commands/<command>/index.ts).
 */
import { TAG } from '@svc/contracts';
import type { Command } from '@svc/engine-ts';
import { COMMAND_MODULES, type Example } from './commands';

export type { Example };

/** Every recipe, command by command in registry order (each command's own list: commands/<command>/index.ts). */
export const EXAMPLES: readonly Example[] = Object.freeze(COMMAND_MODULES.flatMap((m) => m.examples));

/** The body of `GET /api/v1/examples`: every recipe with the request that reproduces it. */
export function examplesCatalogue(available: (c: Command) => boolean): Record<string, unknown> {
  return {
    tag: TAG,
    note: 'Each example is solved by the engines in the test suite and its objective checked against brute force; certified optima agree across engines, receipts are per engine.',
    examples: EXAMPLES.map((e) => ({
      id: e.id,
      command: e.command,
      available: available(e.command),
      title: e.title,
      story: e.story,
      request: {
        method: 'POST',
        path: `/api/v1/solve/${e.command}`,
        query: { ...e.query },
        body: e.problem,
      },
      expected: { ...e.expected },
    })),
  };
}
