/**
 * The tabu expiry schedule of the selectors (tree-selector.ts, bucket-selector.ts): a ring of
 * doubly-linked buckets indexed by tabuUntil mod ring, so making a variable tabu, renewing its
 * tenure and freeing everything due at `moves` cost O(1) per variable. A bucket lists its
 * members most recent push first; the selectors' choice does not depend on that order.
 * `pickCandidate` is the selectors' other shared step: the last one of their `select`.
 */

/**
 * A selector's choice from its two candidates: a, the cyclic-first minimum from r of the free
 * keys (fMin), and b, that of the tabu keys (tMin), each −1 when it has none or is not
 * admissible. The smaller key wins; on equal keys the one met first from r.
 */
export function pickCandidate(a: number, fMin: number, b: number, tMin: number, r: number, n: number): number {
  if (a < 0) return b;
  if (b < 0) return a;
  if (fMin !== tMin) return fMin < tMin ? a : b;
  return (a - r + n) % n < (b - r + n) % n ? a : b;
}

/** The ring of expiry buckets (tabuUntil mod ring) over variables 0..n−1. */
export class TabuRing {
  private readonly head: Int32Array;
  private readonly nextOf: Int32Array;
  private readonly prevOf: Int32Array;
  private readonly bucketOf: Int32Array;

  /** @param ring a number larger than every tenure (tabuUntil − moves). */
  constructor(
    n: number,
    private readonly ring: number,
  ) {
    this.head = new Int32Array(ring).fill(-1);
    this.nextOf = new Int32Array(n);
    this.prevOf = new Int32Array(n);
    this.bucketOf = new Int32Array(n);
  }

  /** Every bucket empty. */
  clear(): void {
    this.head.fill(-1);
  }

  /** Files v (not in any bucket) under tabuUntil = until. */
  push(v: number, until: number): void {
    const b = until % this.ring;
    const h = this.head[b];
    this.nextOf[v] = h;
    this.prevOf[v] = -1;
    if (h >= 0) this.prevOf[h] = v;
    this.head[b] = v;
    this.bucketOf[v] = b;
  }

  /** Takes v (in a bucket) out of it. */
  unlink(v: number): void {
    const p = this.prevOf[v];
    const nx = this.nextOf[v];
    if (p >= 0) this.nextOf[p] = nx;
    else this.head[this.bucketOf[v]] = nx;
    if (nx >= 0) this.prevOf[nx] = p;
  }

  /**
   * Empties the bucket due at `moves` and returns its first member (−1 if none); walk the rest
   * with `after`: `for (let v = ring.take(moves); v >= 0; v = ring.after(v))`. The taken members
   * belong to no bucket any more (push them again to make them tabu).
   */
  take(moves: number): number {
    const b = moves % this.ring;
    const v = this.head[b];
    this.head[b] = -1;
    return v;
  }

  /** The member after v in a taken bucket, or −1. Valid until v is pushed again. */
  after(v: number): number {
    return this.nextOf[v];
  }
}
