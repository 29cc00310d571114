/**
 * select: the swap tabu search over the gains of solve.ts (libs/engine-native/src/core/select/tabu.cc
 * follows it step for step and with the same generator calls).
 *
 * Tabu search (moves counted over all phases; `mem` and `out` are the member and outsider
 * lists, swapped in place: mem[pos] = v, out[pos'] = u):
 *   start: greedy — k times add the outsider with the largest g (ties: lower index).
 *   move: if k·(m−k) <= fullScanPairs, every pair (u in mem order, v in out order) is scanned;
 *     a pair is admissible when tabuUntil[u] <= moves and tabuUntil[v] <= moves, or when
 *     V + Δ > bestV + eps (aspiration); the first strictly largest admissible Δ wins, and when
 *     none is admissible the first strictly largest Δ overall. Else candidate lists: the
 *     `candidates` non-tabu members with the smallest g and the `candidates` non-tabu
 *     outsiders with the largest g (ties: lower index; a list ignores tabu when it would be
 *     empty), all their pairs scanned in list order, first strictly largest Δ.
 *   after a swap: moves += 1; tabuUntil[u] = moves + tenureInBase + nextInt(tenureInSpan)
 *     (u may not re-enter), then tabuUntil[v] = moves + tenureOutBase + nextInt(tenureOutSpan).
 *   A phase ends after `stall` moves without beating its own best by eps; the next phase
 *   restarts from the global best (gains recomputed from scratch), applies p random swaps
 *   (u = mem[nextInt(k)], v = out[nextInt(m−k)]), clears tabu; p = perturbMin after a phase
 *   that improved the global best, else min(p + perturbStep, perturbMax).
 *   Limits are polled every 64 moves. eps = 1e-12·(1 + Σ|a| + Σ_{i<j}|R_ij|).
 */
import type { SelectProblem } from './problem';
import { Prng } from '../../prng';
import type { SelectBudget } from './budget';
import { Limits } from '../../kernels/model';

interface TabuOutcome {
  readonly chosen: Uint8Array;
  readonly moves: number;
  readonly phases: number;
}

export function selectTabu(p: SelectProblem, b: SelectBudget, rng: Prng, limits: Limits, eps: number): TabuOutcome {
  const m = p.n;
  const k = p.k;
  const a = p.affinity;
  const R = p.redundancy as Float64Array;
  const outN = m - k;
  const g = new Float64Array(m);
  const inS = new Uint8Array(m);
  const mem = new Int32Array(k);
  const out = new Int32Array(outN);
  const pos = new Int32Array(m);
  let V = selectGreedy(p, g, inS);
  const rebuildLists = (): void => {
    let s = 0;
    let o = 0;
    for (let i = 0; i < m; i++) {
      if (inS[i] !== 0) { pos[i] = s; mem[s++] = i; } else { pos[i] = o; out[o++] = i; }
    }
  };
  rebuildLists();

  const swap = (u: number, v: number, delta: number): void => {
    V += delta;
    const ru = u * m;
    const rv = v * m;
    for (let j = 0; j < m; j++) g[j] += R[ru + j] - R[rv + j];
    inS[u] = 0;
    inS[v] = 1;
    const pu = pos[u];
    const pv = pos[v];
    mem[pu] = v;
    pos[v] = pu;
    out[pv] = u;
    pos[u] = pv;
  };

  const best = new Uint8Array(inS);
  let bestV = V;
  const tabuUntil = new Int32Array(m);
  const L = b.candidates;
  const full = k * outN <= b.fullScanPairs;
  const candOut = new Int32Array(L);
  const candIn = new Int32Array(L);
  let moves = 0;
  let phases = 0;
  let strength = b.perturbMin;
  if (limits.check()) return { chosen: best, moves, phases };

  while (moves < b.tabuMoves) {
    phases++;
    let phaseBest = V;
    let since = 0;
    let improvedGlobal = false;
    while (since < b.stall && moves < b.tabuMoves) {
      if ((moves & 63) === 0 && moves > 0 && limits.check()) break;
      let bu = -1;
      let bv = -1;
      let bd = -Infinity;
      if (full) {
        let fu = -1;
        let fv = -1;
        let fd = -Infinity;
        const aspire = bestV + eps - V;
        for (let s = 0; s < k; s++) {
          const u = mem[s];
          const gu = g[u];
          const ru = u * m;
          const uFree = tabuUntil[u] <= moves;
          for (let o = 0; o < outN; o++) {
            const v = out[o];
            const d = g[v] - gu + R[ru + v];
            if (d > fd) { fd = d; fu = u; fv = v; }
            if (d > bd && ((uFree && tabuUntil[v] <= moves) || d > aspire)) { bd = d; bu = u; bv = v; }
          }
        }
        if (bu < 0) { bu = fu; bv = fv; bd = fd; }
      } else {
        let no = pickCandidates(mem, g, tabuUntil, moves, L, candOut, true, false);
        if (no === 0) no = pickCandidates(mem, g, tabuUntil, moves, L, candOut, true, true);
        let ni = pickCandidates(out, g, tabuUntil, moves, L, candIn, false, false);
        if (ni === 0) ni = pickCandidates(out, g, tabuUntil, moves, L, candIn, false, true);
        for (let s = 0; s < no; s++) {
          const u = candOut[s];
          const gu = g[u];
          const ru = u * m;
          for (let o = 0; o < ni; o++) {
            const v = candIn[o];
            const d = g[v] - gu + R[ru + v];
            if (d > bd) { bd = d; bu = u; bv = v; }
          }
        }
      }
      swap(bu, bv, bd);
      moves++;
      tabuUntil[bu] = moves + b.tenureInBase + rng.nextInt(b.tenureInSpan);
      tabuUntil[bv] = moves + b.tenureOutBase + rng.nextInt(b.tenureOutSpan);
      if (V > phaseBest + eps) {
        phaseBest = V;
        since = 0;
        if (V > bestV + eps) {
          bestV = V;
          best.set(inS);
          improvedGlobal = true;
        }
      } else {
        since++;
      }
    }
    if (limits.stopped !== null || moves >= b.tabuMoves) break;
    strength = improvedGlobal ? b.perturbMin : Math.min(strength + b.perturbStep, b.perturbMax);
    // Restart from the global best, gains from scratch (this also bounds float drift).
    inS.set(best);
    g.set(a);
    for (let i = 0; i < m; i++) {
      if (inS[i] === 0) continue;
      const row = i * m;
      for (let j = 0; j < m; j++) g[j] -= R[row + j];
    }
    V = 0;
    for (let i = 0; i < m; i++) if (inS[i] !== 0) V += a[i] + g[i];
    V *= 0.5;
    rebuildLists();
    for (let t = 0; t < strength; t++) {
      const u = mem[rng.nextInt(k)];
      const v = out[rng.nextInt(outN)];
      swap(u, v, g[v] - g[u] + R[u * m + v]);
    }
    tabuUntil.fill(0);
  }
  return { chosen: best, moves, phases };
}

