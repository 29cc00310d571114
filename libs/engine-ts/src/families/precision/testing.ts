/**
 * Seeded `precision` cases and an independent reference (no code shared with the engines): Python's
 * `decimal` module (sqrt, exp, ln, e = exp 1, ln 2 correctly rounded half-even at the context's
 * precision), exact integer roots for nthroot and powq (⌊y · 10^s⌋ by integer Newton, a tie told
 * apart by an exact power), and π by Machin's formula in integers with 40 guard digits (refused
 * when its rounding is within the guard's error of a tie). Imported as @svc/engine-ts/families/precision/testing.
 */
import { execFileSync } from 'node:child_process';
import { Prng } from '../../prng';

export interface PrecisionCase {
  readonly op: 'sqrt' | 'nthroot' | 'exp' | 'ln' | 'powq' | 'pi' | 'e' | 'ln2';
  readonly x?: string;
  readonly k?: number;
  readonly p?: number;
  readonly q?: number;
  readonly digits: number;
}

/** The first 299 decimals of π and e, and 170 of ln 2, as published (OEIS A000796, A001113, A002162). */
export const PUBLISHED = {
  pi: '3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798214808651328230664709384460955058223172535940812848111745028410270193852110555964462294895493038196442881097566593344612847564823378678316527120190914564856692346034861045432664821339360726024914127',
  e: '2.71828182845904523536028747135266249775724709369995957496696762772407663035354759457138217852516642742746639193200305992181741359662904357290033429526059563073813232862794349076323382988075319525101901157383418793070215408914993488416750924476146066808226480016847741185374234544243710753907774499206',
  ln2: '0.69314718055994530941723212145817656807550013436025525412068000949339362196969471560586332699641868754200148102057068573368552023575813055703267075163507596193072757082837',
} as const;

/** A decimal string of `len` random digits with a point and an exponent. */
function randomDecimal(r: Prng, len: number, expLo: number, expHi: number, signed: boolean): string {
  let d = String(1 + r.nextInt(9));
  for (let i = 1; i < len; i++) d += String(r.nextInt(10));
  const point = r.nextInt(len + 1);
  const body = point === len ? d : point === 0 ? `0.${d}` : `${d.slice(0, point)}.${d.slice(point)}`;
  const e = expLo + r.nextInt(expHi - expLo + 1);
  const sign = signed && r.nextInt(2) === 1 ? '-' : '';
  return `${sign}${body}${e === 0 ? '' : `e${e}`}`;
}

/**
 * Random cases of every operation at digits 1..maxDigits: random x of 1..30 digits over wide
 * exponents, numbers near 1 (ln), perfect powers and squares of midpoints (the exact cases), and
 * negative x for odd roots.
 */
