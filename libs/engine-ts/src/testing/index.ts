/**
 * @svc/engine-ts/testing — the test helpers no family owns; production code never imports them.
 * Each family's own generators, brute forces and conformance tests are in its folder
 * (`@svc/engine-ts/families/<family>/testing`); the engine conformance suite that both engines
 * (ts, native) must pass is the qubo family's `engineConformanceSuite`. Members import each other's
 * files directly, never this barrel (an import cycle: tools/src/boundaries/cycles.test.ts).
 */
export * from './expect-kind';
export * from './lcg';
export * from './permutations';
