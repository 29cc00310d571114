/** The canonical `milp` problem (problem.ts) from the request's vars, linear, diag and quadratic. */
import type { MilpProblem } from './problem';

export type MilpVarInput = { readonly domain: 'binary' } | { readonly domain: 'continuous'; readonly lo?: number | null; readonly hi?: number | null };

/** Throws a plain Error naming a bad entry or an unbounded variable (the contract has checked before). */
export function canonicalMilp(
  vars: readonly MilpVarInput[], linear?: Readonly<Record<string, number>>, diag?: Readonly<Record<string, number>>,
  quadratic?: readonly (readonly [number, number, number])[],
): MilpProblem {
  const n = vars.length;
  if (n < 1) throw new Error('milp needs at least one variable');
  const binary = new Uint8Array(n);
  const lo = new Float64Array(n);
  const hi = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = vars[i];
    if (v.domain === 'binary') {
      binary[i] = 1;
      hi[i] = 1;
    } else {
      lo[i] = v.lo === undefined || v.lo === null ? -Infinity : v.lo;
      hi[i] = v.hi === undefined || v.hi === null ? Infinity : v.hi;
      if (!(lo[i] <= hi[i])) throw new Error(`vars[${i}]: lo exceeds hi`);
    }
  }
  const vec = (m: Readonly<Record<string, number>> | undefined, what: string): Float64Array => {
    const out = new Float64Array(n);
    for (const [k, x] of Object.entries(m ?? {})) {
      const i = Number(k);
      if (!(Number.isInteger(i) && i >= 0 && i < n) || !Number.isFinite(x)) throw new Error(`${what}["${k}"] is out of range or not finite`);
      out[i] += x;
    }
    return out;
  };
  const c = vec(linear, 'linear');
  const q = vec(diag, 'diag');
  for (let i = 0; i < n; i++) {
    if (!binary[i] && (lo[i] === -Infinity || hi[i] === Infinity) && !(q[i] > 0)) throw new Error(`continuous variable ${i} is unbounded`);
  }
  const merged = new Map<number, number>();
  for (const [a, b, w] of quadratic ?? []) {
    if (a === b || !(a >= 0 && a < n && b >= 0 && b < n) || !Number.isFinite(w)) throw new Error(`quadratic entry [${a}, ${b}, ${w}] is invalid`);
    const key = Math.min(a, b) * n + Math.max(a, b);
    merged.set(key, (merged.get(key) ?? 0) + w);
  }
  const keys = [...merged.keys()].sort((x, y) => x - y);
  const pairs = { i: new Int32Array(keys.length), j: new Int32Array(keys.length), w: new Float64Array(keys.length) };
  keys.forEach((key, k) => {
    pairs.i[k] = Math.floor(key / n);
    pairs.j[k] = key % n;
    pairs.w[k] = merged.get(key)!;
  });
  return { kind: 'milp', n, binary, lo, hi, linear: c, diag: q, pairs };
}
