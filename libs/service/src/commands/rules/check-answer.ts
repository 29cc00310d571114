import { CERTAINTY, type RulesInput } from '@svc/contracts';
import { rescoreTolerance } from '../../internal/rescore';
import { EXHAUSTIVE_RECHECK_MAX_N } from '../shared/exact-caps';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { decodeBits, declaredObjective } from '../shared/binary-checker';
import { rescoreRules, ruleHoldsJson, type RulesTerms } from './rescore';

/** rules: violations first, then the energy, lexicographically (commands.md "rules"). */
export const rulesChecker: AnswerChecker = {
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
    } else {
      // An answer that does not declare `violations` claims every rule holds.
      const first = terms.constraints.findIndex((rule) => !ruleHoldsJson(rule, x));
      const rule = terms.constraints[first];
      checks.push({
        name: 'rules_hold', ok: first < 0,
        detail: first < 0
          ? `all ${terms.constraints.length} rules hold (the answer declares no violations, so it claims none)`
          : `rule ${first} (${rule.type} on [${rule.nodes.join(', ')}]${rule.k !== undefined ? `, k = ${rule.k}` : ''}) is broken, ${r.violations} in all; the answer declares no violations, so it claims none`,
      });
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
