/**
 * `relation` (commands.md "Numeric and data commands", docs/relation.md): an integer relation
 * among `values` (decimal strings or numbers), or the minimal polynomial of degree at most `degree`
 * of one `value`, by PSLQ at `digits` working digits, with coefficients at most `max_height`. It
 * abstains (`none`) when no such relation is found; abstention is a valid answer. n is the length
 * of a relation: the number of values, or degree + 1.
 */
import { z } from 'zod';
import { agreeN } from '../internal/checks';
import { fail, failMissing, show, typeName } from '../internal/issue';
import { dimension } from './shared/sizes';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { common, fastCommon, hot } from './shared/fields';
import example from './relation.valid.json';

/** relation's caps and defaults (capabilities `limits`; engine-ts RELATION_ENGINE_LIMITS are the same). */
export const RELATION_LIMITS = {
  minValues: 2,
  maxValues: 32,
  minDegree: 1,
  maxDegree: 24,
  /** Working digits of PSLQ: minDigits..maxDigits, default min(defaultDigits, the digits the values carry). */
  minDigits: 10,
  maxDigits: 1000,
  defaultDigits: 50,
  /** max_height: 1..maxHeight (coefficients stay exact as JSON numbers); default 10^6. */
  maxHeight: 1e15,
  defaultMaxHeight: 1e6,
  /** Significant digits of one value, and |exponent of its last written digit|. */
  maxValueDigits: 2000,
  maxExponent: 10_000,
} as const;

/** A decimal string: optional sign, digits with an optional point, an optional exponent. */
export const RELATION_DECIMAL_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** One value as written: its significant digits, the exponent of its leading digit (null for 0) and of its last written digit (null when exact). */
export interface WrittenValue {
  readonly leading: number | null;
  readonly last: number | null;
}

const brief = (x: unknown): string => {
  const s = String(x);
  return s.length <= 40 ? s : `${s.slice(0, 20)}…${s.slice(-12)} (${s.length} characters)`;
};

/** Reads one value (a decimal string or a finite JSON number), failing on `path` with what is wrong. */
export function readValue(x: unknown, path: (string | number)[]): WrittenValue {
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) fail(path, `expected a finite number or a decimal string, got ${show(x)}`);
    x = String(x);
  }
  if (typeof x !== 'string') fail(path, `expected a decimal string such as "1.41421356237309504880" or a number, got ${typeName(x)}`);
  if (!RELATION_DECIMAL_PATTERN.test(x)) fail(path, `${JSON.stringify(brief(x))} is not a decimal: an optional sign, digits with an optional point, an optional exponent (e.g. "0.6931471805599453094172321")`);
  let body = x;
  let exponent = 0;
  const e = body.search(/[eE]/);
  if (e >= 0) {
    const text = body.slice(e + 1);
    if (text.replace(/^[+-]?0*/, '').length > 7) fail(path, `the exponent of ${brief(x)} is out of range (the last written digit's exponent must be within ±${RELATION_LIMITS.maxExponent})`);
    exponent = Number(text);
    body = body.slice(0, e);
  }
  body = body.replace(/^[+-]/, '');
  const dot = body.indexOf('.');
  const fp = dot >= 0 ? body.slice(dot + 1) : '';
  exponent -= fp.length;
  const digits = (dot >= 0 ? body.slice(0, dot) + fp : body).replace(/^0+/, '');
  if (digits.length > RELATION_LIMITS.maxValueDigits) fail(path, `${brief(x)} has ${digits.length} significant digits; at most ${RELATION_LIMITS.maxValueDigits}`);
  if (Math.abs(exponent) > RELATION_LIMITS.maxExponent) fail(path, `the last written digit of ${brief(x)} has exponent ${exponent}, outside ±${RELATION_LIMITS.maxExponent}`);
  return { leading: digits === '' ? null : digits.length - 1 + exponent, last: e < 0 && dot < 0 ? null : exponent };
}

/**
 * The digits the values carry (docs/relation.md): for values, the fewest of (exponent of the
 * largest value's leading digit − exponent of value i's last written digit) over the inexact
 * values; for a polynomial, max(leading, 0) − last − ⌈log10(degree + 1)⌉ (a power x^k magnifies
 * x's truncation k-fold). Infinity when every value is an exact integer.
 */
