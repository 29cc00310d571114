/**
 * The elite pool of the path-relinking rounds: up to `capacity` distinct assignments with their
 * energies. For a symmetric model (max-cut: E(x) = E(1 − x)) members are stored normalised
 * (x[n−1] = 0), so a cut and its mirror image count as one member. Memory: capacity·n bytes.
 */
export class ElitePool {
  size = 0;
  private readonly members: Uint8Array[] = [];
  private readonly energies: Float64Array;
  private readonly hashes: Uint32Array;

  constructor(
    private readonly n: number,
    readonly capacity: number,
    readonly symmetric: boolean,
  ) {
    this.energies = new Float64Array(capacity);
    this.hashes = new Uint32Array(capacity);
  }

  member(i: number): Uint8Array {
    return this.members[i];
  }

  energy(i: number): number {
    return this.energies[i];
  }

  /**
   * Offers (x, energy): a copy enters when it is not already a member and the pool has room, or
   * when energy < (worst member energy) − eps, replacing the worst (the first on ties).
   * Returns true when it entered.
   */
  offer(x: Uint8Array, energy: number, eps: number): boolean {
    const n = this.n;
    const flipAll = this.symmetric && x[n - 1] !== 0;
    let h = 0x811c9dc5;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ (x[i] ^ (flipAll ? 1 : 0)), 16777619) >>> 0;
    for (let k = 0; k < this.size; k++) {
      if (this.hashes[k] === h && this.sameAs(this.members[k], x, flipAll)) return false;
    }
    let at: number;
    if (this.size < this.capacity) {
      at = this.size++;
      if (at === this.members.length) this.members.push(new Uint8Array(n));
    } else {
      at = this.worst();
      if (!(energy < this.energies[at] - eps)) return false;
    }
    const m = this.members[at];
    for (let i = 0; i < n; i++) m[i] = x[i] ^ (flipAll ? 1 : 0);
    this.energies[at] = energy;
    this.hashes[at] = h;
    return true;
  }

  /** Drops every member but the best (the first on ties). */
  keepBest(): void {
    let b = 0;
    for (let k = 1; k < this.size; k++) if (this.energies[k] < this.energies[b]) b = k;
    if (b !== 0) {
      const t = this.members[0];
      this.members[0] = this.members[b];
      this.members[b] = t;
      this.energies[0] = this.energies[b];
      this.hashes[0] = this.hashes[b];
    }
    this.size = 1;
  }

  private worst(): number {
    let w = 0;
    for (let k = 1; k < this.size; k++) if (this.energies[k] > this.energies[w]) w = k;
    return w;
  }

  private sameAs(m: Uint8Array, x: Uint8Array, flipAll: boolean): boolean {
    const f = flipAll ? 1 : 0;
    for (let i = 0; i < this.n; i++) if (m[i] !== (x[i] ^ f)) return false;
    return true;
  }
}
