/**
 * `POST /api/v1/verify/<command>`: re-checks a caller's `{problem, answer}` independently of
 * any engine (commands.md "Other routes we add"): answer shape, the objective recomputed from the
 * request JSON, the declared objective, the warm start, a declared bound, a declared certified
 * optimum (by exhaustion for small n), and the receipt. Free: nothing is solved or charged.
 * Adding a command: one `CHECKERS` entry built from its re-score function.
 */
import { SvcError } from '@svc/errors';
import {
  CERTAINTY, validateProblem, type FeelInput, type MaxcutInput, type OptimizeInput, type RulesInput, type SampleInput, type SelectInput,
  type ValidatedProblem, type WantInput,
} from '@svc/contracts';
import { DEFAULT_SAMPLE_COUNT, type Command } from '@svc/engine-ts';
import { receipt } from './receipt';
import { resolveVersion } from './versions';
import type { Principal } from './principal';
import { rescoreMaxcut, rescoreOptimize, rescoreTolerance, type MaxcutTerms, type OptimizeTerms, type Rescored } from './internal/rescore';
import { checkSamples, rescoreIsing, type IsingTerms } from './internal/rescore-qubo-family';
import { rescoreRules, rescoreSelect, type RulesTerms, type SelectTerms } from './internal/rescore-select-rules';
import { assertSolvable } from './solve/plan';
import { ADAPTERS, type PreparedSolve } from './commands';
import { quantumScaleChecker } from './commands/quantum-scale';

/** One named check of a verification. */
export interface VerifyCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** The answer of `POST /api/v1/verify/<command>`. */
export interface VerifyReport {
  /** Every check passed. */
  ok: boolean;
  command: Command;
  checks: VerifyCheck[];
  /** The objective recomputed from the problem (null when the answer is not even well-formed). */
  objective: number | null;
  /** Name of the command's objective field (`energy`, `cut_value`, …). */
  objective_field: string;
  /** Always `service_recheck` (interface §1 verification classes). */
  verification: 'service_recheck';
}

/** What a checker is given: the validated problem, its prepared form, and the answer as sent. */
export interface CheckInput {
  readonly v: ValidatedProblem;
  readonly prep: PreparedSolve;
  /** The bare answer value. */
  readonly answer: unknown;
  /** The result document the answer came in (objective, certainty, bound, receipt…), or null. */
  readonly declared: Readonly<Record<string, unknown>> | null;
}

/** A command's independent re-check. */
export interface AnswerChecker {
  /** The objective field of the command's answer. */
  readonly objectiveField: string;
  readonly minimise: boolean;
  check(input: CheckInput): { checks: VerifyCheck[]; objective: number | null };
}

/** Largest n whose certified claim is re-checked by enumerating every 0/1 assignment. */
export const EXHAUSTIVE_RECHECK_MAX_N = 16;

