import { isSvcError } from '@svc/errors';
import { validateProblem } from '@svc/contracts';
import { solveSync, type Command, type Effort } from '@svc/engine-ts';
import { ADAPTERS, CHECKERS } from '../src/commands/index';

export const TAG = 'svc-cortex-v1';

export interface AdapterRunOptions {
  effort?: Effort;
  seed?: number;
  deadlineMs?: number;
}

/** `prepare` and `run` of the command adapters for problems stated with `description` (and the tag). */
export function adapterHarness(description: string) {
  /** Validates the body (outside the sandbox) and prepares it with the command's adapter. */
  function prepare(command: Command, body: Record<string, unknown>) {
    const v = validateProblem(command, { tag: TAG, description, ...body }, { sandbox: false });
    return ADAPTERS[command]!.prepare(v);
  }

  /**
   * Prepares, solves on the TS engine (effort medium and seed 0 unless given, the prepared warm
   * start) and finishes with no deadline fired.
   */
  function run(command: Command, body: Record<string, unknown>, opts: AdapterRunOptions = {}) {
    const prep = prepare(command, body);
    const r = solveSync({ command, problem: prep.problem, effort: opts.effort ?? 'medium', seed: opts.seed ?? 0, deadlineMs: opts.deadlineMs, warmStart: prep.warmStart });
    return { prep, r, done: prep.finish(r, { deadlineFired: false }) };
  }

  /** The command's caller-answer checker (POST /verify) on `body` and `answer`. */
  function check(command: Command, body: Record<string, unknown>, answer: unknown, declared: Record<string, unknown> | null = null) {
    const v = validateProblem(command, { tag: TAG, description, ...body }, { sandbox: false });
    return CHECKERS[command]!.check({ v, prep: prepare(command, body), answer, declared });
  }

  return { prepare, run, check };
}

/** The code and detail of the SvcError that `fn` throws; any other error is rethrown, none fails. */
export function svcFault(fn: () => unknown): { code: string; detail: string } {
  try {
    fn();
  } catch (e) {
    if (isSvcError(e)) return { code: e.code, detail: e.detail };
    throw e;
  }
  throw new Error('expected an SvcError');
}

/** The detail of the SVC_ENGINE_FAILURE that `fn` throws; any other error is rethrown, none fails. */
export function engineFailure(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isSvcError(e) && e.code === 'SVC_ENGINE_FAILURE') return e.detail;
    throw e;
  }
  throw new Error('expected SVC_ENGINE_FAILURE');
}
