import type { Client } from '@svc/client';
import type { CommandSpec } from '../command-spec';
import { DEMO } from '../demo-data';
import { localVerify } from '../local-verify';
import { emitError, emitSuccess, humanSummary, table } from '../render';
import { ALLOW_ACCOUNT_COMPUTE_FLAG, freeSession } from '../session';

type Doc = Record<string, unknown>;

function demoHuman(d: Doc): string {
  const v = (d.verification ?? {}) as Doc;
  const head = d.mode === 'live'
    ? 'demo: mode live (solved by the service just now)'
    : `demo: mode offline_precomputed: the service is unreachable, so this is the bundled result computed at ${String((d.precomputed as Doc | undefined)?.at)}, NOT solved now`;
  const rows: [string, string][] = [['verification', `${v.verification}: ${v.ok === true ? 'ok' : 'FAILED'} (${v.objective_field} ${v.objective} recomputed locally)`]];
  if (d.offline_reason) rows.push(['offline because', String(d.offline_reason)]);
  return `${head}\n${humanSummary(String(d.command), (d.result ?? {}) as Doc)}${table(rows)}`;
}

/**
 * The demo document: `mode: live` only when the service answered this call; `mode:
 * offline_precomputed` (the bundled result, with `offline_reason`) only when it was unreachable;
 * any other fault is returned as the fault. Both carry a local recompute of the cut.
 */
export async function runDemo(client: Client): Promise<{ ok: true; doc: Doc } | { ok: false; error: import('@svc/errors').ProblemDocument; exitCode: number }> {
  // Pinned to the bundled result's model version, so a live receipt reproduces the bundled one.
  const live = await client.solve(DEMO.command, DEMO.problem, { effort: DEMO.effort, seed: DEMO.seed, version: DEMO.precomputed.version });
  let doc: Doc;
  if (live.ok) {
    doc = { mode: 'live', command: DEMO.command, problem: DEMO.problem, result: live.result };
  } else if (live.error.code === 'SVC_NETWORK') {
    doc = {
      mode: 'offline_precomputed', command: DEMO.command, problem: DEMO.problem, result: DEMO.result,
      precomputed: DEMO.precomputed, offline_reason: live.error.detail,
    };
  } else {
    return { ok: false, error: live.error, exitCode: live.exitCode };
  }
  const result = doc.result as Doc;
  doc.verification = localVerify('maxcut', DEMO.problem, { answer: result.answer, cut_value: result.cut_value });
  return { ok: true, doc };
}

/** `svc demo`: a smoke test that says truthfully where its answer came from. */
export const DEMO_COMMAND: CommandSpec = {
  name: 'demo', group: 'helper', summary: 'smoke test: a small max-cut solved live, or the bundled verified result when offline',
  operands: [], flags: [ALLOW_ACCOUNT_COMPUTE_FLAG],
  details: [
    '`mode` is `live` only when the service answered now, `offline_precomputed` only when it is',
    'unreachable (then `result` is the bundled answer, computed earlier and certified by the service;',
    'it is NOT solved now). Report `mode` truthfully. Either way the cut is recomputed locally.',
    'The demo is free: with a key configured it runs on the public sandbox token unless',
    '--allow-account-compute is given.',
  ].join('\n'),
  run: async (ctx) => {
    const { client, accountCompute } = await freeSession(ctx.io, 'demo', ctx.args.flags.has(ALLOW_ACCOUNT_COMPUTE_FLAG.name));
    const out = await runDemo(client);
    if (!out.ok) return emitError(ctx.io, ctx.output, DEMO.problem, out.error, out.exitCode as 1 | 2 | 3);
    if (out.doc.mode === 'offline_precomputed') ctx.io.stderr('svc: demo: the service is unreachable; showing the bundled precomputed result (mode offline_precomputed)\n');
    return emitSuccess(ctx.io, ctx.output, { ...out.doc, account_compute: accountCompute }, { problem: DEMO.problem, human: demoHuman });
  },
};
