/**
 * The tabu move choice by two MinTrees, for large sparse models: `free` holds delta of the free
 * variables, `tabu` of the tabu ones (+∞ elsewhere; an excluded variable is in neither). It
 * makes exactly the choice of the O(n) scan (move-scan.ts `selectByScan`): among the admissible
 * variables (free, or tabu with delta < aspire) the smallest delta, the first met in the cyclic
 * order r, r+1, …, n−1, 0, …, r−1 on ties. The cyclic-first minimum of a tree is its leftmost
 * minimum at index >= r if one exists, else its leftmost minimum overall. Tabu variables expire
 * through a TabuRing (tabu-ring.ts).
 */
import { MinTree } from './min-tree';
import { pickCandidate, TabuRing } from './tabu-ring';

const FREE = 0;
const TABU = 1;
const EXCLUDED = 2;

export class TreeSelector {
  private readonly free: MinTree;
  private readonly tabu: MinTree;
  /** FREE, TABU or EXCLUDED per variable. */
  private readonly state: Uint8Array;
  private readonly expiry: TabuRing;

  /** @param ring a number larger than every tenure (tabuUntil − moves). */
  constructor(
    private readonly n: number,
    ring: number,
  ) {
    this.free = new MinTree(n);
    this.tabu = new MinTree(n);
    this.state = new Uint8Array(n);
    this.expiry = new TabuRing(n, ring);
  }

  /** Everything free, keys = delta. */
  reset(delta: Float64Array): void {
    this.state.fill(FREE);
    this.expiry.clear();
    this.free.setAll((i) => delta[i]);
    this.tabu.setAll(() => Infinity);
  }

  /** Only the variables with mask[i] = 1 are candidates (free); the rest are excluded. */
  restrict(delta: Float64Array, mask: Uint8Array): void {
    const { state } = this;
    for (let i = 0; i < this.n; i++) state[i] = mask[i] !== 0 ? FREE : EXCLUDED;
    this.expiry.clear();
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
    const { expiry } = this;
    for (let v = expiry.take(moves); v >= 0; v = expiry.after(v)) {
      this.state[v] = FREE;
      this.tabu.set(v, Infinity);
      this.free.set(v, delta[v]);
    }
  }

  /** The scan's choice, or −1 when nothing is admissible. */
  select(r: number, aspire: number): number {
    const fMin = this.free.minValue();
    const tMin = this.tabu.minValue();
    const a = fMin < Infinity ? cyclicFirst(this.free, r, fMin) : -1;
    const b = tMin < aspire ? cyclicFirst(this.tabu, r, tMin) : -1;
    return pickCandidate(a, fMin, b, tMin, r, this.n);
  }

  update(u: number, d: number): void {
    const s = this.state[u];
    if (s === FREE) this.free.set(u, d);
    else if (s === TABU) this.tabu.set(u, d);
  }

  makeTabu(v: number, until: number, d: number): void {
    if (this.state[v] === TABU) this.expiry.unlink(v);
    else {
      this.state[v] = TABU;
      this.free.set(v, Infinity);
    }
    this.tabu.set(v, d);
    this.expiry.push(v, until);
  }
}

function cyclicFirst(t: MinTree, r: number, min: number): number {
  const i = t.firstAtMost(r, min);
  return i >= 0 ? i : t.minIndex();
}
