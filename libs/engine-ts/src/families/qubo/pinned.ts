/**
 * `want`: substitute the pins, solve the reduced QUBO on the free variables with the `optimize`
 * path (exact or heuristic, whatever it does at that size), expand. Specification (the native
 * engine's core/qubo/pinned.cc follows it step for step):
 *
 *   free variables keep their order: free[k] is the k-th unpinned index; old → new is monotone,
 *   so reduced pairs stay sorted with i < j and need no re-merge.
 *   reduced linear a_k = h_free[k], then for every canonical pair (i, j) in order:
 *     both free               → reduced pair (new i, new j, w)
 *     i free, j pinned to 1   → a_new(i) += w        (and symmetrically)
 *     both pinned to 1        → constant += w
 *   constant starts as Σ h_i over pins with value 1 (ascending), before the pairs are added.
 *   Q_full(x) = Q_reduced(y) + constant exactly (in reals).
 *
 * The answer is proven optimal under the pins exactly when the reduced solve is (a reduced
 * problem of 0 free variables has one state: proof 'exhaustive'). A heuristic bound on the
 * reduced problem plus the constant bounds the pinned optimum. The warm start has the pins
 * applied first (a contradicting warm value loses to the pin), and the answer is never worse
 * than that pinned warm start on the full problem.
 */
import type { BinaryResult, CancelSignal, SolveRequest } from '../../base';
import type { QuboProblem } from './problem';
import { evaluateQubo } from './evaluate';
import { applyPins, checkPins } from './pins';
import { solveQuboFamily } from './solve';

export interface PinnedReduction {
  /** The QUBO on the free variables, or null when every variable is pinned. */
  readonly reduced: QuboProblem | null;
  /** free[k] = original index of reduced variable k (ascending). */
  readonly free: Int32Array;
  /** Q_full(expand(y)) = Q_reduced(y) + constant. */
  readonly constant: number;
}

/** Substitutes `p.pins` (required, canonical) into p. O(n + m). */
export function reducePinned(p: QuboProblem): PinnedReduction {
  const pins = p.pins;
  if (pins === undefined) throw new Error('want needs pins');
  checkPins(pins, p.n);
  const n = p.n;
  // state[i]: −1 free, else the pinned value.
  const state = new Int8Array(n).fill(-1);
  for (let k = 0; k < pins.index.length; k++) state[pins.index[k]] = pins.value[k];
  const nFree = n - pins.index.length;
  const free = new Int32Array(nFree);
  const newIndex = new Int32Array(n).fill(-1);
  const linear = new Float64Array(nFree);
  let constant = 0;
  for (let i = 0, k = 0; i < n; i++) {
    if (state[i] === -1) {
      free[k] = i;
      newIndex[i] = k;
      linear[k] = p.linear[i];
      k++;
    } else if (state[i] === 1) {
      constant += p.linear[i];
    }
  }
  const { i: pi, j: pj, w } = p.pairs;
  let m = 0;
  for (let q = 0; q < w.length; q++) if (state[pi[q]] === -1 && state[pj[q]] === -1) m++;
  const ri = new Int32Array(m);
  const rj = new Int32Array(m);
  const rw = new Float64Array(m);
  for (let q = 0, t = 0; q < w.length; q++) {
    const a = state[pi[q]];
    const b = state[pj[q]];
    if (a === -1 && b === -1) {
      ri[t] = newIndex[pi[q]];
      rj[t] = newIndex[pj[q]];
      rw[t] = w[q];
      t++;
    } else if (a === -1) {
      if (b === 1) linear[newIndex[pi[q]]] += w[q];
    } else if (b === -1) {
      if (a === 1) linear[newIndex[pj[q]]] += w[q];
    } else if (a === 1 && b === 1) {
      constant += w[q];
    }
  }
  const reduced: QuboProblem | null = nFree === 0 ? null : { kind: 'qubo', n: nFree, linear, pairs: { i: ri, j: rj, w: rw } };
  return { reduced, free, constant };
}

/** Solves a `want` request synchronously. */
export function solveWant(req: SolveRequest<QuboProblem>, signal?: CancelSignal): BinaryResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'want' || p.kind !== 'qubo') throw new Error('want needs a QUBO problem with pins');
  if (p.sampling !== undefined) throw new Error('want takes no sampling spec');
  const pins = p.pins;
  if (pins === undefined) throw new Error('want needs pins');
  const warm = req.warmStart ?? null;
  if (warm !== null) {
    if (warm.length !== p.n) throw new Error(`warm start has length ${warm.length}, expected ${p.n}`);
    for (let i = 0; i < p.n; i++) if (warm[i] > 1) throw new Error(`warm start[${i}] is not 0 or 1`);
  }
  const { reduced, free, constant } = reducePinned(p);
  const pinnedWarm = warm !== null ? applyPins(warm, pins) : null;

  let answer = applyPins(new Uint8Array(p.n), pins);
  if (reduced === null) {
    return {
      kind: 'binary',
      answer,
      objective: evaluateQubo(p, answer),
      proof: 'exhaustive',
      stoppedAtDeadline: false,
      work: { iterations: 0, nodes: 1, restarts: 0 },
      engineMs: performance.now() - started,
    };
  }
  let reducedWarm: Uint8Array | undefined;
  if (pinnedWarm !== null) {
    reducedWarm = new Uint8Array(free.length);
    for (let k = 0; k < free.length; k++) reducedWarm[k] = pinnedWarm[free[k]];
  }
  const r = solveQuboFamily(
    { command: 'optimize', problem: reduced, effort: req.effort, seed: req.seed, deadlineMs: req.deadlineMs, warmStart: reducedWarm, model: req.model },
    signal,
  );
  for (let k = 0; k < free.length; k++) answer[free[k]] = r.answer[k];
  let objective = evaluateQubo(p, answer);
  if (pinnedWarm !== null) {
    const w = evaluateQubo(p, pinnedWarm);
    if (w < objective) {
      answer = pinnedWarm;
      objective = w;
    }
  }
  return {
    kind: 'binary',
    answer,
    objective,
    proof: r.proof,
    ...(r.proof === null && r.bound !== undefined ? { bound: r.bound + constant } : {}),
    stoppedAtDeadline: r.stoppedAtDeadline,
    work: r.work,
    engineMs: performance.now() - started,
  };
}
