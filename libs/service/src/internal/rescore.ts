import { SvcError } from '@svc/errors';

/** Validated JSON input of `optimize` (the fields the re-score reads). */
export interface OptimizeTerms {
  readonly n: number;
  readonly linear?: Readonly<Record<string, number>>;
  readonly quadratic?: ReadonlyArray<readonly [number, number, number] | readonly number[]>;
}

/** Validated JSON input of `maxcut` (the fields the re-score reads). */
export interface MaxcutTerms {
  readonly n: number;
  readonly edges?: ReadonlyArray<readonly [number, number, number] | readonly number[]>;
  readonly complete?: boolean;
}

/** An objective recomputed from the request JSON, with Σ|weights| for the tolerance. */
export interface Rescored {
  readonly value: number;
  readonly weightSum: number;
}

/** Re-scoring tolerance of commands.md: 1e-9 · (1 + Σ|weights|). */
export function rescoreTolerance(weightSum: number): number {
  return 1e-9 * (1 + weightSum);
}

function engineFault(detail: string): SvcError {
  return new SvcError('SVC_ENGINE_FAILURE', detail);
}

/** Fails unless `answer` is a 0/1 vector of length n (the engine's claim is checked, not trusted). */
export function checkBinaryAnswer(answer: ArrayLike<number>, n: number): void {
  if (answer.length !== n) throw engineFault(`engine answer has length ${answer.length}, expected ${n}`);
  for (let k = 0; k < n; k++) {
    if (answer[k] !== 0 && answer[k] !== 1) throw engineFault(`engine answer entry ${k} is ${answer[k]}, expected 0 or 1`);
  }
}

/** QUBO energy Σ h_i x_i + Σ w_ij x_i x_j straight from the JSON terms ([i,i,w] counts as w x_i). */
export function rescoreOptimize(p: OptimizeTerms, x: ArrayLike<number>): Rescored {
  let value = 0;
  let weightSum = 0;
  if (p.linear) {
    for (const key of Object.keys(p.linear)) {
      const h = p.linear[key];
      weightSum += Math.abs(h);
      if (x[Number(key)] === 1) value += h;
    }
  }
  if (p.quadratic) {
    for (const t of p.quadratic) {
      const w = t[2];
      weightSum += Math.abs(w);
      if (x[t[0]] === 1 && x[t[1]] === 1) value += w;
    }
  }
  return { value, weightSum };
}

/** Cut value: Σ w over edges whose ends differ; the complete graph counts a·(n−a) unit edges. */
export function rescoreMaxcut(p: MaxcutTerms, x: ArrayLike<number>): Rescored {
  if (p.complete === true && !p.edges) {
    let ones = 0;
    for (let k = 0; k < p.n; k++) ones += x[k] === 1 ? 1 : 0;
    return { value: ones * (p.n - ones), weightSum: (p.n * (p.n - 1)) / 2 };
  }
  let value = 0;
  let weightSum = 0;
  for (const t of p.edges ?? []) {
    const w = t[2];
    weightSum += Math.abs(w);
    if (x[t[0]] !== x[t[1]]) value += w;
  }
  return { value, weightSum };
}

/** Fails with SVC_ENGINE_FAILURE when the engine's objective disagrees with the re-score. */
export function assertAgrees(what: string, engineValue: number, rescored: Rescored): void {
  const tol = rescoreTolerance(rescored.weightSum);
  if (!Number.isFinite(engineValue) || Math.abs(engineValue - rescored.value) > tol) {
    throw engineFault(`engine reported ${what} ${engineValue} but the independent re-score gives ${rescored.value} (tolerance ${tol})`);
  }
}
