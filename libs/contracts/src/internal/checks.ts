import { INDEX_KEY_PATTERN } from '../limits';
import { InputIssue, fail, failMissing, formatPath, isPlainObject, show, typeName, type Path } from './issue';

// Hand-written loops for the hot (possibly huge) fields: zod per element is too slow at 10^6.

export function isFiniteNumber(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

export function isIndex(x: unknown, n: number): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < n;
}

export function rangeText(n: number): string {
  return n > 0 ? `0..${n - 1}` : 'empty';
}

/**
 * An index that is not an integer in 0..size-1. Out of range (negative, or size and above) gets
 * the 0-based hint, e.g. `edges[3][1] = 5 is out of range for n = 5; indices are 0-based (0..4)`,
 * plus a 1-based hint when the index equals the size.
 */
export function failIndex(path: Path, x: unknown, size: number, sizeName = 'n'): never {
  if (typeof x !== 'number' || !Number.isInteger(x)) fail(path, `expected an integer index, got ${typeName(x)}`);
  throw new InputIssue(path, `${formatPath(path)} = ${x} is out of range for ${sizeName} = ${size}; ${zeroBasedHint(x, size)}`, true);
}

/** `indices are 0-based (0..4)`, plus a 1-based hint when x == size. */
export function zeroBasedHint(x: number, size: number): string {
  const base = `indices are 0-based (${rangeText(size)})`;
  return x === size && size > 0 ? `${base}; if you numbered from 1, subtract 1 from every index` : base;
}

export function failNumber(path: Path, x: unknown): never {
  fail(path, `expected a finite number, got ${typeName(x)}`);
}

export function expectArray(v: unknown, path: Path, what = 'an array'): unknown[] {
  if (!Array.isArray(v)) fail(path, `expected ${what}, got ${typeName(v)}`);
  return v;
}

/** `v`, else `"<path>" is required: <expected>`. */
export function required<T>(v: T | undefined, path: Path, expected: string): T {
  if (v === undefined) failMissing(path, expected);
  return v;
}

export function expectObject(v: unknown, path: Path, what: string): Record<string, unknown> {
  if (!isPlainObject(v)) fail(path, `expected ${what}, got ${typeName(v)}`);
  return v;
}

/** Rejects keys outside `allowed` (strict objects nested in hot arrays). */
export function onlyKeys(o: Record<string, unknown>, allowed: readonly string[], path: Path): void {
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key)) fail([...path, key], `unknown field ${show(key)}; allowed: ${allowed.join(', ')}`);
  }
}

/** A map field `{index: number}` keyed by 0-based indices below n. */
export function checkIndexMap(v: unknown, field: string, n: number): Record<string, number> {
  if (Array.isArray(v)) {
    fail([field], `expected a map {index: number} (a JSON object keyed by 0-based index, e.g. {"0": 1.5}), got an array`);
  }
  const o = expectObject(v, [field], 'a map {index: number}');
  for (const key of Object.keys(o)) {
    if (!INDEX_KEY_PATTERN.test(key)) fail([field, key], `key ${show(key)} is not a 0-based index (keys must match ^(0|[1-9][0-9]*)$; ${rangeText(n)} here)`);
    const i = Number(key);
    if (!(i < n)) failIndex([field, key], i, n);
    if (!isFiniteNumber(o[key])) failNumber([field, key], o[key]);
  }
  return o as Record<string, number>;
}

export interface TripleOptions {
  /** Message for a self-pair [i, i, w]; absent = self-pairs allowed. */
  rejectSelf?: string;
  /** Range of the second index when it differs from the first's (design bias: value < K). */
  n2?: number;
  /** Names of the three members, for messages. */
  shape?: string;
  /** Names of n and n2 in messages (default `n`). */
  sizeNames?: readonly [string, string];
}

/** An array of [i, j, weight] with 0 <= i < n, 0 <= j < n2 and a finite weight. */
export function checkTriples(v: unknown, field: string, n: number, opts: TripleOptions = {}): unknown[][] {
  const shape = opts.shape ?? '[i, j, weight]';
  const a = expectArray(v, [field], `an array of ${shape}`);
  const n2 = opts.n2 ?? n;
  const rejectSelf = opts.rejectSelf;
  for (let t = 0; t < a.length; t++) {
    const e = a[t];
    if (!Array.isArray(e) || e.length !== 3) fail([field, t], `expected ${shape}, got ${typeName(e)}`);
    const i = e[0];
    const j = e[1];
    const w = e[2];
    if (!isIndex(i, n)) failIndex([field, t, 0], i, n, opts.sizeNames?.[0]);
    if (!isIndex(j, n2)) failIndex([field, t, 1], j, n2, opts.sizeNames?.[1]);
    if (typeof w !== 'number' || !Number.isFinite(w)) failNumber([field, t, 2], w);
    if (rejectSelf !== undefined && i === j) fail([field, t], `self-pair [${i}, ${i}, w]: ${rejectSelf}`);
  }
  return a as unknown[][];
}

