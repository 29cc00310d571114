/**
 * Routing a bare problem to a command by its shape (interface §1 "Additional routing",
 * `POST /api/v1/route` and `POST /api/v1/compute`). Free, no solve. Each command lists the
 * fields it accepts, the ones that must be there, and what singles it out; a problem with a
 * field the command does not accept is never routed to it (unknown fields are rejected).
 */
import { SvcError } from '@svc/errors';
import { TAG, LIMITS, isSchemaCommand, sandboxNeedsN, type PlannedCommand } from '@svc/contracts';
import { COMMANDS, type Command } from '@svc/engine-ts';
import { MODULES, type RouteBody, type RouteShape } from './commands';

/** One ranked candidate. */
export interface RouteCandidate {
  command: Command;
  /** 0..1; candidates are sorted by it, best first. */
  confidence: number;
  /** Why this command fits (fields that decided it). */
  why: string;
  /** This build can solve it now. */
  available: boolean;
  /**
   * `POST /api/v1/route` only: false for a command that takes every field sent but needs one more
   * (`needs`: one of these fields) before it is a problem of its own; absent for a complete fit.
   */
  complete?: false;
  needs?: string[];
}

type Body = RouteBody;

/**
 * Shapes of the commands the catalogue says are not available yet (`PlannedCommand`: the type
 * fails until a command that becomes served leaves this table); a served command's shape is in
 * its module (commands/<command>/index.ts). A served command reported missing here has lost its
 * status S in libs/contracts/src/catalogue.ts.
 */
const PLANNED_SHAPES: Readonly<Record<PlannedCommand, RouteShape>> = {
};

/** The shape of every command (commands.md), in COMMANDS order: solvable ones from their module, the planned ones above. */
export const SHAPES: Readonly<Record<Command, RouteShape>> = Object.fromEntries(
  COMMANDS.map((c) => [c, MODULES[c]?.shape ?? (PLANNED_SHAPES as Readonly<Partial<Record<Command, RouteShape>>>)[c]]),
) as Record<Command, RouteShape>;

/** Fields every problem may carry; they say nothing about the command. */
const COMMON = new Set(['tag', 'description', 'n', 'version', 'contract']);

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Ranks the commands whose shape fits `body`, best first (empty when none fits). `available`
 * tells which this build can solve. Never throws for an object body.
 */
export function routeProblem(body: unknown, available: (c: Command) => boolean): RouteCandidate[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SvcError('SVC_INVALID_INPUT', 'the problem must be a JSON object', { extensions: { field: '(root)' } });
  }
  const b = body as Body;
  const keys = Object.keys(b).filter((k) => !COMMON.has(k));
  const out: RouteCandidate[] = [];
  for (const command of COMMANDS) {
    const s = SHAPES[command];
    if (keys.some((k) => !s.fields.includes(k))) continue;
    if (!s.requires.every((group) => group.some((f) => b[f] !== undefined))) continue;
    const hits = s.distinctive.filter((f) => b[f] !== undefined);
    let confidence = s.prior * 0.6 + (hits.length > 0 ? 0.3 : 0) + (keys.length > 0 ? 0.1 * (keys.length / s.fields.length) : 0);
    const reasons = [hits.length > 0 ? `distinctive field${hits.length > 1 ? 's' : ''} ${hits.join(', ')}` : `fields ${keys.join(', ')}`];
    const ev = s.evidence?.(b);
    if (ev) {
      confidence += ev.bonus;
      reasons.push(ev.why);
    }
    if (confidence <= 0.05) continue;
    out.push({ command, confidence: round2(Math.min(1, confidence)), why: reasons.join('; '), available: available(command) });
  }
  return out.sort((x, y) => y.confidence - x.confidence || COMMANDS.indexOf(x.command) - COMMANDS.indexOf(y.command));
}

/**
 * What `POST /api/v1/route` answers: every command the shape fits, best first, then every command
 * that takes each field sent but needs one more to be its problem (`complete: false`, `needs`),
 * ranked below the fits by their prior, each with the reason.
 */
