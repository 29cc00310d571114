/** The canonical `relation` problem (problem.ts) from its JSON fields, and the exact values it stands for. */
import { RELATION_ENGINE_LIMITS as L, type RelationProblem } from './problem';

/** A decimal string: optional sign, digits with an optional point, an optional exponent. */
export const RELATION_DECIMAL_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** One value as written: ±int(digits)·10^exponent, digits without leading zeros (trailing kept). */
export interface WrittenDecimal {
  readonly negative: boolean;
  readonly digits: string;
  readonly exponent: number;
  /** An integer written without a point or an exponent: taken as exact (no truncation allowance). */
  readonly exact: boolean;
}

/** The text of a value given as a string or a JSON number (a number by its shortest round-trip spelling). */
export const valueText = (v: string | number): string => (typeof v === 'number' ? String(v) : v);

/** Parses one value; throws a plain Error saying what is wrong (the contract says the same earlier, naming the field). */
export function parseWritten(v: string | number): WrittenDecimal {
  if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`${v} is not a finite number`);
  const s = valueText(v);
  if (typeof s !== 'string' || !RELATION_DECIMAL_PATTERN.test(s)) throw new Error(`${JSON.stringify(String(s).slice(0, 40))} is not a decimal`);
  let body = s;
  let exponent = 0;
  const e = body.search(/[eE]/);
  if (e >= 0) {
    const text = body.slice(e + 1);
    if (text.replace(/^[+-]?0*/, '').length > 7) throw new Error('exponent out of range');
    exponent = Number(text);
    body = body.slice(0, e);
  }
  const negative = body.startsWith('-');
  body = body.replace(/^[+-]/, '');
  const dot = body.indexOf('.');
  const ip = dot >= 0 ? body.slice(0, dot) : body;
  const fp = dot >= 0 ? body.slice(dot + 1) : '';
  exponent -= fp.length;
  let digits = ip + fp;
  let lead = 0;
  while (lead < digits.length && digits.charCodeAt(lead) === 48) lead++;
  digits = digits.slice(lead);
  if (digits.length > L.maxValueDigits) throw new Error(`${digits.length} significant digits, more than ${L.maxValueDigits}`);
  if (Math.abs(exponent) > L.maxExponent) throw new Error(`the exponent of its last digit (${exponent}) is outside ±${L.maxExponent}`);
  return { negative: negative && digits !== '', digits, exponent, exact: e < 0 && dot < 0 };
}

/** The JSON fields of a relation problem (validated by the contract first; digits resolved). */
export interface RelationInput {
  readonly values?: readonly (string | number)[];
  readonly value?: string | number;
  readonly degree?: number;
  readonly max_height: number;
  readonly digits: number;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** The canonical problem; throws a plain Error naming the first bad field. */
export function canonicalRelation(input: RelationInput): RelationProblem {
  const poly = input.value !== undefined;
  if (poly === (input.values !== undefined)) throw new Error('give either values or value with degree');
  const written: WrittenDecimal[] = [];
  if (poly) {
    if (!isInt(input.degree) || input.degree < 1 || input.degree > L.maxDegree) throw new Error(`degree must be an integer 1..${L.maxDegree}`);
    written.push(parseWritten(input.value!));
  } else {
    if (input.degree !== undefined) throw new Error('degree applies to value only');
    const vs = input.values!;
    if (!Array.isArray(vs) || vs.length < 2 || vs.length > L.maxValues) throw new Error(`values must hold 2..${L.maxValues} numbers`);
    vs.forEach((v, i) => {
      try {
        written.push(parseWritten(v));
      } catch (e) {
        throw new Error(`values[${i}]: ${(e as Error).message}`);
      }
    });
    if (written.every((w) => w.digits === '')) throw new Error('every value is 0: any vector is a relation');
  }
  const total = written.reduce((a, w) => a + w.digits.length, 0);
  const digits = new Uint8Array(total);
  let at = 0;
  for (const w of written) for (let i = 0; i < w.digits.length; i++) digits[at++] = w.digits.charCodeAt(i) - 48;
  const problem: RelationProblem = {
    kind: 'relation',
    n: poly ? input.degree! + 1 : written.length,
    degree: poly ? input.degree! : 0,
    negative: Uint8Array.from(written, (w) => (w.negative ? 1 : 0)),
    digits,
    lengths: Int32Array.from(written, (w) => w.digits.length),
    exponents: Int32Array.from(written, (w) => w.exponent),
    exact: Uint8Array.from(written, (w) => (w.exact ? 1 : 0)),
    maxHeight: input.max_height,
    workDigits: input.digits,
  };
  checkRelationProblem(problem);
  return problem;
}

/** The engine's own checks of a canonical problem (both engines make them). */
export function checkRelationProblem(p: RelationProblem): void {
  const count = p.lengths.length;
  if (!isInt(p.workDigits) || p.workDigits < L.minDigits || p.workDigits > L.maxDigits) throw new Error(`digits must be an integer ${L.minDigits}..${L.maxDigits}`);
  if (!isInt(p.maxHeight) || p.maxHeight < 1 || p.maxHeight > L.maxHeight) throw new Error(`max_height must be an integer 1..${L.maxHeight}`);
  if (!isInt(p.degree) || p.degree < 0 || p.degree > L.maxDegree) throw new Error(`degree must be an integer 0..${L.maxDegree}`);
  if (p.degree > 0 ? count !== 1 : count < 2 || count > L.maxValues) throw new Error(p.degree > 0 ? 'a polynomial takes one value' : `values must hold 2..${L.maxValues} numbers`);
  if (p.n !== (p.degree > 0 ? p.degree + 1 : count)) throw new Error(`n (${p.n}) must be ${p.degree > 0 ? 'degree + 1' : 'the number of values'}`);
  if (p.negative.length !== count || p.exponents.length !== count || p.exact.length !== count) throw new Error('value arrays of different lengths');
  let sum = 0;
  let nonzero = false;
  for (let i = 0; i < count; i++) {
    const len = p.lengths[i];
    if (len < 0 || len > L.maxValueDigits) throw new Error(`value ${i} has more than ${L.maxValueDigits} digits`);
    if (len > 0 && p.digits[sum] === 0) throw new Error(`value ${i} has a leading zero`);
    if (Math.abs(p.exponents[i]) > L.maxExponent) throw new Error(`value ${i}'s exponent is outside ±${L.maxExponent}`);
    if (len > 0) nonzero = true;
    sum += len;
  }
  if (sum !== p.digits.length) throw new Error('digits do not add up to the lengths');
  for (const d of p.digits) if (d > 9) throw new Error('a digit outside 0..9');
  if (p.degree === 0 && !nonzero) throw new Error('every value is 0');
}

/** An exact decimal m·10^e. */
export interface Dec {
  readonly m: bigint;
  readonly e: number;
}

/** The values of a canonical problem as exact decimals, and each one's truncation allowance exponent (null when exact). */
export function problemValues(p: RelationProblem): { values: Dec[]; ulp: (number | null)[] } {
  const values: Dec[] = [];
  const ulp: (number | null)[] = [];
  let at = 0;
  for (let i = 0; i < p.lengths.length; i++) {
    let s = '';
    for (let k = 0; k < p.lengths[i]; k++) s += String.fromCharCode(48 + p.digits[at + k]);
    at += p.lengths[i];
    const m = s === '' ? 0n : BigInt(s);
    values.push({ m: p.negative[i] ? -m : m, e: p.exponents[i] });
    ulp.push(p.exact[i] ? null : p.exponents[i]);
  }
  return { values, ulp };
}
