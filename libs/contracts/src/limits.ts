/** Size caps and value ranges (interface §8, commands.md "Sizes"). */
export const LIMITS = {
  /** `n` of rules, optimize, maxcut: 1..maxN; above is `SVC_DIMENSION_LIMIT`. */
  maxN: 100_000,
  /** Entries of `edges` / `quadratic`. */
  maxPairs: 5_000_000,
  /** `L` and `K` of design, each. */
  maxDesignSide: 10_000_000,
  /** `L * K` of design. */
  maxDesignCells: 100_000_000,
  /** `K` of design when a `table` is given. */
  maxDesignTableK: 4096,
  /** `items` of rank: 1..maxRankItems (its vote matrix is items² numbers); above is `SVC_DIMENSION_LIMIT`. */
  maxRankItems: 5_000,
  /** Cities of a tsp `matrix` (its N² entries travel as JSON); larger tours come as `points`. */
  maxTspMatrixN: 5_000,
  /** Cities of a tsp `points` list. */
  maxTspPoints: 20_000,
  /** Facilities of a qap (two N x N matrices travel as JSON; the search is O(N²) per move). */
  maxQapN: 1_000,
  /** Variables of a milp (research: dense box QPs at every node). */
  maxMilpVars: 256,
  /** Elements of a cover's universe. */
  maxCoverUniverse: 1_000_000,
  /** Sets of a cover (their entries together at most maxPairs). */
  maxCoverSets: 1_000_000,
  /** `m` of select above which solving is slower (still accepted). */
  selectRecommendedM: 5589,
  /** Sandbox `n` cap default (the service may configure another; see `ValidateContext.sandboxMaxN`). */
  sandboxMaxN: 50_000,
  /** `description`, trimmed, at least this many characters. */
  minDescription: 10,
  /** `description` at most this many characters (ours: it is one sentence). */
  maxDescription: 10_000,
  /** `max_latency_ms` at most this (the largest timer Node accepts). */
  maxLatencyMs: 2_147_483_647,
  /** `seed` is an unsigned 32-bit integer. */
  maxSeed: 4_294_967_295,
  /**
   * Σ|x| over every number of a problem (beyond tag, description, version, n) at most this: every
   * energy, bound and intermediate sum the engines form (squares included) stays finite.
   */
  maxTotalMagnitude: 1e150,
  /** JSON nesting (the root object is level 1); every command's problems need at most 4. */
  maxNestingDepth: 32,
} as const;

/** Certainty texts (commands.md). Parameterised ones are templates. */
export const CERTAINTY = {
  certified: 'certified optimum (proven by exhaustion)',
  heuristic: 'heuristic (hypothesis - verify)',
  planted: 'planted floor (proven by construction)',
  operationExact: 'operation (exact arithmetic)',
  operationNumeric: 'operation (numeric, tolerance <t>)',
  recorded: 'recorded (numerically detected, verified to <d> digits)',
  abstention: 'abstention (no relation within bounds)',
  /** relation's `none` when the search did not exclude every relation within max_height: only PSLQ's norm bound is claimed. */
  abstentionNorm: 'abstention (no relation found; none of norm below <t>)',
} as const;

/** What each certainty class of CERTAINTY guarantees (capabilities `certainty_classes`, docs/contract.md "Certainty"). */
export const CERTAINTY_MEANINGS: Readonly<Record<keyof typeof CERTAINTY, string>> = {
  certified: 'an exact method (enumeration, branch and bound, dynamic programming) finished within this request: a proof of optimality',
  heuristic: 'the best answer found, not proven optimal even when it happens to be; it may carry a proven bound and gap',
  planted: 'quantum-scale: the search reached the energy the instance was built to have, a floor proven by construction',
  operationExact: 'an exact operation (precision, protect, recover, reduce): every stated digit or byte is correct',
  operationNumeric: 'a numeric operation (spectrum, phase, entropy, frequency, world): each stated value is within the tolerance t the service re-checked',
  recorded: 'relation: a relation detected numerically and verified to d digits of the values sent; not a proof that it holds exactly',
  abstention: 'relation: no relation exists with coefficients up to max_height (every one was excluded)',
  abstentionNorm: 'relation: no relation was found; only that none has norm below t is proven',
};

/**
 * Whether a certainty text is an instance of a template of CERTAINTY: the same words, each `<t>` or
 * `<d>` standing for a number (e.g. `operation (numeric, tolerance 3.3e-13)` matches
 * `operation (numeric, tolerance <t>)`); a text without placeholders must be equal.
 */
export function certaintyMatches(text: unknown, template: string): boolean {
  if (typeof text !== 'string') return false;
  const parts = template.split(/<[td]>/);
  if (parts.length === 1) return text === template;
  const escape = (p: string) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${parts.map(escape).join('[-+]?[0-9]+(?:\\.[0-9]+)?(?:e[-+]?[0-9]+)?')}$`).test(text);
}

/** Which exact method finished (the engine's `Proof`), or null for a heuristic answer. */
export const PROOF_KINDS = ['exhaustive', 'branch_and_bound', 'dynamic_program', 'planted', 'bound_attained'] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

/** A model version identifier as accepted in the body or the query. */
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:+-]{0,127}$/;

/** Map keys of index-keyed fields (commands.md "Terms"). */
export const INDEX_KEY_PATTERN = /^(0|[1-9][0-9]*)$/;
