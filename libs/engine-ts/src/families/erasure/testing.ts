/**
 * Seeded erasure data and a reference code computed from the definition with no code shared with
 * the engines: carry-less multiplication reduced by 0x11D, inverses by search, parity shard p =
 * Σ_j (1 / (p XOR j))·data_j. Both engines' tests import it (`@svc/engine-ts/families/erasure/testing`).
 */
import { Prng } from '../../prng';

/** a·b in GF(2^8) mod x^8 + x^4 + x^3 + x^2 + 1, by shift and add. */
export function slowGfMul(a: number, b: number): number {
  let p = 0;
  for (let bit = 0; bit < 8; bit++) if (b & (1 << bit)) p ^= a << bit;
  for (let bit = 15; bit >= 8; bit--) if (p & (1 << bit)) p ^= 0x11d << (bit - 8);
  return p;
}

const INVERSES: number[] = (() => {
  const inv = new Array<number>(256).fill(0);
  for (let a = 1; a < 256; a++) for (let b = 1; b < 256; b++) if (slowGfMul(a, b) === 1) inv[a] = b;
  return inv;
})();

/** `size` seeded random bytes. */
export function erasureData(seed: number, size: number): Uint8Array {
  const r = new Prng(seed);
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = r.nextU32() & 0xff;
  return out;
}

/** The k + m shards of `data` (zero-padded to k·⌈size/k⌉ bytes) by the definition. */
export function referenceShards(data: Uint8Array, k: number, m: number): Uint8Array[] {
  const size = Math.ceil(data.length / k);
  const shards: Uint8Array[] = [];
  for (let j = 0; j < k; j++) {
    const s = new Uint8Array(size);
    s.set(data.subarray(j * size, Math.min(data.length, (j + 1) * size)));
    shards.push(s);
  }
  for (let p = k; p < k + m; p++) {
    const s = new Uint8Array(size);
    for (let j = 0; j < k; j++) {
      const c = INVERSES[p ^ j];
      const d = shards[j];
      for (let b = 0; b < size; b++) s[b] ^= slowGfMul(c, d[b]);
    }
    shards.push(s);
  }
  return shards;
}

/** Every subset of n shards as present flags (2^n of them; keep n small). */
export function* everyErasurePattern(n: number): Generator<Uint8Array> {
  for (let mask = 0; mask < 1 << n; mask++) {
    const present = new Uint8Array(n);
    for (let i = 0; i < n; i++) present[i] = (mask >> i) & 1;
    yield present;
  }
}

/** Present flags with `lost` shards of n missing, chosen at random. */
export function randomErasure(r: Prng, n: number, lost: number): Uint8Array {
  const present = new Uint8Array(n).fill(1);
  for (let t = 0; t < lost; ) {
    const i = r.nextInt(n);
    if (present[i] === 1) {
      present[i] = 0;
      t++;
    }
  }
  return present;
}

/** The shards with the absent ones replaced by null (canonicalRecover's input). */
export function withLost(shards: readonly Uint8Array[], present: Uint8Array): (Uint8Array | null)[] {
  return shards.map((s, i) => (present[i] === 1 ? s : null));
}

/** The absent shards of `present`, one after another (what the engines answer). */
export function absentBytes(shards: readonly Uint8Array[], present: Uint8Array): Uint8Array {
  const parts = shards.filter((_, i) => present[i] === 0);
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
