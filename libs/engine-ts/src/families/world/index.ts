/**
 * @svc/engine-ts/families/world — what other libs use of the world family (the service's adapter,
 * engine-native's tests, the bench): its problem and layouts, canonical form, the k-d tree, the
 * evaluator, budget and record.
 */
export { WORLD_CHAINS, WORLD_LAYOUT, WORLD_MODELS, WORLD_OPS, type WorldChain, type WorldModel, type WorldOp, type WorldProblem } from './problem';
export { canonicalWorld, type WorldInput } from './canonical';
export { buildKdTree, nearest, queryStack, LEAF_SIZE, type KdTree } from './kdtree';
export { computeWorld, solveWorld } from './solve';
export { evaluateWorld, WORLD_SCORE } from './evaluate';
export { worldBudgetFor, type WorldBudget } from './budget';
export { WORLD_FAMILY } from './family';
