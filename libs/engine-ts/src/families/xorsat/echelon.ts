/**
 * Dense elimination over GF(2), bit-packed, by the Method of Four Russians: the xorsat family's one
 * dense kernel. The twin of libs/engine-native/src/core/xorsat/echelon.cc, strip for strip: a strip
 * is 64 columns (two 32-bit words here), so both engines reach the same echelon form, row for row.
 */
import type { Limits } from '../../kernels/model';

/** Pivots per table: 2^8 combinations of 8 pivot rows. */
const TABLE_BITS = 8;
const TABLE_SIZE = 1 << TABLE_BITS;

/** Set bits of a 32-bit word. */
export function popcount32(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** A dense matrix over GF(2): column c of row r is bit c % 32 of word c / 32 of the row; rows hold whole 64-column strips. */
export class BitMatrix {
  readonly words: number;
  readonly data: Uint32Array;
  constructor(readonly rows: number, readonly cols: number) {
    this.words = 2 * Math.ceil(cols / 64);
    this.data = new Uint32Array(rows * this.words);
  }
  /** Offset of row r in `data`. */
  at(r: number): number {
    return r * this.words;
  }
  get(r: number, c: number): number {
    return (this.data[r * this.words + (c >>> 5)] >>> (c & 31)) & 1;
  }
  flip(r: number, c: number): void {
    this.data[r * this.words + (c >>> 5)] ^= 1 << (c & 31);
  }
}

/** The row echelon form echelonForm reached. */
export interface Echelon {
  /** Rows 0..rank-1 are the pivot rows. */
  readonly rank: number;
  /** Their pivot columns, increasing. */
  readonly pivotCol: Int32Array;
  /** True when a limit stopped it between two strips. */
  readonly stopped: boolean;
}

/** a[ao..ao+len) ^= b[bo..bo+len). */
export function xorWords(a: Uint32Array, ao: number, b: Uint32Array, bo: number, len: number): void {
  for (let i = 0; i < len; i++) a[ao + i] ^= b[bo + i];
}

/**
 * Row echelon form of the columns [0, pivotCols) (echelon.cc EchelonForm): rows are permuted and
 * combined so that rows [0, rank) have increasing pivot columns and rows [rank, rows) are zero on
 * [0, pivotCols); the columns from pivotCols on are carried along. Per strip of 64 columns: its
 * pivots on its words alone (for each column, the first row left with that bit, every other row
 * reduced by it), Gauss–Jordan among the pivot rows, then every row below cleared by one lookup
 * per 8 pivots in tables of their 256 combinations. Limits are checked between strips.
 */
export function echelonForm(a: BitMatrix, pivotCols: number, limits?: Limits): Echelon {
  const rows = a.rows;
  const W = a.words;
  const d = a.data;
  const lo = new Uint32Array(rows);
  const hi = new Uint32Array(rows);
  const swapBuf = new Uint32Array(W);
  const pivotCol: number[] = [];
  const pc = new Int32Array(64);
  let table = new Uint32Array(0);
  const swapRows = (i: number, j: number) => {
    const oi = i * W;
    const oj = j * W;
    swapBuf.set(d.subarray(oi, oi + W));
    d.copyWithin(oi, oj, oj + W);
    d.set(swapBuf, oj);
  };
  let r = 0;
  let stopped = false;
  const strips = Math.ceil(Math.max(pivotCols, 0) / 64);
  for (let s = 0; s < strips && r < rows; s++) {
    if (limits !== undefined && limits.check()) {
      stopped = true;
      break;
    }
    const w = 2 * s;
    const width = Math.min(64, pivotCols - 64 * s);
    const maskLo = width >= 32 ? 0xffffffff : width === 0 ? 0 : (2 ** width - 1) >>> 0;
    const maskHi = width >= 64 ? 0xffffffff : width <= 32 ? 0 : (2 ** (width - 32) - 1) >>> 0;
    const live = rows - r;
    for (let i = 0; i < live; i++) {
      const o = (r + i) * W + w;
      lo[i] = d[o] & maskLo;
      hi[i] = d[o + 1] & maskHi;
    }
    let k = 0;
    for (let b = 0; b < width; b++) {
      const inLo = b < 32;
      const bit = inLo ? (1 << b) >>> 0 : (1 << (b - 32)) >>> 0;
      const S = inLo ? lo : hi;
      let j = k;
      while (j < live && (S[j] & bit) === 0) j++;
      if (j === live) continue;
      if (j !== k) {
        let t = lo[j]; lo[j] = lo[k]; lo[k] = t;
        t = hi[j]; hi[j] = hi[k]; hi[k] = t;
        swapRows(r + j, r + k);
      }
      const pl = lo[k];
      const ph = hi[k];
      const sh = inLo ? b : b - 32;
      for (let t = 0; t < live; t++) {
        const m = -((S[t] >>> sh) & 1);
        lo[t] ^= pl & m;
        hi[t] ^= ph & m;
      }
      lo[k] = pl;
      hi[k] = ph;
      pc[k++] = b;
    }
    if (k === 0) continue;
    // Gauss–Jordan among the pivot rows (all rows from r on are zero before the strip).
    const len = W - w;
    const bitOf = (o: number, b: number) => (b < 32 ? d[o] >>> b : d[o + 1] >>> (b - 32)) & 1;
    for (let j = 0; j < k; j++) {
      const oj = (r + j) * W + w;
      for (let l = 0; l < j; l++) if (bitOf(oj, pc[l]) !== 0) xorWords(d, oj, d, (r + l) * W + w, len);
      for (let l = 0; l < j; l++) {
        const ol = (r + l) * W + w;
        if (bitOf(ol, pc[j]) !== 0) xorWords(d, ol, d, oj, len);
      }
    }
    // Tables of the combinations of each group of 8 pivot rows (Gray-code order: one XOR each).
    const groups = Math.ceil(k / TABLE_BITS);
    const need = groups * TABLE_SIZE * len;
    if (table.length < need) table = new Uint32Array(need);
    for (let g = 0; g < groups; g++) {
      const size = Math.min(TABLE_BITS, k - g * TABLE_BITS);
      const base = g * TABLE_SIZE * len;
      table.fill(0, base, base + len);
      for (let i = 1; i < 1 << size; i++) {
        const prev = base + ((i - 1) ^ ((i - 1) >>> 1)) * len;
        const cur = base + (i ^ (i >>> 1)) * len;
        const po = (r + g * TABLE_BITS + (31 - Math.clz32(i & -i))) * W + w;
        for (let q = 0; q < len; q++) table[cur + q] = table[prev + q] ^ d[po + q];
      }
    }
    // Every row below: its bits at the pivot columns say which pivot rows clear them.
    const leading = pc[k - 1] === k - 1;
    const src = new Int32Array(8);
    for (let t = r + k; t < rows; t++) {
      const o = t * W + w;
      let bl: number;
      let bh: number;
      if (leading) {
        bl = k >= 32 ? d[o] : d[o] & ((2 ** k - 1) >>> 0);
        bh = k <= 32 ? 0 : k >= 64 ? d[o + 1] : d[o + 1] & ((2 ** (k - 32) - 1) >>> 0);
      } else {
        bl = 0;
        bh = 0;
        for (let j = 0; j < k; j++) {
          const v = bitOf(o, pc[j]);
          if (j < 32) bl |= v << j;
          else bh |= v << (j - 32);
        }
      }
      if (bl === 0 && bh === 0) continue;
      let count = 0;
      for (let g = 0; g < groups; g++) {
        const idx = g < 4 ? (bl >>> (8 * g)) & 255 : (bh >>> (8 * (g - 4))) & 255;
        if (idx !== 0) src[count++] = (g * TABLE_SIZE + idx) * len;
      }
      xorTableRows(d, o, table, src, count, len);
    }
    for (let j = 0; j < k; j++) pivotCol.push(64 * s + pc[j]);
    r += k;
  }
  return { rank: r, pivotCol: Int32Array.from(pivotCol), stopped };
}

/** d[o..o+len) ^= the XOR of the `count` table rows at offsets src[0..count). */
function xorTableRows(d: Uint32Array, o: number, t: Uint32Array, src: Int32Array, count: number, len: number): void {
  let c = 0;
  while (count - c >= 4) {
    const s0 = src[c], s1 = src[c + 1], s2 = src[c + 2], s3 = src[c + 3];
    for (let i = 0; i < len; i++) d[o + i] ^= t[s0 + i] ^ t[s1 + i] ^ t[s2 + i] ^ t[s3 + i];
    c += 4;
  }
  while (c < count) {
    const s0 = src[c++];
    for (let i = 0; i < len; i++) d[o + i] ^= t[s0 + i];
  }
}

/**
 * The assignment of the columns [0, pivotCols) with every non-pivot column 0 that satisfies the
 * pivot rows: row · x = the row's bit at rhsCol (>= pivotCols). 0/1 per column.
 */
export function backSubstitute(a: BitMatrix, e: Echelon, pivotCols: number, rhsCol: number): Uint8Array {
  const varWords = Math.ceil(pivotCols / 32);
  const xb = new Uint32Array(varWords);
  const x = new Uint8Array(pivotCols);
  const d = a.data;
  for (let j = e.rank - 1; j >= 0; j--) {
    const o = j * a.words;
    const c = e.pivotCol[j];
    let acc = 0;
    for (let w = c >>> 5; w < varWords; w++) acc ^= d[o + w] & xb[w];
    const bit = (popcount32(acc) ^ (d[o + (rhsCol >>> 5)] >>> (rhsCol & 31))) & 1;
    if (bit !== 0) {
      xb[c >>> 5] |= 1 << (c & 31);
      x[c] = 1;
    }
  }
  return x;
}
