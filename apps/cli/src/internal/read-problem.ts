import { SvcError } from '@svc/errors';
import type { CliIo } from './cli-io';

/**
 * Reads the problem JSON from `--input FILE` (`-` for stdin) or piped stdin. Throws
 * `SvcError('SVC_CLIENT')` when there is nothing to read, `SVC_INVALID_INPUT` for bad JSON.
 */
export async function readProblem(io: CliIo, input: string | undefined): Promise<Record<string, unknown>> {
  let text: string;
  let source: string;
  if (input !== undefined && input !== '-') {
    source = input;
    try {
      text = await io.readFile(input);
    } catch (e) {
      const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      throw new SvcError('SVC_CLIENT', `Cannot read --input ${input}: ${reason}.`);
    }
  } else {
    source = 'stdin';
    if (input === undefined && io.stdinIsTty) {
      throw new SvcError('SVC_CLIENT', 'No problem given: pass --input FILE or pipe the problem JSON on stdin.');
    }
    text = await io.readStdin();
  }
  text = text.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new SvcError('SVC_INVALID_INPUT', `The problem from ${source} is empty.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new SvcError('SVC_INVALID_INPUT', `The problem from ${source} is not valid JSON: ${(e as Error).message}.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SvcError('SVC_INVALID_INPUT', `The problem from ${source} must be a JSON object.`);
  }
  return parsed as Record<string, unknown>;
}
