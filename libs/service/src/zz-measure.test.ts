import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { validateProblem } from '@svc/contracts';
import { createNativeEngine } from '@svc/engine-native';
import { solveSync, type Command, type Effort } from '@svc/engine-ts';
import { sparseXorsat } from '@svc/engine-ts/testing/xorsat';
import { basisJson, knapsackBasis } from '@svc/engine-ts/testing/reduce';
import { parseTsplib } from '../../../tools/src/bench/tsplib';
import { parseGset } from '../../../tools/src/bench/gset';
import { ADAPTERS, MODULES } from './commands/index';

const B = '/work/shared/benchmarks';
const tsp = (nm: string) => ({ n: parseTsplib(readFileSync(`${B}/tsp/${nm}.tsp`, 'utf8')).n, ...parseTsplib(readFileSync(`${B}/tsp/${nm}.tsp`, 'utf8')).body });
const gset = (nm: string) => { const g = parseGset(nm, readFileSync(`${B}/maxcut/${nm}.txt`, 'utf8')); return { n: g.n, edges: g.edges }; };
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];

it('measure', async () => {
  const native = createNativeEngine()!;
  const cases: [string, Command, Record<string, unknown>, Effort][] = [
    ['eil51', 'tsp', tsp('eil51'), 'medium'], ['kroA100', 'tsp', tsp('kroA100'), 'medium'], ['a280', 'tsp', tsp('a280'), 'flash'], ['pr1002', 'tsp', tsp('pr1002'), 'flash'], ['pr2392', 'tsp', tsp('pr2392'), 'flash'],
    ['G1', 'maxcut', gset('G1'), 'flash'], ['G14', 'maxcut', gset('G14'), 'flash'], ['G22', 'maxcut', gset('G22'), 'flash'], ['G55', 'maxcut', gset('G55'), 'flash'],
    ['xor 5000', 'xorsat', { ...sparseXorsat(1, 5000, 6000, 3, 5, true, 40) }, 'flash'], ['xor 600', 'xorsat', { ...sparseXorsat(2, 600, 900, 3, 4, true, 30) }, 'flash'],
    ['knapsack 30x100b', 'reduce', { basis: basisJson(knapsackBasis(3, 30, 100)) }, 'medium'], ['knapsack 60x60b', 'reduce', { basis: basisJson(knapsackBasis(4, 60, 60)) }, 'medium'],
  ];
  const rows: string[] = [];
  for (const [name, command, body, effort] of cases) {
    const v = validateProblem(command, { tag: 'svc-cortex-v1', description: 'Measure the certificate cost on a public instance.', ...body }, { sandbox: false });
    for (const eng of ['native', 'ts'] as const) {
      if (eng === 'ts' && (name === 'pr2392' || name === 'G55')) continue;
      const prepC = ADAPTERS[command]!.prepare(v);
      const req = { command, problem: prepC.problem, effort, seed: 0 } as const;
      const t0 = performance.now();
      const r = eng === 'native' ? await native.solve(req, { flag: new Int32Array(new SharedArrayBuffer(4)) }) : solveSync(req);
      const solveMs = performance.now() - t0;
      const plain = MODULES[command]!.adapter.prepare(v);
      const tp: number[] = [];
      const tc: number[] = [];
      let done;
      for (let k = 0; k < 3; k++) {
        let a = performance.now(); plain.finish(r, { deadlineFired: false }); tp.push(performance.now() - a);
        a = performance.now(); done = prepC.finish(r, { deadlineFired: false }); tc.push(performance.now() - a);
      }
      const c = done!.certificate;
      const size = c && 'certificate' in c ? JSON.stringify(c.certificate).length : 0;
      const what = c ? ('certificate' in c ? c.certificate.kind : `omitted: ${c.omitted}`) : 'none';
      const restated = r.bound !== undefined && done!.bound !== undefined && done!.bound !== r.bound ? ` RESTATED ${r.bound}→${done!.bound}` : '';
      rows.push(`| ${name} | ${command} | ${eng} ${effort} | ${solveMs.toFixed(0)} | ${median(tp).toFixed(1)} | ${median(tc).toFixed(1)} | +${(median(tc) - median(tp)).toFixed(1)} ms (${((100 * (median(tc) - median(tp))) / solveMs).toFixed(2)} %) | ${size} | ${what}${restated} | proof ${done!.proof} bound ${done!.bound} |`);
    }
  }
  console.log(rows.join('\n'));
}, 1_200_000);
