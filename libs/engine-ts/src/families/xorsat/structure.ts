/**
 * How an xorsat system is taken apart before any dense elimination (the twin of
 * libs/engine-native/src/core/xorsat/structure.cc, decision for decision):
 *   1. Peeling. A variable in exactly one equation can satisfy that equation whatever the others
 *      are: the equation is set aside (to be satisfied last, by that variable) and the degrees of
 *      its other variables drop, which may free more (a stack, last freed first). It changes
 *      neither the rank (each peeled equation brings a variable of its own: +1) nor the fewest
 *      violations (a peeled equation is never violated), so what follows works on the core: the
 *      non-empty equations left, over the variables they hold, in their own numbering.
 *   2. The core is eliminated densely (echelon.ts) when its density is 1/64 or more, or when that
 *      costs less; else by lazy (structured) elimination first: variables are made active,
 *      heaviest first (the core's degree, then the lower index), until every equation has at most
 *      one idle variable; an equation with exactly one solves it (the variable is then a function
 *      of active and earlier solved ones), one with none is a dense equation over the active
 *      variables alone. Only dense equations × active variables are eliminated densely. Costs in
 *      bit operations: dense m·n·min(m, n); lazy D·A·min(D, A) + 4·S·A (S solved, D dense, A active).
 */
import type { XorsatProblem } from './problem';

/**
 * XOR equations in compressed rows (variables of an equation increasing and distinct): its own, or
 * the problem's when the core is the whole problem. Its columns are built on demand (`columns`).
 */
export interface XorSystem {
  readonly n: number;
  readonly m: number;
  readonly start: Int32Array;
  readonly vars: Int32Array;
  readonly rhs: Uint8Array;
  /** Set by `columns`: length n + 1, and the equations of each variable, increasing. */
  colStart?: Int32Array;
  colEqs?: Int32Array;
}

/** The columns of a system, built once (structure.cc XorSystem::BuildColumns). */
export function columns(c: XorSystem): { colStart: Int32Array; colEqs: Int32Array } {
  if (c.colStart === undefined || c.colEqs === undefined) {
    const built = columnsOf(c.n, c.start, c.vars);
    c.colStart = built.colStart;
    c.colEqs = built.colEqs;
  }
  return { colStart: c.colStart, colEqs: c.colEqs };
}

/** The columns of compressed rows. */
export function columnsOf(n: number, start: Int32Array, vars: Int32Array): { colStart: Int32Array; colEqs: Int32Array } {
  const m = start.length - 1;
  const colStart = new Int32Array(n + 1);
  for (let k = 0; k < start[m]; k++) colStart[vars[k] + 1]++;
  for (let i = 0; i < n; i++) colStart[i + 1] += colStart[i];
  const fill = colStart.slice(0, n);
  const colEqs = new Int32Array(start[m]);
  for (let e = 0; e < m; e++) for (let k = start[e]; k < start[e + 1]; k++) colEqs[fill[vars[k]]++] = e;
  return { colStart, colEqs };
}

/** What the plan decided; the core's indices are its own, coreEqs and coreVars map them back. */
export interface XorsatStructure {
  /** Equations with no variable and rhs 1: violated by every x. */
  readonly emptyViolated: number;
  /** Peeled equations in peeling order, and the variable each leaves for last. */
  readonly peelEq: Int32Array;
  readonly peelVar: Int32Array;
  readonly coreEqs: Int32Array;
  readonly coreVars: Int32Array;
  readonly core: XorSystem;
  readonly lazy: boolean;
  /** Lazy elimination (core numbering): solvedEq[k] solves solvedVar[k]; denseEqs; activeVars in activation order. */
  readonly solvedEq: Int32Array;
  readonly solvedVar: Int32Array;
  readonly denseEqs: Int32Array;
  readonly activeVars: Int32Array;
}

/** Bits the numeric elimination holds at once (dense: m × (n + 1) of the core; lazy: (solved + dense) × (active + 1)). */
export function denseBits(s: XorsatStructure): number {
  return s.lazy ? (s.solvedEq.length + s.denseEqs.length) * (s.activeVars.length + 1) : s.core.m * (s.core.n + 1);
}

