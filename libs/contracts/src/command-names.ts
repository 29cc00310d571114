/**
 * THE list of command names: the 25 distinct commands of the interface (commands.md counts
 * `optimize` once), in the order every other list of commands follows. Nothing else spells them
 * out: the catalogue keys its lines by it (src/catalogue.ts), the schema commands are the keys of
 * the registry (src/commands/index.ts), and engine-ts re-exports it as its `COMMANDS`.
 *
 * Subpath `@svc/contracts/command-names`, the one module of contracts engine-ts may import
 * (ARCHITECTURE.md): it imports nothing, so neither the engine nor the `svc` bundle takes
 * anything else with it (tools/src/boundaries keeps it so).
 */
export const COMMANDS = [
  'rules', 'optimize', 'maxcut', 'tsp', 'qap', 'design', 'select', 'rank',
  'spectrum', 'phase', 'quantum-scale', 'feel', 'want',
  'relation', 'reduce', 'precision', 'world',
  'cover', 'entropy', 'frequency', 'milp', 'protect', 'recover', 'sample', 'xorsat',
] as const;
export type CommandName = (typeof COMMANDS)[number];
