/**
 * The tabu move choice for integral models whose deltas span a small range: one bitset over the
 * variables per delta value and per set (free, tabu), with a summary level, so updates are O(1)
 * and a choice is a couple of word scans. It makes exactly the choice of the O(n) scan (move-scan.ts
 * `selectByScan`) and of TreeSelector: among the admissible variables (free, or tabu with
 * delta < aspire) the smallest delta, the first met in the cyclic order r, r+1, …, n−1, 0, …, r−1
 * on ties (within a bucket: the first member at index >= r, else the first member). Only the
 * speed differs, so the choice between the three is a pure performance decision (`bucketKeys`).
 * Words are 32 bits here and 64 bits in the native port; the member found is the same.
 * Tabu variables expire through a TabuRing (tabu-ring.ts).
 */
import { pickCandidate, TabuRing } from './tabu-ring';

const FREE = 0;
const TABU = 1;
const EXCLUDED = 2;

/**
 * The number of bucket keys (delta values) an integral model needs, or 0 when buckets do not
 * fit: delta_i = ±f_i with f_i = h_i + Σ_j W_ij x_j in [lo_i, hi_i], lo_i = h_i + Σ min(0, W_ij),
 * hi_i = h_i + Σ max(0, W_ij); keys = 2R + 1 with R = max_i max(|lo_i|, |hi_i|). Buckets fit when
 * every h_i and W_ij is an integer and keys·ceil(n/32) <= 4·(n + nnz) (memory proportional to
 * the input).
 */
export function bucketKeys(n: number, h: ArrayLike<number>, offsets: ArrayLike<number>, weights: ArrayLike<number>): number {
  let r = 0;
  for (let i = 0; i < n; i++) {
    if (!Number.isInteger(h[i])) return 0;
    let lo = h[i];
    let hi = h[i];
    for (let q = offsets[i]; q < offsets[i + 1]; q++) {
      const w = weights[q];
      if (!Number.isInteger(w)) return 0;
      if (w < 0) lo += w;
      else hi += w;
    }
    r = Math.max(r, Math.abs(lo), Math.abs(hi));
  }
  const keys = 2 * r + 1;
  return keys * Math.ceil(n / 32) <= 4 * (n + weights.length) ? keys : 0;
}

export class BucketSelector {
  private readonly words: number;
  private readonly sumWords: number;
  private readonly off: number;
  /** Bit v of bucket k of set s: bits[s][k·words + (v >>> 5)]; summary bit per nonzero word. */
  private readonly bits: [Int32Array, Int32Array];
  private readonly summary: [Int32Array, Int32Array];
  private readonly count: [Int32Array, Int32Array];
  /** The lowest key that may be non-empty, per set (advanced lazily). */
  private readonly minKey = new Int32Array(2);
  private readonly state: Uint8Array;
  /** The key each variable is filed under. */
  private readonly key: Int32Array;
  private readonly expiry: TabuRing;

  /** @param keys from `bucketKeys` (> 0); @param ring a number larger than every tenure. */
  constructor(
    private readonly n: number,
    ring: number,
    private readonly keys: number,
  ) {
    this.words = Math.ceil(n / 32);
    this.sumWords = Math.ceil(this.words / 32);
    this.off = (keys - 1) / 2;
    this.bits = [new Int32Array(keys * this.words), new Int32Array(keys * this.words)];
    this.summary = [new Int32Array(keys * this.sumWords), new Int32Array(keys * this.sumWords)];
    this.count = [new Int32Array(keys), new Int32Array(keys)];
    this.state = new Uint8Array(n);
    this.key = new Int32Array(n);
    this.expiry = new TabuRing(n, ring);
  }

  /** Everything free, keys = delta. */
  reset(delta: Float64Array): void {
    this.clear();
    for (let i = 0; i < this.n; i++) {
      this.state[i] = FREE;
      this.key[i] = delta[i] + this.off;
      this.insert(FREE, i);
    }
  }

  /** Only the variables with mask[i] = 1 are candidates (free); the rest are excluded. */
  restrict(delta: Float64Array, mask: Uint8Array): void {
    this.clear();
    for (let i = 0; i < this.n; i++) {
      this.key[i] = delta[i] + this.off;
      if (mask[i] !== 0) {
        this.state[i] = FREE;
        this.insert(FREE, i);
      } else {
        this.state[i] = EXCLUDED;
      }
    }
  }