function planLazy(c: XorSystem): { solvedEq: number[]; solvedVar: number[]; denseEqs: number[]; activeVars: number[] } {
  const { m, start, vars } = c;
  const { colStart, colEqs } = columns(c);
  const idle = new Int32Array(m);
  for (let e = 0; e < m; e++) idle[e] = start[e + 1] - start[e];
  const state = new Uint8Array(c.n); // 0 idle, 1 active, 2 solved
  const done = new Uint8Array(m);
  const order = Array.from({ length: c.n }, (_, i) => i);
  order.sort((a, b) => (colStart[b + 1] - colStart[b]) - (colStart[a + 1] - colStart[a]) || a - b);
  const stack: number[] = [];
  for (let e = 0; e < m; e++) if (idle[e] <= 1) stack.push(e);
  const drop = (x: number) => {
    for (let q = colStart[x]; q < colStart[x + 1]; q++) {
      const f = colEqs[q];
      if (done[f] === 0 && --idle[f] <= 1) stack.push(f);
    }
  };
  const solvedEq: number[] = [];
  const solvedVar: number[] = [];
  const denseEqs: number[] = [];
  const activeVars: number[] = [];
  let left = m;
  let next = 0;
  while (left > 0) {
    while (stack.length > 0) {
      const e = stack.pop()!;
      if (done[e] !== 0) continue;
      done[e] = 1;
      left--;
      if (idle[e] === 0) {
        denseEqs.push(e);
        continue;
      }
      let x = -1;
      for (let k = start[e]; k < start[e + 1]; k++) {
        if (state[vars[k]] === 0) {
          x = vars[k];
          break;
        }
      }
      state[x] = 2;
      solvedEq.push(e);
      solvedVar.push(x);
      drop(x);
    }
    if (left === 0) break;
    while (state[order[next]] !== 0) next++;
    const x = order[next];
    state[x] = 1;
    activeVars.push(x);
    drop(x);
  }
  return { solvedEq, solvedVar, denseEqs, activeVars };
}

/**
 * The plan of a canonical problem (structure.cc PlanXorsat). The core's columns are built when lazy
 * elimination is weighed, else left to `columns` for an inconsistent core.
 */
export function planXorsat(p: XorsatProblem): XorsatStructure {
  const { n, start, vars, rhs } = p;
  const m = rhs.length;
  // Degrees, and the XOR of the equations of each variable: a variable of degree 1 names its one
  // equation with no column lists.
  const deg = new Int32Array(n);
  const eqx = new Int32Array(n);
  for (let e = 0; e < m; e++) {
    for (let k = start[e]; k < start[e + 1]; k++) {
      deg[vars[k]]++;
      eqx[vars[k]] ^= e;
    }
  }
  // 1. Peeling, last freed first.
  const removed = new Uint8Array(m);
  const stack: number[] = [];
  for (let i = 0; i < n; i++) if (deg[i] === 1) stack.push(i);
  const peelEq: number[] = [];
  const peelVar: number[] = [];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (deg[x] !== 1) continue;
    const e = eqx[x];
    removed[e] = 1;
    peelEq.push(e);
    peelVar.push(x);
    for (let k = start[e]; k < start[e + 1]; k++) {
      const u = vars[k];
      eqx[u] ^= e;
      if (--deg[u] === 1) stack.push(u);
    }
  }
  // The core in its own numbering: the problem's own rows when nothing was set aside.
  const local = new Int32Array(n).fill(-1);
  const coreVars: number[] = [];
  for (let i = 0; i < n; i++) {
    if (deg[i] > 0) {
      local[i] = coreVars.length;
      coreVars.push(i);
    }
  }
  let emptyViolated = 0;
  const coreEqs: number[] = [];
  let entries = 0;
  for (let e = 0; e < m; e++) {
    if (start[e] === start[e + 1]) emptyViolated += rhs[e];
    else if (removed[e] === 0) {
      coreEqs.push(e);
      entries += start[e + 1] - start[e];
    }
  }
  const mc = coreEqs.length;
  const nc = coreVars.length;
  let core: XorSystem;
  if (mc === m && nc === n) {
    core = { n, m, start, vars, rhs };
  } else {
    const cStart = new Int32Array(mc + 1);
    const cVars = new Int32Array(entries);
    const cRhs = new Uint8Array(mc);
    for (let t = 0; t < mc; t++) {
      const e = coreEqs[t];
      let at = cStart[t];
      for (let k = start[e]; k < start[e + 1]; k++) cVars[at++] = local[vars[k]];
      cStart[t + 1] = at;
      cRhs[t] = rhs[e];
    }
    core = { n: nc, m: mc, start: cStart, vars: cVars, rhs: cRhs };
  }
  const base = {
    emptyViolated, peelEq: Int32Array.from(peelEq), peelVar: Int32Array.from(peelVar),
    coreEqs: Int32Array.from(coreEqs), coreVars: Int32Array.from(coreVars), core,
  };
  const none = { lazy: false, solvedEq: new Int32Array(0), solvedVar: new Int32Array(0), denseEqs: new Int32Array(0), activeVars: new Int32Array(0) };
  // 2. Dense or lazy.
  if (mc === 0 || entries * 64 >= mc * nc) return { ...base, ...none };
  const lazy = planLazy(core);
  const S = lazy.solvedEq.length;
  const D = lazy.denseEqs.length;
  const A = lazy.activeVars.length;
  if (!(D * A * Math.min(D, A) + 4 * S * A < mc * nc * Math.min(mc, nc))) return { ...base, ...none };
  return {
    ...base, lazy: true,
    solvedEq: Int32Array.from(lazy.solvedEq), solvedVar: Int32Array.from(lazy.solvedVar),
    denseEqs: Int32Array.from(lazy.denseEqs), activeVars: Int32Array.from(lazy.activeVars),
  };
}