export function carriedDigits(written: readonly WrittenValue[], degree: number): number {
  if (degree > 0) {
    const w = written[0];
    if (w.last === null) return Infinity;
    return Math.max(w.leading ?? 0, 0) - w.last - Math.ceil(Math.log10(degree + 1));
  }
  let top = -Infinity;
  for (const w of written) if (w.leading !== null) top = Math.max(top, w.leading);
  let p = Infinity;
  for (const w of written) if (w.last !== null) p = Math.min(p, top - w.last);
  return p;
}

interface Resolved {
  readonly n: number;
  readonly degree: number;
  readonly digits: number;
  readonly maxHeight: number;
}

/** The checks of the module comment; returns n, the degree (0 for values), the working digits and max_height resolved. */
export function resolveRelation(v: Loose): Resolved {
  const poly = v.value !== undefined;
  if (poly && v.values !== undefined) fail(['value'], 'give either values (a relation among them) or value with degree (its minimal polynomial), not both');
  if (!poly && v.values === undefined) failMissing(['values'], `an array of ${RELATION_LIMITS.minValues}..${RELATION_LIMITS.maxValues} decimal strings or numbers (or value with degree for a minimal polynomial)`);
  let written: WrittenValue[];
  let degree = 0;
  if (poly) {
    if (v.degree === undefined) failMissing(['degree'], `the largest degree of the polynomial, an integer ${RELATION_LIMITS.minDegree}..${RELATION_LIMITS.maxDegree}`);
    const d = v.degree;
    if (typeof d !== 'number' || !Number.isInteger(d) || d < RELATION_LIMITS.minDegree || d > RELATION_LIMITS.maxDegree) {
      fail(['degree'], `expected an integer ${RELATION_LIMITS.minDegree}..${RELATION_LIMITS.maxDegree} (the largest degree of the polynomial), got ${show(d)}`);
    }
    degree = d;
    written = [readValue(v.value, ['value'])];
  } else {
    if (v.degree !== undefined) fail(['degree'], 'degree applies to value (a minimal polynomial), not to values');
    const values = v.values;
    if (!Array.isArray(values)) fail(['values'], `expected an array of decimal strings or numbers, got ${typeName(values)}`);
    if (values.length < RELATION_LIMITS.minValues) fail(['values'], `expected at least ${RELATION_LIMITS.minValues} values, got ${values.length}: a relation needs two numbers (for one number's minimal polynomial send value and degree)`);
    written = values.map((x, i) => readValue(x, ['values', i]));
    if (written.every((w) => w.leading === null)) fail(['values'], 'every value is 0: any vector of integers is a relation among them');
  }
  const n = poly ? degree + 1 : written.length;
  agreeN(v.n, n, poly ? 'degree + 1 (the coefficients of the polynomial)' : 'the number of values');
  let maxHeight: number = RELATION_LIMITS.defaultMaxHeight;
  if (v.max_height !== undefined) {
    const h = v.max_height;
    if (typeof h !== 'number' || !Number.isInteger(h) || h < 1 || h > RELATION_LIMITS.maxHeight) {
      fail(['max_height'], `expected a positive integer at most ${RELATION_LIMITS.maxHeight} (the largest |coefficient| allowed), got ${show(h)}`);
    }
    maxHeight = h;
  }
  const carried = carriedDigits(written, degree);
  let digits: number;
  if (v.digits !== undefined) {
    const d = v.digits;
    if (typeof d !== 'number' || !Number.isInteger(d) || d < RELATION_LIMITS.minDigits || d > RELATION_LIMITS.maxDigits) {
      fail(['digits'], `expected an integer ${RELATION_LIMITS.minDigits}..${RELATION_LIMITS.maxDigits} (working decimal digits), got ${show(d)}`);
    }
    if (d > carried) fail(['digits'], `the ${poly ? 'value carries' : 'values carry'} only ${carried} significant digits (relative to the largest${poly ? ' power' : ' value'}); ask for digits <= ${carried} or send more digits`);
    digits = d;
  } else {
    if (carried < RELATION_LIMITS.minDigits) {
      fail([poly ? 'value' : 'values'], `the ${poly ? 'value carries' : 'values carry'} only ${carried} significant digits; PSLQ needs at least ${RELATION_LIMITS.minDigits} (send the values as decimal strings with more digits)`);
    }
    digits = Math.min(RELATION_LIMITS.defaultDigits, carried);
  }
  return { n, degree, digits, maxHeight };
}

