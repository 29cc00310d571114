/** The canonical problem of `reduce` (C++ core/reduce/problem.h) and the layout of its answer. */
import type { DecimalResult } from '../precision/problem';

/**
 * Sizes the engines accept (the contract's caps, libs/contracts src/commands/reduce.ts): at most
 * maxVectors basis vectors of at most maxDimension coordinates, each |entry| < 10^maxDigits.
 */
export const REDUCE_ENGINE_LIMITS = {
  maxVectors: 200,
  maxDimension: 400,
  maxDigits: 1000,
} as const;

/**
 * reduce: the LLL reduction of the rows of an integer matrix (rows × cols) with parameter delta
 * in (0.25, 1), taken as the exact binary value of the double. `text` holds the entries row by
 * row as ASCII decimal integers ("-" and digits, no leading zero) separated by one space. n = rows.
 */
export interface ReduceProblem {
  readonly kind: 'reduce';
  readonly n: number;
  readonly rows: number;
  readonly cols: number;
  readonly delta: number;
  readonly text: Uint8Array;
}

/**
 * The answer crosses as decimal text (the `decimal` result kind of precision: ASCII bytes, exact
 * = true): three sections separated by ';' — the reduced basis B', the transform U with U·B = B'
 * and its inverse V with V·B' = B — each a matrix with rows separated by '\n' and entries by ' '.
 * Zero vectors (dependent input) come first in B'.
 */
export type ReduceResult = DecimalResult;

/** An integer matrix as rows of BigInt. */
export type IntMatrix = bigint[][];

const matrixText = (m: IntMatrix): string => m.map((r) => r.join(' ')).join('\n');

/** The answer text of a reduction (problem.ts ReduceResult). */
export const reduceAnswerText = (b: IntMatrix, u: IntMatrix, v: IntMatrix): string => `${matrixText(b)};${matrixText(u)};${matrixText(v)}`;

/** The three matrices of an answer text; throws a plain Error on a malformed text. */
export function parseReduceAnswer(text: string, rows: number, cols: number): { basis: IntMatrix; u: IntMatrix; v: IntMatrix } {
  const parts = text.split(';');
  if (parts.length !== 3) throw new Error(`expected 3 sections (basis; U; V), got ${parts.length}`);
  const read = (s: string, width: number, what: string): IntMatrix => {
    const lines = s.split('\n');
    if (lines.length !== rows) throw new Error(`${what} has ${lines.length} rows, expected ${rows}`);
    return lines.map((line, i) => {
      const cells = line.split(' ');
      if (cells.length !== width) throw new Error(`${what} row ${i} has ${cells.length} entries, expected ${width}`);
      return cells.map((c) => {
        if (!/^-?(0|[1-9]\d*)$/.test(c)) throw new Error(`${what} row ${i} has a non-integer ${JSON.stringify(c.slice(0, 40))}`);
        return BigInt(c);
      });
    });
  };
  return { basis: read(parts[0], cols, 'basis'), u: read(parts[1], rows, 'U'), v: read(parts[2], rows, 'V') };
}

/** The text of ASCII bytes (a problem's `text`, an answer). */
export const decimalTextOf = (bytes: ArrayLike<number>): string => Buffer.from(Uint8Array.from(bytes)).toString('latin1');

/** The basis of a canonical problem as BigInt rows. */
export function problemBasis(p: ReduceProblem): IntMatrix {
  const cells = decimalTextOf(p.text).split(' ');
  if (cells.length !== p.rows * p.cols) throw new Error(`text holds ${cells.length} entries, expected ${p.rows} × ${p.cols}`);
  const out: IntMatrix = [];
  for (let i = 0; i < p.rows; i++) out.push(cells.slice(i * p.cols, (i + 1) * p.cols).map((c) => BigInt(c)));
  return out;
}
