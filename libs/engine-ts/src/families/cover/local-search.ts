/**
 * cover: row-weighting local search (in the spirit of Gao, Weise and Li's RWLS, weighted by cost)
 * from the incumbent cover. The native twin, libs/engine-native/src/core/cover/local_search.cc,
 * follows it step for step. Specification:
 *   - Sets taken by the reductions (`fixed`) stay; the search moves the other sets of cost > 0.
 *     Rows are the elements no fixed set covers; every row has weight 1 at the start.
 *   - score_j: for a chosen set, minus the weight of the rows only it covers (what removing it
 *     uncovers); for another set, the weight of the uncovered rows it holds.
 *   - A step: when every row is covered, the cover is kept if cheaper than the best and the chosen
 *     set of largest score_j / c_j (ties: the least recently moved, then the lowest index) goes out.
 *     Otherwise a random uncovered row (Prng) picks, among its sets that did not go out in the last
 *     TABU steps (any of its sets if none), the one of largest score_j / c_j (ties as above) to come
 *     in; then chosen sets other than it go out the same way while the cover costs at least the
 *     best; then every uncovered row gains weight 1.
 * Stops after `steps` steps, a limit, or when the best reaches `lower` (a proven bound).
 */
import type { Limits } from '../../kernels/model';
import type { Prng } from '../../prng';
import type { CoverProblem } from './problem';

/** Steps a set that went out waits before it may come back (measured: 0 and 2 were worse on scpa1/scpb1). */
const TABU = 5;

export interface CoverLocalSearch {
  /** The best cover found (every set: 1 chosen or fixed) and its cost. */
  best: Uint8Array;
  bestCost: number;
  steps: number;
}

/**
 * Improves `start` (a cover including every fixed set, of cost `startCost`); `estart`/`esets` list
 * each element's sets. Returns the best cover (start itself when nothing cheaper was found).
 */
