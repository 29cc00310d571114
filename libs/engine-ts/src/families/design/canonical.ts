/** The canonical `design` problem (problem.ts) from the request's L, K, bias, bonds and table or circular. */
import type { DesignProblem } from './problem';

export interface DesignInput {
  readonly L: number;
  readonly K: number;
  readonly bias?: readonly (readonly [number, number, number])[];
  readonly table?: readonly (readonly number[])[];
  readonly bonds?: readonly (readonly [number, number])[];
  readonly circular?: { readonly j: number; readonly scale?: number };
}

/**
 * cos(2πe/K) for 0 ≤ e ≤ K/2, exact where it is rational: at the angles 0, π/3, π/2, 2π/3 and π
 * (Niven: the only ones) it is 1, ½, 0, −½, −1, where Math.cos gives e.g. −0.4999999999999998 for
 * 2π/3 and would round a half the wrong way; elsewhere it is irrational, so −j·scale·cos is never a
 * half and Math.cos is close enough.
 */
function cosTurn(K: number, e: number): number {
  if (e === 0) return 1;
  if (2 * e === K) return -1;
  if (4 * e === K) return 0;
  if (6 * e === K) return 0.5;
  if (3 * e === K) return -0.5;
  return Math.cos((2 * Math.PI * e) / K);
}

/**
 * The quantised cosine coupling of `circular` at value distance d: round(−j·scale·cos(2πd/K)) with
 * halves rounded up, scale 1 by default; d and K − d give the same integer (symmetric by construction).
 * The cosine is exact at its rational values (cosTurn), so a half is a half.
 */
export function circularCost(K: number, j: number, scale: number, d: number): number {
  const e = Math.min(d % K, (K - (d % K)) % K);
  const x = Math.floor(-j * scale * cosTurn(K, e) + 0.5);
  return x === 0 ? 0 : x;
}

/** Throws a plain Error naming a bad entry (the contract has checked the request before). */
export function canonicalDesign(input: DesignInput): DesignProblem {
  const { L, K } = input;
  if (!(Number.isInteger(L) && L >= 1 && Number.isInteger(K) && K >= 1)) throw new Error('design needs integers L >= 1 and K >= 1');
  if (input.table !== undefined && input.circular !== undefined) throw new Error('table and circular are mutually exclusive');

  // Bias: counting sort by site, then by value within a site, duplicates summed.
  const bias = input.bias ?? [];
  const biasStart = new Int32Array(L + 1);
  for (const [s, v, e] of bias) {
    if (!(s >= 0 && s < L && v >= 0 && v < K && Number.isFinite(e))) throw new Error(`bias entry [${s}, ${v}, ${e}] is out of range`);
    biasStart[s + 1]++;
  }
  for (let s = 0; s < L; s++) biasStart[s + 1] += biasStart[s];
  const fill = biasStart.slice(0, L);
  const rawV = new Int32Array(bias.length);
  const rawE = new Float64Array(bias.length);
  for (const [s, v, e] of bias) {
    rawV[fill[s]] = v;
    rawE[fill[s]++] = e;
  }
  const biasValue = new Int32Array(bias.length);
  const biasEnergy = new Float64Array(bias.length);
  let q = 0;
  for (let s = 0; s < L; s++) {
    const a = biasStart[s];
    const b = biasStart[s + 1];
    biasStart[s] = q;
    if (b - a > 1) {
      const idx = Array.from({ length: b - a }, (_, k) => a + k).sort((x, y) => rawV[x] - rawV[y] || x - y);
      for (const k of idx) {
        if (q > biasStart[s] && biasValue[q - 1] === rawV[k]) biasEnergy[q - 1] += rawE[k];
        else {
          biasValue[q] = rawV[k];
          biasEnergy[q++] = rawE[k];
        }
      }
    } else if (b - a === 1) {
      biasValue[q] = rawV[a];
      biasEnergy[q++] = rawE[a];
    }
  }
  biasStart[L] = q;

  // Coupling.
  let coupling: DesignProblem['coupling'] = 'none';
  let cells = new Float64Array(0);
  if (input.table !== undefined) {
    coupling = 'table';
    cells = new Float64Array(K * K);
    if (input.table.length !== K) throw new Error(`table has ${input.table.length} rows, expected ${K}`);
    for (let a = 0; a < K; a++) {
      const row = input.table[a];
      if (row.length !== K) throw new Error(`table row ${a} has ${row.length} entries, expected ${K}`);
      for (let b = 0; b < K; b++) {
        if (!Number.isFinite(row[b])) throw new Error(`table[${a}][${b}] is not a finite number`);
        cells[a * K + b] = row[b];
      }
    }
    for (let a = 0; a < K; a++) for (let b = a + 1; b < K; b++) if (cells[a * K + b] !== cells[b * K + a]) throw new Error(`table is not symmetric at [${a}][${b}]`);
  } else if (input.circular !== undefined) {
    coupling = 'circulant';
    cells = new Float64Array(K);
    const scale = input.circular.scale ?? 1;
    for (let d = 0; d < K; d++) cells[d] = circularCost(K, input.circular.j, scale, d);
  }

  // Bonds: (min, max) keys sorted, duplicates merged into a multiplicity. None when nothing couples.
  const raw = coupling === 'none' ? [] : input.bonds ?? [];
  const keys = new Float64Array(raw.length);
  for (let k = 0; k < raw.length; k++) {
    const [i, j] = raw[k];
    if (!(i >= 0 && i < L && j >= 0 && j < L && i !== j)) throw new Error(`bond [${i}, ${j}] is out of range or joins a site to itself`);
    keys[k] = Math.min(i, j) * L + Math.max(i, j);
  }
  keys.sort();
  let m = 0;
  for (let k = 0; k < keys.length; k++) if (k === 0 || keys[k] !== keys[k - 1]) m++;
  const bondI = new Int32Array(m);
  const bondJ = new Int32Array(m);
  const bondMult = new Float64Array(m);
  let t = -1;
  for (let k = 0; k < keys.length; k++) {
    if (k === 0 || keys[k] !== keys[k - 1]) {
      t++;
      bondI[t] = Math.floor(keys[k] / L);
      bondJ[t] = keys[k] - bondI[t] * L;
    }
    bondMult[t]++;
  }
  return { kind: 'design', n: L, L, K, biasStart, biasValue: biasValue.slice(0, q), biasEnergy: biasEnergy.slice(0, q), bondI, bondJ, bondMult, coupling, cells };
}
