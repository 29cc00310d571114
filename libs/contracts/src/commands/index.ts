/**
 * THE registry of schema commands: one line per command; its keys, in this order, are
 * `SCHEMA_COMMANDS` (src/schema-commands.ts) and the `SchemaCommand` type. Everything
 * per command (schemas, fast shapes, checks, outputs, limits, exact caps, JSON Schema,
 * capabilities, OpenAPI) is derived from it (src/schemas.ts and the modules that import it); the
 * zod-free facts (purpose, status, stability, latency budget, docs) are each command's line in
 * `CATALOGUE` (src/catalogue.ts). Adding a command: src/commands/README.md.
 */
import type { CommandName, ServedCommand } from '../catalogue';
import type { CommandContract } from './shared/contract';
import { rules } from './rules';
import { optimize } from './optimize';
import { maxcut } from './maxcut';
import { milp } from './milp';
import { tsp } from './tsp';
import { qap } from './qap';
import { design } from './design';
import { select } from './select';
import { rank } from './rank';
import { quantumScale } from './quantum-scale';
import { feel } from './feel';
import { want } from './want';
import { sample } from './sample';
import { cover } from './cover';
import { precision } from './precision';
import { protect } from './protect';
import { recover } from './recover';
import { xorsat } from './xorsat';
import { frequency } from './frequency';
import { world } from './world';
import { spectrum } from './spectrum';
import { entropy } from './entropy';
import { phase } from './phase';
import { reduce } from './reduce';
import { relation } from './relation';

export const REGISTRY = {
  rules,
  optimize,
  maxcut,
  milp,
  tsp,
  qap,
  design,
  select,
  rank,
  'quantum-scale': quantumScale,
  cover,
  xorsat,
  frequency,
  world,
  spectrum,
  entropy,
  phase,
  reduce,
  feel,
  want,
  sample,
  precision,
  protect,
  recover,
  relation,
} as const satisfies
  // Every command the catalogue says is served has its contract here; any other entry is a known command.
  { readonly [C in ServedCommand]: CommandContract } & { readonly [C in CommandName]?: CommandContract };

export type Registry = typeof REGISTRY;
export type { CommandContract, CommandChecks, Loose } from './shared/contract';
