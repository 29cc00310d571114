/**
 * Pauli sums applied matrix-free by bit operations (C++ twin: core/kernels/pauli_sum.{h,cc}).
 *
 * Qubit q is bit q of a basis index (little-endian: index = Σ b_q 2^q). A term is c·P with
 * P = ⊗_q σ_q; it is stored as two masks: x (bit q set for X or Y on qubit q) and z (bit q set for
 * Z or Y). With Y = i·X·Z, P = i^{|x∧z|} X^x Z^z, so P|b⟩ = i^{|x∧z|} (−1)^{|b∧z|} |b⊕x⟩ and
 *   (H v)[a] = Σ_groups Σ_{t in group} c_t i^{|x∧z_t|} (−1)^{|(a⊕x)∧z_t|} v[a⊕x]
 * where a group is every term with the same flip mask x. H is real (symmetric) exactly when no
 * term has an odd number of Y (its i^{|x∧z|} is then ±1), complex Hermitian otherwise.
 *
 * Symmetry sectors (detectSymmetry): a conserved number of 1 bits (U(1), e.g. XXZ chains), a
 * conserved Z-parity ∏Z (every term flips an even number of qubits), or a conserved X-parity ∏X
 * (every term has an even number of Z/Y), which a Hadamard on every qubit turns into Z-parity
 * (hadamardTerms). A vector of one sector lives on its basis states only (SectorBasis).
 */

/** A Pauli sum Σ coeff_t P_t on n qubits, P_t given by its x and z masks (see the file comment). */
export interface PauliTerms {
  readonly n: number;
  readonly x: Int32Array;
  readonly z: Int32Array;
  readonly coeff: Float64Array;
}

/** Every term with the same flip mask x ≠ 0: their phase masks and the coefficients c·i^{|x∧z|}. */
export interface PauliGroup {
  readonly x: number;
  readonly z: Int32Array;
  readonly re: Float64Array;
  readonly im: Float64Array;
  /** Every z is 0: the matrix element is the constant cre + i·cim. */
  readonly constant: boolean;
  readonly cre: number;
  readonly cim: number;
}

/** A Pauli sum grouped for application. */
export interface PauliOperator {
  readonly n: number;
  /** Some term has an odd number of Y: complex Hermitian (vectors interleave re, im). */
  readonly complex: boolean;
  /** The diagonal terms (x = 0): their z masks and real coefficients. */
  readonly diagZ: Int32Array;
  readonly diagC: Float64Array;
  readonly groups: readonly PauliGroup[];
  /** Σ|c|: a bound on the spectral radius (every Pauli string has norm 1). */
  readonly scale: number;
  readonly terms: number;
}

export type Symmetry = 'u1' | 'z-parity' | 'x-parity' | 'none';

/** Number of 1 bits of a non-negative 32-bit integer. */
export function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** Groups a Pauli sum by flip mask (terms in input order inside a group; groups by first appearance). */
export function pauliOperator(t: PauliTerms): PauliOperator {
  const dz: number[] = [];
  const dc: number[] = [];
  const byX = new Map<number, { z: number[]; re: number[]; im: number[] }>();
  let complex = false;
  let scale = 0;
  for (let k = 0; k < t.coeff.length; k++) {
    const x = t.x[k];
    const z = t.z[k];
    const c = t.coeff[k];
    scale += Math.abs(c);
    if (x === 0) {
      dz.push(z);
      dc.push(c);
      continue;
    }
    // i^{|x∧z|}: 1, i, −1, −i.
    const ny = popcount(x & z) & 3;
    const re = ny === 0 ? c : ny === 2 ? -c : 0;
    const im = ny === 1 ? c : ny === 3 ? -c : 0;
    if (im !== 0) complex = true;
    let g = byX.get(x);
    if (g === undefined) byX.set(x, (g = { z: [], re: [], im: [] }));
    g.z.push(z);
    g.re.push(re);
    g.im.push(im);
  }
  const groups: PauliGroup[] = [];
  for (const [x, g] of byX) {
    const constant = g.z.every((z) => z === 0);
    let cre = 0;
    let cim = 0;
    if (constant) for (let k = 0; k < g.re.length; k++) [cre, cim] = [cre + g.re[k], cim + g.im[k]];
    groups.push({ x, z: Int32Array.from(g.z), re: Float64Array.from(g.re), im: Float64Array.from(g.im), constant, cre, cim });
  }
  return { n: t.n, complex, diagZ: Int32Array.from(dz), diagC: Float64Array.from(dc), groups, scale, terms: t.coeff.length };
}

