/**
 * The tabu move choice by two MinTrees, for large sparse models: `free` holds delta of the free
 * variables, `tabu` of the tabu ones (+∞ elsewhere; an excluded variable is in neither). It
 * makes exactly the choice of the O(n) scan (tabu.ts `selectByScan`): among the admissible
 * variables (free, or tabu with delta < aspire) the smallest delta, the first met in the cyclic
 * order r, r+1, …, n−1, 0, …, r−1 on ties. The cyclic-first minimum of a tree is its leftmost
 * minimum at index >= r if one exists, else its leftmost minimum overall. Tabu variables expire
 * through a ring of doubly-linked buckets indexed by tabuUntil mod ring.
 */
import { MinTree } from './min-tree';

const FREE = 0;
const TABU = 1;
const EXCLUDED = 2;

export class TreeSelector {
  private readonly free: MinTree;
  private readonly tabu: MinTree;
  /** FREE, TABU or EXCLUDED per variable. */
  private readonly state: Uint8Array;
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  private readonly bucketOf: Int32Array;

  /** @param ring a number larger than every tenure (tabuUntil − moves). */
  constructor(
    private readonly n: number,
    private readonly ring: number,
  ) {
    this.free = new MinTree(n);
    this.tabu = new MinTree(n);
    this.state = new Uint8Array(n);
    this.head = new Int32Array(ring);
    this.next = new Int32Array(n);
    this.prev = new Int32Array(n);
    this.bucketOf = new Int32Array(n);
  }

  /** Everything free, keys = delta. */
  reset(delta: Float64Array): void {
    this.state.fill(FREE);
    this.head.fill(-1);
    this.free.setAll((i) => delta[i]);
    this.tabu.setAll(() => Infinity);
  }

  /** Only the variables with mask[i] = 1 are candidates (free); the rest are excluded. */
  restrict(delta: Float64Array, mask: Uint8Array): void {
    const { state } = this;
    for (let i = 0; i < this.n; i++) state[i] = mask[i] !== 0 ? FREE : EXCLUDED;
    this.head.fill(-1);
    this.free.setAll((i) => (mask[i] !== 0 ? delta[i] : Infinity));
    this.tabu.setAll(() => Infinity);
  }

  /** Takes a free variable out of the choice for good (until the next reset or restrict). */
  exclude(v: number): void {
    this.state[v] = EXCLUDED;
    this.free.set(v, Infinity);
  }

  /** Free every variable whose tabuUntil equals `moves`. */
  expire(moves: number, delta: Float64Array): void {
    const b = moves % this.ring;
    let v = this.head[b];
    while (v >= 0) {
      const nx = this.next[v];
      this.state[v] = FREE;
      this.tabu.set(v, Infinity);
      this.free.set(v, delta[v]);
      v = nx;
    }
    this.head[b] = -1;
  }

  /** The scan's choice, or −1 when nothing is admissible. */
  select(r: number, aspire: number): number {
    const n = this.n;
    const fMin = this.free.minValue();
    const tMin = this.tabu.minValue();
    const a = fMin < Infinity ? cyclicFirst(this.free, r, fMin) : -1;
    const b = tMin < aspire ? cyclicFirst(this.tabu, r, tMin) : -1;
    if (a < 0) return b;
    if (b < 0) return a;
    if (fMin !== tMin) return fMin < tMin ? a : b;
    // Equal keys: the one met first from r.
    return (a - r + n) % n < (b - r + n) % n ? a : b;
  }

  update(u: number, d: number): void {
    const s = this.state[u];
    if (s === FREE) this.free.set(u, d);
    else if (s === TABU) this.tabu.set(u, d);
  }

  makeTabu(v: number, until: number, d: number): void {
    if (this.state[v] === TABU) this.unlink(v);
    else {
      this.state[v] = TABU;
      this.free.set(v, Infinity);
    }
    this.tabu.set(v, d);
    const b = until % this.ring;
    const h = this.head[b];
    this.next[v] = h;
    this.prev[v] = -1;
    if (h >= 0) this.prev[h] = v;
    this.head[b] = v;
    this.bucketOf[v] = b;
  }

  private unlink(v: number): void {
    const p = this.prev[v];
    const nx = this.next[v];
    if (p >= 0) this.next[p] = nx;
    else this.head[this.bucketOf[v]] = nx;
    if (nx >= 0) this.prev[nx] = p;
  }
}

function cyclicFirst(t: MinTree, r: number, min: number): number {
  const i = t.firstAtMost(r, min);
  return i >= 0 ? i : t.minIndex();
}
