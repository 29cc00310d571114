/**
 * The solvers' common form: minimise E(x) = Σ h_i x_i + Σ_{i<j} W_ij x_i x_j over CSR adjacency.
 * A family that is not a QUBO reduces to it in its own folder (max-cut: families/qubo/model.ts).
 */
import { DEADLINE_FLAG, type PairList, type ProgressListener } from '../base';
import { toCsr, type Csr } from '../csr';

/** What `quboModel` reads of a QUBO (families/qubo/problem.ts QuboProblem, rules' objective). */
export interface QuboTerms {
  readonly n: number;
  readonly linear: Float64Array;
  readonly pairs: PairList;
}

export interface Model {
  readonly n: number;
  readonly h: Float64Array;
  /** Both directions of every pair; weights are W_ij. */
  readonly adj: Csr;
}

export function quboModel(p: QuboTerms): Model {
  return { n: p.n, h: p.linear, adj: toCsr(p.n, p.pairs) };
}

/** Energy of x under the model, recomputed from scratch (row order, each pair once: j > i). */
export function modelEnergy(m: Model, x: Uint8Array): number {
  const { offsets, neighbours, weights } = m.adj;
  let e = 0;
  for (let i = 0; i < m.n; i++) {
    if (x[i] === 0) continue;
    e += m.h[i];
    for (let q = offsets[i]; q < offsets[i + 1]; q++) {
      const j = neighbours[q];
      if (j > i && x[j] !== 0) e += weights[q];
    }
  }
  return e;
}

/**
 * Flip gains from scratch: delta[i] = energy change of flipping x_i = (1 − 2x_i)·(h_i + Σ_j W_ij x_j).
 */
export function computeDeltas(m: Model, x: Uint8Array, delta: Float64Array): void {
  const { offsets, neighbours, weights } = m.adj;
  for (let i = 0; i < m.n; i++) {
    let f = m.h[i];
    for (let q = offsets[i]; q < offsets[i + 1]; q++) if (x[neighbours[q]] !== 0) f += weights[q];
    delta[i] = x[i] !== 0 ? -f : f;
  }
}

/**
 * Throttles and maps one solve's progress reports (the C++ core's ProgressSink, same rules).
 * Observation only: it never changes what a search does. Searches offer values in their internal
 * sense, a minimisation; the sink keeps the least best and the greatest bound since the family
 * mapped them to its objective (objective = sign · value + offset), and reports null before that.
 */
export class ProgressSink {
  static readonly INTERVAL_MS = 100;
  private next: number;
  private sign = 1;
  private offset = 0;
  private mapped = false;
  private best = Infinity;
  private bound = -Infinity;
  reports = 0;

  constructor(
    private readonly listener: ProgressListener,
    /** performance.now() at the engine call. */
    private readonly start: number,
  ) {
    this.next = start;
  }

  mapObjective(sign: number, offset: number): void {
    this.sign = sign;
    this.offset = offset;
    this.mapped = true;
    this.best = Infinity;
    this.bound = -Infinity;
  }

  unmap(): void {
    this.mapped = false;
  }

  /** From a search loop next to its `limits.check()`: one clock read, a report at most every INTERVAL_MS. */
  offer(best: number, bound: number, work: number): void {
    this.track(best, bound);
    const now = performance.now();
    if (now < this.next) return;
    this.next = now + ProgressSink.INTERVAL_MS;
    this.emit(work, now);
  }

  /** At the end of a phase, whatever the throttle says. */
  flush(best: number, bound: number, work: number): void {
    this.track(best, bound);
    this.emit(work, performance.now());
  }

  private track(best: number, bound: number): void {
    if (Number.isFinite(best) && best < this.best) this.best = best;
    if (Number.isFinite(bound) && bound > this.bound) this.bound = bound;
  }

  private emit(work: number, now: number): void {
    const known = (v: number) => (this.mapped && Number.isFinite(v) ? this.sign * v + this.offset : null);
    this.reports++;
    try {
      this.listener({ best: known(this.best), bound: known(this.bound), work, elapsedMs: now - this.start });
    } catch {
      // Observation only: a listener's fault never reaches the search.
    }
  }
}

/** Polls the shared cancel flag and the wall-clock deadline. */
export class Limits {
  /** Set once a limit fired: 'cancel' or 'deadline'. */
  stopped: 'cancel' | 'deadline' | null = null;
  /** The progress listener of this solve (null: nobody listens, the common case). */
  progress: ProgressSink | null = null;
  constructor(
    private readonly flag: Int32Array | null,
    /** performance.now() value at which to stop, or Infinity. */
    private readonly deadlineAt: number,
    onProgress?: ProgressListener,
  ) {
    if (onProgress !== undefined) this.progress = new ProgressSink(onProgress, performance.now());
  }

  /** A search reports its state (internal sense, NaN/±Infinity unknown): free when nobody listens. */
  report(best: number, bound: number, work: number): void {
    if (this.progress !== null) this.progress.offer(best, bound, work);
  }

  /** Runs `f` with the search's values mapped to the objective (objective = sign · value + offset). */
  mapped<T>(sign: number, offset: number, f: () => T): T {
    if (this.progress === null) return f();
    this.progress.mapObjective(sign, offset);
    try {
      return f();
    } finally {
      this.progress.unmap();
    }
  }

  /** True when the search must stop now. Cheap enough for every ~1000 moves. */
  check(): boolean {
    if (this.stopped !== null) return true;
    const f = this.flag === null ? 0 : Atomics.load(this.flag, 0);
    if (f !== 0) this.stopped = f === DEADLINE_FLAG ? 'deadline' : 'cancel';
    else if (this.deadlineAt !== Infinity && performance.now() >= this.deadlineAt) this.stopped = 'deadline';
    return this.stopped !== null;
  }
}
