import type { Client, ClientResult } from '@svc/client';
import type { CommandSpec } from '../command-spec';
import { localVerify } from '../local-verify';
import { emitSuccess, table } from '../render';
import { ALLOW_ACCOUNT_COMPUTE_FLAG, freeSession } from '../session';

type Doc = Record<string, unknown>;

interface Case {
  name: string;
  ok: boolean;
  detail: string;
  /** Set when the service answered with a fault (its code and exit code). */
  code?: string;
  exit_code?: number;
}

const DESCRIPTION = 'svc selftest: a tiny integration case with a known answer';
// Known optima, fixed with the problems (checked by hand: 16 assignments, 16 partitions).
const QUBO = { description: DESCRIPTION, n: 4, linear: { 0: -1, 1: 2 }, quadratic: [[0, 1, 3], [2, 3, -2]] as [number, number, number][] };
const QUBO_OPTIMUM = -3;
const CYCLE = { description: DESCRIPTION, n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };
const CYCLE_OPTIMUM = 4;

function quboEnergy(x: number[]): number {
  let e = 0;
  for (const [i, h] of Object.entries(QUBO.linear)) e += h * x[Number(i)];
  for (const [i, j, w] of QUBO.quadratic) e += w * x[i] * x[j];
  return e;
}

const fault = (name: string, r: ClientResult<unknown> & { ok: false }): Case =>
  ({ name, ok: false, detail: `${r.error.code}: ${r.error.detail}`, code: r.error.code, exit_code: r.exitCode });

async function cases(client: Client): Promise<Case[]> {
  const out: Case[] = [];
  const q = await client.solve('optimize', QUBO, { effort: 'flash', seed: 0 });
  if (!q.ok) out.push(fault('optimize', q));
  else {
    const x = q.result.answer as number[];
    const ok = Array.isArray(x) && x.length === 4 && quboEnergy(x) === q.result.energy && q.result.energy === QUBO_OPTIMUM;
    out.push({ name: 'optimize', ok, detail: `energy ${String(q.result.energy)} (known optimum ${QUBO_OPTIMUM}; recomputed ${Array.isArray(x) ? quboEnergy(x) : '?'}), ${q.result.certainty}` });
  }

  const m = await client.solve('maxcut', CYCLE, { effort: 'flash', seed: 0 });
  let cut: Doc | undefined;
  if (!m.ok) out.push(fault('maxcut', m));
  else {
    cut = m.result;
    const local = localVerify('maxcut', CYCLE, { answer: m.result.answer, cut_value: m.result.cut_value });
    const ok = local.ok && m.result.cut_value === CYCLE_OPTIMUM;
    out.push({ name: 'maxcut', ok, detail: `cut_value ${String(m.result.cut_value)} (known optimum ${CYCLE_OPTIMUM}; local recompute ${local.ok ? 'ok' : 'FAILED'}), ${m.result.certainty}` });
  }

  // The free helpers: a preflight and the service's own re-check of the max-cut answer.
  const a = await client.analyze('maxcut', CYCLE, { route: 'preflight' });
  if (!a.ok) out.push(fault('preflight+verify', a));
  else if (!cut) out.push({ name: 'preflight+verify', ok: false, detail: 'skipped: the maxcut case gave no answer to re-check' });
  else {
    const v = await client.verify('maxcut', CYCLE, { answer: cut.answer, cut_value: cut.cut_value });
    if (!v.ok) out.push(fault('preflight+verify', v));
    else {
      const ok = a.result.valid === true && (a.result.charged ?? 0) === 0 && v.result.ok === true;
      out.push({ name: 'preflight+verify', ok, detail: `preflight valid ${String(a.result.valid)}, charged ${String(a.result.charged ?? 0)}; service re-check ${v.result.ok === true ? 'ok' : 'FAILED'}` });
    }
  }
  return out;
}

/** `svc selftest`: three small integration cases against the service. */
export const SELFTEST_COMMAND: CommandSpec = {
  name: 'selftest', group: 'helper', summary: 'three small integration cases (optimize, maxcut, preflight+verify) against the service',
  operands: [],
  flags: [ALLOW_ACCOUNT_COMPUTE_FLAG],
  details: [
    'With a key configured (SVC_API_KEY or `svc login`), selftest refuses to spend the account\'s compute:',
    'it runs on the public sandbox token unless --allow-account-compute is given. Exit 0 when every case',
    'passes; a service fault exits with its code; a wrong answer exits 3.',
  ].join('\n'),
  run: async (ctx) => {
    const { client, accountCompute } = await freeSession(ctx.io, 'selftest', ctx.args.flags.has(ALLOW_ACCOUNT_COMPUTE_FLAG.name));
    const results = await cases(client);
    const firstFault = results.find((c) => c.exit_code !== undefined);
    const exitCode = firstFault ? firstFault.exit_code! : results.every((c) => c.ok) ? 0 : 3;
    const doc = {
      ok: exitCode === 0, base_url: client.baseUrl, credential: client.credentialKind,
      account_compute: accountCompute,
      cases: results,
    };
    return emitSuccess(ctx.io, ctx.output, doc, {
      exitCode,
      human: (d) => `selftest: ${d.ok ? 'passed' : 'FAILED'} against ${d.base_url} (credential ${d.credential}; account compute ${d.account_compute})\n${table(results.map((c) => [`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}`, c.detail]))}`,
    });
  },
};
