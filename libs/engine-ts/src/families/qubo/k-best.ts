/**
 * The k lowest-energy distinct states of a QUBO model by exhaustive Gray-code enumeration.
 * Specification (the native engine's core/qubo/k_best.cc follows it step for step):
 *
 *   The walk over states is that of gray-walk.ts (as in exact.ts: same flips, same incremental
 *   energy, same resync every 65536 steps, limits polled every 4096 steps); state t has the Gray
 *   code g = t ^ (t >> 1) (bit i of g = x_i) and is offered once, code 0 (energy 0) first.
 *   A bounded max-heap of size k holds the k first states in the order of sample-order.ts:
 *   (energy, code) ascending. Offer (e, g): below k entries push; else replace the top when
 *   e < top.e, or e == top.e and g < top.g. The kept set is therefore independent of the visit
 *   order: exactly the k smallest (energy, code) pairs of all states visited.
 *
 * O(2^free · (average degree + log k)); memory O(n + k).
 */
import { GrayWalk, grayCode } from '../../kernels/gray-walk';
import type { Limits, Model } from '../../kernels/model';

export { bitsOfCode } from '../../kernels/gray-walk';

export interface KBestResult {
  /** Gray codes of the kept states (heap order; the caller sorts). */
  readonly codes: Uint32Array;
  /** Their model energies as tracked during the enumeration. */
  readonly energies: Float64Array;
  /** True when every one of the 2^free states was visited. */
  readonly complete: boolean;
  /** Gray-code steps taken (states visited − 1). */
  readonly steps: number;
}

export function kBestEnumerate(model: Model, free: number, k: number, limits: Limits): KBestResult {
  const walk = new GrayWalk(model, free, limits);
  if (!Number.isInteger(k) || k < 1) throw new Error(`k must be a positive integer, got ${k}`);
  const total = walk.total;
  const cap = Math.min(k, total);
  const he = new Float64Array(cap);
  const hc = new Uint32Array(cap);
  let size = 0;

  // Max-heap on (energy, code): the top is the worst kept state.
  const worse = (a: number, b: number): boolean => he[a] > he[b] || (he[a] === he[b] && hc[a] > hc[b]);
  const swap = (a: number, b: number): void => {
    const e = he[a];
    he[a] = he[b];
    he[b] = e;
    const c = hc[a];
    hc[a] = hc[b];
    hc[b] = c;
  };
  const siftDown = (): void => {
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= size) return;
      const r = l + 1;
      const c = r < size && worse(r, l) ? r : l;
      if (!worse(c, i)) return;
      swap(c, i);
      i = c;
    }
  };
  const offer = (e: number, g: number): void => {
    if (size < cap) {
      he[size] = e;
      hc[size] = g;
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(i, parent)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (e < he[0] || (e === he[0] && g < hc[0])) {
      he[0] = e;
      hc[0] = g;
      siftDown();
    }
  };

  offer(0, 0);
  while (walk.step()) {
    const energy = walk.energy;
    // Inline fast reject: almost every state is worse than the k-th best.
    if (size < cap || energy <= he[0]) offer(energy, grayCode(walk.t));
  }
  return { codes: hc.slice(0, size), energies: he.slice(0, size), complete: walk.complete, steps: walk.t };
}
