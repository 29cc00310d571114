/**
 * Roof duality for a QUBO model (Hammer, Hansen & Simeone 1984; the network form of Boros,
 * Hammer & Tavares 2006): a proven lower bound on min E and variables fixed by persistency.
 * This comment is the specification; core/kernels/roof_dual.cc performs the same operations in order.
 *
 * Posiform. a_i = h_i; for every pair i < j (row i of the CSR, columns j > i, row order):
 * W > 0 gives the term W·x_i·x_j; W < 0 adds W to a_i and gives |W|·x_i·x̄_j (W x_i x_j =
 * W x_i + |W| x_i x̄_j). Then, for i = 0..n−1: a_i > 0 gives a_i·x_i; a_i < 0 adds a_i to the
 * constant c0 and gives |a_i|·x̄_i. So E(x) = c0 + (sum of the terms), all coefficients ≥ 0.
 *
 * Network. Node 0 = T (true), 1 = F (false), 2 + 2i = x_i, 3 + 2i = x̄_i; the complement of
 * node v is v ^ 1. A term c·u·v gives arcs u → v̄ and v → ū of capacity c/2; a linear term c·u
 * gives u → F and T → ū of capacity c/2. Arcs are added in term order (pairs, then linear
 * terms), each with its reverse (capacity 0) at the next index.
 *
 * Any feasible T→F flow of value ν proves min E ≥ c0 + ν (averaging it with its mirror image
 * gives a symmetric flow, whose residual network is a posiform of E with constant c0 + ν); a
 * maximum flow gives the roof dual. The flow is Dinic's: BFS levels from T over arcs with
 * residual > 0 (adjacency in insertion order), then augmenting paths found by an iterative DFS
 * with current-arc pointers, each pushing its bottleneck. Work = arcs scanned; when it exceeds the
 * limit, or the limits fire (polled at every phase and every 65536 units of work), the flow so
 * far stands (the bound is still valid, nothing is fixed).
 *
 * Persistency. After a maximum flow: symmetrise (f'(e) = (f(e) + f(mirror e)) / 2), take the
 * set R of nodes reachable from T over arcs with residual > 0. If F ∉ R and no u, ū are both in
 * R, the literals in R can be set true together without raising E for any x (every posiform term
 * touching them vanishes): x_i = 1 for x_i ∈ R, x_i = 0 for x̄_i ∈ R.
 */
import type { Limits, Model } from './model';

export interface RoofDualResult {
  /** c0 + flow value: a proven lower bound on the model minimum. */
  readonly bound: number;
  /** Per variable: −1 free, 0 or 1 fixed by persistency (empty when the flow was not maximum). */
  readonly fixed: Int8Array;
  /** True when the flow is maximum (the bound is the roof dual). */
  readonly complete: boolean;
  /** Arcs scanned. */
  readonly work: number;
}

const POLL_WORK = 65536;

/** Arc-count ceiling (memory): larger models get the trivial bound instead. */
export const ROOF_DUAL_MAX_ARCS = 4_000_000;

/** Number of arcs (with reverses) roofDual would build for this model. */
export function roofDualArcs(model: Model): number {
  let terms = 0;
  const { offsets, neighbours, weights } = model.adj;
  for (let i = 0; i < model.n; i++) {
    for (let q = offsets[i]; q < offsets[i + 1]; q++) if (neighbours[q] > i && weights[q] !== 0) terms++;
  }
  return 4 * (terms + model.n);
}

