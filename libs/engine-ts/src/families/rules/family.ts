/** The rules family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { rulesBudgetFor, rulesSizeOf } from './budget';
import type { RulesProblem, RulesResult } from './problem';
import { RULES_SCORE } from './evaluate';
import { solveRules } from './solve';

export const RULES_FAMILY: Family<RulesProblem, RulesResult> = {
  kind: 'rules',
  score: RULES_SCORE,
  nativeBudget: (p, req) => ({ family: rulesBudgetFor(req.effort, rulesSizeOf(p), req.model) }),
  solvers: { rules: solveRules },
};