/** How one 0/1-vector command (or a spin command, decoded to bits) is re-checked. */
interface BinarySpec {
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

const decodeBits = (answer: readonly unknown[]): number[] | string => {
  const bad = answer.findIndex((e) => e !== 0 && e !== 1);
  return bad >= 0 ? `entry ${bad} is ${JSON.stringify(answer[bad])}, expected 0 or 1` : (answer as number[]);
};

/** The checks every 0/1-vector command shares, around its own re-score. */
function binaryChecker(spec: BinarySpec): AnswerChecker {
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

const pinsOf = (v: ValidatedProblem) => (v.input as WantInput).pins as Readonly<Record<string, number>>;
const spinsToBits = (answer: readonly unknown[]): number[] | string => {
  const bad = answer.findIndex((e) => e !== 1 && e !== -1);
  return bad >= 0 ? `entry ${bad} is ${JSON.stringify(answer[bad])}, expected a spin −1 or +1` : (answer as number[]).map((s) => (s === 1 ? 1 : 0));
};

function declaredObjective(field: string, claimed: unknown, value: number, tol: number): VerifyCheck {
  const ok = typeof claimed === 'number' && Math.abs(claimed - value) <= tol;
  return { name: 'declared_objective', ok, detail: ok ? `declared ${field} ${claimed} matches` : `declared ${field} ${JSON.stringify(claimed)} differs from the recomputed ${value} (tolerance ${tol})` };
}

/** rules: violations first, then the energy, lexicographically (commands.md "rules"). */
const rulesChecker: AnswerChecker = {
  objectiveField: 'energy',
  minimise: true,
  check({ v, answer, declared }) {
    const n = v.n;
    const terms = { ...(v.input as RulesInput), n } as RulesTerms;
    const bad = !Array.isArray(answer) ? 'expected an array of 0/1' : answer.length !== n ? `the answer has ${answer.length} entries, expected n = ${n}` : decodeBits(answer);
    if (typeof bad === 'string') return { checks: [{ name: 'answer_shape', ok: false, detail: bad }], objective: null };
    const x = bad;
    const r = rescoreRules(terms, x);
    const tol = rescoreTolerance(r.weightSum);
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `${n} entries, each 0 or 1` },
      { name: 'objective_recomputed', ok: Number.isFinite(r.value), detail: `${r.violations} violated rules, energy = ${r.value}, recomputed from the problem` },
    ];
    if (declared?.energy !== undefined) checks.push(declaredObjective('energy', declared.energy, r.value, tol));
    if (declared?.violations !== undefined) {
      const ok = declared.violations === r.violations;
      checks.push({ name: 'declared_violations', ok, detail: ok ? `declared ${r.violations} violated rules matches` : `declared ${JSON.stringify(declared.violations)} violated rules, recomputed ${r.violations}` });
    }
    if (declared?.certainty === CERTAINTY.certified && n <= EXHAUSTIVE_RECHECK_MAX_N) {
      let best = { violations: r.violations, value: r.value };
      const y = new Array<number>(n).fill(0);
      for (let mask = 0; mask < 2 ** n; mask++) {
        for (let i = 0; i < n; i++) y[i] = (mask >>> i) & 1;
        const q = rescoreRules(terms, y);
        if (q.violations < best.violations || (q.violations === best.violations && q.value < best.value - tol)) best = q;
      }
      const ok = best.violations === r.violations && !(best.value < r.value - tol);
      checks.push({ name: 'certified_optimum', ok, detail: ok ? `no assignment of the ${2 ** n} has fewer violations or, with as few, a lower energy` : `(${best.violations} violations, energy ${best.value}) beats the declared certified answer` });
    }
    return { checks, objective: r.value };
  },
};

/** select: exactly k distinct item indices, value maximised. */
const selectChecker: AnswerChecker = {
  objectiveField: 'value',
  minimise: false,
  check({ v, answer, declared }) {
    const input = v.input as SelectInput;
    const { m, k } = input;
    const terms: SelectTerms = { m, k, affinity: input.affinity, redundancy: input.redundancy };
    let reason: string | null = null;
    if (!Array.isArray(answer)) reason = `expected an array of ${k} item indices`;
    else if (answer.length !== k) reason = `the answer has ${answer.length} items, expected exactly k = ${k}`;
    else {
      const bad = answer.findIndex((i) => !Number.isInteger(i) || (i as number) < 0 || (i as number) >= m);
      if (bad >= 0) reason = `entry ${bad} is ${JSON.stringify(answer[bad])}, expected an item index 0..${m - 1}`;
      else if (new Set(answer).size !== k) reason = 'the answer repeats an item';
    }
    if (reason !== null) return { checks: [{ name: 'answer_shape', ok: false, detail: reason }], objective: null };
    const chosen = answer as number[];
    const r = rescoreSelect(terms, chosen);
    const tol = rescoreTolerance(r.weightSum);
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `${k} distinct item indices` },
      { name: 'objective_recomputed', ok: Number.isFinite(r.value), detail: `value = ${r.value} recomputed from the problem` },
    ];
    if (declared?.value !== undefined) checks.push(declaredObjective('value', declared.value, r.value, tol));
    if (declared?.count !== undefined) {
      const ok = declared.count === k;
      checks.push({ name: 'declared_count', ok, detail: ok ? `count ${k} matches` : `declared count ${JSON.stringify(declared.count)}, expected k = ${k}` });
    }
    if (typeof declared?.bound === 'number') {
      const ok = declared.bound >= r.value - tol;
      checks.push({ name: 'bound', ok, detail: ok ? `the declared bound ${declared.bound} is on the right side of ${r.value}` : `the declared bound ${declared.bound} contradicts the value ${r.value}` });
    }
    if (declared?.certainty === CERTAINTY.certified && m <= EXHAUSTIVE_RECHECK_MAX_N) {
      let best = r.value;
      for (let mask = 0; mask < 2 ** m; mask++) {
        const c: number[] = [];
        for (let i = 0; i < m; i++) if ((mask >>> i) & 1) c.push(i);
        if (c.length === k) best = Math.max(best, rescoreSelect(terms, c).value);
      }
      const ok = !(best > r.value + tol);
      checks.push({ name: 'certified_optimum', ok, detail: ok ? `no ${k} of the ${m} items beat ${r.value} (exhaustive re-check)` : `the optimum is ${best}, better than the declared certified ${r.value}` });
    }
    return { checks, objective: r.value };
  },
};

