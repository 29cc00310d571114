/**
 * `precision` (commands.md "Numeric and data commands", docs/precision.md): an operation — sqrt,
 * nthroot (k-th root), exp, ln, powq (x^(p/q), p/q taken in lowest terms) or a constant pi, e, ln2 —
 * correctly rounded (half-even) to `digits` significant digits, 31 or 5240. `x` is a decimal string.
 * n is the digits. Every bound here keeps one call's work bounded before it starts (its caps are
 * PRECISION_LIMITS below); the engines check the same again.
 */
import { z } from 'zod';
import { agreeN } from '../internal/checks';
import { fail, failMissing, show, typeName } from '../internal/issue';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { common, fastCommon, hot } from './shared/fields';
import example from './precision.valid.json';

export const PRECISION_OPS = ['sqrt', 'nthroot', 'exp', 'ln', 'powq', 'pi', 'e', 'ln2'] as const;
export type PrecisionOpName = (typeof PRECISION_OPS)[number];
const WITH_X: readonly string[] = ['sqrt', 'nthroot', 'exp', 'ln', 'powq'];

/** precision's caps (capabilities `limits`). */
export const PRECISION_LIMITS = {
  /** The digits one may ask for. */
  digits: [31, 5240] as const,
  /** Characters of `x`. */
  maxXChars: 10_000,
  /** |decimal exponent of x's leading digit| (x = d.ddd · 10^E). */
  maxXExponent: 1_000_000,
  /** exp: −maxExpArgument ≤ x ≤ maxExpArgument (exp(2·10^6) ≈ 9.2e+868588). */
  maxExpArgument: 2_000_000,
  /** nthroot: 2 ≤ k ≤ maxRoot; powq: 1 ≤ q ≤ maxRoot and |p| ≤ maxRoot. */
  maxRoot: 1000,
  /** powq: |decimal exponent of the answer| (|p/q · log10|x||) at most this. */
  maxResultExponent: 1_000_000,
} as const;

/** A decimal string: optional sign, digits with an optional point, an optional exponent. */
export const PRECISION_DECIMAL_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** What the checks need of x: its sign, whether it is zero, its significant digits and exponents. */
interface ParsedX {
  negative: boolean;
  zero: boolean;
  digits: string;
  /** x = ±int(digits) · 10^exponent. */
  exponent: number;
}

const xRange = `x's decimal exponent must be within ±${PRECISION_LIMITS.maxXExponent} (1e-${PRECISION_LIMITS.maxXExponent} ≤ |x| < 1e+${PRECISION_LIMITS.maxXExponent + 1}, or 0)`;

/** s without its trailing zeros (a loop: /0+$/ backtracks quadratically over long inner runs of zeros). */
function dropTrailingZeros(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 48) end--;
  return s.slice(0, end);
}

/** x as an error message quotes it: in full when short, else its ends and its length. */
const brief = (x: unknown): string => {
  const s = String(x);
  return s.length <= 40 ? s : `${s.slice(0, 20)}…${s.slice(-12)} (${s.length} characters)`;
};

function parseX(x: unknown): ParsedX {
  if (typeof x !== 'string') fail(['x'], `expected a decimal string such as "2", "-0.125" or "1.5e-30", got ${typeName(x)}`);
  if (x.length > PRECISION_LIMITS.maxXChars) fail(['x'], `x has ${x.length} characters; at most ${PRECISION_LIMITS.maxXChars}`);
  if (!PRECISION_DECIMAL_PATTERN.test(x)) fail(['x'], `${JSON.stringify(brief(x))} is not a decimal string: an optional sign, digits with an optional point, an optional exponent (e.g. "-1.25e-3")`);
  let body = x;
  let exponent = 0;
  const e = body.search(/[eE]/);
  if (e >= 0) {
    const text = body.slice(e + 1);
    if (text.replace(/^[+-]?0*/, '').length > 9) fail(['x'], xRange);
    exponent = Number(text);
    body = body.slice(0, e);
  }
  const negative = body.startsWith('-');
  body = body.replace(/^[+-]/, '');
  const [ip, fp = ''] = body.split('.');
  const all = (ip + fp).replace(/^0+/, '');
  exponent -= fp.length;
  const digits = dropTrailingZeros(all);
  if (digits === '') return { negative: false, zero: true, digits: '', exponent: 0 };
  exponent += all.length - digits.length;
  if (Math.abs(digits.length - 1 + exponent) > PRECISION_LIMITS.maxXExponent) fail(['x'], `${xRange}, got ${brief(x)}`);
  return { negative, zero: false, digits, exponent };
}

