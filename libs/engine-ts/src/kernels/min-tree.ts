/**
 * A tournament (segment) tree over keys 0..n−1 answering "smallest key, leftmost on ties" and
 * "leftmost index ≥ r whose key ≤ t", with O(log n) point updates. Missing keys are +Infinity.
 * It only accelerates the tabu scan; it never changes which move is chosen.
 */
export class MinTree {
  private readonly size: number;
  /** val[node] = min key in the subtree; arg[node] = its leftmost index. Leaves at size + i. */
  private readonly val: Float64Array;
  private readonly arg: Int32Array;

  constructor(readonly n: number) {
    let size = 1;
    while (size < n) size *= 2;
    this.size = size;
    this.val = new Float64Array(2 * size).fill(Infinity);
    this.arg = new Int32Array(2 * size);
    for (let i = 0; i < size; i++) this.arg[size + i] = i;
    for (let node = size - 1; node >= 1; node--) this.arg[node] = this.arg[2 * node];
  }

  /** Set every key at once (O(n)). */
  setAll(key: (i: number) => number): void {
    const { size, val, arg } = this;
    for (let i = 0; i < this.n; i++) val[size + i] = key(i);
    for (let node = size - 1; node >= 1; node--) this.pull(node, val, arg);
  }

  /** Set key i; stops climbing once an ancestor's (min, arg) is unchanged. */
  set(i: number, key: number): void {
    const { val, arg } = this;
    let node = this.size + i;
    if (val[node] === key) return;
    val[node] = key;
    node >>= 1;
    while (node >= 1) {
      const l = 2 * node;
      const r = l + 1;
      let v: number;
      let a: number;
      if (val[r] < val[l]) {
        v = val[r];
        a = arg[r];
      } else {
        v = val[l];
        a = arg[l];
      }
      if (val[node] === v && arg[node] === a) return;
      val[node] = v;
      arg[node] = a;
      node >>= 1;
    }
  }

  get(i: number): number {
    return this.val[this.size + i];
  }

  minValue(): number {
    return this.val[1];
  }

  /** Leftmost index holding the minimum. */
  minIndex(): number {
    return this.arg[1];
  }

  /** Leftmost index i >= r with key(i) <= t, or −1. */
  firstAtMost(r: number, t: number): number {
    const { size, val } = this;
    let node = size + r;
    if (val[node] <= t) return r;
    while (node > 1) {
      if ((node & 1) === 0 && val[node + 1] <= t) {
        node = node + 1;
        while (node < size) node = val[2 * node] <= t ? 2 * node : 2 * node + 1;
        return node - size;
      }
      node >>= 1;
    }
    return -1;
  }

  private pull(node: number, val: Float64Array, arg: Int32Array): void {
    const l = 2 * node;
    const r = l + 1;
    if (val[r] < val[l]) {
      val[node] = val[r];
      arg[node] = arg[r];
    } else {
      val[node] = val[l];
      arg[node] = arg[l];
    }
  }
}
