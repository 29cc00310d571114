/**
 * Test helpers of the qubo family (imported as @svc/engine-ts/families/qubo/testing; production
 * code never imports them): seeded optimize/maxcut generators and a naive brute force, the feel,
 * want and sample helpers, and the engine conformance suite both engines (ts, native) must pass.
 * Its members import each other's files directly, never this entry (an import cycle:
 * tools/src/boundaries/cycles.test.ts).
 */
export * from './testing-generators';
export * from './testing-conformance';
export * from './testing-exact';
export * from './testing-ising';
