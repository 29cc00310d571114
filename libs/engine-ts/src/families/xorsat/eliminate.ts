/**
 * The numeric elimination of an xorsat core as structure.ts planned it (the twin of
 * libs/engine-native/src/core/xorsat/eliminate.cc): its rank, whether it is consistent, an
 * assignment satisfying every pivot row, and, for the dense plan, the left null space.
 *   dense: the core [A | rhs] in echelon form, back-substituted (free variables 0);
 *   lazy:  each solved variable as a row over the active variables and the constant (solving
 *          order), the dense equations through them, that system in echelon form; the active
 *          variables by back-substitution, the solved ones in solving order.
 */
import type { Limits } from '../../kernels/model';
import { backSubstitute, BitMatrix, echelonForm, xorWords } from './echelon';
import type { XorSystem, XorsatStructure } from './structure';

export interface CoreElimination {
  /** Rank of the core's coefficient matrix. */
  readonly rank: number;
  /** No row reduced to 0 = 1. */
  readonly consistent: boolean;
  /** Core variables: every equation holds when consistent. */
  readonly x: Uint8Array;
  /** Core variables whose columns are a basis of the column space. */
  readonly pivots: Int32Array;
}

/** [A | rhs ^ flip] of the core, with `extra` zero columns after the rhs. */
function augmented(c: XorSystem, flip: Uint8Array | null, extra: number): BitMatrix {
  const a = new BitMatrix(c.m, c.n + 1 + extra);
  for (let e = 0; e < c.m; e++) {
    for (let k = c.start[e]; k < c.start[e + 1]; k++) a.flip(e, c.vars[k]);
    if ((c.rhs[e] ^ (flip !== null ? flip[e] : 0)) !== 0) a.flip(e, c.n);
  }
  return a;
}

function dense(c: XorSystem, limits?: Limits): CoreElimination | null {
  const a = augmented(c, null, 0);
  const ech = echelonForm(a, c.n, limits);
  if (ech.stopped) return null;
  let consistent = true;
  for (let r = ech.rank; r < c.m; r++) if (a.get(r, c.n) !== 0) consistent = false;
  return { rank: ech.rank, consistent, x: backSubstitute(a, ech, c.n, c.n), pivots: ech.pivotCol };
}

function lazy(s: XorsatStructure, limits?: Limits): CoreElimination | null {
  const c = s.core;
  const A = s.activeVars.length;
  const act = new Int32Array(c.n).fill(-1);
  for (let i = 0; i < A; i++) act[s.activeVars[i]] = i;
  const slot = new Int32Array(c.n).fill(-1);
  let solved: BitMatrix | null = new BitMatrix(s.solvedEq.length, A + 1);
  const W = solved.words;
  const express = (e: number, skip: number, m: BitMatrix, o: number) => {
    for (let k = c.start[e]; k < c.start[e + 1]; k++) {
      const u = c.vars[k];
      if (u === skip) continue;
      if (act[u] >= 0) m.data[o + (act[u] >>> 5)] ^= 1 << (act[u] & 31);
      else xorWords(m.data, o, solved!.data, slot[u] * W, W);
    }
    if (c.rhs[e] !== 0) m.data[o + (A >>> 5)] ^= 1 << (A & 31);
  };
  for (let k = 0; k < s.solvedEq.length; k++) {
    if ((k & 1023) === 0 && limits !== undefined && limits.check()) return null;
    express(s.solvedEq[k], s.solvedVar[k], solved, k * W);
    slot[s.solvedVar[k]] = k;
  }
  const F = new BitMatrix(s.denseEqs.length, A + 1);
  for (let k = 0; k < s.denseEqs.length; k++) express(s.denseEqs[k], -1, F, k * W);
  solved = null;
  const ech = echelonForm(F, A, limits);
  if (ech.stopped) return null;
  let consistent = true;
  for (let r = ech.rank; r < F.rows; r++) if (F.get(r, A) !== 0) consistent = false;
  const xa = backSubstitute(F, ech, A, A);
  const x = new Uint8Array(c.n);
  for (let i = 0; i < A; i++) x[s.activeVars[i]] = xa[i];
  for (let k = 0; k < s.solvedEq.length; k++) {
    const e = s.solvedEq[k];
    const v = s.solvedVar[k];
    let b = c.rhs[e];
    for (let q = c.start[e]; q < c.start[e + 1]; q++) if (c.vars[q] !== v) b ^= x[c.vars[q]];
    x[v] = b;
  }
  const pivots = new Int32Array(s.solvedVar.length + ech.rank);
  pivots.set(s.solvedVar);
  for (let j = 0; j < ech.rank; j++) pivots[s.solvedVar.length + j] = s.activeVars[ech.pivotCol[j]];
  return { rank: s.solvedEq.length + ech.rank, consistent, x, pivots };
}

/** The elimination of the core (eliminate.cc EliminateCore), or null when a limit stopped it. */
export function eliminateCore(s: XorsatStructure, limits?: Limits): CoreElimination | null {
  if (s.core.m === 0) return { rank: 0, consistent: true, x: new Uint8Array(s.core.n), pivots: new Int32Array(0) };
  return s.lazy ? lazy(s, limits) : dense(s.core, limits);
}

/** An assignment of the core's variables satisfying every equation with rhs XOR flip (that system consistent), or null at a limit. */
export function solveFlipped(c: XorSystem, flip: Uint8Array, limits?: Limits): Uint8Array | null {
  const a = augmented(c, flip, 0);
  const ech = echelonForm(a, c.n, limits);
  return ech.stopped ? null : backSubstitute(a, ech, c.n, c.n);
}

/**
 * The left null space of the core: d = m − rank rows y (over the core's equations, as a BitMatrix)
 * with y·A = 0, a basis, each with its parity y·rhs (1: the equations of y sum to 0 = 1). From
 * [A | rhs | I] in echelon form on A's columns; its bits: m × (n + 1 + m). Null at a limit.
 */
export function coreNullSpace(c: XorSystem, limits?: Limits): { y: BitMatrix; parity: Uint8Array } | null {
  const m = c.m;
  const a = augmented(c, null, m);
  for (let e = 0; e < m; e++) a.flip(e, c.n + 1 + e);
  const ech = echelonForm(a, c.n, limits);
  if (ech.stopped) return null;
  const d = m - ech.rank;
  const y = new BitMatrix(d, m);
  const parity = new Uint8Array(d);
  const first = c.n + 1;
  for (let k = 0; k < d; k++) {
    const r = ech.rank + k;
    parity[k] = a.get(r, c.n);
    for (let j = 0; j < m; j++) if (a.get(r, first + j) !== 0) y.flip(k, j);
  }
  return { y, parity };
}
