/**
 * Section `reduce` of `npm run bench`: LLL (delta 0.99) on fplll's latticegen bases — knapsack-type
 * "r d b" (d vectors (x_i, e_i), x_i of b bits) and uniform "u d b" (d × d, b-bit entries) — native
 * (fplll's L² without transforms, U and V recovered by p-adic lifting, the LLL conditions proved by a
 * floating-point certificate; the exact GMP pass and check when it declines: docs/reduce.md), engine-ts (exact integral LLL + the check, up
 * to BENCH_REDUCE_TS_MAX vectors, default 50), and the `fplll` command line (fplll-tools, the same
 * basis in a file, `-a lll -d 0.99`: process start and parsing included) side by side, plus the
 * service's independent re-check of the native answer (U·B = B', V·B' = B, integral Gram–Schmidt).
 * Without latticegen the bases come from engine-ts/families/reduce/testing.ts (same types). One run each.
 * BENCH_REDUCE = comma list of "r:d:b" / "u:d:b" (default knapsack d = 50, 100, 150, 200 with b = 2d,
 * and uniform d = 50, 100, 150, 200 with b = 20).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Engine } from '@svc/engine-ts';
import { canonicalReduce, checkReduced, checkSameLattice, decimalTextOf, parseReduceAnswer, type IntMatrix } from '@svc/engine-ts/families/reduce';
import { basisJson, knapsackBasis, uniformBasis } from '@svc/engine-ts/families/reduce/testing';
import { table } from './table';

const has = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

function parseFplll(text: string): IntMatrix {
  return text.split('\n').map((l) => l.replace(/[[\]]/g, '').trim()).filter((l) => l !== '').map((l) => l.split(/\s+/).map((x) => BigInt(x)));
}

const fplllText = (b: IntMatrix): string => `[${b.map((r) => `[${r.join(' ')}]`).join('\n')}]\n`;

function basisFor(type: string, d: number, bits: number, seed: number, latticegen: boolean): IntMatrix {
  if (latticegen) return parseFplll(execFileSync('latticegen', ['-randseed', String(seed), type, String(d), String(bits)], { encoding: 'utf8', maxBuffer: 1 << 28 }));
  return type === 'r' ? knapsackBasis(seed, d, bits) : uniformBasis(seed, d, bits);
}

/** CPU time of this process (every thread: the native call runs on a pool thread), ms. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The fplll CLI's user + system CPU time in ms, by /usr/bin/time (null without it), and its wall time. */
function runCli(file: string): { wall: number; cpu: number | null } {
  const t0 = performance.now();
  if (existsSync('/usr/bin/time')) {
    const r = spawnSync('/usr/bin/time', ['-f', 'SVCCPU %U %S', 'fplll', '-a', 'lll', '-d', '0.99', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const wall = performance.now() - t0;
    const m = /SVCCPU ([\d.]+) ([\d.]+)/.exec(r.stderr);
    return { wall, cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : null };
  }
  execFileSync('fplll', ['-a', 'lll', '-d', '0.99', file], { maxBuffer: 1 << 28 });
  return { wall: performance.now() - t0, cpu: null };
}

const fmt = (ms: number | null): string => (ms === null ? '-' : ms < 10 ? ms.toFixed(2) : ms < 1000 ? ms.toFixed(0) : `${(ms / 1000).toFixed(2)} s`);

export async function benchReduce(ts: Engine, native: Engine | null): Promise<string> {
  const specs = (process.env.BENCH_REDUCE ?? 'r:50:100,r:100:200,r:150:300,r:200:400,u:50:20,u:100:20,u:150:20,u:200:20').split(',').map((s) => s.split(':'));
  const tsMax = Number(process.env.BENCH_REDUCE_TS_MAX ?? 50);
  const latticegen = has('latticegen');
  const cli = has('fplll');
  const nativeHere = native !== null && native.supports('reduce');
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-reduce-'));
  const flag = () => ({ flag: new Int32Array(new SharedArrayBuffer(4)) });
  const rows: (string | number)[][] = [];
  // One small call first: the worker pool and the addon are warm for the timed calls.
  if (nativeHere) await native!.solve({ command: 'reduce', problem: canonicalReduce({ basis: [[1, 2], [3, 4]] }), effort: 'medium', seed: 0 }, flag());
  try {
    for (const [type, ds, bs] of specs) {
      const d = Number(ds), bits = Number(bs);
      const b = basisFor(type, d, bits, 1, latticegen);
      const req = { command: 'reduce' as const, problem: canonicalReduce({ basis: basisJson(b), delta: 0.99 }), effort: 'medium' as const, seed: 0 };
      let nativeMs: number | null = null, nativeCpu: number | null = null, coreMs: number | null = null, recheckMs: number | null = null, first = '-', work = '-';
      if (nativeHere) {
        const c0 = cpuMs();
        const t0 = performance.now();
        const r = await native!.solve(req, flag());
        nativeMs = performance.now() - t0;
        nativeCpu = cpuMs() - c0;
        coreMs = r.engineMs;
        if (r.kind !== 'decimal') throw new Error('reduce: not a decimal result');
        const t1 = performance.now();
        const a = parseReduceAnswer(decimalTextOf(r.answer), b.length, b[0].length);
        const same = checkSameLattice(b, a.basis, a.u, a.v, b.length);
        const red = checkReduced(a.basis, 0.99);
        recheckMs = performance.now() - t1;
        if (!same.ok || !red.ok) throw new Error(`reduce bench: the native answer failed the re-check: ${same.detail}; ${red.detail}`);
        first = `${Math.sqrt(Number(red.shortestSquared)).toFixed(1)}`;
        work = `${r.work.iterations}/${r.work.nodes}`;
      }
      let tsCpu: number | null = null;
      if (d <= tsMax) {
        const c0 = cpuMs();
        await ts.solve(req, flag());
        tsCpu = cpuMs() - c0;
      }
      let cliMs: number | null = null, cliCpu: number | null = null;
      if (cli) {
        const file = join(dir, `${type}${d}.txt`);
        writeFileSync(file, fplllText(b));
        const r = runCli(file);
        cliMs = r.wall;
        cliCpu = r.cpu;
      }
      rows.push([`${type} ${d} ${bits}`, `${b.length}×${b[0].length}`, fmt(nativeMs), fmt(nativeCpu), fmt(coreMs), work, fmt(recheckMs), fmt(tsCpu), fmt(cliMs), fmt(cliCpu),
        nativeCpu !== null && cliCpu !== null && cliCpu > 0 ? (nativeCpu / cliCpu).toFixed(1) : '-', tsCpu !== null && nativeCpu !== null ? (tsCpu / nativeCpu).toFixed(2) : '-', first]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return [
    '## reduce (LLL, delta 0.99)',
    `Bases: ${latticegen ? "fplll's latticegen (-randseed 1)" : 'engine-ts/families/reduce/testing.ts (latticegen not found)'}; one run each; wall and CPU ms (CPU: user + system of the process, all threads — the figure to read on a loaded machine).`,
    nativeHere ? 'native: fplll L² (no transforms) + U, V by p-adic lifting + floating-point LLL certificate (exact GMP pass and check when it declines) through N-API; core: the engine\'s own time; work: exact-pass swaps/size reductions (0/0: the certificate held); re-check: the service\'s independent check of the answer (BigInt).' : 'native: not in this build (addon missing, or built without fplll): "-".',
    cli ? 'fplll CLI: `fplll -a lll -d 0.99 <file>` (fplll-tools), process start and parsing included.' : 'fplll CLI: not installed (apt-get install fplll-tools): "-".',
    table(['basis', 'size', 'native wall', 'native CPU', 'native core wall', 'work', 're-check wall', 'TS CPU', 'fplll CLI wall', 'fplll CLI CPU', 'native/CLI CPU', 'TS/native CPU', '‖b1‖'], rows),
  ].join('\n');
}
