/**
 * Section `relation` of `npm run bench`: PSLQ on the issue's known cases (√2+√3 of degree 4, √2+∛3
 * of degree 6, cos(2π/7) of degree 3, the golden ratio asked at degree 6, ln 6 = ln 2 + ln 3,
 * Machin's formula, π and e with a small max_height) at 50 digits, and on 50 random algebraic numbers
 * (degree 2..8, coefficients |c| ≤ 5: engine-ts testing/relation.ts, roots bisected in exact integer
 * arithmetic) at 100 digits (and at 60 for the count found), native (GMP) vs engine-ts, with mpmath
 * 1.3.0's pslq / findpoly beside them on the same decimals at the same digits (maxcoeff = max_height,
 * maxsteps 10^6). The known constants come from mpmath at 120 digits (the section is skipped without
 * python3 and mpmath). Times: the best of BENCH_RELATION_RUNS calls (default 15) per case, for every
 * engine and for mpmath alike (the bench machine is a loaded 2-core box: a median still carries the
 * wait for a worker thread);
 * native is given as the core's time (engineMs: from the engine call, so it includes the wait for a
 * worker thread) and as the whole call through N-API; the mpmath ratios are taken on the core time
 * and on the whole call.
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Engine, EngineRequest, NumericResult } from '@svc/engine-ts';
import { canonicalRelation, type RelationInput } from '@svc/engine-ts/families/relation';
import { polyRemainder, randomAlgebraic } from '@svc/engine-ts/families/relation/testing';
import { table } from './table';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const fmt = (ms: number) => (ms < 0.1 ? ms.toFixed(3) : ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

const CONSTANTS = `
import json
from mpmath import mp, mpf, sqrt, cbrt, cos, pi, log, atan, e, phi
mp.dps = 130
s = lambda x: mp.nstr(x, 120, strip_zeros=False)
print(json.dumps({"sqrt2p3": s(sqrt(2)+sqrt(3)), "sqrt2cbrt3": s(sqrt(2)+cbrt(3)), "cos2pi7": s(cos(2*pi/7)), "phi": s(+phi),
  "ln2": s(log(2)), "ln3": s(log(3)), "ln6": s(log(6)), "pi4": s(pi/4), "at5": s(atan(mpf(1)/5)), "at239": s(atan(mpf(1)/239)),
  "pi": s(+pi), "e": s(+e)}))
`;

// Each case: values or value+degree, max_height, digits; mpmath's answer and best time (ms).
const MPMATH = `
import json, sys, time
from mpmath import mp, mpf, pslq, findpoly
cases = json.load(sys.stdin); runs = int(sys.argv[1]); out = []
for c in cases:
    mp.dps = c["digits"]
    ts = []; res = None
    for _ in range(runs):
        t = time.perf_counter()
        if "values" in c:
            res = pslq([mpf(v) for v in c["values"]], maxcoeff=c["max_height"], maxsteps=10**6)
        else:
            res = findpoly(mpf(c["value"]), c["degree"], maxcoeff=c["max_height"], maxsteps=10**6)
        ts.append((time.perf_counter() - t) * 1000)
    out.append({"ms": min(ts), "answer": [int(x) for x in res] if res else None})
print(json.dumps(out))
`;

interface Case {
  readonly name: string;
  readonly input: RelationInput;
}

/** The engine's answer (coefficients; empty when none) and the best time of `runs` calls (wall and core). */
async function timeEngine(e: Engine, c: Case, runs: number): Promise<{ answer: number[]; ms: number; core: number }> {
  const req: EngineRequest = { command: 'relation', problem: canonicalRelation(c.input), effort: 'medium', seed: 0 };
  const walls: number[] = [];
  const cores: number[] = [];
  let r: NumericResult | null = null;
  for (let k = 0; k < runs; k++) {
    const t = performance.now();
    r = (await e.solve(req)) as NumericResult;
    walls.push(performance.now() - t);
    cores.push(r.engineMs);
  }
  return { answer: Array.from(r!.answer), ms: Math.min(...walls), core: Math.min(...cores) };
}

function mpmath(cases: readonly Case[], runs: number): { ms: number; answer: number[] | null }[] | null {
  try {
    const input = JSON.stringify(cases.map((c) => ({ ...c.input, max_height: c.input.max_height, digits: c.input.digits })));
    return JSON.parse(execFileSync('python3', ['-c', MPMATH, String(runs)], { input, encoding: 'utf8', maxBuffer: 1 << 26 }));
  } catch {
    return null;
  }
}

/** The same relation up to sign (mpmath does not normalise the sign). */
const sameUpToSign = (a: readonly number[] | null, b: readonly number[]): boolean =>
  a !== null && a.length === b.length && (a.every((x, i) => x === b[i]) || a.every((x, i) => -x === b[i]));