/** The matrix element f(b) of a group from source state b to b⊕x: [re, im]. */
export function groupElement(g: PauliGroup, b: number): [number, number] {
  if (g.constant) return [g.cre, g.cim];
  let re = 0;
  let im = 0;
  for (let t = 0; t < g.z.length; t++) {
    if (popcount(b & g.z[t]) & 1) {
      re -= g.re[t];
      im -= g.im[t];
    } else {
      re += g.re[t];
      im += g.im[t];
    }
  }
  return [re, im];
}

/** Largest number of bits enumerated when checking that a group conserves the number of 1 bits. */
const U1_SUPPORT_BITS = 16;

/**
 * Whether H conserves the number of 1 bits: every group's element f(b) vanishes whenever flipping
 * x changes the count (|b∧x| ≠ |x|/2), checked over every assignment of the bits f and the count
 * depend on (at most U1_SUPPORT_BITS of them; more gives false).
 */
function conservesOnes(op: PauliOperator): boolean {
  for (const g of op.groups) {
    const w = popcount(g.x);
    if (w & 1) return false;
    let support = g.x;
    let size = 0;
    for (let t = 0; t < g.z.length; t++) support |= g.z[t];
    for (let t = 0; t < g.re.length; t++) size += Math.abs(g.re[t]) + Math.abs(g.im[t]);
    const bits: number[] = [];
    for (let q = 0; q < op.n; q++) if ((support >>> q) & 1) bits.push(1 << q);
    if (bits.length > U1_SUPPORT_BITS) return false;
    for (let s = 0; s < 1 << bits.length; s++) {
      let b = 0;
      for (let q = 0; q < bits.length; q++) if ((s >>> q) & 1) b |= bits[q];
      if (2 * popcount(b & g.x) === w) continue;
      const [re, im] = groupElement(g, b);
      if (Math.abs(re) + Math.abs(im) > 1e-13 * size) return false;
    }
  }
  return true;
}

/**
 * The symmetry the solver splits by: U(1) (preferred, when some term is off-diagonal), else
 * Z-parity, else X-parity, else none. A diagonal H conserves every basis state (see sectorsFor).
 */
export function detectSymmetry(op: PauliOperator): Symmetry {
  if (op.groups.length > 0 && conservesOnes(op)) return 'u1';
  if (op.groups.every((g) => (popcount(g.x) & 1) === 0)) return 'z-parity';
  let xParity = true;
  for (const g of op.groups) for (let t = 0; t < g.z.length && xParity; t++) if (popcount(g.z[t]) & 1) xParity = false;
  for (let t = 0; t < op.diagZ.length && xParity; t++) if (popcount(op.diagZ[t]) & 1) xParity = false;
  return xParity ? 'x-parity' : 'none';
}

/** The terms of W H W with W = H^{⊗n} (Hadamard on every qubit): X ↔ Z, Y → −Y. Same spectrum. */
export function hadamardTerms(t: PauliTerms): PauliTerms {
  const coeff = Float64Array.from(t.coeff);
  for (let k = 0; k < coeff.length; k++) if (popcount(t.x[k] & t.z[k]) & 1) coeff[k] = -coeff[k];
  return { n: t.n, x: Int32Array.from(t.z), z: Int32Array.from(t.x), coeff };
}

/** In-place normalised Walsh–Hadamard transform of a full-space vector (complex interleaved when `complex`). */
export function walshHadamard(v: Float64Array, n: number, complex: boolean): void {
  const dim = 1 << n;
  const s = complex ? 2 : 1;
  for (let h = 1; h < dim; h <<= 1) {
    for (let i = 0; i < dim; i += h << 1) {
      for (let j = i; j < i + h; j++) {
        for (let c = 0; c < s; c++) {
          const a = v[j * s + c];
          const b = v[(j + h) * s + c];
          v[j * s + c] = a + b;
          v[(j + h) * s + c] = a - b;
        }
      }
    }
  }
  const norm = Math.pow(2, -n / 2);
  for (let i = 0; i < v.length; i++) v[i] *= norm;
}

