/**
 * Exact arithmetic on doubles: every finite double is m·2^e with integers m and e, so sums of
 * products of doubles are exact dyadic rationals (BigInt mantissa, common exponent), printed as
 * decimals (a dyadic rational has a finite decimal expansion).
 */

/** A dyadic rational m·2^e. */
interface Dyadic {
  readonly m: bigint;
  readonly e: number;
}

const view = new DataView(new ArrayBuffer(8));

export function dyadic(x: number): Dyadic {
  if (!Number.isFinite(x)) throw new RangeError(`${x} is not finite`);
  if (x === 0) return { m: 0n, e: 0 };
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const sign = hi >>> 31 ? -1n : 1n;
  const exp = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (exp === 0) e = -1074;
  else {
    mant |= 1n << 52n;
    e = exp - 1075;
  }
  return { m: sign * mant, e };
}

export function mul(a: Dyadic, b: Dyadic): Dyadic {
  return { m: a.m * b.m, e: a.e + b.e };
}

export function sum(terms: readonly Dyadic[]): Dyadic {
  if (terms.length === 0) return { m: 0n, e: 0 };
  const e = terms.reduce((lo, t) => Math.min(lo, t.e), Infinity); // no spread: terms is request-sized
  let m = 0n;
  for (const t of terms) m += t.m << BigInt(t.e - e);
  return { m, e };
}

/** The decimal of a dyadic rational, rounded half away from zero to `digits` significant digits. */
export function toDecimal(x: Dyadic, digits = 40): string {
  if (x.m === 0n) return '0';
  const neg = x.m < 0n;
  const m = neg ? -x.m : x.m;
  // m·2^e = (m·5^k) / 10^k with k = −e when e < 0.
  let intDigits: string;
  let scale: number;
  if (x.e >= 0) {
    intDigits = (m << BigInt(x.e)).toString();
    scale = 0;
  } else {
    intDigits = (m * 5n ** BigInt(-x.e)).toString();
    scale = -x.e;
  }
  // intDigits · 10^−scale; round to `digits` significant digits.
  if (intDigits.length > digits) {
    const cut = intDigits.length - digits;
    let head = BigInt(intDigits.slice(0, digits));
    if (Number(intDigits[digits]) >= 5) head += 1n;
    intDigits = head.toString() + '0'.repeat(cut - (head.toString().length - digits));
  }
  let s: string;
  if (scale === 0) s = intDigits;
  else {
    const padded = intDigits.padStart(scale + 1, '0');
    s = `${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`.replace(/0+$/, '').replace(/\.$/, '');
  }
  return neg ? `-${s}` : s;
}
