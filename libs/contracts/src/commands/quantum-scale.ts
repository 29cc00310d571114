/**
 * `quantum-scale` (commands.md "Search commands"): the service builds a planted Ising instance
 * of n spins (maximum degree `degree`, seeded by `instance_seed`) whose ground energy is known by
 * construction, solves it, and answers with the spins bit-packed (commands.md "quantum-scale
 * answer"). The request `seed` drives the solver; `instance_seed` the instance.
 */
import { z } from 'zod';
import { SvcError } from '@svc/errors';
import { LIMITS } from '../limits';
import { noContradictions, type CommandChecks, type CommandContract, type Loose } from './shared/contract';
import { common, fastCommon, fastN } from './shared/fields';
import example from './quantum-scale.valid.json';

/** Sizes of quantum-scale (commands.md: n up to 10,000,000; degree 3..16, default 3). */
export const QUANTUM_SCALE_LIMITS = {
  maxN: 10_000_000,
  minDegree: 3,
  maxDegree: 16,
  defaultDegree: 3,
  defaultInstanceSeed: 0,
} as const;

/** The one answer encoding: bit i of the decoded bytes (byte i >> 3, bit i & 7, LSB first) is spin i = +1. */
export const ANSWER_ENCODING = 'bits-base64' as const;

const degree = z.number().int().min(QUANTUM_SCALE_LIMITS.minDegree).max(QUANTUM_SCALE_LIMITS.maxDegree)
  .describe('maximum number of couplings per spin, 3..16 (default 3)');
const instanceSeed = z.number().int().min(0).max(LIMITS.maxSeed)
  .describe('unsigned 32-bit seed of the instance (default 0); the query `seed` seeds the solver');

/** The descriptive input schema. */
const quantumScaleStructure = z.strictObject({
  ...common,
  n: z.number().int().min(1).max(QUANTUM_SCALE_LIMITS.maxN).describe('number of spins, 1..10000000'),
  degree: degree.optional(),
  instance_seed: instanceSeed.optional(),
});

/** The fast top-level shape: every field is small, so zod checks them all except n's cap. */
const quantumScaleFast = z.strictObject({
  ...fastCommon,
  n: fastN,
  degree: degree.optional(),
  instance_seed: instanceSeed.optional(),
});

/** Hand-written stages after the fast shape: n is the size; above the cap is SVC_DIMENSION_LIMIT. */
const quantumScaleChecks: CommandChecks = {
  check: (v: Loose) => v.n as number,
  sizes(_v: Loose, n: number): void {
    const cap = QUANTUM_SCALE_LIMITS.maxN;
    if (n > cap) {
      throw new SvcError('SVC_DIMENSION_LIMIT', `n = ${n} is over the quantum-scale cap of ${cap}`, {
        facts: { reduce_problem_size: { max_n: cap, limit: 'n' } },
        extensions: { field: 'n' },
      });
    }
  },
  contradictions: noContradictions,
};

const int = z.number().int();

/** Answer fields. */
const quantumScaleOutputShape = {
  answer: z.string().describe('the spins, bit-packed and base64-encoded: bit i (byte i >> 3, bit i & 7) is 1 when spin i is +1'),
  answer_encoding: z.literal(ANSWER_ENCODING).describe('how `answer` is encoded'),
  energy: int.describe('Ising energy Σ J_ij s_i s_j of the answer (minimised)'),
  planted_energy: int.describe('the ground energy, proven by the construction'),
  reached_floor: z.boolean().describe('energy equals planted_energy (the answer is a ground state)'),
  edges: int.min(0).describe('coupled pairs of the instance'),
  n: int.min(1),
  degree: int.min(QUANTUM_SCALE_LIMITS.minDegree).max(QUANTUM_SCALE_LIMITS.maxDegree),
  instance_seed: int.min(0).max(LIMITS.maxSeed),
  certainty: z.string().min(1).describe("'planted floor (proven by construction)' when reached_floor, else heuristic"),
  bound: z.number().optional().describe('the planted energy, a proven lower bound (heuristic answers only)'),
  gap: z.number().min(0).optional().describe('relative gap between the answer and bound'),
};

export const quantumScale = {
  example,
  nMeans: 'the number of spins',
  structure: quantumScaleStructure,
  fast: quantumScaleFast,
  checks: quantumScaleChecks,
  output: quantumScaleOutputShape,
  limits: {
    n_min: 1, n_max: QUANTUM_SCALE_LIMITS.maxN, degree_min: QUANTUM_SCALE_LIMITS.minDegree, degree_max: QUANTUM_SCALE_LIMITS.maxDegree,
  },
} as const satisfies CommandContract;

/** Packs 0/1 per spin (1 = +1) into the `bits-base64` answer. */
export function packSpinBits(bits: ArrayLike<number>): string {
  const bytes = Buffer.alloc((bits.length + 7) >>> 3);
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) bytes[i >>> 3] |= 1 << (i & 7);
  return bytes.toString('base64');
}

/**
 * Unpacks a `bits-base64` answer of n spins to 0/1 per spin (1 = +1). Throws a RangeError when
 * it is not canonical base64 of exactly ⌈n/8⌉ bytes with the padding bits of the last byte clear.
 */
export function unpackSpinBits(answer: string, n: number): Uint8Array {
  const bytes = Buffer.from(answer, 'base64');
  if (bytes.length !== (n + 7) >>> 3 || bytes.toString('base64') !== answer) {
    throw new RangeError(`answer is not base64 of ${(n + 7) >>> 3} bytes`);
  }
  if ((n & 7) !== 0 && bytes[bytes.length - 1] >>> (n & 7) !== 0) throw new RangeError('answer sets bits beyond spin n - 1');
  const x = new Uint8Array(n);
  for (let i = 0; i < n; i++) x[i] = (bytes[i >>> 3] >>> (i & 7)) & 1;
  return x;
}
