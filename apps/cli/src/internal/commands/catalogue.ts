import { CLIENT_VERSION, type ClientResult } from '@svc/client';
import { COMMANDS as SERVICE_COMMANDS } from '@svc/contracts/commands';
import { SvcError, exitCodeFor } from '@svc/errors';
import type { CommandContext, CommandSpec } from '../command-spec';
import { emitError, emitSuccess, line, localProblem, table, truncateAnswer } from '../render';
import { openSession } from '../session';
import { COMMAND_NAME } from './solve';

type Doc = Record<string, unknown>;

const list = (x: unknown): Doc[] => (Array.isArray(x) ? (x.filter((e) => typeof e === 'object' && e !== null) as Doc[]) : []);
const pretty = (d: unknown) => `${JSON.stringify(d, null, 2)}\n`;

async function show(ctx: CommandContext, fetchDoc: (s: Awaited<ReturnType<typeof openSession>>) => Promise<ClientResult<Doc>>, human: (d: Doc) => string): Promise<number> {
  const session = await openSession(ctx.io);
  const out = await fetchDoc(session);
  if (!out.ok) return emitError(ctx.io, ctx.output, null, out.error, out.exitCode);
  return emitSuccess(ctx.io, ctx.output, out.result, { human });
}

function capabilitiesHuman(d: Doc): string {
  const rows: [string, string][] = list(d.commands).map((c) => [
    String(c.name), `${(c.available ? 'available' : 'not yet').padEnd(9)}  ${String(c.stability ?? '-').padEnd(8)}  ${c.purpose ?? ''}`,
  ]);
  for (const c of list(d.other_commands)) rows.push([String(c.name), `${'not yet'.padEnd(9)}  ${'-'.padEnd(8)}  ${c.purpose ?? ''}`]);
  return `capabilities of ${d.engine ?? 'the service'} (spec ${d.spec_version ?? '?'}; efforts ${truncateAnswer(d.efforts)})\n${table(rows)}`
    + 'Input schema of one command: `svc schema <command>`.\n';
}

/** `svc capabilities`. */
export const CAPABILITIES_COMMAND: CommandSpec = {
  name: 'capabilities', group: 'helper', summary: 'every command, whether it is available, and its exact input schema',
  operands: [], flags: [],
  run: (ctx) => show(ctx, (s) => s.client.capabilities(), capabilitiesHuman),
};

/** `svc schema <command>`: the capabilities entry of one command (input and output schema). */
export const SCHEMA_COMMAND: CommandSpec = {
  name: 'schema', group: 'helper', summary: 'the input and output JSON Schema of one command',
  operands: ['<command>'], flags: [],
  run: async (ctx) => {
    const command = ctx.operands[0];
    if (!COMMAND_NAME.test(command)) throw new SvcError('SVC_CLIENT', `"${command}" is not a command name.`);
    const { client } = await openSession(ctx.io);
    const caps = await client.capabilities();
    if (!caps.ok) return emitError(ctx.io, ctx.output, null, caps.error, caps.exitCode);
    const entry = list(caps.result.commands).find((c) => c.name === command);
    if (!entry) {
      const known = list(caps.result.other_commands).some((c) => c.name === command);
      const err = new SvcError('SVC_UNSUPPORTED', `"${command}" ${known ? 'has no schema in this version of the service' : 'is not a command of the service'}; see \`svc capabilities\`.`, { extensions: { field: 'command' } });
      return emitError(ctx.io, ctx.output, null, localProblem(err, 'found by svc in the capabilities document'), exitCodeFor(err.code));
    }
    return emitSuccess(ctx.io, ctx.output, entry, {
      human: (d) => `${command}: ${d.purpose ?? ''} (${d.stability ?? '?'}, ${d.available ? 'available' : 'not available yet'})\ninput schema:\n${pretty(d.input_schema)}`
        + (d.output_schema ? `output schema:\n${pretty(d.output_schema)}` : ''),
    });
  },
};

/** `svc formulate <command>`: the mapping worksheet. */
export const FORMULATE_COMMAND: CommandSpec = {
  name: 'formulate', group: 'helper', summary: 'the mapping worksheet: from a real decision to the command\'s fields',
  operands: ['<command>'], flags: [],
  run: (ctx) => {
    const command = ctx.operands[0];
    if (!COMMAND_NAME.test(command)) throw new SvcError('SVC_CLIENT', `"${command}" is not a command name.`);
    return show(ctx, (s) => s.client.formulate(command), (d) => {
      const out = [`${command}: ${d.purpose ?? ''}`];
      if (d.objective) out.push(`objective: ${d.objective}`);
      const fields = list(d.fields);
      if (fields.length) out.push('fields:', table(fields.map((f) => [`${f.name}${f.required ? '' : '?'}`, `${f.type}: ${f.meaning}`])).trimEnd());
      const steps = Array.isArray(d.steps) ? d.steps : [];
      if (steps.length) out.push('steps:', ...steps.map((s, i) => `  ${i + 1}. ${s}`));
      const conv = Array.isArray(d.conventions) ? d.conventions : [];
      if (conv.length) out.push('conventions:', ...conv.map((c) => `  - ${c}`));
      return `${out.join('\n')}\n`;
    });
  },
};

function cliKnows(example: Doc): boolean {
  const cmd = typeof example.command === 'string' ? example.command : '';
  const min = typeof example.min_cli_version === 'string' ? example.min_cli_version : undefined;
  const newer = min !== undefined && min.localeCompare(CLIENT_VERSION, undefined, { numeric: true }) > 0;
  return (SERVICE_COMMANDS as readonly string[]).includes(cmd) && !newer;
}