/** log10|x| as a double (engine-ts families/precision/canonical.ts log10Abs: the same operations). */
function log10Abs(x: ParsedX): number {
  let lead = 0;
  const n = Math.min(17, x.digits.length);
  for (let i = 0; i < n; i++) lead = lead * 10 + (x.digits.charCodeAt(i) - 48);
  return Math.log10(lead) + (x.digits.length - n) + x.exponent;
}

/** |x| > maxExpArgument, exactly from the digits. */
function expTooLarge(x: ParsedX): boolean {
  const adjusted = x.digits.length - 1 + x.exponent;
  if (adjusted !== 6) return adjusted > 6;
  const whole = Number(x.digits.slice(0, 7).padEnd(7, '0'));
  return whole > PRECISION_LIMITS.maxExpArgument || (whole === PRECISION_LIMITS.maxExpArgument && x.digits.length > 7);
}

function integerIn(v: unknown, field: string, lo: number, hi: number, what: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) fail([field], `expected an integer ${lo}..${hi} (${what}), got ${show(v)}`);
  return v;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

function check(v: Loose): number {
  const op = v.op;
  if (typeof op !== 'string' || !(PRECISION_OPS as readonly string[]).includes(op)) {
    if (op === undefined) failMissing(['op'], `one of ${PRECISION_OPS.join(', ')}`);
    fail(['op'], `expected one of ${PRECISION_OPS.join(', ')}, got ${show(op)}`);
  }
  const digits = v.digits !== undefined ? v.digits : (v.n ?? 31);
  if (!(PRECISION_LIMITS.digits as readonly unknown[]).includes(digits)) {
    fail([v.digits === undefined ? 'n' : 'digits'], `expected ${PRECISION_LIMITS.digits.join(' or ')} (significant digits of the answer), got ${show(digits)}`);
  }
  agreeN(v.n, digits as number, 'digits');
  for (const [field, only] of [['k', 'nthroot'], ['p', 'powq'], ['q', 'powq']] as const) {
    if (v[field] !== undefined && op !== only) fail([field], `${field} applies to ${only} only`);
  }
  if (!WITH_X.includes(op)) {
    if (v.x !== undefined) fail(['x'], `${op} takes no x`);
    return digits as number;
  }
  if (v.x === undefined) failMissing(['x'], 'the argument as a decimal string, e.g. "2" or "-1.5e-3"');
  const x = parseX(v.x);
  const neg = x.negative && !x.zero;
  switch (op as PrecisionOpName) {
    case 'sqrt':
      if (neg) fail(['x'], `sqrt needs x >= 0, got ${brief(v.x)}`);
      break;
    case 'ln':
      if (neg || x.zero) fail(['x'], `ln needs x > 0, got ${brief(v.x)}`);
      break;
    case 'exp':
      if (!x.zero && expTooLarge(x)) {
        const m = PRECISION_LIMITS.maxExpArgument;
        fail(['x'], `exp needs -${m} <= x <= ${m} (beyond, the answer's exponent would overflow the ±${PRECISION_LIMITS.maxXExponent} range), got ${brief(v.x)}`);
      }
      break;
    case 'nthroot': {
      if (v.k === undefined) failMissing(['k'], `the root index, an integer 2..${PRECISION_LIMITS.maxRoot}`);
      const k = integerIn(v.k, 'k', 2, PRECISION_LIMITS.maxRoot, 'the root index');
      if (neg && k % 2 === 0) fail(['x'], `an even root (k = ${k}) needs x >= 0, got ${brief(v.x)}`);
      break;
    }
    case 'powq': {
      if (v.p === undefined) failMissing(['p'], `the numerator of the exponent p/q, an integer -${PRECISION_LIMITS.maxRoot}..${PRECISION_LIMITS.maxRoot}`);
      if (v.q === undefined) failMissing(['q'], `the denominator of the exponent p/q, an integer 1..${PRECISION_LIMITS.maxRoot}`);
      const p = integerIn(v.p, 'p', -PRECISION_LIMITS.maxRoot, PRECISION_LIMITS.maxRoot, 'the numerator of the exponent p/q');
      const q = integerIn(v.q, 'q', 1, PRECISION_LIMITS.maxRoot, 'the denominator of the exponent p/q');
      const g = gcd(Math.abs(p), q);
      if (neg && (q / g) % 2 === 0) fail(['q'], `x < 0 needs an odd q once p/q is in lowest terms (${p / g}/${q / g}): an even root of a negative number is not real`);
      if (x.zero && p <= 0) fail(['p'], `x = 0 needs p > 0 (0 to the power ${p}/${q} is not a number)`);
      if (!x.zero) {
        const e = (p / q) * log10Abs(x);
        if (Math.abs(e) > PRECISION_LIMITS.maxResultExponent) {
          fail(['p'], `x^(p/q) would have a decimal exponent of about ${Math.round(e)}, outside ±${PRECISION_LIMITS.maxResultExponent}`);
        }
      }
      break;
    }
    default:
      break;
  }
  return digits as number;
}

