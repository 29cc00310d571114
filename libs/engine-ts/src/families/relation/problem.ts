/** The canonical problem of `relation` (C++ core/relation/problem.h) and the layout of its answer. */

/**
 * Sizes the engines accept (the contract checks the same, with the fields named:
 * libs/contracts/src/commands/relation.ts RELATION_LIMITS). Every bound keeps one call's work
 * bounded before it starts.
 */
export const RELATION_ENGINE_LIMITS = {
  /** Working decimal digits of PSLQ, minDigits..maxDigits. */
  minDigits: 10,
  maxDigits: 1000,
  /** values: 2..maxValues numbers. */
  maxValues: 32,
  /** value + degree: degree 1..maxDegree. */
  maxDegree: 24,
  /** max_height: 1..maxHeight (coefficients stay exact in a double). */
  maxHeight: 1e15,
  /** Significant digits written in one value (leading zeros dropped). */
  maxValueDigits: 2000,
  /** |exponent of a value's last written digit| at most this. */
  maxExponent: 10_000,
} as const;

/** Why a PSLQ run stopped (the `stop` extra; core/relation/pslq.h PslqStop, same numbers). */
export const RELATION_STOPS = ['found', 'bound', 'exhausted', 'iterations', 'limit', 'unverified'] as const;
export type RelationStop = (typeof RELATION_STOPS)[number];

/**
 * relation: an integer relation among `count` decimal values (degree 0), or the minimal polynomial
 * of degree at most `degree` of one value (count 1). Value i is (−1)^negative[i] · int(its
 * `lengths[i]` digits of `digits`) · 10^exponents[i]: the digits as written, leading zeros
 * dropped and trailing ones kept, so 10^exponents[i] is one unit in its last written digit (the
 * truncation allowance), 0 when exact[i] (an integer written without a point or an exponent).
 * n is the length of a relation: count, or degree + 1.
 *
 * The answer is a `NumericResult` (base.ts):
 *   answer   the relation's integer coefficients (empty when none was found): in the values'
 *            order, first nonzero one positive; for a polynomial highest degree first, leading
 *            coefficient positive; primitive (gcd 1)
 *   ints     empty
 *   extras   found (1/0), stop (index in RELATION_STOPS of the last PSLQ run), bound (the lower
 *            bound 1/max|H_jj| on the Euclidean norm of any relation, from the last run, 0 when
 *            none), iterations (all runs), degree (the polynomial's degree, 0 for values),
 *            irreducible (1 when proven for the polynomial by the lower-degree runs' bounds)
 *   objective  the largest |coefficient| (0 when none)
 */
export interface RelationProblem {
  readonly kind: 'relation';
  readonly n: number;
  readonly degree: number;
  readonly negative: Uint8Array;
  readonly digits: Uint8Array;
  readonly lengths: Int32Array;
  readonly exponents: Int32Array;
  readonly exact: Uint8Array;
  readonly maxHeight: number;
  readonly workDigits: number;
}
