/** The caller-answer check every 0/1-vector command shares (POST /verify), around the command's own re-score. */
import { CERTAINTY, type ValidatedProblem } from '@svc/contracts';
import { rescoreTolerance, type Rescored } from '../../internal/rescore';
import { EXHAUSTIVE_RECHECK_MAX_N } from './exact-caps';
import type { AnswerChecker, CheckInput, VerifyCheck } from '../command-module';

/** How one 0/1-vector command (or a spin command, decoded to bits) is re-checked. */
export interface BinarySpec {
  readonly objectiveField: string;
  readonly minimise: boolean;
  /** The objective of bits `x`, straight from the request JSON. */
  rescore(v: ValidatedProblem, x: ArrayLike<number>): Rescored;
  /** Answer entries → bits, or a reason the answer is malformed (default: entries must be 0 or 1). */
  decode?(answer: readonly unknown[], n: number): number[] | string;
  /** The warm start as bits, as the solve compares it (default: `warm_start` as given). */
  warmStart?(v: ValidatedProblem): number[] | undefined;
  /** Assignments the command allows (default: all); the exhaustive re-check ranges over them. */
  feasible?(v: ValidatedProblem, x: readonly number[]): boolean;
  /** Command-specific checks after the common ones. */
  extra?(input: CheckInput, x: readonly number[], objective: number, tol: number): VerifyCheck[];
}

/** Answer entries must be 0 or 1. */
export const decodeBits = (answer: readonly unknown[]): number[] | string => {
  const bad = answer.findIndex((e) => e !== 0 && e !== 1);
  return bad >= 0 ? `entry ${bad} is ${JSON.stringify(answer[bad])}, expected 0 or 1` : (answer as number[]);
};

/** The `declared_objective` check of a result document's objective field. */
export function declaredObjective(field: string, claimed: unknown, value: number, tol: number): VerifyCheck {
  const ok = typeof claimed === 'number' && Math.abs(claimed - value) <= tol;
  return { name: 'declared_objective', ok, detail: ok ? `declared ${field} ${claimed} matches` : `declared ${field} ${JSON.stringify(claimed)} differs from the recomputed ${value} (tolerance ${tol})` };
}

/** The checks every 0/1-vector command shares, around its own re-score. */
export function binaryChecker(spec: BinarySpec): AnswerChecker {
  const { objectiveField, minimise, rescore } = spec;
  const better = (a: number, b: number, tol: number) => (minimise ? a < b - tol : a > b + tol);
  return {
    objectiveField,
    minimise,
    check(input) {
      const { v, answer, declared } = input;
      const n = v.n;
      let shape: VerifyCheck;
      let x: number[] | undefined;
      if (!Array.isArray(answer)) shape = { name: 'answer_shape', ok: false, detail: `expected an array of ${n} entries` };
      else if (answer.length !== n) shape = { name: 'answer_shape', ok: false, detail: `the answer has ${answer.length} entries, expected n = ${n}` };
      else {
        const d = (spec.decode ?? decodeBits)(answer, n);
        if (typeof d === 'string') shape = { name: 'answer_shape', ok: false, detail: d };
        else {
          x = d;
          shape = { name: 'answer_shape', ok: true, detail: `${n} well-formed entries` };
        }
      }
      const checks: VerifyCheck[] = [shape];
      if (!x) return { checks, objective: null };
      const r = rescore(v, x);
      const tol = rescoreTolerance(r.weightSum);
      checks.push({ name: 'objective_recomputed', ok: Number.isFinite(r.value), detail: `${objectiveField} = ${r.value} recomputed from the problem` });
      const claimed = declared?.[objectiveField];
      if (claimed !== undefined) {
        const ok = typeof claimed === 'number' && Math.abs(claimed - r.value) <= tol;
        checks.push({ name: 'declared_objective', ok, detail: ok ? `declared ${objectiveField} ${claimed} matches` : `declared ${objectiveField} ${JSON.stringify(claimed)} differs from the recomputed ${r.value} (tolerance ${tol})` });
      }
      const ws = spec.warmStart ? spec.warmStart(v) : (v.input as { warm_start?: number[] }).warm_start;
      if (Array.isArray(ws)) {
        const w = rescore(v, ws).value;
        const ok = !better(w, r.value, tol);
        checks.push({ name: 'warm_start_not_worse', ok, detail: ok ? `not worse than the warm start (${w})` : `worse than the warm start (${w})` });
      }
      const bound = declared?.bound;
      if (typeof bound === 'number') {
        // A proven bound never beats an achievable objective.
        const ok = minimise ? bound <= r.value + tol : bound >= r.value - tol;
        checks.push({ name: 'bound', ok, detail: ok ? `the declared bound ${bound} is on the right side of ${r.value}` : `the declared bound ${bound} contradicts the objective ${r.value}` });
      }
      checks.push(...(spec.extra?.(input, x, r.value, tol) ?? []));
      if (declared?.certainty === CERTAINTY.certified && n <= EXHAUSTIVE_RECHECK_MAX_N) {
        let best = r.value;
        const y = new Array<number>(n).fill(0);
        for (let mask = 0; mask < 2 ** n; mask++) {
          for (let i = 0; i < n; i++) y[i] = (mask >>> i) & 1;
          if (spec.feasible && !spec.feasible(v, y)) continue;
          const val = rescore(v, y).value;
          if (better(val, best, tol)) best = val;
        }
        const ok = !better(best, r.value, tol);
        checks.push({ name: 'certified_optimum', ok, detail: ok ? `no allowed assignment beats ${r.value} (exhaustive re-check of ${2 ** n})` : `the optimum is ${best}, better than the declared certified ${r.value}` });
      }
      return { checks, objective: r.value };
    },
  };
}
