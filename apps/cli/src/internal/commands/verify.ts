import { SvcError } from '@svc/errors';
import { flagValue } from '../args';
import type { CommandSpec } from '../command-spec';
import { INPUT_FLAG } from '../flags';
import { LOCAL_VERIFY_COMMANDS, localVerify } from '../local-verify';
import { certificateOf, localCertificateVerify } from '../local-certificate';
import { parseObject, readInput } from '../read-problem';
import { emitError, emitSuccess, table } from '../render';
import { openSession } from '../session';
import { knownCommand } from './solve';

function verifyHuman(d: Record<string, unknown>): string {
  const checks = Array.isArray(d.checks) ? (d.checks as { name: string; ok: boolean; detail: string }[]) : [];
  const head = `${d.command}: ${d.ok === true ? 'checks passed' : 'checks FAILED'} (${d.verification ?? 'verification'}; ${d.objective_field} = ${d.objective})`;
  return `${head}\n${table(checks.map((c) => [`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}`, c.detail]))}`;
}

/** `svc verify <command>`: `{problem, answer}` on stdin; exit 0 when every check passes, 3 when one fails. */
export const VERIFY_COMMAND: CommandSpec = {
  name: 'verify', group: 'helper', summary: 're-check an answer: {problem, answer} in, exit 0 when checks pass, 3 when not (free)',
  operands: ['<command>'],
  flags: [INPUT_FLAG, { name: 'local', description: `recompute offline instead (${LOCAL_VERIFY_COMMANDS.join(', ')}; rules: identical/different only); a certificate is checked offline too (tsp, cover, rank, maxcut, optimize, xorsat, reduce)` }],
  details: [
    'Reads {"problem": {...}, "answer": ...}; `answer` is the answer value, or a whole result object',
    '({"answer": ..., "cut_value": ...}) to have the declared objective checked too. Without --local the',
    'service re-checks (POST /api/v1/verify/<command>, verification service_recheck); with --local the',
    'witness\'s feasibility and objective are recomputed here (local_recompute), never searched.',
    'A certificate ({"problem", "answer", "certificate"}, or the result document\'s `certificate`) is',
    'checked too, exactly (docs/certificates.md): by the service, or here with --local; the report is then',
    'a formal_proof with the proven bound and whether it meets the objective.',
  ].join('\n'),
  run: async (ctx) => {
    const { io, args } = ctx;
    const command = knownCommand(ctx.operands[0]);
    const { text, source } = await readInput(io, flagValue(args, 'input'), '{problem, answer} document');
    const doc = parseObject(text, `{problem, answer} document from ${source}`);
    if (typeof doc.problem !== 'object' || doc.problem === null || Array.isArray(doc.problem) || !('answer' in doc)) {
      throw new SvcError('SVC_INVALID_INPUT', 'verify reads {"problem": {...}, "answer": ..., "certificate"?: {...}}.');
    }
    const certificate = certificateOf(doc);
    let report: Record<string, unknown>;
    if (args.flags.has('local')) {
      report = certificate === undefined ? { ...localVerify(command, doc.problem, doc.answer) } : { ...localCertificateVerify(command, doc.problem, doc.answer, certificate) };
    } else {
      const { client } = await openSession(io);
      // A top-level certificate travels inside the result document the service reads it from.
      const answer = doc.certificate === undefined ? doc.answer
        : typeof doc.answer === 'object' && doc.answer !== null && !Array.isArray(doc.answer) && 'answer' in doc.answer ? { ...doc.answer, certificate: doc.certificate } : { answer: doc.answer, certificate: doc.certificate };
      const out = await client.verify(command, doc.problem, answer);
      if (!out.ok) return emitError(io, ctx.output, doc, out.error, out.exitCode);
      report = out.result;
    }
    const passed = report.ok === true;
    if (!passed) io.stderr(`svc: verify ${command}: the checks did not pass\n`);
    return emitSuccess(io, ctx.output, report, { problem: doc, human: verifyHuman, exitCode: passed ? 0 : 3 });
  },
};
