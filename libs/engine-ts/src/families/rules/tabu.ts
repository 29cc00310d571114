/**
 * rules: the penalty tabu search (libs/engine-native/src/core/rules/tabu.cc follows it step for step
 * and with the same generator calls).
 *
 * Penalty tabu search with breakout weights. Rule r costs wt_r·dev_r(T), dev = 0 inside
 * [lo, hi], else 1 + the distance to it (being violated counts, and so does how far).
 * Score S = Σ_r wt_r·dev_r + E(x); every weight starts at P = 1 + max_i (|h_i| + Σ_j |w_ij|)
 * (one unit of violation outweighs any single flip's change of the objective).
 * delta[v] = pen[v] + (x_v ? −f_v : f_v) with f_v = h_v + Σ_j w_vj x_j and pen[v] = Σ over
 * occ(v) of wt_r·cT(T) when v's literal is true, else wt_r·cF(T), where
 * cT(T) = dev(T − 1) − dev(T) and cF(T) = dev(T + 1) − dev(T). Flipping v updates T of its
 * rules; when (cT, cF) of a rule changes every member's pen changes, else only v's.
 * One move (moves = moves made so far in this run):
 *   1. r = nextInt(n); v = select(r): the first i in cyclic order r, r+1, …, n−1, 0, …, r−1
 *      with the smallest delta[i] among i with tabuUntil[i] <= moves or
 *      delta[i] < bestS − S (aspiration; bestS = lowest S since the weights last changed).
 *   2. If some rule is violated and (no i is admissible or delta[v] >= 0): breakout — the
 *      weight of every violated rule grows by P when at most 32 are violated, else that of 32
 *      drawn by vList[nextInt(V)] (the violated list in its swap-remove order); then bestS = S
 *      and v = select(r) again.
 *   3. v = r if still none; flip v; moves += 1; tabuUntil[v] = moves + tenureBase +
 *      nextInt(tenureSpan).
 *   4. The global best is the lexicographically smallest (violations, E − epsE) seen; the phase
 *      improves on the same comparison against its own best.
 * Start: x_i = 1 iff h_i < 0 (or the given start). A phase ends after `stall` moves without
 * improving; the next starts from the global best with k random flips (partial Fisher–Yates
 * over 0..n−1, k = perturbMin after a phase that improved the global best, else
 * min(k + perturbStep, perturbMax)), every weight back to P, tabu cleared, everything
 * recomputed from scratch. A run stops after its moves, or as soon as the best has no violation
 * and E <= Σ min(0, h_i) + Σ min(0, w_ij) + epsE (nothing can beat it).
 * Limits are polled before the first move and whenever moves % 1024 = 0.
 */
import { Prng } from '../../prng';
import type { RulesBudget } from './budget';
import { BestTracker } from '../../kernels/flip-state';
import { Limits } from '../../kernels/model';
import { selectByScan } from '../../kernels/move-scan';
import { TreeSelector } from '../../kernels/tree-selector';
import type { RulesEncoding } from './encoding';

/** Most rules a breakout step reweighs (it costs Σ their sizes). */
const BUMP_MAX = 32;

interface TabuOutcome {
  readonly x: Uint8Array;
  readonly moves: number;
  readonly phases: number;
}