const decimalString = z.string().max(PRECISION_LIMITS.maxXChars).regex(PRECISION_DECIMAL_PATTERN);

export const precision = {
  example,
  structure: z.strictObject({
    ...common,
    op: z.enum(PRECISION_OPS).describe('the operation: sqrt, nthroot (k-th root), exp, ln, powq (x^(p/q), p/q in lowest terms), or a constant pi, e, ln2'),
    x: decimalString.optional()
      .describe('the argument as a decimal string, e.g. "2", "-0.125", "1.5e-30" (sqrt, nthroot, exp, ln, powq; the constants take none); at most 10000 characters, decimal exponent within ±1000000'),
    k: z.number().int().min(2).max(PRECISION_LIMITS.maxRoot).optional().describe('nthroot: the root index, 2..1000 (an odd k takes x < 0)'),
    p: z.number().int().min(-PRECISION_LIMITS.maxRoot).max(PRECISION_LIMITS.maxRoot).optional().describe('powq: the numerator of the exponent p/q, -1000..1000'),
    q: z.number().int().min(1).max(PRECISION_LIMITS.maxRoot).optional().describe('powq: the denominator of the exponent p/q, 1..1000 (odd, once p/q is in lowest terms, for x < 0)'),
    digits: z.union([z.literal(31), z.literal(5240)]).optional().describe('significant digits of the answer: 31 or 5240 (default: n, else 31)'),
  }),
  fast: z.strictObject({ ...fastCommon, op: hot, x: hot, k: hot, p: hot, q: hot, digits: hot }),
  checks: { check, sizes: () => {}, contradictions: noContradictions },
  output: {
    answer: z.string().describe('the exact value rounded half-even to `digits` significant digits, as a decimal string: trailing zeros dropped, d.ddde±N outside 1e-7 ≤ |value| < 1e21'),
    exact: z.boolean().describe('the answer is the exact value: no rounding happened'),
    digits: z.number().int().describe('significant digits the answer is rounded to'),
    certainty: z.string().min(1).describe("'operation (exact arithmetic)': correctly rounded, checked independently"),
  },
  nMeans: 'the number of significant digits of the answer (digits: 31 or 5240)',
  limits: {
    digits_min: 31, digits_max: 5240, x_max_chars: PRECISION_LIMITS.maxXChars, x_max_exponent: PRECISION_LIMITS.maxXExponent,
    exp_max_abs_x: PRECISION_LIMITS.maxExpArgument, root_max: PRECISION_LIMITS.maxRoot, result_max_exponent: PRECISION_LIMITS.maxResultExponent,
  },
} as const satisfies CommandContract;
