/**
 * Section `precision` of `npm run bench`: each operation at 31 and 5240 significant digits, native
 * (MPFR/GMP) against engine-ts on the same requests (their answers must be byte-identical), with
 * mpmath beside them when python3 has it (else Python's decimal), each at the same digits. Times
 * are medians over BENCH_PRECISION_RUNS calls (default 15) after a first call, so constants are
 * cached as they are in a running service (MPFR caches π and ln 2 too); "TS cold" is engine-ts's
 * first call with its constant cache emptied. Native: the core's time per call (what `elapsed_ms`
 * reports) and the whole call through N-API.
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Engine, EngineRequest } from '@svc/engine-ts';
import { canonicalPrecision, clearConstantCache, decimalText } from '@svc/engine-ts/families/precision';
import { table } from './table';

interface Op {
  readonly name: string;
  readonly input: { op: string; x?: string; k?: number; p?: number; q?: number };
  /** The same value in mpmath and in decimal (Python expressions of x, mp and D). */
  readonly mpmath: string;
  readonly decimal: string;
}

const OPS: readonly Op[] = [
  { name: 'sqrt(2)', input: { op: 'sqrt', x: '2' }, mpmath: 'mp.sqrt(mpf(2))', decimal: 'Decimal(2).sqrt(C)' },
  { name: 'nthroot(2, 3)', input: { op: 'nthroot', x: '2', k: 3 }, mpmath: 'mp.cbrt(mpf(2))', decimal: 'C.power(Decimal(2), C.divide(Decimal(1), Decimal(3)))' },
  { name: 'exp(1.2345)', input: { op: 'exp', x: '1.2345' }, mpmath: "mp.exp(mpf('1.2345'))", decimal: "Decimal('1.2345').exp(C)" },
  { name: 'ln(7.5)', input: { op: 'ln', x: '7.5' }, mpmath: "mp.log(mpf('7.5'))", decimal: "Decimal('7.5').ln(C)" },
  { name: 'powq(3.7, 5/7)', input: { op: 'powq', x: '3.7', p: 5, q: 7 }, mpmath: "mp.power(mpf('3.7'), mpf(5)/7)", decimal: "C.power(Decimal('3.7'), C.divide(Decimal(5), Decimal(7)))" },
  { name: 'pi', input: { op: 'pi' }, mpmath: '+mp.pi', decimal: '' },
  { name: 'e', input: { op: 'e' }, mpmath: '+mp.e', decimal: 'Decimal(1).exp(C)' },
  { name: 'ln2', input: { op: 'ln2' }, mpmath: '+mp.ln2', decimal: 'Decimal(2).ln(C)' },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms: number | null) => (ms === null ? '-' : ms < 0.1 ? ms.toFixed(3) : ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

/**
 * Python's timings per op and digits (ms, median of `runs`): mpmath when it imports, else decimal;
 * null where python3 is missing. mpmath's caches are cleared before each timed call of a constant
 * only on the first (cold) call, as for the engines.
 */
function pythonTimes(runs: number): { lib: string; ms: Record<string, number | null> } | null {
  const script = `
import json, sys, time
ops = json.loads(sys.argv[1]); runs = int(sys.argv[2])
try:
    import mpmath
    from mpmath import mp, mpf
    from mpmath.libmp import libelefun
    lib = 'mpmath ' + mpmath.__version__ + ' (' + mpmath.libmp.BACKEND + ')'
except ImportError:
    mp = None
    lib = 'decimal'

def forget():
    # Empties mpmath's constant caches (the memo of constant_memo lives in the wrapped function).
    if mp is None: return
    for g in (libelefun.pi_fixed, libelefun.e_fixed, libelefun.ln2_fixed, libelefun.ln10_fixed):
        for cell in g.__closure__ or ():
            if hasattr(cell.cell_contents, 'memo_prec'): cell.cell_contents.memo_prec = -1
from decimal import Decimal, Context, ROUND_HALF_EVEN
out = {}
for D in (31, 5240):
    C = Context(prec=D, rounding=ROUND_HALF_EVEN, Emax=10**9, Emin=-10**9)
    if mp is not None: mp.dps = D
    for name, mexpr, dexpr in ops:
        expr = mexpr if mp is not None else dexpr
        if not expr:
            out[name + '@' + str(D)] = None
            continue
        f = eval('lambda: ' + expr)
        forget()
        t = time.perf_counter(); f(); out[name + '@' + str(D) + ':cold'] = (time.perf_counter() - t) * 1000
        ts = []
        for _ in range(runs):
            t = time.perf_counter(); f(); ts.append((time.perf_counter() - t) * 1000)
        ts.sort()
        out[name + '@' + str(D)] = ts[len(ts) // 2]
print(json.dumps({'lib': lib, 'ms': out}))
`;
  try {
    const arg = JSON.stringify(OPS.map((o) => [o.name, o.mpmath, o.decimal]));
    return JSON.parse(execFileSync('python3', ['-c', script, arg, String(runs)], { encoding: 'utf8', maxBuffer: 1 << 24 })) as { lib: string; ms: Record<string, number | null> };
  } catch {
    return null;
  }
}

export async function benchPrecision(ts: Engine, native: Engine | null): Promise<string> {
  const runs = Number(process.env.BENCH_PRECISION_RUNS ?? 15);
  const nativeHere = native !== null && native.supports('precision');
  const py = pythonTimes(runs);
  const rows: (string | number)[][] = [];
  for (const digits of [31, 5240]) {
    for (const o of OPS) {
      const req: EngineRequest = { command: 'precision', problem: canonicalPrecision({ ...o.input, digits }), effort: 'medium', seed: 0 };
      clearConstantCache();
      const t0 = performance.now();
      const first = await ts.solve(req);
      const cold = performance.now() - t0;
      const tsMs: number[] = [];
      for (let k = 0; k < runs; k++) {
        const t = performance.now();
        await ts.solve(req);
        tsMs.push(performance.now() - t);
      }
      let coreMs: number | null = null;
      let callMs: number | null = null;
      let same = '-';
      if (nativeHere) {
        const r0 = await native!.solve(req);
        same = decimalText(r0) === decimalText(first) ? 'yes' : 'NO';
        const core: number[] = [];
        const call: number[] = [];
        for (let k = 0; k < runs; k++) {
          const t = performance.now();
          const r = await native!.solve(req);
          call.push(performance.now() - t);
          core.push(r.engineMs);
        }
        coreMs = median(core);
        callMs = median(call);
      }
      const tsMed = median(tsMs);
      const pyMs = py?.ms[`${o.name}@${digits}`] ?? null;
      const pyCold = py?.ms[`${o.name}@${digits}:cold`] ?? null;
      rows.push([
        o.name, digits, fmt(tsMed), fmt(cold), fmt(coreMs), fmt(callMs), same,
        coreMs !== null && coreMs > 0 ? (tsMed / coreMs).toFixed(0) : '-', fmt(pyMs), fmt(pyCold),
      ]);
    }
  }
  const head = [
    '## precision (correctly rounded, half-even)', '',
    `Median of ${runs} calls each (constants cached after the first); TS cold: engine-ts's first call with its constant cache emptied.`,
    nativeHere ? 'Native: MPFR/GMP in the C++ core (core = its own time per call, call = through N-API and the thread pool).' : 'Native: not in this build (addon missing, or built without MPFR): "-".',
    py ? `Python: ${py.lib} at the same digits (not correctly rounded; time only); cold: its constant caches emptied first.` : 'Python: python3 not found: "-".', '',
  ];
  const lib = py ? py.lib.split(' ')[0] : 'python';
  return [...head, table(['op', 'digits', 'TS ms', 'TS cold ms', 'native core ms', 'native call ms', 'same text', 'TS/native', `${lib} ms`, `${lib} cold ms`], rows)].join('\n');
}