export async function benchRelation(ts: Engine, native: Engine | null): Promise<string> {
  const runs = Number(process.env.BENCH_RELATION_RUNS ?? 15);
  let K: Record<string, string>;
  try {
    K = JSON.parse(execFileSync('python3', ['-c', CONSTANTS], { encoding: 'utf8' }));
  } catch {
    return '## relation\n\nskipped: python3 with mpmath is needed for the known constants';
  }
  const h = 1e6;
  const known: Case[] = [
    { name: '√2+√3, degree 4', input: { value: K.sqrt2p3, degree: 4, max_height: h, digits: 50 } },
    { name: '√2+∛3, degree 6', input: { value: K.sqrt2cbrt3, degree: 6, max_height: h, digits: 50 } },
    { name: 'cos(2π/7), degree 3', input: { value: K.cos2pi7, degree: 3, max_height: h, digits: 50 } },
    { name: 'golden ratio, degree 6', input: { value: K.phi, degree: 6, max_height: h, digits: 50 } },
    { name: 'ln 6, ln 2, ln 3', input: { values: [K.ln6, K.ln2, K.ln3], max_height: h, digits: 50 } },
    { name: 'Machin: π/4, atan 1/5, atan 1/239', input: { values: [K.pi4, K.at5, K.at239], max_height: h, digits: 50 } },
    { name: 'π, e, 1 (max_height 100)', input: { values: [K.pi, K.e, '1'], max_height: 100, digits: 50 } },
    { name: 'π, degree 4 (max_height 1000)', input: { value: K.pi, degree: 4, max_height: 1000, digits: 50 } },
  ];
  const alg = randomAlgebraic(2026, 50, { maxDegree: 8, maxCoeff: 5, digits: 110 });
  const random = (digits: number): Case[] => alg.map((a, i) => ({ name: `algebraic #${i} (degree ${a.poly.length - 1})`, input: { value: a.value, degree: a.poly.length - 1, max_height: h, digits } }));
  const out: string[] = ['## relation', ''];
  const engines: [string, Engine][] = native ? [['native', native], ['ts', ts]] : [['ts', ts]];

  const rows: (string | number)[][] = [];
  const mpK = mpmath(known, runs);
  for (const [i, c] of known.entries()) {
    const res: Record<string, { answer: number[]; ms: number; core: number }> = {};
    for (const [name, e] of engines) res[name] = await timeEngine(e, c, runs);
    const n = res.native ?? res.ts;
    if (native && JSON.stringify(res.native.answer) !== JSON.stringify(res.ts.answer)) throw new Error(`relation bench: engines disagree on ${c.name}`);
    const mp = mpK?.[i];
    rows.push([
      c.name, n.answer.length ? `[${n.answer.join(', ')}]` : 'none',
      native ? fmt(res.native.core) : '-', native ? fmt(res.native.ms) : '-', fmt(res.ts.ms), mp ? fmt(mp.ms) : '-',
      mp ? (mp.answer === null ? 'none' : sameUpToSign(mp.answer, n.answer) ? 'same' : `[${mp.answer.join(', ')}]`) : '-',
      mp && native ? (mp.ms / res.native.core).toFixed(1) : '-', mp && native ? (mp.ms / res.native.ms).toFixed(1) : '-',
    ]);
  }
  out.push('Known cases at 50 digits (ms, best of ' + runs + ' calls each):', '');
  out.push(table(['case', 'answer', 'native core', 'native call', 'TS', 'mpmath', 'mpmath answer', 'mpmath / native core', 'mpmath / native call'], rows));

  const summary: (string | number)[][] = [];
  for (const digits of [100, 60]) {
    const cases = random(digits);
    const mp = mpmath(cases, digits === 100 ? runs : 3);
    const tot: Record<string, number> = { native: 0, core: 0, ts: 0, mp: 0 };
    let found = 0, mpFound = 0, irreducible = 0;
    const ratios: number[] = [];
    for (const [i, c] of cases.entries()) {
      const res: Record<string, { answer: number[]; ms: number; core: number }> = {};
      for (const [name, e] of engines) res[name] = await timeEngine(e, c, digits === 100 ? runs : 3);
      if (native && JSON.stringify(res.native.answer) !== JSON.stringify(res.ts.answer)) throw new Error(`relation bench: engines disagree on ${c.name}`);
      const a = (res.native ?? res.ts).answer;
      const asc = a.map((x) => BigInt(x)).reverse();
      if (a.length > 1 && polyRemainder(alg[i].poly, asc).length === 0) found++;
      if (a.length === alg[i].poly.length) irreducible++;
      for (const name of Object.keys(res)) tot[name] += res[name].ms;
      if (native) tot.core += res.native.core;
      if (mp) {
        tot.mp += mp[i].ms;
        if (mp[i].answer !== null && sameUpToSign(mp[i].answer, a)) mpFound++;
        if (native) ratios.push(mp[i].ms / res.native.core);
      }
    }
    summary.push([
      digits, `${found}/50`, irreducible, native ? fmt(tot.core) : '-', native ? fmt(tot.native) : '-', fmt(tot.ts), mp ? fmt(tot.mp) : '-', mp ? `${mpFound}/50` : '-',
      mp && native ? (tot.mp / tot.core).toFixed(1) : '-', mp && native ? (tot.mp / tot.native).toFixed(1) : '-', ratios.length ? Math.min(...ratios).toFixed(1) : '-', ratios.length ? median(ratios).toFixed(1) : '-',
    ]);
  }
  out.push('', '50 random algebraic numbers (degree 2..8, |coefficients| ≤ 5, max_height 10^6): found = a factor of the generating polynomial with the root; "= p" = the generating polynomial itself (it was irreducible); totals in ms:', '');
  out.push(table(['digits', 'found', '= p', 'native core', 'native call', 'TS', 'mpmath', 'mpmath same answer', 'mpmath / core (totals)', 'mpmath / call (totals)', 'mpmath / core, min per case', 'median per case'], summary));
  return out.join('\n');
}