/**
 * Up to L non-tabu entries of `list` (all when `ignoreTabu`) with the smallest g (`smallest`)
 * or the largest, ties to the lower index, written sorted into `into`; returns the count.
 */
function pickCandidates(
  list: Int32Array, g: Float64Array, tabuUntil: Int32Array, moves: number, L: number,
  into: Int32Array, smallest: boolean, ignoreTabu: boolean,
): number {
  let cnt = 0;
  for (let s = 0; s < list.length; s++) {
    const i = list[s];
    if (!ignoreTabu && tabuUntil[i] > moves) continue;
    const key = smallest ? g[i] : -g[i];
    // Insertion into the sorted prefix (key, then index); drop past L.
    let q = cnt < L ? cnt : L - 1;
    if (cnt === L) {
      const last = into[L - 1];
      const lk = smallest ? g[last] : -g[last];
      if (key > lk || (key === lk && i > last)) continue;
    } else {
      cnt++;
    }
    while (q > 0) {
      const prev = into[q - 1];
      const pk = smallest ? g[prev] : -g[prev];
      if (pk < key || (pk === key && prev < i)) break;
      into[q] = prev;
      q--;
    }
    into[q] = i;
  }
  return cnt;
}

/**
 * The greedy start (file comment), also the floor of a cut enumeration (solve.ts): k times add the
 * outsider with the largest gain (ties: lower index). inS (all 0 on entry) gets the chosen, g
 * their gains afterwards; returns their value.
 */
export function selectGreedy(p: SelectProblem, g: Float64Array, inS: Uint8Array): number {
  const m = p.n;
  const R = p.redundancy as Float64Array;
  let V = 0;
  g.set(p.affinity);
  for (let t = 0; t < p.k; t++) {
    let v = -1;
    let bv = -Infinity;
    for (let i = 0; i < m; i++) if (inS[i] === 0 && g[i] > bv) { bv = g[i]; v = i; }
    if (v < 0) for (let i = 0; i < m; i++) if (inS[i] === 0) { v = i; break; }
    V += g[v];
    inS[v] = 1;
    const row = v * m;
    for (let j = 0; j < m; j++) g[j] -= R[row + j];
  }
  return V;
}