export function roofDual(model: Model, workLimit: number, limits: Limits | null = null): RoofDualResult {
  const n = model.n;
  const { offsets, neighbours, weights } = model.adj;
  const nodes = 2 * n + 2;
  const cap0 = roofDualArcs(model);
  const to = new Int32Array(cap0);
  const cap = new Float64Array(cap0);
  const nextArc = new Int32Array(cap0);
  const head = new Int32Array(nodes).fill(-1);
  const tail = new Int32Array(nodes).fill(-1);
  let arcs = 0;
  // Insertion order per node: a linked list appended at its tail.
  const push = (u: number, v: number, c: number): void => {
    for (const [from, dest, cc] of [[u, v, c], [v, u, 0]] as const) {
      to[arcs] = dest;
      cap[arcs] = cc;
      nextArc[arcs] = -1;
      if (tail[from] < 0) head[from] = arcs;
      else nextArc[tail[from]] = arcs;
      tail[from] = arcs;
      arcs++;
    }
  };
  const lit = (i: number, positive: boolean): number => 2 + 2 * i + (positive ? 0 : 1);
  const term2 = (u: number, v: number, c: number): void => {
    push(u, v ^ 1, c / 2);
    push(v, u ^ 1, c / 2);
  };
  const a = Float64Array.from(model.h);
  for (let i = 0; i < n; i++) {
    for (let q = offsets[i]; q < offsets[i + 1]; q++) {
      const j = neighbours[q];
      const wq = weights[q];
      if (j <= i || wq === 0) continue;
      if (wq > 0) term2(lit(i, true), lit(j, true), wq);
      else {
        a[i] += wq;
        term2(lit(i, true), lit(j, false), -wq);
      }
    }
  }
  let c0 = 0;
  for (let i = 0; i < n; i++) {
    if (a[i] > 0) {
      push(lit(i, true), 1, a[i] / 2);
      push(0, lit(i, false), a[i] / 2);
    } else if (a[i] < 0) {
      c0 += a[i];
      push(lit(i, false), 1, -a[i] / 2);
      push(0, lit(i, true), -a[i] / 2);
    } else {
      // Keep the arc count of roofDualArcs: two empty arc pairs.
      push(lit(i, true), 1, 0);
      push(0, lit(i, false), 0);
    }
  }

  const level = new Int32Array(nodes);
  const queue = new Int32Array(nodes);
  const it = new Int32Array(nodes);
  const pathArc = new Int32Array(nodes);
  let flow = 0;
  let work = 0;
  let complete = false;
  let nextPoll = POLL_WORK;
  // True when the flow must stop here (out of work, or a limit fired).
  const spent = (): boolean => {
    if (work > workLimit) return true;
    if (limits === null || work < nextPoll) return false;
    nextPoll = work + POLL_WORK;
    return limits.check();
  };
  outer: for (;;) {
    if (limits !== null && limits.check()) break;
    level.fill(-1);
    level[0] = 0;
    let qh = 0;
    let qt = 0;
    queue[qt++] = 0;
    while (qh < qt) {
      const u = queue[qh++];
      for (let e = head[u]; e >= 0; e = nextArc[e]) {
        work++;
        if (cap[e] > 0 && level[to[e]] < 0) {
          level[to[e]] = level[u] + 1;
          queue[qt++] = to[e];
        }
      }
    }
    if (level[1] < 0) {
      complete = true;
      break;
    }
    if (spent()) break;
    for (let v = 0; v < nodes; v++) it[v] = head[v];
    // Iterative DFS from T: pathArc[0..depth) are the arcs of the current path.
    let depth = 0;
    let u = 0;
    for (;;) {
      if (u === 1) {
        let b = Infinity;
        for (let d = 0; d < depth; d++) if (cap[pathArc[d]] < b) b = cap[pathArc[d]];
        let back = depth;
        for (let d = 0; d < depth; d++) {
          const e = pathArc[d];
          cap[e] -= b;
          cap[e ^ 1] += b;
          if (back === depth && cap[e] <= 0) back = d;
        }
        flow += b;
        depth = back;
        u = depth === 0 ? 0 : to[pathArc[depth - 1]];
        continue;
      }
      let e = it[u];
      for (; e >= 0; e = nextArc[e]) {
        work++;
        if (cap[e] > 0 && level[to[e]] === level[u] + 1) break;
      }
      it[u] = e;
      if (e >= 0) {
        pathArc[depth++] = e;
        u = to[e];
        continue;
      }
      // Dead end: retreat.
      level[u] = -1;
      if (depth === 0) break;
      depth--;
      u = depth === 0 ? 0 : to[pathArc[depth - 1]];
      it[u] = nextArc[it[u]];
      if (spent()) break outer;
    }
    if (spent()) break;
  }

  const fixed = new Int8Array(n).fill(-1);
  if (complete) fixFromResidual(n, nodes, head, nextArc, to, cap, fixed);
  return { bound: c0 + flow, fixed, complete, work };
}

/**
 * Symmetrise the flow in place and fix the literals reachable from T. The original capacity of
 * arc e is cap[e] + cap[e ^ 1] for a forward arc (even index), its flow cap[e ^ 1].
 */
function fixFromResidual(
  n: number,
  nodes: number,
  head: Int32Array,
  nextArc: Int32Array,
  to: Int32Array,
  cap: Float64Array,
  fixed: Int8Array,
): void {
  // Mirror of arc u → v is v̄ → ū: pairs of forward arcs were pushed together (term2 / linear),
  // so the mirror of forward arc 4t is 4t + 2 and vice versa.
  for (let e = 0; e < cap.length; e += 4) {
    const m = e + 2;
    const total = cap[e] + cap[e + 1];
    const fa = cap[e + 1];
    const fb = cap[m + 1];
    const f = (fa + fb) / 2;
    cap[e] = total - f;
    cap[e + 1] = f;
    cap[m] = total - f;
    cap[m + 1] = f;
  }
  const seen = new Uint8Array(nodes);
  const stack = new Int32Array(nodes);
  let sp = 0;
  stack[sp++] = 0;
  seen[0] = 1;
  while (sp > 0) {
    const u = stack[--sp];
    for (let e = head[u]; e >= 0; e = nextArc[e]) {
      if (cap[e] > 0 && seen[to[e]] === 0) {
        seen[to[e]] = 1;
        stack[sp++] = to[e];
      }
    }
  }
  if (seen[1] !== 0) return;
  for (let i = 0; i < n; i++) if (seen[2 + 2 * i] !== 0 && seen[3 + 2 * i] !== 0) return;
  for (let i = 0; i < n; i++) {
    if (seen[2 + 2 * i] !== 0) fixed[i] = 1;
    else if (seen[3 + 2 * i] !== 0) fixed[i] = 0;
  }
}
