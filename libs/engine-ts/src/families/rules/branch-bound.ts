/**
 * rules: branch and bound with propagation (libs/engine-native/src/core/rules/branch_bound.cc
 * follows it step for step).
 *
 * Branch and bound (DFS over a static order: more occurrences + objective degree first, ties
 * to the lower index; the incumbent's value tried first). V = rules already violated (T > hi
 * or T + unassigned < lo). With the incumbent (V*, E*): a node with V > V* is pruned; at
 * V = V* every rule is hard, so unit propagation runs (T = hi forces the remaining literals
 * false, T + unassigned = lo forces them true; a new violation is a conflict) and the node is
 * pruned when the objective bound is >= E* − epsE. The bound is fixed energy plus, over
 * unassigned i, min(0, eff_i + Σ_{j>i unassigned} min(0, w_ij)) with eff_i = h_i + Σ_{j
 * assigned 1} w_ij. Rules touched while V < V* wait on a stack until the node turns hard.
 * A leaf replaces the incumbent when (V, E) < (V*, E* − epsE). Steps = assignments.
 */
import { Limits } from '../../kernels/model';
import type { RulesEncoding } from './encoding';

interface BnbOutcome {
  readonly x: Uint8Array;
  readonly complete: boolean;
  readonly steps: number;
}

