/// <reference types="vite/client" />
/**
 * Every command's brute-force witness (test support; `@svc/service/testing/witnesses`): the
 * `witness.ts` of each command folder, src/commands/<command>/witness.ts, gathered by the folder
 * name (a new command adds its file there and nothing here). A command without one is witnessed by
 * its checker: its `reference`, else every 0/1 answer the checker accepts (apps/http/src/meta.test.ts).
 * Vite (vitest) gathers the files; nothing else imports this module.
 */
type Witness = (problem: Record<string, any>) => number | string;

const FILES = import.meta.glob<{ witness: Witness }>('../src/commands/*/witness.ts', { eager: true });

/** command → its witness. */
export const WITNESSES: Readonly<Record<string, Witness>> = Object.fromEntries(
  Object.entries(FILES).map(([path, m]) => [path.split('/').at(-2)!, m.witness]),
);