export function randomPrecisionCases(seed: number, count: number, maxDigits = 60): PrecisionCase[] {
  const r = new Prng(seed);
  const out: PrecisionCase[] = [];
  for (let i = 0; i < count; i++) {
    const digits = 1 + r.nextInt(maxDigits);
    const kind = r.nextInt(12);
    const len = 1 + r.nextInt(30);
    switch (kind) {
      case 0:
        out.push({ op: 'sqrt', x: randomDecimal(r, len, -40, 40, false), digits });
        break;
      case 1: {
        // A square of a short number, or of a midpoint: an exact value (maybe a tie).
        const m = randomDecimal(r, 1 + r.nextInt(Math.min(digits + 1, 12)), -10, 10, false);
        out.push({ op: 'sqrt', x: squareOf(m, 2), digits });
        break;
      }
      case 2:
        // 0.ddd · 10^e with e ≤ 6: |x| < 10^6, inside exp's range.
        out.push({ op: 'exp', x: `${r.nextInt(2) ? '-' : ''}0.${randomDecimal(r, len, 0, 0, false).replace('.', '')}e${-30 + r.nextInt(37)}`, digits });
        break;
      case 3:
        // Up to 10^6 in magnitude, a few decimals: results far above and below 1.
        out.push({ op: 'exp', x: `${r.nextInt(2) ? '-' : ''}${r.nextInt(1 + 10 ** r.nextInt(7))}.${r.nextInt(1000)}`, digits });
        break;
      case 4:
        out.push({ op: 'ln', x: randomDecimal(r, len, -40, 40, false), digits });
        break;
      case 5: {
        // Near 1: 1 ± 10^−t · (a few digits).
        const t = 1 + r.nextInt(50);
        const tail = String(1 + r.nextInt(999));
        out.push({ op: 'ln', x: r.nextInt(2) ? `1.${'0'.repeat(t)}${tail}` : `0.${'9'.repeat(t)}${tail}`, digits });
        break;
      }
      case 6: {
        const k = 2 + r.nextInt(9);
        out.push({ op: 'nthroot', x: randomDecimal(r, len, -30, 30, k % 2 === 1), k, digits });
        break;
      }
      case 7: {
        const k = 2 + r.nextInt(6);
        const m = randomDecimal(r, 1 + r.nextInt(Math.min(digits + 1, 8)), -5, 5, k % 2 === 1);
        out.push({ op: 'nthroot', x: squareOf(m, k), k, digits });
        break;
      }
      case 8: {
        const q = 1 + r.nextInt(9);
        const p = (r.nextInt(2) ? 1 : -1) * (1 + r.nextInt(12));
        const reducedOdd = (q / gcd(Math.abs(p), q)) % 2 === 1;
        out.push({ op: 'powq', x: randomDecimal(r, len, -12, 12, reducedOdd), p, q, digits });
        break;
      }
      case 9: {
        const q = 1 + r.nextInt(5);
        const p = (r.nextInt(2) ? 1 : -1) * (1 + r.nextInt(6));
        const m = randomDecimal(r, 1 + r.nextInt(4), -3, 3, false);
        out.push({ op: 'powq', x: squareOf(m, q), p, q, digits });
        break;
      }
      case 10:
        out.push({ op: 'powq', x: ['2', '0.5', '4', '0.25', '1.6', '0.008', '5'][r.nextInt(7)], p: -1 - r.nextInt(8), q: 1 + r.nextInt(3), digits });
        break;
      default:
        out.push({ op: (['pi', 'e', 'ln2'] as const)[r.nextInt(3)], digits });
    }
  }
  return out;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** m^k exactly, as a decimal string (m a decimal string). */
export function squareOf(m: string, k: number): string {
  const neg = m.startsWith('-');
  const [mant, exp = '0'] = m.replace('-', '').split('e');
  const [ip, fp = ''] = mant.split('.');
  const I = BigInt(ip + fp) ** BigInt(k);
  const e = (Number(exp) - fp.length) * k;
  return `${neg && k % 2 === 1 ? '-' : ''}${I}e${e}`;
}

/** The reference in Python (decimal and exact integers); see the file comment. */
const PYTHON = String.raw`
import sys, json
sys.set_int_max_str_digits(0)
from decimal import Decimal, Context, ROUND_HALF_EVEN
from math import gcd

def fmt(neg, q, E):
    s = str(q).rstrip('0') or '0'
    sign = '-' if neg else ''
    if -7 < E < 21:
        if E < 0: return sign + '0.' + '0' * (-E - 1) + s
        if len(s) <= E + 1: return sign + s + '0' * (E + 1 - len(s))
        return sign + s[:E + 1] + '.' + s[E + 1:]
    mant = s if len(s) == 1 else s[0] + '.' + s[1:]
    return sign + mant + ('e-' if E < 0 else 'e+') + str(abs(E))

def of_decimal(d, D):
    if d == 0: return '0'
    t = d.as_tuple()
    q = int(''.join(map(str, t.digits)))
    # Pad to D digits (decimal may return fewer for exact results).
    n = len(str(q))
    q *= 10 ** (D - n) if n < D else 1
    return fmt(t.sign == 1, q, d.adjusted())

def ctx(D):
    return Context(prec=D, rounding=ROUND_HALF_EVEN, Emax=10**9, Emin=-10**9)

def iroot(n, k):
    if n < 2: return n
    x = 1 << -(-n.bit_length() // k)
    while True:
        y = ((k - 1) * x + n // x ** (k - 1)) // k
        if y >= x: break
        x = y
    while x ** k > n: x -= 1
    while (x + 1) ** k <= n: x += 1
    return x

def round_from_floor(t, exact, s, D):
    # y · 10^s lies in [t, t + 1), t of D + 2 digits; exact: y · 10^s == t.
    q, tail = divmod(t, 100)
    if tail > 50 or (tail == 50 and (not exact or q % 2 == 1)): q += 1
    E = D + 1 - s
    if q == 10 ** D: q, E = 10 ** (D - 1), E + 1
    return q, E

def power(x, p, q, D):
    d = Decimal(x)
    if d == 0: return '0'
    if p == 0: return fmt(False, 10 ** (D - 1), 0)
    g = gcd(abs(p), q); p //= g; q //= g
    neg = d < 0 and p % 2 == 1
    t = d.copy_abs().as_tuple()
    I = int(''.join(map(str, t.digits))); ex = t.exponent
    import math
    ly = p / q * (math.log10(I) + ex)
    s = D + 1 - math.floor(ly)
    for _ in range(6):
        P = abs(p)
        if p > 0:
            a = ex * p + q * s
            num, den = (I ** p * 10 ** a, 1) if a >= 0 else (I ** p, 10 ** -a)
        else:
            a = q * s - ex * P
            num, den = (10 ** a, I ** P) if a >= 0 else (1, I ** P * 10 ** -a)
        n = num // den
        r = iroot(n, q)
        if r < 10 ** (D + 1): s += 1; continue
        if r >= 10 ** (D + 2): s -= 1; continue
        qq, E = round_from_floor(r, r ** q * den == num, s, D)
        return fmt(neg, qq, E)
    raise Exception('no scale')

def machin_pi(D):
    G = D + 40
    one = 10 ** G
    def atan_inv(n):
        total = term = one // n; n2 = n * n; k = 1; sign = -1
        while term:
            term //= n2; total += sign * (term // (2 * k + 1)); sign = -sign; k += 1
        return total
    v = 16 * atan_inv(5) - 4 * atan_inv(239)
    # v = π · 10^G within 100 units; round at D digits when no tie is within reach.
    drop = G - D + 1
    q, rem = divmod(v, 10 ** drop)
    half = 5 * 10 ** (drop - 1)
    if abs(rem - half) <= 1000: raise Exception('pi reference undecided')
    if rem > half: q += 1
    return fmt(False, q, 0)

def one(c):
    op = c['op']; D = c['digits']; C = ctx(D)
    if op == 'sqrt': return of_decimal(Decimal(c['x']).sqrt(C), D)
    if op == 'exp': return of_decimal(Decimal(c['x']).exp(C), D)
    if op == 'ln': return of_decimal(Decimal(c['x']).ln(C), D)
    if op == 'e': return of_decimal(Decimal(1).exp(C), D)
    if op == 'ln2': return of_decimal(Decimal(2).ln(C), D)
    if op == 'pi': return machin_pi(D)
    if op == 'nthroot': return power(c['x'], 1, c['k'], D)
    if op == 'powq': return power(c['x'], c['p'], c['q'], D)
    raise Exception(op)

print(json.dumps([one(c) for c in json.load(sys.stdin)]))
`;

/** Whether python3 runs here (the reference needs it). */
export function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'import decimal'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The reference answers of `cases`, spelled as the engines spell them (decimal.ts formatDecimal). */
export function pythonPrecision(cases: readonly PrecisionCase[]): string[] {
  const out = execFileSync('python3', ['-c', PYTHON], { input: JSON.stringify(cases), encoding: 'utf8', maxBuffer: 1 << 28 });
  return JSON.parse(out) as string[];
}

/** A published constant rounded half-even to D significant digits (D ≤ 290 for π and e, ≤ 160 for ln 2), spelled as the engines do. */
export function publishedRounded(name: keyof typeof PUBLISHED, D: number): string {
  const text = PUBLISHED[name];
  const intLen = text.indexOf('.');
  const all = text.replace('.', '');
  const lead = all.search(/[1-9]/);
  const sig = all.slice(lead);
  const E = intLen - 1 - lead;
  let q = BigInt(sig.slice(0, D));
  const next = sig.slice(D);
  const half = next[0] > '5' || (next[0] === '5' && /[1-9]/.test(next.slice(1))) || (next[0] === '5' && !/[1-9]/.test(next.slice(1)) && (q & 1n) === 1n);
  if (half) q += 1n;
  const s = q.toString().replace(/0+$/, ''); // published digits: short, no long zero runs
  if (E === 0) return s.length === 1 ? s : `${s[0]}.${s.slice(1)}`;
  return `0.${'0'.repeat(-E - 1)}${s}`;
}
