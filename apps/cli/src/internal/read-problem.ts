import { SvcError } from '@svc/errors';
import { memberText, pinConflictsIn } from '@svc/contracts/pin-conflicts';
import type { CliIo } from './cli-io';

/**
 * Reads the text of `--input FILE` (`-` for stdin) or piped stdin. Throws `SvcError('SVC_CLIENT')`
 * when there is nothing to read or the file cannot be read.
 */
export async function readInput(io: CliIo, input: string | undefined, what = 'problem'): Promise<{ text: string; source: string }> {
  if (input !== undefined && input !== '-') {
    try {
      return { text: (await io.readFile(input)).replace(/^\uFEFF/, ''), source: input };
    } catch (e) {
      const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      throw new SvcError('SVC_CLIENT', `Cannot read --input ${input}: ${reason}.`);
    }
  }
  if (input === undefined && io.stdinIsTty) {
    throw new SvcError('SVC_CLIENT', `No ${what} given: pass --input FILE or pipe the ${what} JSON on stdin.`);
  }
  return { text: (await io.readStdin()).replace(/^\uFEFF/, ''), source: 'stdin' };
}

/** Parses one JSON object; `SVC_INVALID_INPUT` for anything else. */
export function parseObject(text: string, source: string): Record<string, unknown> {
  if (text.trim() === '') throw new SvcError('SVC_INVALID_INPUT', `The ${source} is empty.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new SvcError('SVC_INVALID_INPUT', `The ${source} is not valid JSON: ${(e as Error).message}.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SvcError('SVC_INVALID_INPUT', `The ${source} must be a JSON object.`);
  }
  refuseTwicePinned(parsed as Record<string, unknown>, text, `The ${source}`);
  return parsed as Record<string, unknown>;
}

/**
 * JSON.parse keeps one value per key, so a pin written twice with different values would be lost
 * before it reached the service: refuse it here (SVC_CONTRADICTORY_CONSTRAINTS), as the service
 * refuses it in raw JSON. `problem` was parsed from `text`; `wrapped`: it is text's `problem` member.
 */
export function refuseTwicePinned(problem: Record<string, unknown>, text: string, subject: string, wrapped = false): void {
  if (problem.pins === undefined) return;
  const own = wrapped ? memberText(text, 'problem') : text;
  const twice = own === null ? [] : pinConflictsIn(own);
  if (twice.length === 0) return;
  throw new SvcError('SVC_CONTRADICTORY_CONSTRAINTS',
    `${subject} pins variable${twice.length === 1 ? '' : 's'} ${twice.join(', ')} twice with different values (a key written twice in "pins").`,
    { extensions: { field: 'pins', pins: twice.map(Number) } });
}

/**
 * Reads the problem JSON from `--input FILE` (`-` for stdin) or piped stdin. Throws
 * `SvcError('SVC_CLIENT')` when there is nothing to read, `SVC_INVALID_INPUT` for bad JSON.
 */
export async function readProblem(io: CliIo, input: string | undefined): Promise<Record<string, unknown>> {
  const { text, source } = await readInput(io, input);
  return parseObject(text, `problem from ${source}`);
}