/** Binomial coefficient C(n, k) (exact below 2^53). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/**
 * The basis of one symmetry sector, its states in increasing order:
 * full (every state), parity p (states whose number of 1 bits has parity p; index = state >> 1),
 * ones m (states with exactly m 1 bits; index by the two-table method of H. Q. Lin: the states
 * sorted by (high half, low half), offset of the high half plus rank of the low half).
 */
export class SectorBasis {
  readonly dim: number;
  /** ones: every state, increasing. */
  readonly states: Int32Array | null;
  private readonly hiOffset: Int32Array | null;
  private readonly loRank: Int32Array | null;
  private readonly loBits: number;

  constructor(
    readonly n: number,
    readonly kind: 'full' | 'parity' | 'ones',
    /** parity: 0 or 1; ones: the number of 1 bits; full: 0. */
    readonly value: number,
  ) {
    this.loBits = n >> 1;
    if (kind === 'full') {
      this.dim = 2 ** n;
      this.states = this.hiOffset = this.loRank = null;
    } else if (kind === 'parity') {
      this.dim = 2 ** (n - 1);
      this.states = this.hiOffset = this.loRank = null;
    } else {
      const lo = this.loBits;
      const hiBits = n - lo;
      this.dim = binomial(n, value);
      const loRank = new Int32Array(1 << lo);
      const seen = new Int32Array(lo + 1);
      for (let b = 0; b < 1 << lo; b++) loRank[b] = seen[popcount(b)]++;
      const hiOffset = new Int32Array(1 << hiBits);
      let off = 0;
      for (let h = 0; h < 1 << hiBits; h++) {
        hiOffset[h] = off;
        off += binomial(lo, value - popcount(h));
      }
      const states = new Int32Array(this.dim);
      let s = 0;
      for (let h = 0; h < 1 << hiBits; h++) {
        const need = value - popcount(h);
        if (need < 0 || need > lo) continue;
        for (let b = 0; b < 1 << lo; b++) if (popcount(b) === need) states[s++] = (h << lo) | b;
      }
      this.states = states;
      this.hiOffset = hiOffset;
      this.loRank = loRank;
    }
  }

  /** A short name for notes ("parity 0", "ones 12", "full"). */
  get label(): string {
    return this.kind === 'full' ? 'full' : `${this.kind} ${this.value}`;
  }

  state(i: number): number {
    if (this.kind === 'full') return i;
    if (this.kind === 'parity') return (i << 1) | ((popcount(i) & 1) ^ this.value);
    return this.states![i];
  }

  /** Index of state b (which must belong to the sector). */
  index(b: number): number {
    if (this.kind === 'full') return b;
    if (this.kind === 'parity') return b >>> 1;
    return this.hiOffset![b >>> this.loBits] + this.loRank![b & ((1 << this.loBits) - 1)];
  }

  /** Whether state b belongs to the sector. */
  contains(b: number): boolean {
    if (this.kind === 'full') return true;
    if (this.kind === 'parity') return (popcount(b) & 1) === this.value;
    return popcount(b) === this.value;
  }
}

/** The sectors of a symmetry, larger first (ones: m nearest n/2 first, then the smaller m). */
export function sectorsFor(n: number, symmetry: Symmetry): SectorBasis[] {
  if (symmetry === 'none') return [new SectorBasis(n, 'full', 0)];
  if (symmetry === 'z-parity' || symmetry === 'x-parity') {
    return n === 1 ? [new SectorBasis(n, 'full', 0)] : [new SectorBasis(n, 'parity', 0), new SectorBasis(n, 'parity', 1)];
  }
  const ms = Array.from({ length: n + 1 }, (_, m) => m).sort((a, b) => Math.abs(2 * a - n) - Math.abs(2 * b - n) || a - b);
  return ms.map((m) => new SectorBasis(n, 'ones', m));
}

/** H restricted to one sector: its diagonal, and w = H v on the sector's vectors. */
export class SectorOperator {
  readonly dim: number;
  readonly complex: boolean;
  readonly diag: Float64Array;
  /** Off-diagonal groups that act within the sector (U(1): those that conserve; others: all). */
  private readonly groups: readonly PauliGroup[];