/** One checker per solvable command. */
export const CHECKERS: Readonly<Partial<Record<Command, AnswerChecker>>> = Object.freeze({
  optimize: binaryChecker({ objectiveField: 'energy', minimise: true, rescore: (v, x) => rescoreOptimize(v.input as OptimizeInput as OptimizeTerms, x) }),
  maxcut: binaryChecker({ objectiveField: 'cut_value', minimise: false, rescore: (v, x) => rescoreMaxcut({ ...(v.input as MaxcutInput), n: v.n } as MaxcutTerms, x) }),
  feel: binaryChecker({
    objectiveField: 'energy',
    minimise: true,
    rescore: (v, x) => rescoreIsing({ ...(v.input as FeelInput), n: v.n } as IsingTerms, x),
    decode: spinsToBits,
    warmStart: (v) => {
      const ws = (v.input as FeelInput).warm_start;
      return Array.isArray(ws) ? ws.map((s) => (s === 1 ? 1 : 0)) : undefined;
    },
  }),
  want: binaryChecker({
    objectiveField: 'energy',
    minimise: true,
    rescore: (v, x) => rescoreOptimize({ ...(v.input as WantInput), n: v.n } as OptimizeTerms, x),
    // The solve compares against the warm start with the pins applied.
    warmStart: (v) => {
      const ws = (v.input as WantInput).warm_start;
      if (!Array.isArray(ws)) return undefined;
      const out = [...ws];
      for (const [k, b] of Object.entries(pinsOf(v))) out[Number(k)] = b;
      return out;
    },
    feasible: (v, x) => Object.entries(pinsOf(v)).every(([k, b]) => x[Number(k)] === b),
    extra: ({ v }, x) => {
      const broken = Object.entries(pinsOf(v)).filter(([k, b]) => x[Number(k)] !== b).map(([k]) => k);
      return [{ name: 'pins_hold', ok: broken.length === 0, detail: broken.length === 0 ? 'every pinned variable has its value' : `pinned variables ${broken.join(', ')} differ from their pins` }];
    },
  }),
  rules: rulesChecker,
  select: selectChecker,
  'quantum-scale': quantumScaleChecker,
  sample: binaryChecker({
    objectiveField: 'energy',
    minimise: true,
    rescore: (v, x) => rescoreOptimize({ ...(v.input as SampleInput), n: v.n } as OptimizeTerms, x),
    extra: ({ v, declared }, x) => {
      const list = declared?.samples;
      if (list === undefined) return [];
      const input = v.input as SampleInput;
      try {
        if (!Array.isArray(list)) throw new Error('samples must be an array');
        const samples = list.map((s, t) => {
          const o = s as { assignment?: unknown; energy?: unknown; count?: unknown };
          if (!Array.isArray(o.assignment) || typeof o.energy !== 'number' || typeof o.count !== 'number') throw new Error(`sample ${t} must be {assignment, energy, count}`);
          return { x: Uint8Array.from(o.assignment as number[]), objective: o.energy, count: o.count };
        });
        const terms = { ...input, n: v.n } as OptimizeTerms;
        checkSamples({ terms, answer: Uint8Array.from(x), objective: samples[0]?.objective ?? NaN, samples, count: input.num_samples ?? DEFAULT_SAMPLE_COUNT, window: input.energy_window });
        return [{ name: 'samples', ok: true, detail: `${samples.length} distinct samples, sorted, energies re-scored, the first is the answer` }];
      } catch (e) {
        return [{ name: 'samples', ok: false, detail: e instanceof Error ? e.message : String(e) }];
      }
    },
  }),
});

