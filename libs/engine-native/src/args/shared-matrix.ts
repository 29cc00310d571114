/**
 * A Float64Array of `length` numbers over a SharedArrayBuffer, which the addon reads in place
 * (it cannot be detached while C++ reads it): `m` itself when it already is one, else one copy.
 * Throws a TypeError naming `what` (and `lengthName`, e.g. "n·n") when `m` is not a Float64Array of that length.
 */
export function sharedFloat64(m: Float64Array, length: number, what: string, lengthName = String(length)): Float64Array {
  if (!(m instanceof Float64Array) || m.length !== length) throw new TypeError(`${what} must be a Float64Array of length ${lengthName}`);
  if (m.buffer instanceof SharedArrayBuffer) return m;
  const shared = new Float64Array(new SharedArrayBuffer(m.byteLength));
  shared.set(m);
  return shared;
}
