/**
 * GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1 (0x11D, generator 2): the field of ISA-L, Jerasure and
 * Backblaze/klauspost Reed–Solomon. libs/engine-native/src/core/erasure/gf256.h is its twin.
 */

export const GF_POLYNOMIAL = 0x11d;

/** exp of the generator, doubled so that EXP[LOG[a] + LOG[b]] needs no reduction. */
export const GF_EXP = new Uint8Array(512);
/** log of the generator (LOG[0] unused). */
export const GF_LOG = new Uint8Array(256);

{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    GF_EXP[i] = x;
    GF_LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= GF_POLYNOMIAL;
  }
  for (let i = 255; i < 512; i++) GF_EXP[i] = GF_EXP[i - 255];
}

export function gfMul(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : GF_EXP[GF_LOG[a] + GF_LOG[b]];
}

/** The inverse of a ≠ 0. */
export function gfInv(a: number): number {
  if (a === 0) throw new RangeError('0 has no inverse in GF(2^8)');
  return GF_EXP[255 - GF_LOG[a]];
}

/** The 256 products c·x, x = 0..255, into `row` (a row of the multiplication table). */
export function gfMulRow(c: number, row: Uint8Array): Uint8Array {
  row[0] = 0;
  if (c === 0) {
    row.fill(0);
    return row;
  }
  const lc = GF_LOG[c];
  for (let x = 1; x < 256; x++) row[x] = GF_EXP[GF_LOG[x] + lc];
  return row;
}