/** The penalty tabu search: at most `maxMoves` moves from `start` (null: x_i = 1 iff h_i < 0). */
export function rulesTabu(
  enc: RulesEncoding, b: RulesBudget, maxMoves: number, rng: Prng, limits: Limits, epsE: number, start: Uint8Array | null,
): TabuOutcome {
  const { n, lo, hi, litStart, litVar, litNeg, occStart, occRule, occNeg, h } = enc;
  const R = enc.rules;
  const { offsets, neighbours, weights } = enc.adj;
  let P = 0;
  let lowest = 0;
  for (let i = 0; i < n; i++) {
    let s = Math.abs(h[i]);
    if (h[i] < 0) lowest += h[i];
    for (let q = offsets[i]; q < offsets[i + 1]; q++) {
      s += Math.abs(weights[q]);
      if (neighbours[q] > i && weights[q] < 0) lowest += weights[q];
    }
    if (s > P) P = s;
  }
  P += 1;

  const x = new Uint8Array(n);
  if (start !== null) x.set(start);
  else for (let i = 0; i < n; i++) x[i] = h[i] < 0 ? 1 : 0;
  const T = new Int32Array(R);
  const wt = new Float64Array(R).fill(P);
  const pen = new Float64Array(n);
  const f = new Float64Array(n);
  const delta = new Float64Array(n);
  // The violated rules as an unordered list with positions (O(1) insert and delete).
  const vList = new Int32Array(R);
  const vPos = new Int32Array(R).fill(-1);
  let V = 0;
  let E = 0;
  let S = 0;
  // Penalty of rule r at count t, in units of its weight: 1 for being violated plus the distance.
  const dev = (t: number, r: number): number => (t < lo[r] ? 1 + lo[r] - t : t > hi[r] ? 1 + t - hi[r] : 0);
  const cT = (t: number, r: number): number => dev(t - 1, r) - dev(t, r);
  const cF = (t: number, r: number): number => dev(t + 1, r) - dev(t, r);
  const setBad = (r: number, isBad: boolean): void => {
    if (isBad === (vPos[r] >= 0)) return;
    if (isBad) {
      vPos[r] = V;
      vList[V++] = r;
    } else {
      const at = vPos[r];
      const last = vList[--V];
      vList[at] = last;
      vPos[last] = at;
      vPos[r] = -1;
    }
  };

  const sel = b.useTrees ? new TreeSelector(n, b.tenureBase + b.tenureSpan + 1) : null;
  const refresh = (u: number): void => {
    const d = pen[u] + (x[u] !== 0 ? -f[u] : f[u]);
    delta[u] = d;
    sel?.update(u, d);
  };
  const recompute = (): void => {
    for (let q = 0; q < V; q++) vPos[vList[q]] = -1;
    V = 0;
    S = 0;
    for (let r = 0; r < R; r++) {
      let t = 0;
      for (let q = litStart[r]; q < litStart[r + 1]; q++) t += x[litVar[q]] ^ litNeg[q];
      T[r] = t;
      setBad(r, t < lo[r] || t > hi[r]);
      S += wt[r] * dev(t, r);
    }
    E = 0;
    for (let i = 0; i < n; i++) {
      let fi = h[i];
      for (let q = offsets[i]; q < offsets[i + 1]; q++) if (x[neighbours[q]] !== 0) fi += weights[q];
      f[i] = fi;
      let pi = 0;
      for (let q = occStart[i]; q < occStart[i + 1]; q++) {
        const r = occRule[q];
        pi += wt[r] * ((x[i] ^ occNeg[q]) !== 0 ? cT(T[r], r) : cF(T[r], r));
      }
      pen[i] = pi;
      delta[i] = pi + (x[i] !== 0 ? -fi : fi);
    }
    // E = Σ h_i x_i + Σ_{i<j} w_ij x_i x_j = Σ_{x_i=1} (h_i + f_i) / 2.
    for (let i = 0; i < n; i++) if (x[i] !== 0) E += (h[i] + f[i]) / 2;
    S += E;
  };
  const flip = (v: number): void => {
    S += delta[v];
    const oldX = x[v];
    x[v] = oldX ^ 1;
    E += oldX !== 0 ? -f[v] : f[v];
    for (let q = occStart[v]; q < occStart[v + 1]; q++) {
      const r = occRule[q];
      const wasTrue = (oldX ^ occNeg[q]) !== 0;
      const told = T[r];
      const tnew = wasTrue ? told - 1 : told + 1;
      T[r] = tnew;
      setBad(r, tnew < lo[r] || tnew > hi[r]);
      const ctO = cT(told, r);
      const cfO = cF(told, r);
      const ctN = cT(tnew, r);
      const cfN = cF(tnew, r);
      const w = wt[r];
      pen[v] += w * ((wasTrue ? cfN : ctN) - (wasTrue ? ctO : cfO));
      if (ctO !== ctN || cfO !== cfN) {
        for (let s = litStart[r]; s < litStart[r + 1]; s++) {
          const u = litVar[s];
          if (u === v) continue;
          pen[u] += w * ((x[u] ^ litNeg[s]) !== 0 ? ctN - ctO : cfN - cfO);
          refresh(u);
        }
      }
    }
    refresh(v);
    const sgn = oldX !== 0 ? -1 : 1;
    for (let q = offsets[v]; q < offsets[v + 1]; q++) {
      const u = neighbours[q];
      f[u] += sgn * weights[q];
      refresh(u);
    }
  };
  // Breakout: violated rules weigh P more (their members' penalties follow) — all of them when
  // at most BUMP_MAX are violated, else BUMP_MAX drawn at random (repeats allowed).
  const bump = (): void => {
    const all = V <= BUMP_MAX;
    const count = all ? V : BUMP_MAX;
    for (let q = 0; q < count; q++) {
      const r = all ? vList[q] : vList[rng.nextInt(V)];
      wt[r] += P;
      const t = T[r];
      S += P * dev(t, r);
      const ct = P * cT(t, r);
      const cf = P * cF(t, r);
      for (let s = litStart[r]; s < litStart[r + 1]; s++) {
        const u = litVar[s];
        pen[u] += (x[u] ^ litNeg[s]) !== 0 ? ct : cf;
        refresh(u);
      }
    }
  };
  const select = (r: number, aspire: number, moves: number, tabuUntil: Int32Array): number => {
    if (sel !== null) {
      sel.expire(moves, delta);
      return sel.select(r, aspire);
    }
    return selectByScan(delta, tabuUntil, r, moves, aspire);
  };

  recompute();
  const tabuUntil = new Int32Array(n);
  sel?.reset(delta);
  // best.energy is the objective E of the best assignment.
  const best = new BestTracker(x, E);
  let bestV = V;
  // Aspiration threshold: the lowest score since the weights last changed.
  let bestS = S;
  let moves = 0;
  let phases = 0;
  let k = b.perturbMin;
  const done = (): boolean => bestV === 0 && best.energy <= lowest + epsE;
  if (limits.check() || done()) return { x: best.materialize(x), moves, phases };

  while (moves < maxMoves) {
    phases++;
    let phaseV = V;
    let phaseE = E;
    let since = 0;
    let improvedGlobal = false;
    while (since < b.stall && moves < maxMoves) {
      if ((moves & 1023) === 0 && moves > 0 && limits.check()) break;
      const r = rng.nextInt(n);
      let v = select(r, bestS - S, moves, tabuUntil);
      if (V > 0 && (v < 0 || delta[v] >= 0)) {
        bump();
        bestS = S;
        v = select(r, bestS - S, moves, tabuUntil);
      }
      if (v < 0) v = r;
      flip(v);
      best.moved(v, x);
      moves++;
      tabuUntil[v] = moves + b.tenureBase + rng.nextInt(b.tenureSpan);
      sel?.makeTabu(v, tabuUntil[v], delta[v]);
      if (S < bestS) bestS = S;
      if (V < bestV || (V === bestV && E < best.energy - epsE)) {
        bestV = V;
        best.improve(E);
        improvedGlobal = true;
        if (done()) break;
      }
      if (V < phaseV || (V === phaseV && E < phaseE - epsE)) {
        phaseV = V;
        phaseE = E;
        since = 0;
      } else {
        since++;
      }
    }
    if (limits.stopped !== null || moves >= maxMoves || done()) break;
    k = improvedGlobal ? b.perturbMin : Math.min(k + b.perturbStep, b.perturbMax);
    x.set(best.materialize(x));
    perturb(x, k, rng);
    // Every phase starts from uniform weights, so the objective matters again.
    wt.fill(P);
    recompute();
    bestS = S;
    tabuUntil.fill(0);
    sel?.reset(delta);
  }
  return { x: Uint8Array.from(best.materialize(x)), moves, phases };
}

/** Flip k distinct variables chosen by a partial Fisher–Yates over 0..n−1. */
function perturb(x: Uint8Array, k: number, rng: Prng): void {
  const n = x.length;
  const kk = Math.min(k, n);
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  for (let t = 0; t < kk; t++) {
    const j = t + rng.nextInt(n - t);
    const tmp = idx[t];
    idx[t] = idx[j];
    idx[j] = tmp;
    x[idx[t]] ^= 1;
  }
}