  /** Takes a free variable out of the choice for good (until the next reset or restrict). */
  exclude(v: number): void {
    this.remove(FREE, v);
    this.state[v] = EXCLUDED;
  }

  /** Free every variable whose tabuUntil equals `moves`. */
  expire(moves: number, delta: Float64Array): void {
    const { expiry } = this;
    for (let v = expiry.take(moves); v >= 0; v = expiry.after(v)) {
      this.remove(TABU, v);
      this.state[v] = FREE;
      this.key[v] = delta[v] + this.off;
      this.insert(FREE, v);
    }
  }

  /** The scan's choice, or −1 when nothing is admissible. */
  select(r: number, aspire: number): number {
    const fk = this.lowest(FREE);
    const tk = this.lowest(TABU);
    const fMin = fk < this.keys ? fk - this.off : Infinity;
    const tMin = tk < this.keys ? tk - this.off : Infinity;
    const a = fMin < Infinity ? this.cyclicFirst(FREE, fk, r) : -1;
    const b = tMin < aspire ? this.cyclicFirst(TABU, tk, r) : -1;
    return pickCandidate(a, fMin, b, tMin, r, this.n);
  }

  update(u: number, d: number): void {
    const s = this.state[u];
    if (s === EXCLUDED) {
      this.key[u] = d + this.off;
      return;
    }
    const k = d + this.off;
    if (k === this.key[u]) return;
    this.remove(s, u);
    this.key[u] = k;
    this.insert(s, u);
  }

  makeTabu(v: number, until: number, d: number): void {
    if (this.state[v] === TABU) {
      this.expiry.unlink(v);
      this.remove(TABU, v);
    } else {
      this.remove(FREE, v);
      this.state[v] = TABU;
    }
    this.key[v] = d + this.off;
    this.insert(TABU, v);
    this.expiry.push(v, until);
  }

  private clear(): void {
    for (let s = 0; s < 2; s++) {
      this.bits[s].fill(0);
      this.summary[s].fill(0);
      this.count[s].fill(0);
      this.minKey[s] = this.keys;
    }
    this.expiry.clear();
  }

  private insert(s: number, v: number): void {
    const k = this.key[v];
    const w = k * this.words + (v >>> 5);
    const bits = this.bits[s];
    if (bits[w] === 0) this.summary[s][k * this.sumWords + (v >>> 10)] |= 1 << ((v >>> 5) & 31);
    bits[w] |= 1 << (v & 31);
    this.count[s][k]++;
    if (k < this.minKey[s]) this.minKey[s] = k;
  }

  private remove(s: number, v: number): void {
    const k = this.key[v];
    const w = k * this.words + (v >>> 5);
    const bits = this.bits[s];
    bits[w] &= ~(1 << (v & 31));
    if (bits[w] === 0) this.summary[s][k * this.sumWords + (v >>> 10)] &= ~(1 << ((v >>> 5) & 31));
    this.count[s][k]--;
  }

  private lowest(s: number): number {
    let k = this.minKey[s];
    const count = this.count[s];
    while (k < this.keys && count[k] === 0) k++;
    this.minKey[s] = k;
    return k;
  }

  /** The first member of bucket k of set s at index >= r, else the first member. */
  private cyclicFirst(s: number, k: number, r: number): number {
    const v = this.firstFrom(s, k, r);
    return v >= 0 ? v : this.firstFrom(s, k, 0);
  }

  private firstFrom(s: number, k: number, r: number): number {
    if (r >= this.n) return -1;
    const bits = this.bits[s];
    const base = k * this.words;
    let w = r >>> 5;
    const m = bits[base + w] & (-1 << (r & 31));
    if (m !== 0) return (w << 5) + ctz(m);
    // The next nonzero word after w, through the summary.
    const summary = this.summary[s];
    const sbase = k * this.sumWords;
    w++;
    if (w >= this.words) return -1;
    let sw = w >>> 5;
    let sm = summary[sbase + sw] & (-1 << (w & 31));
    while (sm === 0) {
      sw++;
      if (sw >= this.sumWords) return -1;
      sm = summary[sbase + sw];
    }
    const word = (sw << 5) + ctz(sm);
    return (word << 5) + ctz(bits[base + word]);
  }
}

/** Index of the lowest set bit of a nonzero 32-bit word. */
function ctz(x: number): number {
  return 31 - Math.clz32(x & -x);
}