/** An array of [i, j] index pairs with i != j. */
export function checkPairs(v: unknown, field: string, n: number, selfMessage: string, sizeName = 'n'): number[][] {
  const a = expectArray(v, [field], 'an array of [i, j]');
  for (let t = 0; t < a.length; t++) {
    const e = a[t];
    if (!Array.isArray(e) || e.length !== 2) fail([field, t], `expected [i, j], got ${typeName(e)}`);
    if (!isIndex(e[0], n)) failIndex([field, t, 0], e[0], n, sizeName);
    if (!isIndex(e[1], n)) failIndex([field, t, 1], e[1], n, sizeName);
    if (e[0] === e[1]) fail([field, t], selfMessage);
  }
  return a as number[][];
}

/** A 0/1 array of length exactly n (warm_start). */
export function checkBits(v: unknown, field: string, n: number): number[] {
  const a = expectArray(v, [field], 'an array of 0/1');
  if (a.length !== n) fail([field], `expected length n = ${n}, got ${a.length}`);
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (x !== 0 && x !== 1) fail([field, i], `expected 0 or 1, got ${typeName(x)}`);
  }
  return a as number[];
}

/** An array of finite numbers of the given length. */
export function checkNumbers(v: unknown, field: string, length: number, lengthName: string): number[] {
  const a = expectArray(v, [field], 'an array of numbers');
  if (a.length !== length) fail([field], `expected length ${lengthName} = ${length}, got ${a.length}`);
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) failNumber([field, i], x);
  }
  return a as number[];
}

export interface MatrixOptions {
  /** Order the matrix must have; absent = its own row count. */
  order?: number;
  orderName?: string;
  minOrder?: number;
  /** Entries must be safe integers. */
  integer?: boolean;
}

/** A square matrix (array of equal-length rows) of finite numbers; returns its order. */
export function checkSquare(v: unknown, field: string, opts: MatrixOptions = {}): number {
  const rows = expectArray(v, [field], 'a square matrix (an array of rows)');
  const order = rows.length;
  if (opts.order !== undefined && order !== opts.order) {
    fail([field], `expected ${opts.order} rows (${opts.orderName ?? 'the order'}), got ${order}`);
  }
  const minOrder = opts.minOrder ?? 1;
  if (order < minOrder) fail([field], `expected at least ${minOrder} row${minOrder === 1 ? '' : 's'}, got ${order}`);
  const integer = opts.integer === true;
  for (let r = 0; r < order; r++) {
    const row = rows[r];
    if (!Array.isArray(row)) fail([field, r], `expected a row (an array of ${order} numbers), got ${typeName(row)}`);
    if (row.length !== order) fail([field, r], `expected ${order} entries (the matrix must be square), got ${row.length}`);
    for (let c = 0; c < order; c++) {
      const x = row[c];
      if (integer) {
        if (typeof x !== 'number' || !Number.isSafeInteger(x)) fail([field, r, c], `expected an integer, got ${typeName(x)}`);
      } else if (typeof x !== 'number' || !Number.isFinite(x)) {
        failNumber([field, r, c], x);
      }
    }
  }
  return order;
}

/** Exact symmetry of a square matrix already checked by `checkSquare`; the diagonal is free. */
export function checkSymmetric(m: unknown, field: string): void {
  const rows = m as number[][];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    for (let c = r + 1; c < rows.length; c++) {
      if (row[c] !== rows[c]![r]) {
        fail([field, c, r], `the matrix must be symmetric: ${field}[${r}][${c}] = ${row[c]} but ${field}[${c}][${r}] = ${rows[c]![r]}`);
      }
    }
  }
}

/** `n`, when given, must equal the size the data fixes (commands.md "What n means"). */
export function agreeN(n: unknown, size: number, what: string): void {
  if (n !== undefined && n !== size) fail(['n'], `n (${show(n)}) disagrees with ${what} (${size})`);
}
