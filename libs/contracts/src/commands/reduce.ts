/**
 * `reduce` (commands.md "Numeric and data commands", docs/reduce.md): the LLL reduction of a
 * lattice basis. `basis` is a list of integer vectors (the rows), each entry a JSON number that is
 * a safe integer or a decimal string of any sign; `delta` the Lovász parameter in (0.25, 1)
 * (default 0.99). n is the number of basis vectors. The answer is exact (decimal strings), checked
 * exactly before it is returned.
 */
import { z } from 'zod';
import { agreeN, expectArray, required } from '../internal/checks';
import { fail, show, typeName } from '../internal/issue';
import { dimension } from './shared/sizes';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { common, fastCommon, hot } from './shared/fields';
import example from './reduce.valid.json';

/** reduce's caps (capabilities `limits`) and default (engine-ts REDUCE_ENGINE_LIMITS, C++ core/reduce/problem.h). */
export const REDUCE_LIMITS = {
  /** Basis vectors (rows). */
  maxVectors: 200,
  /** Coordinates of each vector (columns). */
  maxDimension: 400,
  /** Decimal digits of one entry (|entry| < 10^1000, about 3,300 bits). */
  maxDigits: 1000,
  defaultDelta: 0.99,
} as const;

const INTEGER_STRING = /^[+-]?\d+$/;

function check(v: Loose): number {
  const basis = expectArray(required(v.basis, ['basis'], 'an array of integer vectors, e.g. [[1, 0], ["12345678901234567890", 1]]'), ['basis'], 'an array of integer vectors');
  if (basis.length === 0) fail(['basis'], 'expected at least one vector, got an empty basis');
  const first = expectArray(basis[0], ['basis', 0], 'a vector: an array of integers (numbers or decimal strings)');
  if (first.length === 0) fail(['basis', 0], 'expected a vector with at least one coordinate, got []');
  for (let i = 0; i < basis.length; i++) {
    const row = expectArray(basis[i], ['basis', i], 'a vector: an array of integers (numbers or decimal strings)');
    if (row.length !== first.length) fail(['basis', i], `expected ${first.length} coordinates like basis[0] (every vector has the same length), got ${row.length}`);
    for (let j = 0; j < row.length; j++) {
      const x = row[j];
      if (typeof x === 'number') {
        if (!Number.isInteger(x)) fail(['basis', i, j], `expected an integer, got ${show(x)}`);
        if (!Number.isSafeInteger(x)) fail(['basis', i, j], `${show(x)} is beyond 2^53 - 1, where JSON numbers lose digits: send this entry as a decimal string of its exact digits (e.g. "9007199254740993")`);
      } else if (typeof x === 'string') {
        if (!INTEGER_STRING.test(x)) fail(['basis', i, j], `expected a decimal integer string such as "-123456789012345678901234567890", got ${JSON.stringify(x.length > 40 ? `${x.slice(0, 20)}…` : x)}`);
      } else {
        fail(['basis', i, j], `expected an integer (a number or a decimal string), got ${typeName(x)}`);
      }
    }
  }
  if (v.delta !== undefined && !(typeof v.delta === 'number' && v.delta > 0.25 && v.delta < 1)) {
    fail(['delta'], `expected a number in the open interval (0.25, 1) (the Lovász parameter; default ${REDUCE_LIMITS.defaultDelta}), got ${show(v.delta)}`);
  }
  agreeN(v.n, basis.length, 'the number of basis vectors');
  return basis.length;
}

function sizes(v: Loose, n: number): void {
  const L = REDUCE_LIMITS;
  if (n > L.maxVectors) dimension(`basis has ${n} vectors, over the cap of ${L.maxVectors}`, L.maxVectors, 'basis');
  const basis = v.basis as unknown[][];
  if (basis[0].length > L.maxDimension) dimension(`basis vectors have ${basis[0].length} coordinates, over the cap of ${L.maxDimension}`, L.maxDimension, 'basis', { max_dimension: L.maxDimension });
  for (let i = 0; i < basis.length; i++) {
    for (let j = 0; j < basis[i].length; j++) {
      const x = basis[i][j];
      if (typeof x === 'string' && x.replace(/^[+-]?0*/, '').length > L.maxDigits) {
        dimension(`basis[${i}][${j}] has ${x.replace(/^[+-]?0*/, '').length} digits, over the cap of ${L.maxDigits}`, L.maxVectors, 'basis', { max_digits: L.maxDigits });
      }
    }
  }
}

const entry = z.union([z.number().int(), z.string().regex(INTEGER_STRING)]);

export const reduce = {
  example,
  nMeans: 'the number of basis vectors (the length of basis)',
  structure: z.strictObject({
    ...common,
    basis: z.array(z.array(entry).min(1)).min(1)
      .describe(`the basis vectors (rows), 1..${REDUCE_LIMITS.maxVectors} of equal length 1..${REDUCE_LIMITS.maxDimension}; each entry an integer: a JSON number when |x| <= 2^53 - 1, else a decimal string (any size up to ${REDUCE_LIMITS.maxDigits} digits); dependent vectors are allowed`),
    delta: z.number().gt(0.25).lt(1).optional().describe('the Lovász parameter delta in (0.25, 1), default 0.99 (taken as the exact binary value of the number)'),
  }),
  fast: z.strictObject({ ...fastCommon, basis: hot, delta: z.number().gt(0.25).lt(1).optional() }),
  checks: { check, sizes, contradictions: noContradictions },
  output: {
    answer: z.array(z.array(z.string())).describe('the LLL-reduced basis, same number of vectors as the input, entries as exact decimal strings; the zero vectors of a dependent input first (there are basis length − rank of them)'),
    rank: z.number().int().min(0).describe('the rank of the lattice: the number of nonzero vectors of answer'),
    shortest_norm: z.number().min(0).describe('the Euclidean norm of the shortest nonzero vector of answer, as a double (sqrt of shortest_norm_squared, within one ulp); 0 when every vector is zero'),
    shortest_norm_squared: z.string().describe('the squared Euclidean norm of that vector, exactly, as a decimal string'),
    shortest_index: z.number().int().min(-1).describe('the index in answer of that vector (the first such; -1 when every vector is zero)'),
    delta: z.number().describe('the delta the answer is reduced for'),
    reduced: z.boolean().describe('true: LLL-reduced (always, unless a latency budget stopped the solve; then answer is a basis of the same lattice, not yet reduced, and certainty is heuristic)'),
    note: z.string().optional().describe('present when a latency budget stopped the solve'),
    certainty: z.string().min(1).describe("'operation (exact arithmetic)': size-reduced (|mu| <= 1/2), the Lovász condition and the same lattice, checked exactly"),
  },
  limits: { n_min: 1, n_max: REDUCE_LIMITS.maxVectors, dimension_max: REDUCE_LIMITS.maxDimension, entry_max_digits: REDUCE_LIMITS.maxDigits, delta_min_exclusive: 0.25, delta_max_exclusive: 1 },
} as const satisfies CommandContract;