const check = (v: Loose): number => resolveRelation(v).n;

function sizes(v: Loose, n: number): void {
  if (v.value === undefined && n > RELATION_LIMITS.maxValues) dimension(`values has ${n} numbers, over the cap of ${RELATION_LIMITS.maxValues}`, RELATION_LIMITS.maxValues, 'values');
}

const decimal = z.union([z.string().regex(RELATION_DECIMAL_PATTERN), z.number()]);

export const relation = {
  example,
  structure: z.strictObject({
    ...common,
    values: z.array(decimal).min(RELATION_LIMITS.minValues).optional()
      .describe(`the numbers to relate, ${RELATION_LIMITS.minValues}..${RELATION_LIMITS.maxValues}: decimal strings (exact rationals, e.g. "0.69314718055994530941723212145817656807") or JSON numbers; one unit in the last written digit is taken as each value's truncation; integers written without a point are exact`),
    value: decimal.optional().describe('one number whose minimal polynomial is wanted (with degree), as a decimal string or a number'),
    degree: z.number().int().min(RELATION_LIMITS.minDegree).max(RELATION_LIMITS.maxDegree).optional()
      .describe(`with value: the largest degree to try, ${RELATION_LIMITS.minDegree}..${RELATION_LIMITS.maxDegree}; the lowest-degree relation found is returned`),
    max_height: z.number().int().min(1).max(RELATION_LIMITS.maxHeight).optional()
      .describe('the largest |coefficient| allowed, a positive integer (default 1000000)'),
    digits: z.number().int().min(RELATION_LIMITS.minDigits).max(RELATION_LIMITS.maxDigits).optional()
      .describe(`working decimal digits of PSLQ, ${RELATION_LIMITS.minDigits}..${RELATION_LIMITS.maxDigits}, at most the digits the values carry (default: 50, or fewer when the values carry fewer)`),
  }),
  fast: z.strictObject({ ...fastCommon, values: hot, value: hot, degree: hot, max_height: hot, digits: hot }),
  checks: { check, sizes, contradictions: noContradictions },
  output: {
    answer: z.union([z.array(z.number().int()), z.literal('none')])
      .describe('the integer coefficients (values: in their order, first nonzero positive; polynomial: highest degree first, leading positive; primitive), or "none" when no relation within max_height was found'),
    residual: z.string().nullable().describe('|Σ a_i·x_i| / 10^E on the decimals as given (exact; E the decimal exponent of the relation\'s largest term), e.g. "3.1e-57"; null with none'),
    bound: z.number().min(0).describe('with none: a lower bound on the Euclidean norm of every relation of the true values (of degree at most `degree` for a polynomial), proven by LLL on the embedding lattice and at most PSLQ\'s 1/max|H_jj|; 0 when none was reached, and with a relation'),
    digits: z.number().int().describe('the working digits used'),
    degree: z.number().int().optional().describe('value: the degree of the polynomial found'),
    polynomial: z.string().optional().describe('value: the polynomial as text, e.g. "x^2 - x - 1"'),
    irreducible: z.boolean().optional().describe('value: the polynomial is proven irreducible over the rationals (exactly: irreducible modulo a prime up to 181), so it is the minimal polynomial of the value; false when not proven'),
    reason: z.string().describe('why the search stopped: found, bound (every relation within max_height excluded), exhausted or unverified (the digits are spent or cannot decide max_height), iterations (the work cap), limit (deadline)'),
    certainty: z.string().min(1).describe("'recorded (numerically detected, verified to <d> digits)'; with none 'abstention (no relation within bounds)' when every relation within max_height was excluded, else 'abstention (no relation found; none of norm below <t>)'"),
  },
  nMeans: 'the number of coefficients of a relation: the number of values, or degree + 1 for a polynomial',
  limits: {
    values_min: RELATION_LIMITS.minValues, values_max: RELATION_LIMITS.maxValues, degree_max: RELATION_LIMITS.maxDegree,
    digits_min: RELATION_LIMITS.minDigits, digits_max: RELATION_LIMITS.maxDigits, max_height_max: RELATION_LIMITS.maxHeight,
    value_max_digits: RELATION_LIMITS.maxValueDigits,
  },
} as const satisfies CommandContract;
