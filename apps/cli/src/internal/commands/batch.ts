import { normalizeEffort, withTag } from '@svc/client';
import { SvcError, exitCodeFor, type ProblemDocument } from '@svc/errors';
import { flagValue } from '../args';
import type { CommandSpec } from '../command-spec';
import { SOLVE_FLAGS } from '../flags';
import { readInput, refuseTwicePinned } from '../read-problem';
import { asWritten, compactDoc, line, localProblem, pickFields, withCredentialOrigin } from '../render';
import { openSession } from '../session';
import { COMMAND_NAME, knownCommand, solveFlagsOf, solveOne, type SolveFlags } from './solve';

type Doc = Record<string, unknown>;

interface Item {
  command: string;
  problem: Doc;
  id?: unknown;
  flags: SolveFlags;
}

const lineError = (k: number, detail: string) => new SvcError('SVC_INVALID_INPUT', `line ${k}: ${detail}`);

function optInt(v: unknown, name: string, k: number): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw lineError(k, `${name} must be a non-negative integer`);
  return v;
}

// One NDJSON line: a bare problem (with `svc batch <command>`) or {command?, problem, id?, effort?, seed?, max_latency_ms?, version?, idempotency_key?}.
function parseLine(text: string, k: number, defaultCommand: string | undefined, base: SolveFlags): Item {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw lineError(k, `not valid JSON: ${(e as Error).message}`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw lineError(k, 'must be a JSON object');
  const o = v as Doc;
  if (!('problem' in o)) {
    if (!defaultCommand) throw lineError(k, 'no command: use `svc batch <command>` for bare problems, or lines {"command": ..., "problem": {...}}');
    refuseTwicePinned(o, text, `line ${k}:`);
    return { command: defaultCommand, problem: o, flags: base };
  }
  const known = new Set(['command', 'problem', 'id', 'effort', 'seed', 'max_latency_ms', 'version', 'idempotency_key']);
  const extra = Object.keys(o).filter((key) => !known.has(key));
  if (extra.length) throw lineError(k, `unknown member(s) ${extra.join(', ')}`);
  const command = o.command ?? defaultCommand;
  if (typeof command !== 'string' || !COMMAND_NAME.test(command)) throw lineError(k, 'command must be a command name');
  if (typeof o.problem !== 'object' || o.problem === null || Array.isArray(o.problem)) throw lineError(k, 'problem must be a JSON object');
  refuseTwicePinned(o.problem as Doc, text, `line ${k}:`, true);
  let effort = base.effort;
  if (o.effort !== undefined) {
    effort = typeof o.effort === 'string' ? normalizeEffort(o.effort) : undefined;
    if (!effort) throw lineError(k, 'effort must be flash, medium or high');
  }
  for (const s of ['version', 'idempotency_key'] as const) if (o[s] !== undefined && typeof o[s] !== 'string') throw lineError(k, `${s} must be a string`);
  return {
    command, problem: o.problem as Doc, id: o.id,
    flags: {
      ...base, effort,
      seed: optInt(o.seed, 'seed', k) ?? base.seed,
      maxLatencyMs: optInt(o.max_latency_ms, 'max_latency_ms', k) ?? base.maxLatencyMs,
      version: (o.version as string | undefined) ?? base.version,
      // A batch-wide --idempotency-key would make every line a replay of the first: per line only.
      idempotencyKey: o.idempotency_key as string | undefined,
    },
  };
}

/** `svc batch [command]`: NDJSON problems in, NDJSON outcomes out, one process and one client. */
export const BATCH_COMMAND: CommandSpec = {
  name: 'batch', group: 'helper', summary: 'many problems in one process: NDJSON in, NDJSON out (--fail-fast)',
  operands: ['[command]'],
  flags: [...SOLVE_FLAGS.filter((f) => f.name !== 'idempotency-key'), { name: 'fail-fast', description: 'after the first failed line, mark the rest SVC_SKIPPED without sending them' }],
  details: [
    'Each input line is a bare problem (with `svc batch <command>`) or {"command", "problem", "id"?, "effort"?,',
    '"seed"?, "max_latency_ms"?, "version"?, "idempotency_key"?}; blank lines are ignored. Each output line is',
    '{"line", "id"?, "command", "ok", "exit_code", "result"|"error"} in input order (envelope adds "problem").',
    'The exit code is that of the first failed line (0 when none failed); skipped lines do not count. A',
    'summary goes to stderr; --out writes the NDJSON to FILE instead of stdout.',
  ].join('\n'),
  run: async (ctx) => {
    const { io, args, output } = ctx;
    const defaultCommand = ctx.operands[0] === undefined ? undefined : knownCommand(ctx.operands[0]);
    const { text } = await readInput(io, flagValue(args, 'input'), 'NDJSON batch');
    const { client } = await openSession(io);
    const base = solveFlagsOf(args);
    const failFast = args.flags.has('fail-fast');
    const lines: string[] = [];
    let firstFailure = 0;
    let ok = 0;
    let failed = 0;
    let skipped = 0;
    const rows = text.split('\n');
    for (let i = 0; i < rows.length; i++) {
      const raw = rows[i].trim();
      if (raw === '') continue;
      const k = i + 1;
      const out: Doc = { line: k };
      let problem: unknown = null;
      let error: ProblemDocument | undefined;
      let exitCode = 0;
      if (failFast && firstFailure !== 0) {
        try {
          // Best effort, so a skipped line can still be matched by id.
          const item = parseLine(raw, k, defaultCommand, base);
          if (item.id !== undefined) out.id = item.id;
          out.command = item.command;
        } catch {
          // An unreadable skipped line is skipped all the same.
        }
        error = asWritten(io, localProblem(new SvcError('SVC_SKIPPED', `line ${k} skipped: --fail-fast tripped on an earlier line; nothing was sent.`)));
        exitCode = exitCodeFor('SVC_SKIPPED');
        skipped++;
      } else {
        try {
          const item = parseLine(raw, k, defaultCommand, base);
          if (item.id !== undefined) out.id = item.id;
          out.command = item.command;
          problem = withTag(item.problem);
          const r = await solveOne(io, client, item.command, problem as Doc, item.flags);
          if (r.ok) {
            let result = r.result;
            if (output.compact) result = compactDoc(result);
            if (output.fields) result = pickFields(result, output.fields);
            Object.assign(out, { ok: true, exit_code: 0, result });
          } else {
            error = withCredentialOrigin(io, r.error);
            exitCode = r.exitCode;
          }
        } catch (e) {
          const err = e instanceof SvcError ? e : new SvcError('SVC_INVALID_INPUT', `line ${k}: ${(e as Error).message}`);
          error = asWritten(io, localProblem(err));
          exitCode = exitCodeFor(err.code);
        }
        if (error) {
          failed++;
          if (firstFailure === 0) firstFailure = exitCode;
        } else ok++;
      }
      if (error) Object.assign(out, { ok: false, exit_code: exitCode, error });
      if (output.format === 'envelope') out.problem = problem;
      lines.push(line(out));
      if (output.out === undefined) io.stdout(lines[lines.length - 1]);
    }
    if (output.out !== undefined) {
      if (!io.writeFile) throw new SvcError('SVC_CLIENT', `Cannot write --out ${output.out} here.`);
      await io.writeFile(output.out, lines.join(''));
      io.stdout(output.format === 'human' ? `batch: ${lines.length} result line(s) written to ${output.out}\n` : line({ out: output.out, lines: lines.length, ok, failed, skipped }));
    }
    io.stderr(`svc batch: ${ok + failed + skipped} line(s): ${ok} ok, ${failed} failed, ${skipped} skipped\n`);
    return firstFailure;
  },
};
