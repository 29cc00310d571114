import { SvcError } from '@svc/errors';
import { duplicateKeyMessage, firstDuplicateKey, memberText, pinConflictsIn } from '@svc/contracts/pin-conflicts';
import type { CliIo } from './cli-io';

// Read faults in words (the errno code stays in parentheses for searching).
const READ_FAULTS: Record<string, string> = {
  ENOENT: 'no such file (ENOENT)',
  EACCES: 'permission denied (EACCES)',
  EISDIR: 'it is a directory, not a file (EISDIR)',
};

const EXAMPLE_HINT = 'Give a JSON object, e.g. `echo \'{"description":"Split three offices into two teams.","n":3,"edges":[[0,1,1],[1,2,1]]}\' | svc maxcut`; `svc formulate <command>` shows the fields and `svc examples` ready problems.';

/**
 * What is wrong with JSON text, with its line and column: "unexpected "}" at line 3, column 5".
 * Node's messages differ between versions; the position they carry (or the end of the text) is
 * turned into a line and column here.
 */
export function jsonSyntaxDetail(text: string, e: Error): string {
  const m = /position (\d+)/.exec(e.message);
  const ended = /end of (JSON )?(data|input)/i.test(e.message);
  const end = text.trimEnd().length;
  // Node 20 says `Unexpected token ']', "..." is not valid JSON` with no position: find it here.
  const found = m ? Number(m[1]) : ended ? end : firstJsonFault(text);
  if (found === null) return e.message;
  const at = Math.min(found, end);
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  if (at >= end || ended) return `the text ends before the JSON is complete (line ${line}, column ${column}): a bracket, brace or string is not closed`;
  const what = e.message
    .replace(/\s*in JSON at position \d+.*$/s, '')
    .replace(/\s*\(line \d+ column \d+\)$/, '')
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '');
  return `${what || 'unexpected text'} (found ${JSON.stringify(text[at])} at line ${line}, column ${column})`;
}

/**
 * Offset of the first character that breaks the JSON grammar in `text` (its end when the text stops
 * early), or null when the text is valid. Used only when Node's message carries no position.
 */
export function firstJsonFault(text: string): number | null {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const value = (): boolean => {
    space();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) return (i++, true);
      for (;;) {
        if (c === '{') {
          space();
          if (text[i] !== '"' || !string()) return false;
          space();
          if (text[i] !== ':') return false;
          i++;
        }
        if (!value()) return false;
        space();
        if (text[i] === close) return (i++, true);
        if (text[i] !== ',') return false;
        i++;
      }
    }
    if (c === '"') return string();
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i));
    if (!m) return false;
    i += m[0].length;
    return true;
  };
  const string = (): boolean => {
    for (i++; i < text.length; i++) {
      const c = text[i]!;
      if (c === '"') return (i++, true);
      if (c < ' ') return false;
      if (c === '\\') {
        const esc = /^(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/.exec(text.slice(i + 1));
        if (!esc) return (i++, false);
        i += esc[0].length;
      }
    }
    return false;
  };
  if (!value()) return i;
  space();
  return i < text.length ? i : null;
}

/**
 * Reads the text of `--input FILE` (`-` for stdin) or piped stdin. Throws `SvcError('SVC_CLIENT')`
 * when there is nothing to read or the file cannot be read.
 */
export async function readInput(io: CliIo, input: string | undefined, what = 'problem'): Promise<{ text: string; source: string }> {
  if (input !== undefined && input !== '-') {
    try {
      return { text: (await io.readFile(input)).replace(/^\uFEFF/, ''), source: input };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const reason = (code && READ_FAULTS[code]) ?? code ?? (e as Error).message;
      throw new SvcError('SVC_CLIENT', `Cannot read --input ${input}: ${reason}.`, {
        extensions: { hint: `Check the path (a relative one is read from the directory svc runs in), or pipe the ${what} JSON on stdin instead of --input.` },
      });
    }
  }
  if (input === undefined && io.stdinIsTty) {
    throw new SvcError('SVC_CLIENT', `No ${what} given: pass --input FILE or pipe the ${what} JSON on stdin.`, { extensions: { hint: EXAMPLE_HINT } });
  }
  return { text: (await io.readStdin()).replace(/^\uFEFF/, ''), source: 'stdin' };
}

/** Parses one JSON object; `SVC_INVALID_INPUT` for anything else. */
export function parseObject(text: string, source: string): Record<string, unknown> {
  if (text.trim() === '') {
    const detail = source.endsWith('stdin') ? `The ${source} is empty: nothing was piped in.` : `The ${source} is empty.`;
    throw new SvcError('SVC_INVALID_INPUT', detail, { extensions: { hint: EXAMPLE_HINT } });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new SvcError('SVC_INVALID_INPUT', `The ${source} is not valid JSON: ${jsonSyntaxDetail(text, e as Error)}.`, {
      extensions: { hint: 'Fix the JSON at that line and column (a missing comma, quote or closing bracket is the usual cause), then run svc again.' },
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    const got = Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : `a ${typeof parsed}`;
    throw new SvcError('SVC_INVALID_INPUT', `The ${source} must be one JSON object ({...}), got ${got}.`, { extensions: { hint: EXAMPLE_HINT } });
  }
  // JSON.parse would keep the last of a key written twice and send only that: refused here, as the service refuses it.
  const twice = firstDuplicateKey(text);
  if (twice !== null) {
    throw new SvcError('SVC_INVALID_INPUT', `The ${source}, ${duplicateKeyMessage(twice)}`, { extensions: { field: twice.field } });
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
