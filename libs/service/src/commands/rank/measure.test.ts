import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { checkCertificate } from '@svc/certificates';
import { createNativeEngine } from '@svc/engine-native';
import { solveSync, type EngineResult } from '@svc/engine-ts';
import { lcg } from '@svc/engine-ts/testing/lcg';
import { adapterHarness, TAG } from '../../../test/adapters';
import { rankCertificate } from './certificate';
import { resultDocument } from '../../../test/certificates';

const D = 'Kemeny bench.';
const { prepare } = adapterHarness(D);
function randomElection(n: number, seed: number) {
  const r = lcg(seed);
  const items = Array.from({ length: n }, (_, i) => `c${i}`);
  const comparisons: [string, string][] = [];
  for (let v = 0; v < 9; v++) {
    const key = Array.from({ length: n }, (_, i) => i + 3 * n * r());
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => key[a] - key[b]);
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) comparisons.push([items[order[a]], items[order[b]]]);
  }
  return { items, comparisons };
}
function soc(file: string) {
  const lines = readFileSync(`/work/shared/benchmarks/kemeny/${file}`, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const m = Number(lines[0]);
  const items = Array.from({ length: m }, (_, i) => `c${i}`);
  const comparisons: [string, string][] = [];
  for (const line of lines.slice(m + 2)) {
    const xs = line.split(',').map(Number);
    const order = xs.slice(1).map((x) => x - 1);
    for (let c = 0; c < xs[0]; c++) for (let a = 0; a < order.length; a++) for (let b = a + 1; b < order.length; b++) comparisons.push([items[order[a]], items[order[b]]]);
  }
  return { items, comparisons };
}
it('measure', async () => {
  const native = createNativeEngine()!;
  const cases: [string, ReturnType<typeof soc>][] = [
    ...['skate-00006-00000004.soc', 'skate-00006-00000044.soc', 'skate-00006-00000046.soc', 'skate-00006-00000048.soc'].map((f) => [f.slice(6, 20), soc(f)] as [string, ReturnType<typeof soc>]),
    ['random n=60', randomElection(60, 1060)], ['random n=80', randomElection(80, 1080)],
  ];
  const rows: string[] = [];
  for (const [name, body] of cases) {
    for (const effort of ['flash', 'medium', 'high'] as const) {
      for (const engine of ['ts', 'native'] as const) {
        const prep = prepare('rank', body);
        const req = { command: 'rank', problem: prep.problem, effort, seed: 0 } as const;
        const t0 = performance.now();
        const r: EngineResult = engine === 'ts' ? solveSync(req) : await native.solve(req, { flag: new Int32Array(new SharedArrayBuffer(4)) });
        const solveMs = performance.now() - t0;
        const done = prep.finish(r, { deadlineFired: false });
        const t1 = performance.now();
        rankCertificate(prep, r, done);
        const certMs = performance.now() - t1;
        const c = done.certificate!;
        const size = 'certificate' in c ? JSON.stringify(c.certificate).length : 0;
        const kind = 'certificate' in c ? (c.certificate.kind as string) : `none (${(c as { omitted: string }).omitted})`;
        const doc = resultDocument(done);
        const t2 = performance.now();
        const rep = 'certificate' in c ? checkCertificate('rank', { tag: TAG, description: D, ...body }, doc) : null;
        const checkMs = performance.now() - t2;
        rows.push([name, effort, engine, r.objective, done.proof ?? `bound ${done.bound} (engine ${r.bound})`, kind, size, solveMs.toFixed(0), certMs.toFixed(1), rep ? `${rep.ok} ${rep.bound} ${checkMs.toFixed(0)}ms` : '-'].join(' | '));
      }
    }
  }
  console.log(rows.join('\n'));
}, 1_800_000);
