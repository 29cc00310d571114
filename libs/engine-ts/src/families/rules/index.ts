/** The rules family's entry, `@svc/engine-ts/families/rules`: its problem, builders, evaluator and budget. */
export type { RuleList, RulesProblem, RulesResult } from './problem';
export { canonicalRules, RULE_CODE, RULE_KINDS, type RawRule, type RuleKind } from './canonical';
export { evaluateRules, ruleHolds, rulesWeightSum, type RulesScore } from './evaluate';
export { rulesBudgetFor, rulesSizeOf, type RulesBudget, type RulesSize } from './budget';
