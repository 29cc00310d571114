/** The canonical `reduce` problem (problem.ts) from its JSON fields. */
import { REDUCE_ENGINE_LIMITS as L, type ReduceProblem } from './problem';

/** The JSON fields of a reduce problem (validated by the contract first). */
export interface ReduceInput {
  readonly basis: readonly (readonly (number | string)[])[];
  readonly delta?: number;
}

export const REDUCE_DEFAULT_DELTA = 0.99;

const INTEGER = /^[+-]?\d+$/;

/** One entry in the canonical spelling ("-" and digits, no leading zero); throws naming it. */
export function canonicalEntry(v: unknown, i: number, j: number): string {
  let s: string;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new Error(`basis[${i}][${j}] must be a safe integer (|x| <= 2^53 - 1) or a decimal string, got ${v}`);
    s = String(v);
  } else if (typeof v === 'string' && INTEGER.test(v)) {
    const neg = v.startsWith('-');
    const digits = v.replace(/^[+-]/, '').replace(/^0+/, '');
    s = digits === '' ? '0' : `${neg ? '-' : ''}${digits}`;
  } else {
    throw new Error(`basis[${i}][${j}] must be an integer (a number or a decimal string), got ${typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : typeof v}`);
  }
  if (s.replace('-', '').length > L.maxDigits) throw new Error(`basis[${i}][${j}] has more than ${L.maxDigits} digits`);
  return s;
}

/** The canonical problem; throws a plain Error naming the first bad field (the contract checks the same earlier). */
export function canonicalReduce(input: ReduceInput): ReduceProblem {
  const { basis } = input;
  if (!Array.isArray(basis) || basis.length === 0) throw new Error('basis must be a non-empty array of vectors');
  if (basis.length > L.maxVectors) throw new Error(`basis has ${basis.length} vectors, more than ${L.maxVectors}`);
  const cols = Array.isArray(basis[0]) ? basis[0].length : 0;
  if (cols === 0) throw new Error('basis[0] must be a non-empty array of integers');
  if (cols > L.maxDimension) throw new Error(`basis vectors have ${cols} coordinates, more than ${L.maxDimension}`);
  const cells: string[] = [];
  basis.forEach((row, i) => {
    if (!Array.isArray(row) || row.length !== cols) throw new Error(`basis[${i}] must have ${cols} entries like basis[0]`);
    row.forEach((v, j) => cells.push(canonicalEntry(v, i, j)));
  });
  const delta = input.delta ?? REDUCE_DEFAULT_DELTA;
  if (!(typeof delta === 'number' && delta > 0.25 && delta < 1)) throw new Error(`delta must be in (0.25, 1), got ${String(delta)}`);
  return { kind: 'reduce', n: basis.length, rows: basis.length, cols, delta, text: Uint8Array.from(Buffer.from(cells.join(' '), 'latin1')) };
}

/** delta as an exact fraction num/den (a double is a dyadic rational). */
export function deltaFraction(delta: number): { num: bigint; den: bigint } {
  let den = 1n;
  let x = delta;
  while (!Number.isInteger(x)) {
    x *= 2;
    den *= 2n;
  }
  return { num: BigInt(x), den };
}
