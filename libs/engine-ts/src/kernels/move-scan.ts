/**
 * The tabu move scan (step 2 of tabu.ts, also the rules search's): among the admissible
 * variables (free, tabuUntil[i] <= moves, or aspirated, delta[i] < aspire) the first with the
 * smallest delta in cyclic order r, r+1, …, n−1, 0, …, r−1. Returns −1 when nothing is admissible.
 * bucket-selector.ts and tree-selector.ts make the identical choice faster. C++ twin:
 * core/kernels/move_scan.{h,cc}.
 */
export function selectByScan(delta: Float64Array, tabuUntil: Int32Array, r: number, moves: number, aspire: number): number {
  const n = delta.length;
  let v = -1;
  let bestD = Infinity;
  for (let i = r; i < n; i++) {
    const d = delta[i];
    if (d < bestD && (tabuUntil[i] <= moves || d < aspire)) {
      bestD = d;
      v = i;
    }
  }
  for (let i = 0; i < r; i++) {
    const d = delta[i];
    if (d < bestD && (tabuUntil[i] <= moves || d < aspire)) {
      bestD = d;
      v = i;
    }
  }
  return v;
}
