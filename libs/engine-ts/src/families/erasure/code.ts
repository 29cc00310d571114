/**
 * The code: systematic Reed–Solomon over GF(2^8) with a Cauchy parity part (ISA-L
 * gf_gen_cauchy1_matrix). Shard i < k is data shard i; parity shard p (k ≤ p < k+m) is
 * Σ_j C[p][j]·data_j with C[p][j] = 1 / (p XOR j). The x = p and y = j are distinct and disjoint, so
 * C is a Cauchy matrix: every square submatrix is invertible, and any k of the k+m shards determine
 * the data (k + m ≤ 255 keeps every p < 255). libs/engine-native/src/core/erasure/code.h is its twin.
 */
import { gfInv, gfMul } from './gf256';

/** The construction's name in manifests (and the docs): field, polynomial and matrix. */
export const ERASURE_CONSTRUCTION = 'reed-solomon/gf256-0x11d/cauchy-xor';

/** The largest k + m (parity rows p = k..k+m−1 stay below 255). */
export const ERASURE_MAX_SHARDS = 255;

/** C[p][j], parity row p in k..k+m−1, data column j < k. */
export function parityCoef(p: number, j: number): number {
  return gfInv(p ^ j);
}

/** Inverts the e×e matrix `a` (row-major) by Gauss–Jordan elimination; null when singular. */
function invert(e: number, a: Uint8Array): Uint8Array | null {
  const inv = new Uint8Array(e * e);
  for (let i = 0; i < e; i++) inv[i * e + i] = 1;
  for (let c = 0; c < e; c++) {
    let pivot = c;
    while (pivot < e && a[pivot * e + c] === 0) pivot++;
    if (pivot === e) return null;
    if (pivot !== c) {
      for (let j = 0; j < e; j++) {
        let t = a[pivot * e + j]; a[pivot * e + j] = a[c * e + j]; a[c * e + j] = t;
        t = inv[pivot * e + j]; inv[pivot * e + j] = inv[c * e + j]; inv[c * e + j] = t;
      }
    }
    const scale = gfInv(a[c * e + c]);
    for (let j = 0; j < e; j++) {
      a[c * e + j] = gfMul(a[c * e + j], scale);
      inv[c * e + j] = gfMul(inv[c * e + j], scale);
    }
    for (let r = 0; r < e; r++) {
      const f = a[r * e + c];
      if (r === c || f === 0) continue;
      for (let j = 0; j < e; j++) {
        a[r * e + j] ^= gfMul(f, a[c * e + j]);
        inv[r * e + j] ^= gfMul(f, inv[c * e + j]);
      }
    }
  }
  return inv;
}

/**
 * The coefficients that rebuild each of `targets` from `sources`: targets.length rows of k, row r
 * for targets[r] over the sources in the given order. `sources` are k distinct shard indices in
 * increasing order, `targets` shard indices not among them. Only the square block of C over the
 * lost data columns and the parity sources is inverted (at most m×m). Null when it is singular
 * (never for this construction).
 */
export function rebuildRows(k: number, sources: ArrayLike<number>, targets: ArrayLike<number>): Uint8Array | null {
  const at = new Int32Array(k).fill(-1);
  const parityAt: number[] = [];
  for (let s = 0; s < sources.length; s++) {
    if (sources[s] < k) at[sources[s]] = s;
    else parityAt.push(s);
  }
  const lost: number[] = [];
  for (let j = 0; j < k; j++) if (at[j] < 0) lost.push(j);
  const e = lost.length;
  if (parityAt.length !== e) return null;
  // d_lost = B⁻¹ (parity sources + C[parity sources][known] d_known), B = C[parity sources][lost].
  const b = new Uint8Array(e * e);
  for (let r = 0; r < e; r++) for (let c = 0; c < e; c++) b[r * e + c] = parityCoef(sources[parityAt[r]], lost[c]);
  const binv = invert(e, b);
  if (binv === null) return null;
  const lostRows = new Uint8Array(e * k);
  for (let l = 0; l < e; l++) {
    for (let q = 0; q < e; q++) {
      const v = binv[l * e + q];
      if (v === 0) continue;
      const p = sources[parityAt[q]];
      lostRows[l * k + parityAt[q]] ^= v;
      for (let j = 0; j < k; j++) if (at[j] >= 0) lostRows[l * k + at[j]] ^= gfMul(v, parityCoef(p, j));
    }
  }
  const lostIndex = new Int32Array(k).fill(-1);
  lost.forEach((j, l) => (lostIndex[j] = l));
  const rows = new Uint8Array(targets.length * k);
  for (let t = 0; t < targets.length; t++) {
    const target = targets[t];
    if (target < k) {
      if (lostIndex[target] < 0) return null; // a source, not a target
      rows.set(lostRows.subarray(lostIndex[target] * k, (lostIndex[target] + 1) * k), t * k);
      continue;
    }
    // A parity shard: Σ_j C[target][j]·d_j, each lost d_j by its row.
    for (let j = 0; j < k; j++) {
      const c = parityCoef(target, j);
      if (at[j] >= 0) {
        rows[t * k + at[j]] ^= c;
      } else {
        const from = lostIndex[j] * k;
        for (let s = 0; s < k; s++) rows[t * k + s] ^= gfMul(c, lostRows[from + s]);
      }
    }
  }
  return rows;
}
