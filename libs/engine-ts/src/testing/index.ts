/**
 * @svc/engine-ts/testing — test helpers; production code never imports them. Seeded instance
 * generators and naive brute force per family, and the engine conformance suites that both
 * engines (ts, native) must pass. Its members import each other's files directly, never this
 * barrel (an import cycle: tools/src/boundaries/cycles.test.ts).
 */
export * from './generators';
export * from './conformance';
export * from './exact';
export * from './qubo-family';
export * from './select-rules';
export * from './expect-kind';
export * from './design';
export * from './cover';
export * from './milp';
