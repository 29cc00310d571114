/**
 * design: the instance as the methods see it (adjacency, row minima, sparse table rows,
 * components) and the helpers they share: cost rows, site floors, the greedy start, part energies
 * (libs/engine-native/src/core/design/model.cc follows it).
 */
import { couplingCost } from './evaluate';
import type { DesignProblem } from './problem';

/** The work every method counts (the result's `work`). */
export interface Work {
  iterations: number;
  nodes: number;
  restarts: number;
}

/** Sites and bonds as an adjacency list (CSR): neighbours nbr[start[s] .. start[s+1]−1] with multiplicity. */
export interface Adjacency {
  readonly start: Int32Array;
  readonly nbr: Int32Array;
  readonly mult: Float64Array;
}

export function adjacencyOf(p: DesignProblem): Adjacency {
  const L = p.L;
  const start = new Int32Array(L + 1);
  const m = p.bondI.length;
  for (let k = 0; k < m; k++) {
    start[p.bondI[k] + 1]++;
    start[p.bondJ[k] + 1]++;
  }
  for (let s = 0; s < L; s++) start[s + 1] += start[s];
  const fill = start.slice(0, L);
  const nbr = new Int32Array(2 * m);
  const mult = new Float64Array(2 * m);
  for (let k = 0; k < m; k++) {
    const i = p.bondI[k];
    const j = p.bondJ[k];
    nbr[fill[i]] = j;
    mult[fill[i]++] = p.bondMult[k];
    nbr[fill[j]] = i;
    mult[fill[j]++] = p.bondMult[k];
  }
  return { start, nbr, mult };
}

/** rowMin[v] = min_b cost(v, b) (one entry for a circulant or no coupling: the same for every v). */
export function rowMinima(p: DesignProblem): Float64Array {
  const K = p.K;
  const r = new Float64Array(K);
  if (p.coupling === 'table') {
    for (let a = 0; a < K; a++) {
      let m = Infinity;
      for (let b = 0; b < K; b++) m = Math.min(m, p.cells[a * K + b]);
      r[a] = m;
    }
  } else if (p.coupling === 'circulant') {
    let m = Infinity;
    for (let d = 0; d < K; d++) m = Math.min(m, p.cells[d]);
    r.fill(m);
  }
  return r;
}

/** The dense bias row of site s into out (length K). */
export function biasRow(p: DesignProblem, s: number, out: Float64Array, offset = 0): void {
  out.fill(0, offset, offset + p.K);
  for (let k = p.biasStart[s]; k < p.biasStart[s + 1]; k++) out[offset + p.biasValue[k]] = p.biasEnergy[k];
}

/** A site's floor min_v(bias(s, v) + f·rowMin[v]). */
export function siteFloor(p: DesignProblem, s: number, f: number, rowMin: Float64Array, row: Float64Array): number {
  biasRow(p, s, row);
  let m = Infinity;
  for (let v = 0; v < p.K; v++) m = Math.min(m, row[v] + f * rowMin[v]);
  return m;
}

export function degreeOf(adj: Adjacency, s: number): number {
  let d = 0;
  for (let e = adj.start[s]; e < adj.start[s + 1]; e++) d += adj.mult[e];
  return d;
}

/** The nonzero entries of each table row (CSR), when at most half the table is nonzero (a colouring's identity). */
export interface SparseRows {
  readonly start: Int32Array;
  readonly col: Int32Array;
  readonly val: Float64Array;
}

const SPARSE = new WeakMap<DesignProblem, SparseRows | null>();

export function sparseRowsOf(p: DesignProblem): SparseRows | null {
  let s = SPARSE.get(p);
  if (s !== undefined) return s;
  s = null;
  if (p.coupling === 'table') {
    const K = p.K;
    let nnz = 0;
    for (let k = 0; k < K * K; k++) if (p.cells[k] !== 0) nnz++;
    if (2 * nnz <= K * K) {
      const start = new Int32Array(K + 1);
      const col = new Int32Array(nnz);
      const val = new Float64Array(nnz);
      let q = 0;
      for (let v = 0; v < K; v++) {
        for (let a = 0; a < K; a++) {
          const c = p.cells[v * K + a];
          if (c !== 0) {
            col[q] = a;
            val[q++] = c;
          }
        }
        start[v + 1] = q;
      }
      s = { start, col, val };
    }
  }
  SPARSE.set(p, s);
  return s;
}

