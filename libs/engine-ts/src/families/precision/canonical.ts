/** The canonical `precision` problem (problem.ts) from its JSON fields. */
import { dropTrailingZeros } from './decimal';
import { PRECISION_ENGINE_LIMITS as L, PRECISION_OPS, PRECISION_OPS_WITH_X, type DecimalInput, type PrecisionOp, type PrecisionProblem } from './problem';

/** A decimal string: optional sign, digits with an optional point, an optional exponent. */
export const DECIMAL_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Parses a decimal string exactly; throws a plain Error saying what is wrong (the contracts layer
 * checks the same earlier, with the valid ranges). Leading and trailing zeros are dropped.
 */
export function parseDecimal(s: string): DecimalInput {
  if (typeof s !== 'string' || !DECIMAL_PATTERN.test(s)) throw new Error(`x is not a decimal string: ${JSON.stringify(typeof s === 'string' && s.length > 40 ? `${s.slice(0, 20)}…(${s.length} characters)` : s)}`);
  let body = s;
  let exponent = 0;
  const ePos = body.search(/[eE]/);
  if (ePos >= 0) {
    const expText = body.slice(ePos + 1);
    if (expText.replace(/^[+-]?0*/, '').length > 9) throw new Error('x has an exponent out of range');
    exponent = Number(expText);
    body = body.slice(0, ePos);
  }
  const negative = body.startsWith('-');
  body = body.replace(/^[+-]/, '');
  const dot = body.indexOf('.');
  const intPart = dot >= 0 ? body.slice(0, dot) : body;
  const fracPart = dot >= 0 ? body.slice(dot + 1) : '';
  let all = intPart + fracPart;
  exponent -= fracPart.length;
  const lead = all.search(/[1-9]/);
  if (lead < 0) return { negative: false, digits: new Uint8Array(0), exponent: 0 };
  all = all.slice(lead);
  const trimmed = dropTrailingZeros(all);
  exponent += all.length - trimmed.length;
  if (trimmed.length > L.maxXDigits) throw new Error(`x has ${trimmed.length} significant digits, more than ${L.maxXDigits}`);
  const adjusted = trimmed.length - 1 + exponent;
  if (Math.abs(adjusted) > L.maxXExponent) throw new Error(`x's decimal exponent ${adjusted} is outside ±${L.maxXExponent}`);
  const digits = new Uint8Array(trimmed.length);
  for (let i = 0; i < trimmed.length; i++) digits[i] = trimmed.charCodeAt(i) - 48;
  return { negative, digits, exponent };
}

/** The decimal exponent of the leading digit of a nonzero decimal (x = d.ddd · 10^adjusted). */
export const adjustedExponent = (x: DecimalInput): number => x.digits.length - 1 + x.exponent;

/** The integer made of x's digits. */
export function significand(x: DecimalInput): bigint {
  let s = '';
  for (const d of x.digits) s += String.fromCharCode(48 + d);
  return s === '' ? 0n : BigInt(s);
}

