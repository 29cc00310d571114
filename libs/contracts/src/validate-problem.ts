import { checkTotalMagnitude } from './internal/magnitude';
import { assertNestingDepth } from './internal/depth';
import { SvcError } from '@svc/errors';
import type { z } from 'zod';
import { TAG } from './catalogue';
import { assertSchemaCommand, type SchemaCommand } from './schema-commands';
import { REGISTRY, type Loose } from './commands';
import { FAST_SHAPES, type InputOf } from './schemas';
import { InputIssue, formatPath, isPlainObject, show, typeName, type Path } from './internal/issue';
import { zodIssueText } from './internal/zod-issue-text';
import { LIMITS } from './limits';

/** Where the problem came from; the sandbox has extra admission rules (interface §5.3). */
export interface ValidateContext {
  /** The request uses the anonymous sandbox token: `n` becomes mandatory. */
  sandbox: boolean;
  /**
   * The sandbox `n` cap (default setting 50000). When given and `sandbox` is true, a larger
   * resolved n is 403 `SVC_SANDBOX_LIMIT` (checked after the general size caps).
   */
  sandboxMaxN?: number;
}

/** A problem that passed every check; `input` is typed per command. */
export type ValidatedProblem = {
  [C in SchemaCommand]: {
    command: C;
    /** The resolved size (commands.md "What n means"). */
    n: number;
    /** The parsed problem, unchanged (including tag and description). */
    input: InputOf<C>;
    /** The body's model version pin, if any. */
    version?: string;
  };
}[SchemaCommand];

export type ValidatedProblemOf<C extends SchemaCommand> = Extract<ValidatedProblem, { command: C }>;

function invalid(path: Path, message: string, namesField = false): SvcError {
  const field = formatPath(path);
  return new SvcError('SVC_INVALID_INPUT', namesField ? message : `${field}: ${message}`, { extensions: { field } });
}

// Zod's own words ("expected nonoptional, received undefined") become plain sentences naming the field.
function fromZod(error: z.ZodError, allowed: readonly string[], body: Record<string, unknown>, structure: z.ZodObject): SvcError {
  const issues = error.issues;
  // An unknown field explains a typo better than the missing field it stands for.
  const first = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0]!;
  const path = first.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  if (first.code === 'unrecognized_keys') {
    const key = first.keys[0]!;
    const where = path.length === 0 ? `; allowed fields: ${allowed.join(', ')}` : '';
    return invalid([...path, key], `unknown field ${show(key)}${where}`);
  }
  const text = zodIssueText(first, body, structure);
  return invalid(path, text.message, text.namesField);
}

/**
 * `SVC_SANDBOX_NEEDS_N` for a sandbox problem of `command` without `n`: what n counts for that
 * command and, when the rest of the problem is valid, the value to add (`expected_n`).
 */
export function sandboxNeedsN(command: SchemaCommand, body: Record<string, unknown>): SvcError {
  let expected: number | undefined;
  try {
    const parsed = FAST_SHAPES[command].safeParse(body);
    if (parsed.success) expected = REGISTRY[command].checks.check(parsed.data as Loose);
  } catch {
    // The data does not say n yet; the schema stage names its fault once n is given.
  }
  const what = `for ${command}, n is ${REGISTRY[command].nMeans}`;
  const detail = expected === undefined
    ? `the anonymous sandbox needs the problem size "n" (${what}; it must agree with the data)`
    : `the anonymous sandbox needs the problem size "n" (${what}): add "n": ${expected} to this problem`;
  return new SvcError('SVC_SANDBOX_NEEDS_N', detail, {
    extensions: { field: 'n', n_means: REGISTRY[command].nMeans, ...(expected === undefined ? {} : { expected_n: expected }) },
  });
}

/**
 * Validates one problem body for `command`, in the precedence order of commands.md:
 * unknown command (404 `SVC_UNSUPPORTED`) → not a JSON object (`SVC_INVALID_INPUT`) →
 * `tag` (`SVC_MISSING_TAG`, or `SVC_INVALID_INPUT` when wrong) → `description`
 * (`SVC_MISSING_DESCRIPTION`) → sandbox `n` (`SVC_SANDBOX_NEEDS_N`) → schema
 * (`SVC_INVALID_INPUT`, `detail` and `field` name the JSON path) → sizes
 * (`SVC_DIMENSION_LIMIT`, then `SVC_SANDBOX_LIMIT` if `ctx.sandboxMaxN`) → contradictions
 * (`SVC_CONTRADICTORY_CONSTRAINTS`). Every failure is an `SvcError`.
 * Huge arrays are checked by plain loops: a million edges validate in tens of milliseconds.
 */
export function validateProblem(command: string, body: unknown, ctx: ValidateContext): ValidatedProblem {
  const c = assertSchemaCommand(command);
  assertNestingDepth(body);
  if (!isPlainObject(body)) {
    throw new SvcError('SVC_INVALID_INPUT', `the problem must be a JSON object, got ${typeName(body)}`, { extensions: { field: '(root)' } });
  }
  if (body.tag === undefined) {
    throw new SvcError('SVC_MISSING_TAG', `the top-level field "tag" is missing; set it to "${TAG}"`, { extensions: { field: 'tag' } });
  }
  if (body.tag !== TAG) throw invalid(['tag'], `expected "${TAG}", got ${typeName(body.tag)}`);
  const d = body.description;
  if (typeof d !== 'string' || d.trim().length < LIMITS.minDescription) {
    const why = d === undefined ? 'is missing' : typeof d !== 'string' ? `must be a string, got ${typeName(d)}` : `has fewer than ${LIMITS.minDescription} characters`;
    throw new SvcError('SVC_MISSING_DESCRIPTION',
      `"description" ${why}; give one plain sentence of at least ${LIMITS.minDescription} characters naming the real-world decision`,
      { extensions: { field: 'description' } });
  }
  if (ctx.sandbox && body.n === undefined) throw sandboxNeedsN(c, body);
  const shape = FAST_SHAPES[c];
  const parsed = shape.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error, Object.keys(shape.shape), body, REGISTRY[c].structure);
  const v = parsed.data as Loose;
  const checks = REGISTRY[c].checks;
  let n: number;
  try {
    n = checks.check(v);
    checkTotalMagnitude(v);
  } catch (e) {
    if (e instanceof InputIssue) throw invalid(e.path, e.message, e.namesField);
    throw e;
  }
  checks.sizes(v, n);
  if (ctx.sandbox && ctx.sandboxMaxN !== undefined && n > ctx.sandboxMaxN) {
    throw new SvcError('SVC_SANDBOX_LIMIT', `n = ${n} is over the sandbox cap of ${ctx.sandboxMaxN}; register a free key for larger problems`, {
      facts: { reduce_problem_size: { max_n: ctx.sandboxMaxN, limit: 'n' } },
      extensions: { field: 'n' },
    });
  }
  checks.contradictions(v, n);
  const out = { command: c, n, input: v } as ValidatedProblem;
  if (typeof v.version === 'string') out.version = v.version;
  return out;
}
