/** The canonical problems of the QUBO family: optimize, maxcut, feel, want, sample (C++ core/qubo/problem.h). */
import type { PairList, ResultBase } from '../../base';

/** optimize: minimise sum h_i x_i + sum w_ij x_i x_j over x in {0,1}^n. */
export interface QuboProblem {
  readonly kind: 'qubo';
  readonly n: number;
  /** length n; self-pairs [i,i,w] of the input are already folded in (x^2 = x). */
  readonly linear: Float64Array;
  readonly pairs: PairList;
  /** `want` only: variables fixed before solving; the search runs on the others. */
  readonly pins?: PinList;
  /** `sample` only: how many distinct low-energy states to return. */
  readonly sampling?: SamplingSpec;
}

/** Fixed variables of `want`: `index` strictly ascending, `value[k]` (0/1) for `index[k]`. */
export interface PinList {
  readonly index: Int32Array;
  readonly value: Uint8Array;
}

/** `sample`: return up to `count` distinct states, each within `energyWindow` of the best (when set). */
export interface SamplingSpec {
  readonly count: number;
  readonly energyWindow?: number;
}

/** maxcut: maximise the sum of w_ij over edges whose ends are on different sides. */
export interface MaxcutProblem {
  readonly kind: 'maxcut';
  readonly n: number;
  /** Present unless `complete`; self-pairs are rejected before this point. */
  readonly edges: PairList | null;
  /** The complete graph on n nodes with unit weights, solved without building edges. */
  readonly complete: boolean;
}

/** One distinct state of a `sample` result and how often the search visited it (>= 1). */
export interface EngineSample {
  readonly x: Uint8Array;
  readonly objective: number;
  readonly count: number;
}

/** The result of `sample`: the best state as `answer`, and the distinct states found. */
export interface SampleResult extends ResultBase {
  readonly kind: 'sample';
  /** The lowest-energy state found (`samples[0].x`). */
  readonly answer: Uint8Array;
  /** Its energy. */
  readonly objective: number;
  /** Distinct states by objective ascending (ties: sample-order.ts); [0] is `answer`. */
  readonly samples: readonly EngineSample[];
}