/** The JSON fields of a precision problem (validated by the contract first). */
export interface PrecisionInput {
  readonly op: string;
  readonly x?: string;
  readonly k?: number;
  readonly p?: number;
  readonly q?: number;
  readonly digits: number;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** The canonical problem; throws a plain Error naming the first bad field (the contract checks the same earlier). */
export function canonicalPrecision(input: PrecisionInput): PrecisionProblem {
  const op = input.op as PrecisionOp;
  if (!PRECISION_OPS.includes(op)) throw new Error(`op must be one of ${PRECISION_OPS.join(', ')}`);
  const D = input.digits;
  if (!isInt(D) || D < 1 || D > L.maxDigits) throw new Error(`digits must be an integer in 1..${L.maxDigits}`);
  const takesX = PRECISION_OPS_WITH_X.includes(op);
  if (takesX !== (input.x !== undefined)) throw new Error(takesX ? `${op} needs x` : `${op} takes no x`);
  if ((op === 'nthroot') !== (input.k !== undefined)) throw new Error(op === 'nthroot' ? 'nthroot needs k' : 'k applies to nthroot only');
  if (op === 'powq' && (input.p === undefined || input.q === undefined)) throw new Error('powq needs p and q');
  if (op !== 'powq' && (input.p !== undefined || input.q !== undefined)) throw new Error('p and q apply to powq only');
  const x = takesX ? parseDecimal(input.x!) : null;
  const problem: PrecisionProblem = {
    kind: 'precision', n: D, op, digits: D, x,
    k: op === 'nthroot' ? input.k! : 0,
    p: op === 'powq' ? input.p! : 0,
    q: op === 'powq' ? input.q! : 1,
  };
  checkPrecisionProblem(problem);
  return problem;
}

/** The engine's own domain checks (both engines make them; the contract's are the same, with the ranges spelled out). */
export function checkPrecisionProblem(p: PrecisionProblem): void {
  const { op, x } = p;
  if (!Number.isSafeInteger(p.digits) || p.digits < 1 || p.digits > L.maxDigits) throw new Error(`digits must be an integer in 1..${L.maxDigits}`);
  if (p.n !== p.digits) throw new Error(`n (${p.n}) must equal digits (${p.digits})`);
  if (!PRECISION_OPS_WITH_X.includes(op)) {
    if (x !== null) throw new Error(`${op} takes no x`);
    return;
  }
  if (x === null) throw new Error(`${op} needs x`);
  if (x.digits.length > L.maxXDigits) throw new Error(`x has more than ${L.maxXDigits} significant digits`);
  for (const d of x.digits) if (!(d >= 0 && d <= 9)) throw new Error('x has a digit outside 0..9');
  const zero = x.digits.length === 0;
  if (!zero && (x.digits[0] === 0 || x.digits[x.digits.length - 1] === 0)) throw new Error('x digits must have no leading or trailing zero');
  if (!zero && Math.abs(adjustedExponent(x)) > L.maxXExponent) throw new Error(`x's decimal exponent is outside ±${L.maxXExponent}`);
  const negative = x.negative && !zero;
  switch (op) {
    case 'sqrt':
      if (negative) throw new Error('sqrt needs x >= 0');
      return;
    case 'ln':
      if (negative || zero) throw new Error('ln needs x > 0');
      return;
    case 'exp':
      if (!zero && expArgumentTooLarge(x)) throw new Error(`exp needs |x| <= ${L.maxExpArgument}`);
      return;
    case 'nthroot':
      if (!isInt(p.k) || p.k < 2 || p.k > L.maxRoot) throw new Error(`k must be an integer in 2..${L.maxRoot}`);
      if (negative && p.k % 2 === 0) throw new Error('an even root needs x >= 0');
      return;
    case 'powq': {
      if (!isInt(p.p) || Math.abs(p.p) > L.maxRoot) throw new Error(`p must be an integer in -${L.maxRoot}..${L.maxRoot}`);
      if (!isInt(p.q) || p.q < 1 || p.q > L.maxRoot) throw new Error(`q must be an integer in 1..${L.maxRoot}`);
      const g = gcd(Math.abs(p.p), p.q);
      if (negative && (p.q / g) % 2 === 0) throw new Error('x < 0 needs an odd q (p/q in lowest terms)');
      if (zero && p.p <= 0) throw new Error('x = 0 needs p > 0');
      if (!zero && powqExponentTooLarge(x, p.p, p.q)) throw new Error(`the answer's decimal exponent would be outside ±${L.maxResultExponent}`);
      return;
    }
    default:
      return;
  }
}

export function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** log10|x| as a double, from its leading digits and exponent. */
export function log10Abs(x: DecimalInput): number {
  let lead = 0;
  const n = Math.min(17, x.digits.length);
  for (let i = 0; i < n; i++) lead = lead * 10 + x.digits[i];
  return Math.log10(lead) + (x.digits.length - n) + x.exponent;
}

/** |x| > maxExpArgument (exactly, from the digits). */
export function expArgumentTooLarge(x: DecimalInput): boolean {
  const adj = adjustedExponent(x);
  if (adj < 6) return false;
  if (adj > 6) return true;
  // 1,000,000 ≤ |x| < 10,000,000: compare the integer part with the cap.
  let intPart = 0;
  for (let i = 0; i <= 6; i++) intPart = intPart * 10 + (x.digits[i] ?? 0);
  const fraction = x.digits.length > 7;
  return intPart > L.maxExpArgument || (intPart === L.maxExpArgument && fraction);
}

/** |p/q · log10|x|| > maxResultExponent (in double arithmetic: the rule both engines apply). */
export function powqExponentTooLarge(x: DecimalInput, p: number, q: number): boolean {
  return Math.abs((p / q) * log10Abs(x)) > L.maxResultExponent;
}