export function rulesBranchAndBound(
  enc: RulesEncoding, incumbent: Uint8Array, incumbentV: number, incumbentE: number,
  stepCap: number, limits: Limits, epsE: number,
): BnbOutcome {
  const { n, lo, hi, litStart, litVar, litNeg, occStart, occRule, occNeg, h } = enc;
  const R = enc.rules;
  const { offsets, neighbours, weights } = enc.adj;

  // Static order: occurrences + objective degree, descending; ties to the lower index.
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const act = (i: number): number => occStart[i + 1] - occStart[i] + offsets[i + 1] - offsets[i];
  order.sort((a, b) => act(b) - act(a) || a - b);

  const val = new Int8Array(n).fill(-1);
  const Tt = new Int32Array(R);
  const Ff = new Int32Array(R);
  const eff = new Float64Array(h);
  const nu = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let q = offsets[i]; q < offsets[i + 1]; q++) if (neighbours[q] > i && weights[q] < 0) s += weights[q];
    nu[i] = s;
  }
  let lbSum = 0;
  for (let i = 0; i < n; i++) lbSum += Math.min(0, eff[i] + nu[i]);
  let fixedE = 0;
  let V = 0;
  const size = (r: number): number => litStart[r + 1] - litStart[r];
  const violated = (r: number): number => (Tt[r] > hi[r] || Tt[r] + (size(r) - Tt[r] - Ff[r]) < lo[r] ? 1 : 0);
  for (let r = 0; r < R; r++) V += violated(r);

  // Trails: assigned variables, per-assignment saved (lbSum, fixedE, objective-trail mark).
  const stack = new Int32Array(n);
  const savedLb = new Float64Array(n);
  const savedFixed = new Float64Array(n);
  const objMark = new Int32Array(n);
  let depth = 0;
  const objTrailCap = 2 * weights.length + 1;
  const trU = new Int32Array(objTrailCap);
  const trEff = new Float64Array(objTrailCap);
  const trNu = new Float64Array(objTrailCap);
  let trLen = 0;
  // Rules waiting for propagation: the stack holds at most one push per literal on a path.
  const pend = new Int32Array(litVar.length + R);
  let pendLen = 0;
  let pendDone = 0;
  for (let r = 0; r < R; r++) pend[pendLen++] = r;

  const best = Uint8Array.from(incumbent);
  let bestV = incumbentV;
  let bestE = incumbentE;
  let steps = 0;
  let aborted = false;

  const assign = (v: number, value: number): void => {
    steps++;
    val[v] = value;
    stack[depth] = v;
    savedLb[depth] = lbSum;
    savedFixed[depth] = fixedE;
    objMark[depth] = trLen;
    depth++;
    for (let q = occStart[v]; q < occStart[v + 1]; q++) {
      const r = occRule[q];
      const before = violated(r);
      if ((value ^ occNeg[q]) !== 0) Tt[r]++;
      else Ff[r]++;
      V += violated(r) - before;
      pend[pendLen++] = r;
    }
    lbSum -= Math.min(0, eff[v] + nu[v]);
    if (value === 1) fixedE += eff[v];
    for (let q = offsets[v]; q < offsets[v + 1]; q++) {
      const u = neighbours[q];
      if (val[u] >= 0) continue;
      const w = weights[q];
      const old = Math.min(0, eff[u] + nu[u]);
      trU[trLen] = u;
      trEff[trLen] = eff[u];
      trNu[trLen] = nu[u];
      trLen++;
      if (u < v && w < 0) nu[u] -= w;
      if (value === 1) eff[u] += w;
      lbSum += Math.min(0, eff[u] + nu[u]) - old;
    }
  };
  const unassignTo = (mark: number): void => {
    while (depth > mark) {
      depth--;
      const v = stack[depth];
      const value = val[v];
      while (trLen > objMark[depth]) {
        trLen--;
        const u = trU[trLen];
        eff[u] = trEff[trLen];
        nu[u] = trNu[trLen];
      }
      lbSum = savedLb[depth];
      fixedE = savedFixed[depth];
      for (let q = occStart[v]; q < occStart[v + 1]; q++) {
        const r = occRule[q];
        const before = violated(r);
        if ((value ^ occNeg[q]) !== 0) Tt[r]--;
        else Ff[r]--;
        V += violated(r) - before;
      }
      val[v] = -1;
    }
  };
  // Hard-mode unit propagation; false on a conflict (a new violation).
  const propagate = (): boolean => {
    while (pendDone < pendLen) {
      const r = pend[pendDone++];
      const sz = size(r);
      const un = sz - Tt[r] - Ff[r];
      if (un === 0) continue;
      let want = -1;
      if (Tt[r] === hi[r]) want = 0;
      else if (Tt[r] + un === lo[r]) want = 1;
      if (want < 0) continue;
      for (let s = litStart[r]; s < litStart[r + 1]; s++) {
        const u = litVar[s];
        if (val[u] >= 0) continue;
        const before = V;
        assign(u, want ^ litNeg[s]);
        if (V > before) return false;
      }
    }
    return true;
  };

  // Iterative DFS (n may be 100,000: no recursion). A frame is a node that branched on v.
  const fV = new Int32Array(n);
  const fFirst = new Uint8Array(n);
  const fTried = new Uint8Array(n);
  const fMark = new Int32Array(n);
  const fCursor = new Int32Array(n);
  const fEntryLen = new Int32Array(n);
  const fEntryDone = new Int32Array(n);
  const fPl = new Int32Array(n);
  const fPd = new Int32Array(n);
  let top = 0;
  let cursor = 0;
  let nextPoll = 1024;

  // Enter nodes downwards until one is pruned or is a leaf (its pend pointers restored then).
  const descend = (): void => {
    for (;;) {
      if (steps > stepCap) aborted = true;
      else if (steps >= nextPoll) {
        nextPoll = steps + 1024;
        if (limits.check()) aborted = true;
      }
      if (aborted || V > bestV) return;
      const entryLen = pendLen;
      const entryDone = pendDone;
      if (V === bestV && (!propagate() || fixedE + lbSum >= bestE - epsE)) {
        pendLen = entryLen;
        pendDone = entryDone;
        return;
      }
      let c = cursor;
      while (c < n && val[order[c]] >= 0) c++;
      if (c === n) {
        if (V < bestV || (V === bestV && fixedE < bestE - epsE)) {
          bestV = V;
          bestE = fixedE;
          for (let i = 0; i < n; i++) best[i] = val[i];
        }
        pendLen = entryLen;
        pendDone = entryDone;
        return;
      }
      const v = order[c];
      fV[top] = v;
      fFirst[top] = best[v];
      fTried[top] = 1;
      fMark[top] = depth;
      fCursor[top] = cursor;
      fEntryLen[top] = entryLen;
      fEntryDone[top] = entryDone;
      fPl[top] = pendLen;
      fPd[top] = pendDone;
      top++;
      cursor = c + 1;
      assign(v, best[v]);
    }
  };
  descend();
  while (top > 0) {
    const t = top - 1;
    unassignTo(fMark[t]);
    pendLen = fPl[t];
    pendDone = fPd[t];
    if (fTried[t] === 1 && !aborted) {
      fTried[t] = 2;
      assign(fV[t], fFirst[t] ^ 1);
      descend();
      continue;
    }
    cursor = fCursor[t];
    pendLen = fEntryLen[t];
    pendDone = fEntryDone[t];
    top--;
  }
  // The root's propagated assignments.
  unassignTo(0);
  return { x: best, complete: !aborted, steps };
}