  constructor(readonly op: PauliOperator, readonly basis: SectorBasis) {
    this.dim = basis.dim;
    this.complex = op.complex;
    const diag = new Float64Array(this.dim);
    for (let i = 0; i < this.dim; i++) {
      const a = basis.state(i);
      let d = 0;
      for (let t = 0; t < op.diagZ.length; t++) d += popcount(a & op.diagZ[t]) & 1 ? -op.diagC[t] : op.diagC[t];
      diag[i] = d;
    }
    this.diag = diag;
    this.groups = op.groups;
  }

  /** Whether H is diagonal on this sector. */
  get diagonal(): boolean {
    return this.groups.length === 0;
  }

  /** w = H v (w and v distinct, length dim or 2·dim). */
  apply(v: Float64Array, w: Float64Array): void {
    const { dim, diag, basis } = this;
    if (!this.complex) {
      for (let i = 0; i < dim; i++) w[i] = diag[i] * v[i];
    } else {
      for (let i = 0; i < dim; i++) {
        w[2 * i] = diag[i] * v[2 * i];
        w[2 * i + 1] = diag[i] * v[2 * i + 1];
      }
    }
    for (const g of this.groups) {
      if (basis.kind === 'ones') this.applyOnes(g, v, w);
      else this.applyXor(g, v, w);
    }
  }

  /** full and parity sectors: the source of index i is i ^ xs. */
  private applyXor(g: PauliGroup, v: Float64Array, w: Float64Array): void {
    const { dim, basis } = this;
    const xs = basis.kind === 'parity' ? g.x >>> 1 : g.x;
    if (!this.complex) {
      if (g.constant) {
        const c = g.cre;
        for (let i = 0; i < dim; i++) w[i] += c * v[i ^ xs];
        return;
      }
      for (let i = 0; i < dim; i++) {
        const b = basis.state(i) ^ g.x;
        let f = 0;
        for (let t = 0; t < g.z.length; t++) f += popcount(b & g.z[t]) & 1 ? -g.re[t] : g.re[t];
        w[i] += f * v[i ^ xs];
      }
      return;
    }
    for (let i = 0; i < dim; i++) {
      const j = i ^ xs;
      let fr = g.cre;
      let fi = g.cim;
      if (!g.constant) {
        const b = basis.state(i) ^ g.x;
        fr = 0;
        fi = 0;
        for (let t = 0; t < g.z.length; t++) {
          if (popcount(b & g.z[t]) & 1) {
            fr -= g.re[t];
            fi -= g.im[t];
          } else {
            fr += g.re[t];
            fi += g.im[t];
          }
        }
      }
      const vr = v[2 * j];
      const vi = v[2 * j + 1];
      w[2 * i] += fr * vr - fi * vi;
      w[2 * i + 1] += fr * vi + fi * vr;
    }
  }

  /** ones sectors: only flips that keep the number of 1 bits (the others vanish: detectSymmetry checked). */
  private applyOnes(g: PauliGroup, v: Float64Array, w: Float64Array): void {
    const { dim, basis } = this;
    const half = popcount(g.x) >> 1;
    const states = basis.states!;
    for (let i = 0; i < dim; i++) {
      const a = states[i];
      if (popcount(a & g.x) !== half) continue;
      const b = a ^ g.x;
      const j = basis.index(b);
      const [fr, fi] = groupElement(g, b);
      if (!this.complex) {
        w[i] += fr * v[j];
      } else {
        const vr = v[2 * j];
        const vi = v[2 * j + 1];
        w[2 * i] += fr * vr - fi * vi;
        w[2 * i + 1] += fr * vi + fi * vr;
      }
    }
  }

  /** The dense matrix of H on the sector (row-major; interleaved complex when complex). */
  dense(): Float64Array {
    const { dim, basis } = this;
    const s = this.complex ? 2 : 1;
    const A = new Float64Array(dim * dim * s);
    for (let j = 0; j < dim; j++) {
      A[(j * dim + j) * s] += this.diag[j];
      const b = basis.state(j);
      for (const g of this.groups) {
        const a = b ^ g.x;
        if (!basis.contains(a)) continue;
        const i = basis.index(a);
        const [fr, fi] = groupElement(g, b);
        A[(i * dim + j) * s] += fr;
        if (s === 2) A[(i * dim + j) * s + 1] += fi;
      }
    }
    return A;
  }
}