/** `svc examples [id] [--problem]`: the verified example catalogue, one example, or its problem body. */
export const EXAMPLES_COMMAND: CommandSpec = {
  name: 'examples', group: 'helper', summary: 'engine-verified example recipes (`svc examples <id> --problem | svc <command>`)',
  operands: ['[id]'], flags: [{ name: 'problem', description: 'with an id: print only the example\'s problem JSON (pipe it to `svc <command>`)' }],
  run: async (ctx) => {
    const { io } = ctx;
    const { client } = await openSession(io);
    const out = await client.examples();
    if (!out.ok) return emitError(io, ctx.output, null, out.error, out.exitCode);
    const examples = list(out.result.examples);
    const id = ctx.operands[0];
    if (id === undefined) {
      if (ctx.args.flags.has('problem')) throw new SvcError('SVC_CLIENT', '--problem needs an example id: `svc examples <id> --problem`.');
      return emitSuccess(io, ctx.output, out.result, {
        human: () => `${examples.length} examples (\`svc examples <id>\` for one)\n${table(examples.map((e) => [String(e.id), `${e.command}${e.available === false ? ' (not available yet)' : ''}: ${e.title}`]))}`,
      });
    }
    const ex = examples.find((e) => e.id === id);
    if (!ex) {
      const err = new SvcError('SVC_NOT_FOUND', `No example "${id}"; \`svc examples\` lists them.`);
      return emitError(io, ctx.output, null, localProblem(err, 'found by svc in the examples list'), exitCodeFor(err.code));
    }
    if (!cliKnows(ex)) {
      const err = new SvcError('SVC_UPGRADE_REQUIRED', `Example "${id}" needs a newer svc than ${CLIENT_VERSION} (command ${String(ex.command)}${ex.min_cli_version ? `, svc ${String(ex.min_cli_version)}` : ''}).`);
      return emitError(io, ctx.output, null, localProblem(err, 'found by svc in the examples list'), exitCodeFor(err.code));
    }
    if (ctx.args.flags.has('problem')) {
      const body = ((ex.request ?? {}) as Doc).body;
      // The problem alone, one JSON line, whatever the format: it is meant to be piped.
      io.stdout(line(body));
      return 0;
    }
    return emitSuccess(io, ctx.output, ex, {
      human: (d) => {
        const req = (d.request ?? {}) as Doc;
        const exp = (d.expected ?? {}) as Doc;
        return `${d.id}: ${d.title}\n${d.story ?? ''}\n${table([
          ['command', String(d.command)], ['query', JSON.stringify(req.query ?? {})], ['expected', `${exp.field} = ${exp.value} (${exp.certainty})`],
          ['problem', JSON.stringify(req.body)], ['run', `svc examples ${d.id} --problem | svc ${d.command}`],
        ])}`;
      },
    });
  },
};

/** `svc models`. */
export const MODELS_COMMAND: CommandSpec = {
  name: 'models', group: 'helper', summary: 'pinnable model versions (use with --model)',
  operands: [], flags: [],
  run: (ctx) => show(ctx, (s) => s.client.models(), (d) => {
    const rows: [string, string][] = list(d.versions).map((v) => [String(v.id), `${v.status}${v.frozen ? ', frozen' : ''}; released ${v.released}${v.id === d.default ? ' (default)' : ''}`]);
    for (const [alias, target] of Object.entries((d.aliases ?? {}) as Doc)) rows.push([alias, `alias of ${target}`]);
    return `models\n${table(rows)}`;
  }),
};

/** `svc pricing`. */
export const PRICING_COMMAND: CommandSpec = {
  name: 'pricing', group: 'helper', summary: 'public plans and metering, including the live sandbox cap',
  operands: [], flags: [],
  run: (ctx) => show(ctx, (s) => s.client.pricing(), (d) => {
    const rows: [string, string][] = list(d.plans).map((p) => [String(p.plan), `${p.price_per_month} ${d.currency ?? ''}/month; ${p.daily_compute_units} compute units a day${p.daily_compute_units_scope ? ` (${p.daily_compute_units_scope})` : ''}; n ≤ ${p.max_n}`]);
    const m = (d.metering ?? {}) as Doc;
    if (m.formula) rows.push(['metering', String(m.formula)]);
    return `pricing\n${table(rows)}`;
  }),
};

/** `svc report`: today's units, alerts and recent charged calls. */
export const REPORT_COMMAND: CommandSpec = {
  name: 'report', group: 'account', summary: 'today\'s usage: units used and left, alerts, recent jobs (GET /api/v1/usage)',
  operands: [], flags: [],
  details: 'With a key: the key\'s account. Without one: the public sandbox\'s allowance for this IP.',
  run: (ctx) => show(ctx, (s) => s.client.usage(), (d) => {
    const who = (d.principal ?? {}) as Doc;
    const rows: [string, string][] = [
      ['principal', `${who.kind}${who.plan ? ` (plan ${who.plan})` : ''}${who.account_id ? ` ${who.account_id}` : ''}`],
      ['day', `${d.day} (resets ${d.resets_at})`],
      ['units', `${d.compute_units_used} used, ${d.compute_units_left} left of ${d.daily_allowance}`],
      ['requests', String(d.requests)],
    ];
    for (const a of list(d.alerts)) rows.push(['alert', `${a.level}: ${a.message}`]);
    const recent = list(d.recent);
    if (recent.length) rows.push(['recent', `${recent.length} charged call(s); newest: ${recent[0].command} ${recent[0].compute_units} units`]);
    return `report\n${table(rows)}`;
  }),
};

export { list as docList };
