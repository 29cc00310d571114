/**
 * `BENCH_ONLY=work-model npm run bench`: how well each family's work model (engine-ts
 * `families/<f>/work-model`, the figure the service queues by) predicts the work an engine really
 * does (issue 35 item 2). For every command, on the behaviour dump's instances (each family's
 * `dump.ts`: several sizes, efforts flash and medium, high on the smallest; seed 0), both engines:
 * estimate ÷ actual, where actual = engine milliseconds ÷ the service's MS_PER_WORK of that engine
 * (the time-equivalent work the queueing decision assumes). Per command and engine: the median,
 * the lowest (the worst under-estimate) and the highest ratio, the longest solve, and the solves
 * the model keeps in the request (estimate under the queue threshold) although they run past the
 * sync lane's limit (threshold × MS_PER_WORK) — the case the issue says must never happen.
 * Times are this machine's, noisy under load; ratios under 1 mean under-estimates.
 * BENCH_WORK_EFFORTS (default flash,medium,high), BENCH_WORK_SEEDS (default 0).
 */
import { COMMANDS, workModelOf, type Command, type Effort, type Engine } from '@svc/engine-ts';
import { dumpInstances } from '@svc/engine-ts/testing/dump-instances';
import { DEFAULT_JOB_LIMITS, MS_PER_WORK } from '@svc/service';
import { table } from './table';

interface Case {
  readonly ratio: number;
  readonly ms: number;
  readonly estimate: number;
  readonly keptInRequest: boolean;
  readonly label: string;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fx = (x: number) => (!Number.isFinite(x) ? '-' : x >= 100 ? x.toExponential(1) : x >= 1 ? x.toFixed(1) : x.toPrecision(2));

export async function benchWorkModel(engines: [string, Engine | null][]): Promise<string> {
  const efforts = (process.env.BENCH_WORK_EFFORTS ?? 'flash,medium,high').split(',').map((s) => s.trim()) as Effort[];
  const seeds = (process.env.BENCH_WORK_SEEDS ?? '0').split(',').map(Number);
  const threshold = DEFAULT_JOB_LIMITS.queueThresholdWork;
  const instances = await dumpInstances();
  const rows: (string | number)[][] = [];
  const offenders: string[] = [];
  const noModel: string[] = [];
  for (const command of COMMANDS as readonly Command[]) {
    const problems = instances[command] ?? [];
    for (const [name, engine] of engines) {
      if (!engine || !engine.supports(command) || problems.length === 0) continue;
      const cases: Case[] = [];
      for (const [index, problem] of problems.entries()) {
        for (const effort of efforts) {
          // `high` on the smallest instance only, as the dump does.
          if (effort === 'high' && index > 0) continue;
          const est = workModelOf(problem, { command, effort });
          if (est === null) continue;
          for (const seed of seeds) {
            const r = await engine.solve({ command, problem, effort, seed });
            const actual = Math.max(r.engineMs, 0.001) / MS_PER_WORK[name as 'ts' | 'native'];
            const keptInRequest = est.work < threshold;
            cases.push({ ratio: est.work / actual, ms: r.engineMs, estimate: est.work, keptInRequest, label: `#${index} ${effort} seed ${seed}` });
          }
        }
      }
      if (cases.length === 0) {
        if (!noModel.includes(command)) noModel.push(command);
        continue;
      }
      const ratios = cases.map((c) => c.ratio);
      const lowest = cases.reduce((a, b) => (b.ratio < a.ratio ? b : a));
      const longest = cases.reduce((a, b) => (b.ms > a.ms ? b : a));
      const limitMs = threshold * MS_PER_WORK[name as 'ts' | 'native'];
      const past = cases.filter((c) => c.keptInRequest && c.ms > limitMs);
      for (const c of past) offenders.push(`${command} ${name} ${c.label}: estimate ${c.estimate.toExponential(2)} (kept in the request) but ${c.ms.toFixed(0)} ms > ${limitMs.toFixed(0)} ms`);
      rows.push([
        command, name, cases.length, fx(median(ratios)), `${fx(lowest.ratio)} (${lowest.label})`, fx(Math.max(...ratios)),
        `${longest.ms.toFixed(1)} (${fx(longest.ratio)})`, past.length,
      ]);
    }
  }
  const head = `### Work model: estimate ÷ actual work (actual = engine ms ÷ MS_PER_WORK: ts ${MS_PER_WORK.ts} ms, native ${MS_PER_WORK.native} ms per unit)\n` +
    `Queue threshold ${threshold.toExponential(1)} work units: the sync lane's limit is ${(threshold * MS_PER_WORK.ts).toFixed(0)} ms (ts), ${(threshold * MS_PER_WORK.native).toFixed(0)} ms (native).\n`;
  const body = table(['command', 'engine', 'solves', 'median est÷actual', 'lowest (worst under-estimate)', 'highest', 'longest ms (its ratio)', 'kept in request, past the limit'], rows);
  const tail = [
    noModel.length ? `\nNo work model (estimate = compute units × ${'1e7'}): ${noModel.join(', ')}` : '',
    offenders.length ? `\nUnder-estimated past the sync lane's limit:\n${offenders.map((o) => `- ${o}`).join('\n')}` : '\nNo solve the model keeps in the request ran past the sync lane\'s limit.',
  ].join('');
  return head + body + tail;
}
