/**
 * design: tabu search in the TabuCol manner over the hard sites with an incremental table
 * gamma[s][v], and sweeps of best single-site moves when that table would pass GAMMA_CAP (step 3 of
 * solve.ts's specification; libs/engine-native/src/core/design/tabu.cc follows it step for step).
 */
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import type { DesignProblem } from './problem';
import { type Work, type Adjacency, biasRow, siteFloor, degreeOf, addCostRow, partEnergy } from './model';

/** Largest hardSites·K whose gamma table the tabu search keeps (8 + 4 bytes per cell). */
export const GAMMA_CAP = 1 << 23;

/** Tabu search over the hard sites (x holds the start; on return the best found). Returns its energy. */
export function tabuSearch(
  p: DesignProblem, adj: Adjacency, hard: Int32Array, x: Int32Array, iters: number, workCap: number,
  target: number, tol: number, rowMin: Float64Array, rng: Prng, limits: Limits, work: Work,
): { energy: number; spent: number } {
  const K = p.K;
  const h = hard.length;
  let energy = partEnergy(p, adj, hard, x);
  if (K === 1 || h === 0) return { energy, spent: 0 };
  if (h * K > GAMMA_CAP) return sweeps(p, adj, hard, x, iters, workCap, energy, tol, limits, work);
  const local = new Int32Array(p.L).fill(-1);
  for (let t = 0; t < h; t++) local[hard[t]] = t;
  const gamma = new Float64Array(h * K);
  const floor = new Float64Array(h);
  const row = new Float64Array(K);
  for (let t = 0; t < h; t++) {
    const s = hard[t];
    biasRow(p, s, gamma, t * K);
    for (let e = adj.start[s]; e < adj.start[s + 1]; e++) addCostRow(p, gamma, t * K, x[adj.nbr[e]], adj.mult[e]);
    floor[t] = siteFloor(p, s, degreeOf(adj, s), rowMin, row);
  }
  // The active sites: gamma at their value above their floor.
  const active = new Int32Array(h);
  const pos = new Int32Array(h).fill(-1);
  let nActive = 0;
  const refresh = (t: number): void => {
    const on = gamma[t * K + x[hard[t]]] > floor[t] + tol;
    if (on && pos[t] < 0) {
      pos[t] = nActive;
      active[nActive++] = t;
    } else if (!on && pos[t] >= 0) {
      const last = active[--nActive];
      active[pos[t]] = last;
      pos[last] = pos[t];
      pos[t] = -1;
    }
  };
  for (let t = 0; t < h; t++) refresh(t);
  const tabu = new Int32Array(h * K);
  const bestX = new Int32Array(h);
  for (let t = 0; t < h; t++) bestX[t] = x[hard[t]];
  let best = energy;
  let dirty = false; // x is at the best energy and bestX is stale
  let spent = 0;
  let it = 0;
  for (; it < iters; it++) {
    if (best <= target + tol) break;
    if ((it & 255) === 0 && limits.check()) break;
    if (spent > workCap) break;
    let bestD = Infinity;
    let mt = -1;
    let mv = -1;
    let ties = 0;
    for (let q = 0; q < nActive; q++) {
      const t = active[q];
      const cur = x[hard[t]];
      const base = t * K;
      const g0 = gamma[base + cur];
      for (let v = 0; v < K; v++) {
        if (v === cur) continue;
        const d = gamma[base + v] - g0;
        if (d > bestD) continue;
        if (tabu[base + v] > it && !(energy + d < best - tol)) continue;
        if (d < bestD) {
          bestD = d;
          mt = t;
          mv = v;
          ties = 1;
        } else if (rng.nextInt(++ties) === 0) {
          mt = t;
          mv = v;
        }
      }
    }
    spent += nActive * K;
    if (mt < 0) {
      mt = nActive > 0 ? active[rng.nextInt(nActive)] : rng.nextInt(h);
      const cur = x[hard[mt]];
      mv = rng.nextInt(K - 1);
      if (mv >= cur) mv++;
      bestD = gamma[mt * K + mv] - gamma[mt * K + cur];
    }
    if (bestD > 0 && dirty) {
      for (let t = 0; t < h; t++) bestX[t] = x[hard[t]];
      dirty = false;
    }
    const s = hard[mt];
    const old = x[s];
    x[s] = mv;
    energy += bestD;
    tabu[mt * K + old] = it + Math.floor(0.6 * nActive) + rng.nextInt(10);
    for (let e = adj.start[s]; e < adj.start[s + 1]; e++) {
      const u = local[adj.nbr[e]];
      const mu = adj.mult[e];
      addCostRow(p, gamma, u * K, mv, mu);
      addCostRow(p, gamma, u * K, old, -mu);
      refresh(u);
    }
    refresh(mt);
    spent += (adj.start[s + 1] - adj.start[s]) * K;
    if (energy < best) {
      best = energy;
      dirty = true;
    }
  }
  work.iterations += it;
  if (!dirty) for (let t = 0; t < h; t++) x[hard[t]] = bestX[t];
  return { energy: partEnergy(p, adj, hard, x), spent };
}

/** Without a gamma table: sweeps of the best single-site move (lowest value on ties) until none improves. */
function sweeps(
  p: DesignProblem, adj: Adjacency, hard: Int32Array, x: Int32Array, iters: number, workCap: number,
  energy: number, tol: number, limits: Limits, work: Work,
): { energy: number; spent: number } {
  const K = p.K;
  const row = new Float64Array(K);
  let spent = 0;
  let moves = 0;
  for (let sweep = 0; sweep < iters && spent <= workCap; sweep++) {
    let improved = false;
    for (let t = 0; t < hard.length; t++) {
      if ((t & 1023) === 0 && limits.check()) break;
      const s = hard[t];
      biasRow(p, s, row);
      for (let e = adj.start[s]; e < adj.start[s + 1]; e++) addCostRow(p, row, 0, x[adj.nbr[e]], adj.mult[e]);
      spent += (1 + adj.start[s + 1] - adj.start[s]) * K;
      let b = x[s];
      for (let v = 0; v < K; v++) if (row[v] < row[b] - tol) b = v;
      if (b !== x[s]) {
        energy += row[b] - row[x[s]];
        x[s] = b;
        improved = true;
        moves++;
      }
    }
    if (!improved || limits.stopped !== null) break;
  }
  work.iterations += moves;
  return { energy: partEnergy(p, adj, hard, x), spent };
}
