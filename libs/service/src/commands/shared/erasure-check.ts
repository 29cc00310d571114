/**
 * The service's own erasure arithmetic for protect and recover: it re-encodes parity to check an
 * engine's answer (and a caller's, for POST /verify) and shares no code with the engines. The field
 * is built by shift-and-add modulo x^8 + x^4 + x^3 + x^2 + 1 (0x11D), inverses by search, and parity
 * shard p of a systematic code is Σ_j (1 / (p XOR j))·data_j (the manifest's construction), two
 * bytes per lookup through Uint32 views.
 */
import { createHash } from 'node:crypto';

/** a·b in GF(2^8), by shift and add. */
function slowMul(a: number, b: number): number {
  let p = 0;
  for (let bit = 0; bit < 8; bit++) if (b & (1 << bit)) p ^= a << bit;
  for (let bit = 15; bit >= 8; bit--) if (p & (1 << bit)) p ^= 0x11d << (bit - 8);
  return p;
}

/** PRODUCT[c·256 + x] = c·x. */
const PRODUCT = (() => {
  const t = new Uint8Array(65536);
  for (let c = 0; c < 256; c++) for (let x = 0; x < 256; x++) t[c * 256 + x] = slowMul(c, x);
  return t;
})();

const INVERSE = (() => {
  const t = new Uint8Array(256);
  for (let a = 1; a < 256; a++) for (let b = 1; b < 256; b++) if (PRODUCT[a * 256 + b] === 1) t[a] = b;
  return t;
})();

/** SHA-256 of `bytes`, lower-case hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The bytes of a base64 string the contract has checked (a view, no copy). */
export function fromBase64(s: string): Uint8Array {
  const b = Buffer.from(s, 'base64');
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64');
}

/** Below this many bytes per shard the byte loop is faster than building pair tables. */
const PAIR_MIN_BYTES = 1 << 16;

/**
 * out ^= c·x byte by byte over `len` bytes (out = c·x when `first`): two bytes per lookup through
 * Uint32 views when both are 4-byte aligned and long, else one byte per lookup.
 */
function mulAdd(c: number, x: Uint8Array, out: Uint8Array, len: number, first: boolean, pair: Uint16Array): void {
  let from = 0;
  if (len >= PAIR_MIN_BYTES && (x.byteOffset & 3) === 0 && (out.byteOffset & 3) === 0) {
    const words = len >>> 2;
    for (let a = 0; a < 256; a++) {
      const high = PRODUCT[c * 256 + a] << 8;
      for (let b = 0; b < 256; b++) pair[(a << 8) | b] = high | PRODUCT[c * 256 + b];
    }
    const xs = new Uint32Array(x.buffer, x.byteOffset, words);
    const os = new Uint32Array(out.buffer, out.byteOffset, words);
    if (first) for (let w = 0; w < words; w++) os[w] = pair[xs[w] & 0xffff] | (pair[xs[w] >>> 16] << 16);
    else for (let w = 0; w < words; w++) os[w] ^= pair[xs[w] & 0xffff] | (pair[xs[w] >>> 16] << 16);
    from = words * 4;
  }
  const row = c * 256;
  if (first) for (let b = from; b < len; b++) out[b] = PRODUCT[row + x[b]];
  else for (let b = from; b < len; b++) out[b] ^= PRODUCT[row + x[b]];
}

/** `a`, or a copy at offset 0 when it is not 4-byte aligned. */
const aligned = (a: Uint8Array): Uint8Array => ((a.byteOffset & 3) === 0 ? a : a.slice());

/** The m parity shards of k data shards of `size` bytes each (the manifest's construction). */
export function encodeParity(data: readonly Uint8Array[], m: number, size: number): Uint8Array[] {
  const k = data.length;
  const inputs = size >= PAIR_MIN_BYTES ? data.map(aligned) : data;
  const pair = new Uint16Array(65536);
  const out: Uint8Array[] = [];
  for (let p = k; p < k + m; p++) {
    const shard = new Uint8Array(size);
    for (let j = 0; j < k; j++) mulAdd(INVERSE[p ^ j], inputs[j], shard, size, j === 0, pair);
    out.push(shard);
  }
  return out;
}

/** The k data shards of `data` (views into one zero-padded buffer of k·shardSize bytes). */
export function splitData(data: Uint8Array, k: number, shardSize: number): Uint8Array[] {
  const padded = new Uint8Array(k * shardSize);
  padded.set(data);
  return Array.from({ length: k }, (_, j) => padded.subarray(j * shardSize, (j + 1) * shardSize));
}

/** Whether two byte arrays are equal. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}