const RECEIPT_FIELDS = ['seed', 'effort', 'version', 'engine'] as const;

function receiptCheck(command: Command, prep: PreparedSolve, declared: Readonly<Record<string, unknown>>, answer: unknown): VerifyCheck | null {
  if (typeof declared.receipt !== 'string') return null;
  const missing = RECEIPT_FIELDS.filter((k) => declared[k] === undefined);
  if (missing.length > 0) {
    return { name: 'receipt', ok: false, detail: `the receipt cannot be recomputed without ${missing.join(', ')} of the result` };
  }
  let version: string;
  try {
    version = resolveVersion(String(declared.version));
  } catch {
    return { name: 'receipt', ok: false, detail: `unknown model version ${JSON.stringify(declared.version)}` };
  }
  const again = receipt({
    command,
    problem: prep.receiptProblem,
    seed: Number(declared.seed),
    effort: declared.effort as never,
    version,
    engine: String(declared.engine),
    answer,
  });
  const ok = again === declared.receipt;
  return { name: 'receipt', ok, detail: ok ? 'the receipt matches the problem, answer, seed, effort, version and engine' : `the receipt differs: recomputed ${again}` };
}

/**
 * Verifies `{problem, answer}` for `command`. `answer` is the bare answer or a result document
 * carrying it (`{answer, energy, certainty, receipt, …}`). Input faults of the problem are the
 * same errors a solve would give; a wrong answer is a report with `ok: false`, never an error.
 */
export function verifyAnswer(command: string, body: unknown, ctx: { readonly sandbox: boolean; readonly sandboxMaxN?: number }): VerifyReport {
  assertSolvable(command);
  const checker = CHECKERS[command];
  if (!checker) throw new SvcError('SVC_UNSUPPORTED', `verify is not available for '${command}' yet.`);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SvcError('SVC_INVALID_INPUT', 'the body must be a JSON object {problem, answer}', { extensions: { field: '(root)' } });
  }
  const b = body as Record<string, unknown>;
  for (const k of Object.keys(b)) {
    if (k !== 'problem' && k !== 'answer') throw new SvcError('SVC_INVALID_INPUT', `unknown field "${k}"; the body is {problem, answer}`, { extensions: { field: k } });
  }
  if (b.answer === undefined) throw new SvcError('SVC_INVALID_INPUT', 'answer: missing; send the answer or the result document', { extensions: { field: 'answer' } });
  const v = validateProblem(command, b.problem, ctx.sandbox ? { sandbox: true, sandboxMaxN: ctx.sandboxMaxN } : { sandbox: false });
  const prep = ADAPTERS[command]!.prepare(v);
  const doc = typeof b.answer === 'object' && b.answer !== null && !Array.isArray(b.answer) ? (b.answer as Record<string, unknown>) : null;
  if (doc && doc.answer === undefined) {
    throw new SvcError('SVC_INVALID_INPUT', 'answer: a result document must carry its "answer" field', { extensions: { field: 'answer.answer' } });
  }
  const answer = doc ? doc.answer : b.answer;
  const { checks, objective } = checker.check({ v, prep, answer, declared: doc });
  if (doc && checks[0]?.ok) {
    const rc = receiptCheck(command, prep, doc, answer);
    if (rc) checks.push(rc);
  }
  return { ok: checks.every((c) => c.ok), command, checks, objective, objective_field: checker.objectiveField, verification: 'service_recheck' };
}

export interface VerifyApi {
  /** Independent re-check of `{problem, answer}` (free). */
  verify(command: string, body: unknown, principal: Principal): VerifyReport;
}

export function createVerify(deps: { readonly sandboxMaxN: number }): VerifyApi {
  return {
    verify(command, body, principal) {
      return verifyAnswer(command, body, { sandbox: principal.kind === 'sandbox', sandboxMaxN: deps.sandboxMaxN });
    },
  };
}