/** Adds m·cost(·, v) to row[offset .. offset+K) (zero costs skipped: the sum is the same). */
export function addCostRow(p: DesignProblem, row: Float64Array, offset: number, v: number, m: number): void {
  const K = p.K;
  if (p.coupling === 'table') {
    const sp = sparseRowsOf(p);
    if (sp !== null) {
      for (let q = sp.start[v]; q < sp.start[v + 1]; q++) row[offset + sp.col[q]] += m * sp.val[q];
      return;
    }
    const c = p.cells;
    const base = v * K;
    for (let a = 0; a < K; a++) row[offset + a] += m * c[base + a];
  } else if (p.coupling === 'circulant') {
    const c = p.cells;
    for (let a = 0; a < K; a++) row[offset + a] += m * c[(a - v + K) % K];
  }
}

/** Components of the bond graph: sites in breadth-first order from each component's lowest site. */
export interface Components {
  readonly order: Int32Array;
  /** Component c is order[start[c] .. start[c+1]−1]. */
  readonly start: number[];
  /** Distinct bonds inside component c. */
  readonly bonds: number[];
}

export function componentsOf(L: number, adj: Adjacency): Components {
  const seen = new Uint8Array(L);
  const order = new Int32Array(L);
  const start: number[] = [];
  const bonds: number[] = [];
  let tail = 0;
  for (let r = 0; r < L; r++) {
    if (seen[r]) continue;
    start.push(tail);
    let head = tail;
    order[tail++] = r;
    seen[r] = 1;
    let ends = 0;
    while (head < tail) {
      const s = order[head++];
      ends += adj.start[s + 1] - adj.start[s];
      for (let e = adj.start[s]; e < adj.start[s + 1]; e++) {
        const u = adj.nbr[e];
        if (!seen[u]) {
          seen[u] = 1;
          order[tail++] = u;
        }
      }
    }
    bonds.push(ends / 2);
  }
  start.push(tail);
  return { order, start, bonds };
}

/** Greedy start of the hard sites (in their order): the value cheapest against the neighbours set so far. */
export function greedy(p: DesignProblem, adj: Adjacency, hard: Int32Array, x: Int32Array): void {
  const K = p.K;
  const set = new Uint8Array(p.L);
  const row = new Float64Array(K);
  for (let t = 0; t < hard.length; t++) {
    const s = hard[t];
    biasRow(p, s, row);
    for (let e = adj.start[s]; e < adj.start[s + 1]; e++) {
      const u = adj.nbr[e];
      if (set[u]) addCostRow(p, row, 0, x[u], adj.mult[e]);
    }
    let best = 0;
    for (let v = 1; v < K; v++) if (row[v] < row[best]) best = v;
    x[s] = best;
    set[s] = 1;
  }
}

/** The energy of the sites in `sites` and of the bonds among them (each bond once). */
export function partEnergy(p: DesignProblem, adj: Adjacency, sites: Int32Array, x: Int32Array): number {
  let e = 0;
  for (let t = 0; t < sites.length; t++) {
    const s = sites[t];
    for (let k = p.biasStart[s]; k < p.biasStart[s + 1]; k++) if (p.biasValue[k] === x[s]) e += p.biasEnergy[k];
    for (let q = adj.start[s]; q < adj.start[s + 1]; q++) {
      const u = adj.nbr[q];
      if (u > s) e += adj.mult[q] * couplingCost(p, x[s], x[u]);
    }
  }
  return e;
}

/** Whether every value is interchangeable: no bias on these sites, one diagonal cost, one off-diagonal cost. */
export function interchangeable(p: DesignProblem, sites: Int32Array): boolean {
  for (const s of sites) if (p.biasStart[s + 1] > p.biasStart[s]) return false;
  const K = p.K;
  if (p.coupling === 'none') return true;
  if (p.coupling === 'circulant') {
    for (let d = 2; d < K; d++) if (p.cells[d] !== p.cells[1]) return false;
    return true;
  }
  const diag = p.cells[0];
  const off = K > 1 ? p.cells[1] : 0;
  for (let a = 0; a < K; a++) for (let b = 0; b < K; b++) if (p.cells[a * K + b] !== (a === b ? diag : off)) return false;
  return true;
}