export function coverLocalSearch(
  p: CoverProblem, estart: Int32Array, esets: Int32Array, fixed: Int8Array, start: Uint8Array, startCost: number,
  steps: number, lower: number, tol: number, rng: Prng, limits: Limits,
): CoverLocalSearch {
  const n = p.n;
  const U = p.universe;
  const { cost } = p;
  const x = new Uint8Array(n);
  const row = new Uint8Array(U); // 1: an element the search must cover
  for (let e = 0; e < U; e++) row[e] = 1;
  for (let j = 0; j < n; j++) {
    if (fixed[j] !== 1) continue;
    for (let k = p.start[j]; k < p.start[j + 1]; k++) row[p.elems[k]] = 0;
  }
  const movable = (j: number) => fixed[j] !== 1 && cost[j] > 0;
  const cnt = new Int32Array(U);
  const w = new Float64Array(U).fill(1);
  const score = new Float64Array(n);
  const stamp = new Float64Array(n);
  const removedAt = new Float64Array(n).fill(-Infinity);
  // The chosen movable sets and the uncovered rows, as lists with positions.
  const chosen = new Int32Array(n);
  const chosenAt = new Int32Array(n).fill(-1);
  let nChosen = 0;
  const unc = new Int32Array(U);
  const uncAt = new Int32Array(U).fill(-1);
  let nUnc = 0;
  let cur = 0;
  for (let j = 0; j < n; j++) {
    if (!start[j] || !movable(j)) continue;
    x[j] = 1;
    cur += cost[j];
    chosenAt[j] = nChosen;
    chosen[nChosen++] = j;
    for (let k = p.start[j]; k < p.start[j + 1]; k++) cnt[p.elems[k]]++;
  }
  for (let e = 0; e < U; e++) {
    if (row[e] && cnt[e] === 0) {
      uncAt[e] = nUnc;
      unc[nUnc++] = e;
    }
  }
  for (let j = 0; j < n; j++) {
    if (!movable(j)) continue;
    let s = 0;
    for (let k = p.start[j]; k < p.start[j + 1]; k++) {
      const e = p.elems[k];
      if (!row[e]) continue;
      if (x[j] && cnt[e] === 1) s -= w[e];
      else if (!x[j] && cnt[e] === 0) s += w[e];
    }
    score[j] = s;
  }
  const best = Uint8Array.from(start);
  let bestCost = startCost;
  const fixedCost = startCost - cur;

  /** The first chosen set holding row e other than `except` (the only one when cnt[e] is 1 without it). */
  const otherCover = (e: number, except: number): number => {
    for (let q = estart[e]; q < estart[e + 1]; q++) if (esets[q] !== except && x[esets[q]]) return esets[q];
    return -1;
  };
  let step = 0;
  const add = (j: number) => {
    x[j] = 1;
    cur += cost[j];
    chosenAt[j] = nChosen;
    chosen[nChosen++] = j;
    for (let k = p.start[j]; k < p.start[j + 1]; k++) {
      const e = p.elems[k];
      if (!row[e]) continue;
      const c = ++cnt[e];
      if (c === 1) {
        for (let q = estart[e]; q < estart[e + 1]; q++) if (esets[q] !== j) score[esets[q]] -= w[e];
        const at = uncAt[e];
        const last = unc[--nUnc];
        unc[at] = last;
        uncAt[last] = at;
        uncAt[e] = -1;
      } else if (c === 2) {
        score[otherCover(e, j)] += w[e];
      }
    }
    score[j] = -score[j];
    stamp[j] = step;
  };
  const remove = (j: number) => {
    x[j] = 0;
    cur -= cost[j];
    const at = chosenAt[j];
    const last = chosen[--nChosen];
    chosen[at] = last;
    chosenAt[last] = at;
    chosenAt[j] = -1;
    for (let k = p.start[j]; k < p.start[j + 1]; k++) {
      const e = p.elems[k];
      if (!row[e]) continue;
      const c = --cnt[e];
      if (c === 0) {
        for (let q = estart[e]; q < estart[e + 1]; q++) if (esets[q] !== j) score[esets[q]] += w[e];
        uncAt[e] = nUnc;
        unc[nUnc++] = e;
      } else if (c === 1) {
        score[otherCover(e, j)] -= w[e];
      }
    }
    score[j] = -score[j];
    stamp[j] = step;
    removedAt[j] = step;
  };
  /** Whether a beats b: larger score/cost, then older, then lower index. */
  const better = (a: number, b: number): boolean => {
    const ra = score[a] / cost[a];
    const rb = score[b] / cost[b];
    if (ra !== rb) return ra > rb;
    if (stamp[a] !== stamp[b]) return stamp[a] < stamp[b];
    return a < b;
  };
  const removeBest = (tabu: number): boolean => {
    let bj = -1;
    for (let t = 0; t < nChosen; t++) {
      const j = chosen[t];
      if (j !== tabu && (bj === -1 || better(j, bj))) bj = j;
    }
    if (bj === -1) return false;
    remove(bj);
    return true;
  };
  const keep = () => {
    if (cur + fixedCost < bestCost - tol) {
      bestCost = cur + fixedCost;
      for (let j = 0; j < n; j++) best[j] = fixed[j] === 1 || x[j] ? 1 : 0;
    }
  };
  for (; step < steps; step++) {
    if ((step & 63) === 0 && limits.check()) break;
    if (bestCost <= lower + tol) break;
    if (nUnc === 0) {
      keep();
      removeBest(-1);
      continue;
    }
    const e = unc[rng.nextInt(nUnc)];
    let bj = -1;
    let anyJ = -1;
    for (let q = estart[e]; q < estart[e + 1]; q++) {
      const j = esets[q];
      if (!movable(j) || x[j]) continue;
      if (anyJ === -1 || better(j, anyJ)) anyJ = j;
      if (step - removedAt[j] > TABU && (bj === -1 || better(j, bj))) bj = j;
    }
    if (bj === -1) bj = anyJ;
    if (bj === -1) break; // a row no movable set holds (cannot happen: the start covers it)
    add(bj);
    while (cur + fixedCost >= bestCost - tol && nChosen > 1 && removeBest(bj)) {
      /* out until below the best */
    }
    for (let t = 0; t < nUnc; t++) {
      const r = unc[t];
      w[r] += 1;
      for (let q = estart[r]; q < estart[r + 1]; q++) score[esets[q]] += 1;
    }
  }
  if (nUnc === 0) keep();
  return { best, bestCost, steps: step };
}