export function routeCandidates(body: unknown, available: (c: Command) => boolean): RouteCandidate[] {
  const fits = routeProblem(body, available);
  const b = body as Body;
  const keys = Object.keys(b).filter((k) => !COMMON.has(k));
  const near: RouteCandidate[] = [];
  for (const command of COMMANDS) {
    if (fits.some((f) => f.command === command)) continue;
    const s = SHAPES[command];
    if (keys.length === 0 || keys.some((k) => !s.fields.includes(k))) continue;
    const missing = s.requires.filter((group) => !group.some((f) => b[f] !== undefined));
    if (missing.length !== 1) continue;
    const needs = [...missing[0]];
    near.push({
      command, confidence: round2(Math.min(0.3, s.prior * 0.3)), available: available(command), complete: false, needs,
      why: `takes ${keys.join(', ')}; a ${command} problem also needs ${needs.length === 1 ? needs[0] : `one of ${needs.join(', ')}`}`,
    });
  }
  near.sort((x, y) => y.confidence - x.confidence || COMMANDS.indexOf(x.command) - COMMANDS.indexOf(y.command));
  return [...fits, ...near];
}

/** `contract.requirements` of `POST /api/v1/compute`. */
export interface ComputeContract {
  readonly maxLatencyMs?: number;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function invalid(field: string, message: string): SvcError {
  return new SvcError('SVC_INVALID_INPUT', `${field}: ${message}`, { extensions: { field } });
}

/**
 * Splits a compute body into the bare problem and its contract, in the precedence of
 * commands.md: object → tag → description → sandbox n → `contract` shape. The problem's own
 * schema is checked later by the command it routes to.
 */
export function splitComputeBody(body: unknown, ctx: { readonly sandbox: boolean }): { problem: Record<string, unknown>; contract: ComputeContract } {
  if (!isObj(body)) throw new SvcError('SVC_INVALID_INPUT', 'the problem must be a JSON object', { extensions: { field: '(root)' } });
  if (body.tag === undefined) {
    throw new SvcError('SVC_MISSING_TAG', `the top-level field "tag" is missing; set it to "${TAG}"`, { extensions: { field: 'tag' } });
  }
  if (body.tag !== TAG) throw invalid('tag', `expected "${TAG}"`);
  const d = body.description;
  if (typeof d !== 'string' || d.trim().length < LIMITS.minDescription) {
    throw new SvcError('SVC_MISSING_DESCRIPTION',
      `"description" must be one plain sentence of at least ${LIMITS.minDescription} characters naming the real-world decision`,
      { extensions: { field: 'description' } });
  }
  if (ctx.sandbox && body.n === undefined) {
    // What n is depends on the command the shape routes to: name it, and its value when the data says it.
    const { contract: _contract, ...bare } = body;
    const top = routeProblem(bare, () => true)[0];
    if (top !== undefined && isSchemaCommand(top.command)) throw sandboxNeedsN(top.command, bare);
    throw new SvcError('SVC_SANDBOX_NEEDS_N', 'the anonymous sandbox needs the problem size "n" (the number of variables, nodes, cities or items of the command the shape routes to; POST /api/v1/route names it)', { extensions: { field: 'n' } });
  }
  const { contract, ...problem } = body;
  const out: ComputeContract = {};
  if (contract !== undefined) {
    if (!isObj(contract)) throw invalid('contract', 'expected an object {requirements: {max_latency_ms}}');
    for (const k of Object.keys(contract)) if (k !== 'requirements') throw invalid(`contract.${k}`, 'unknown field; allowed: requirements');
    const req = contract.requirements;
    if (req !== undefined) {
      if (!isObj(req)) throw invalid('contract.requirements', 'expected an object {max_latency_ms}');
      for (const k of Object.keys(req)) if (k !== 'max_latency_ms') throw invalid(`contract.requirements.${k}`, 'unknown field; allowed: max_latency_ms');
      const ms = req.max_latency_ms;
      if (ms !== undefined) {
        if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > LIMITS.maxLatencyMs) {
          throw invalid('contract.requirements.max_latency_ms', `expected an integer in 0..${LIMITS.maxLatencyMs}`);
        }
        return { problem, contract: { maxLatencyMs: ms } };
      }
    }
  }
  return { problem, contract: out };
}
