/**
 * The one hot loop of erasure coding: out[r] = Σ_i coef[r·k + i]·in[i] over GF(2^8), byte by byte,
 * for every output row r (libs/engine-native/src/core/erasure/kernel.cc is its native twin, with
 * SIMD kernels). Long spans go 4 bytes at a time through Uint32 views and a 65,536-entry table per
 * coefficient that multiplies two bytes at once; short ones through a 256-entry table row.
 */
import { gfMulRow } from './gf256';

/** Below this many bytes per shard a 64 Ki-entry table costs more to build than it saves. */
export const WORD_KERNEL_MIN_BYTES = 1 << 16;

/**
 * out[r][b] = XOR over i < k of coef[r·k + i]·in[i][b], for r < rows and b < len. The outputs must
 * not overlap the inputs.
 */
export function dotProduct(
  k: number, rows: number, coef: Uint8Array, inputs: readonly Uint8Array[], outputs: readonly Uint8Array[], len: number,
): void {
  if (rows === 0 || len === 0) return;
  let aligned = len >= WORD_KERNEL_MIN_BYTES;
  for (let i = 0; aligned && i < k; i++) aligned = (inputs[i].byteOffset & 3) === 0;
  for (let r = 0; aligned && r < rows; r++) aligned = (outputs[r].byteOffset & 3) === 0;
  const words = aligned ? len >>> 2 : 0;
  if (words > 0) wordRows(k, rows, coef, inputs, outputs, words);
  if (words * 4 < len) byteRows(k, rows, coef, inputs, outputs, words * 4, len);
}

function byteRows(k: number, rows: number, coef: Uint8Array, inputs: readonly Uint8Array[], outputs: readonly Uint8Array[], from: number, to: number): void {
  const row = new Uint8Array(256);
  for (let r = 0; r < rows; r++) {
    const o = outputs[r];
    gfMulRow(coef[r * k], row);
    let x = inputs[0];
    for (let b = from; b < to; b++) o[b] = row[x[b]];
    for (let i = 1; i < k; i++) {
      gfMulRow(coef[r * k + i], row);
      x = inputs[i];
      for (let b = from; b < to; b++) o[b] ^= row[x[b]];
    }
  }
}

/** T[(a << 8) | b] = (c·a << 8) | c·b: two bytes multiplied by c in one lookup. */
function pairTable(c: number, row: Uint8Array, t: Uint16Array): void {
  gfMulRow(c, row);
  for (let a = 0; a < 256; a++) {
    const high = row[a] << 8;
    const base = a << 8;
    for (let b = 0; b < 256; b++) t[base | b] = high | row[b];
  }
}

function wordRows(k: number, rows: number, coef: Uint8Array, inputs: readonly Uint8Array[], outputs: readonly Uint8Array[], words: number): void {
  const row = new Uint8Array(256);
  const t = new Uint16Array(65536);
  for (let r = 0; r < rows; r++) {
    const o = new Uint32Array(outputs[r].buffer, outputs[r].byteOffset, words);
    for (let i = 0; i < k; i++) {
      pairTable(coef[r * k + i], row, t);
      const x = new Uint32Array(inputs[i].buffer, inputs[i].byteOffset, words);
      if (i === 0) {
        for (let w = 0; w < words; w++) {
          const v = x[w];
          o[w] = t[v & 0xffff] | (t[v >>> 16] << 16);
        }
      } else {
        for (let w = 0; w < words; w++) {
          const v = x[w];
          o[w] ^= t[v & 0xffff] | (t[v >>> 16] << 16);
        }
      }
    }
  }
}
