/**
 * The objectives a user can recompute from a request and an answer (docs/contract.md
 * "Re-scoring"), one TypeScript copy each: the service's re-score (libs/service
 * src/commands/<command>/rescore.ts) and `svc verify --local` (apps/cli local-verify.ts) both call
 * them on what they read from the request JSON themselves. Dependency-free, so the small `svc`
 * bundle can carry it. Each sums in the order of the request's own lists.
 */

/** maxcut's cut value: Σ w over the edges [i, j, w] whose ends differ under x. */
export function cutValue(edges: Iterable<ArrayLike<number>>, x: ArrayLike<number>): number {
  let value = 0;
  for (const e of edges) if (x[e[0]] !== x[e[1]]) value += e[2];
  return value;
}

/** The cut value of the complete graph on n unit edges: a·(n − a) for the a nodes on side 1. */
export function completeCutValue(n: number, x: ArrayLike<number>): number {
  let ones = 0;
  for (let k = 0; k < n; k++) ones += x[k] === 1 ? 1 : 0;
  return ones * (n - ones);
}

/** QUBO energy Σ h_i x_i + Σ w_ij x_i x_j of the JSON terms ({i: h} and [i, j, w]; [i, i, w] counts as w x_i). */
export function quboEnergy(linear: Readonly<Record<string, number>> | undefined, quadratic: Iterable<ArrayLike<number>> | undefined, x: ArrayLike<number>): number {
  let value = 0;
  if (linear) for (const key of Object.keys(linear)) if (x[Number(key)] === 1) value += linear[key];
  if (quadratic) for (const t of quadratic) if (x[t[0]] === 1 && x[t[1]] === 1) value += t[2];
  return value;
}

/** xorsat's violated equations under x (a repeated variable cancels by parity). */
export function xorViolations(equations: Iterable<{ readonly vars: readonly number[]; readonly rhs: number }>, x: ArrayLike<number>): number {
  let v = 0;
  for (const eq of equations) {
    let s = eq.rhs;
    for (const i of eq.vars) s ^= x[i];
    v += s & 1;
  }
  return v;
}

/** The length of a closed tour (a permutation of the cities), closing edge included, under the distance d. */
export function closedTourLength(d: (i: number, j: number) => number, tour: ArrayLike<number>): number {
  let len = 0;
  for (let k = 0; k < tour.length; k++) len += d(tour[k], tour[(k + 1) % tour.length]);
  return len;
}

/** qap's cost Σ_ij flow[i][j]·dist[p[i]][p[j]] of the assignment p (facility i at location p[i]). */
export function assignmentCost(flow: readonly (readonly number[])[], dist: readonly (readonly number[])[], p: ArrayLike<number>): number {
  let cost = 0;
  for (let i = 0; i < flow.length; i++) for (let j = 0; j < flow.length; j++) cost += flow[i][j] * dist[p[i]][p[j]];
  return cost;
}

/** rank's disagreements: the comparisons [winner, loser] whose loser the order places before its winner. */
export function disagreements<T>(comparisons: Iterable<readonly [T, T]>, place: (item: T) => number): number {
  let value = 0;
  for (const [winner, loser] of comparisons) if (place(loser) < place(winner)) value++;
  return value;
}
