/**
 * Test helpers of the spectrum family (imported as @svc/engine-ts/families/spectrum/testing): model
 * Hamiltonians as JSON terms, seeded random Pauli sums, and independent references — the
 * transverse-field Ising chain's free-fermion spectrum (open and periodic), the Heisenberg ring's
 * ground energy from the Bethe ansatz, and a dense eigensolver (cyclic Jacobi) over a matrix built
 * from the Pauli matrices by Kronecker products (no bit tricks, no sectors).
 */
import { Prng } from '../../prng';

export interface TermJson {
  coeff: number;
  ops: string;
}

/** ops string of length n with `ch` at the given qubits, I elsewhere. */
export function opsAt(n: number, at: readonly [number, string][]): string {
  const a = Array.from({ length: n }, () => 'I');
  for (const [q, ch] of at) a[q] = ch;
  return a.join('');
}

/** H = −J Σ Z_i Z_{i+1} − h Σ X_i on a chain of L sites (periodic adds the bond L−1, 0). */
export function tfimTerms(L: number, J: number, h: number, periodic: boolean): TermJson[] {
  const out: TermJson[] = [];
  const bonds = periodic && L > 2 ? L : L - 1;
  for (let i = 0; i < bonds; i++) out.push({ coeff: -J, ops: opsAt(L, [[i, 'Z'], [(i + 1) % L, 'Z']]) });
  for (let i = 0; i < L; i++) out.push({ coeff: -h, ops: opsAt(L, [[i, 'X']]) });
  return out;
}

/** H = J Σ (X X + Y Y + Δ Z Z) over the bonds of a chain (Pauli units: 4× the spin-½ S·S form at Δ = 1). */
export function xxzTerms(L: number, J: number, delta: number, periodic: boolean): TermJson[] {
  const out: TermJson[] = [];
  const bonds = periodic && L > 2 ? L : L - 1;
  for (let i = 0; i < bonds; i++) {
    const j = (i + 1) % L;
    out.push({ coeff: J, ops: opsAt(L, [[i, 'X'], [j, 'X']]) });
    out.push({ coeff: J, ops: opsAt(L, [[i, 'Y'], [j, 'Y']]) });
    out.push({ coeff: J * delta, ops: opsAt(L, [[i, 'Z'], [j, 'Z']]) });
  }
  return out;
}

/** A seeded random Pauli sum: m terms, each qubit I/X/Y/Z with probability 1 − density, density/3 each. */
export function randomPauliTerms(seed: number, n: number, m: number, density = 0.5, integer = false): TermJson[] {
  const r = new Prng(seed);
  const out: TermJson[] = [];
  for (let t = 0; t < m; t++) {
    let ops = '';
    for (let q = 0; q < n; q++) ops += r.nextFloat() < density ? 'XYZ'[r.nextInt(3)] : 'I';
    const coeff = integer ? r.nextInt(9) - 4 : Math.round((r.nextFloat() * 4 - 2) * 1000) / 1000;
    out.push({ coeff, ops });
  }
  return out;
}

// ---- free fermions: the transverse-field Ising chain ----

/** Singular values of the L×L upper bidiagonal matrix with h on the diagonal and J above it (one-sided Jacobi). */
function bidiagonalSingularValues(L: number, J: number, h: number): number[] {
  // Eigenvalues of MᵀM by cyclic Jacobi, then square roots.
  const M = Array.from({ length: L }, (_, i) => Array.from({ length: L }, (_, j) => (i === j ? h : j === i + 1 ? J : 0)));
  const A = Array.from({ length: L }, (_, i) => Array.from({ length: L }, (_, j) => M.reduce((s, row) => s + row[i] * row[j], 0)));
  return jacobiReal(A).map((x) => Math.sqrt(Math.max(0, x)));
}

/** Energies of Σ_k ±s_k with at most `maxFlips` modes raised, ascending (enough for the lowest few). */
function combinations(base: number, costs: readonly number[], maxFlips: number, parity: number | null): number[] {
  const out: number[] = [];
  const sorted = [...costs].sort((a, b) => a - b);
  const m = Math.min(sorted.length, 12);
  const rec = (start: number, flips: number, e: number): void => {
    if (parity === null || flips % 2 === parity) out.push(e);
    if (flips === maxFlips) return;
    for (let i = start; i < m; i++) rec(i + 1, flips + 1, e + sorted[i]);
  };
  rec(0, 0, base);
  return out.sort((a, b) => a - b);
}

/**
 * The lowest `count` eigenvalues of the open chain −J Σ Z Z − h Σ X (L sites): Σ_k σ_k s_k over
 * every sign choice, s_k the singular values of the bidiagonal (h, J) matrix.
 */
export function tfimOpenLowest(L: number, J: number, h: number, count: number): number[] {
  const s = bidiagonalSingularValues(L, J, h);
  const e0 = -s.reduce((a, b) => a + b, 0);
  return combinations(e0, s.map((x) => 2 * x), 4, null).slice(0, count);
}

/**
 * The lowest `count` eigenvalues of the periodic chain (even L, J, h > 0) from its two fermion-parity
 * sectors: ε_k = 2√(J² + h² − 2Jh cos k); even sector k = ±(2m+1)π/L, vacuum −Σ_{k>0} ε_k and an even
 * number of quasiparticles; odd sector k = 2πm/L with the bare modes k = 0 (2h − 2J) and π (2h + 2J):
 * pairs −Σ_{0<k<π} ε_k, an odd total occupation.
 */
export function tfimPeriodicLowest(L: number, J: number, h: number, count: number): number[] {
  if (L % 2 !== 0) throw new Error('tfimPeriodicLowest needs an even L');
  const eps = (k: number) => 2 * Math.sqrt(J * J + h * h - 2 * J * h * Math.cos(k));
  const ns: number[] = [];
  for (let m = 0; m < L; m++) ns.push(((2 * m + 1) * Math.PI) / L);
  const nsCosts = ns.map(eps);
  const nsVac = -nsCosts.reduce((a, b) => a + b, 0) / 2;
  const even = combinations(nsVac, nsCosts, 4, 0);
  const pairs: number[] = [];
  for (let m = 1; m < L; m++) if (m !== L / 2) pairs.push(eps((2 * Math.PI * m) / L));
  const rVac = -pairs.reduce((a, b) => a + b, 0) / 2;
  // Bare modes: (2h − 2J)(n0 − ½) + (2h + 2J)(nπ − ½); parity of n0 + nπ + quasiparticles is odd.
  const odd: number[] = [];
  for (const n0 of [0, 1]) {
    for (const np of [0, 1]) {
      const bare = (2 * h - 2 * J) * (n0 - 0.5) + (2 * h + 2 * J) * (np - 0.5);
      const needed = (n0 + np + 1) % 2;
      odd.push(...combinations(rVac + bare, pairs, 4, needed));
    }
  }
  return [...even, ...odd].sort((a, b) => a - b).slice(0, count);
}

// ---- Bethe ansatz: the Heisenberg ring ----

/**
 * Ground energy of the spin-½ Heisenberg ring J Σ S_i·S_{i+1} (even L ≥ 4, J = 1) from the Bethe
 * equations L·2 atan(2λ_j) = 2π I_j + Σ_k 2 atan(λ_j − λ_k), I_j = −(M−1)/2 … (M−1)/2, M = L/2,
 * solved by damped fixed-point iteration: E = L/4 − Σ_j 2/(4λ_j² + 1).
 */
export function betheGroundEnergy(L: number): number {
  const M = L / 2;
  const I = Array.from({ length: M }, (_, j) => j - (M - 1) / 2);
  let lam = I.map((x) => 0.5 * Math.tan((Math.PI * x) / L));
  for (let it = 0; it < 100_000; it++) {
    let change = 0;
    const next = lam.map((lj, j) => {
      let s = 0;
      for (let k = 0; k < M; k++) s += Math.atan(lj - lam[k]);
      const v = 0.5 * Math.tan((Math.PI * I[j] + s) / L);
      change = Math.max(change, Math.abs(v - lj));
      return 0.5 * lj + 0.5 * v;
    });
    lam = next;
    if (change < 1e-15) break;
  }
  return L / 4 - lam.reduce((s, l) => s + 2 / (4 * l * l + 1), 0);
}

// ---- independent dense reference ----

type C = [number, number];
const PAULI: Record<string, C[][]> = {
  I: [[[1, 0], [0, 0]], [[0, 0], [1, 0]]],
  X: [[[0, 0], [1, 0]], [[1, 0], [0, 0]]],
  Y: [[[0, 0], [0, -1]], [[0, 1], [0, 0]]],
  Z: [[[1, 0], [0, 0]], [[0, 0], [-1, 0]]],
};

/** The 2^n × 2^n matrix of Σ coeff·⊗σ, qubit q = bit q of the index (element-wise Kronecker product). */
export function denseHamiltonian(n: number, terms: readonly TermJson[]): C[][] {
  const dim = 2 ** n;
  const H: C[][] = Array.from({ length: dim }, () => Array.from({ length: dim }, (): C => [0, 0]));
  for (const t of terms) {
    for (let a = 0; a < dim; a++) {
      for (let b = 0; b < dim; b++) {
        let re = t.coeff;
        let im = 0;
        for (let q = 0; q < n && (re !== 0 || im !== 0); q++) {
          const [er, ei] = PAULI[t.ops[q]][(a >> q) & 1][(b >> q) & 1];
          [re, im] = [re * er - im * ei, re * ei + im * er];
        }
        H[a][b][0] += re;
        H[a][b][1] += im;
      }
    }
  }
  return H;
}

/** Eigenvalues of a real symmetric matrix by cyclic Jacobi, ascending. */
export function jacobiReal(A0: number[][]): number[] {
  const n = A0.length;
  const A = A0.map((r) => [...r]);
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += A[p][q] * A[p][q];
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(A[p][q]) < 1e-300) continue;
        const theta = (A[q][q] - A[p][p]) / (2 * A[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = A[k][p];
          const akq = A[k][q];
          A[k][p] = c * akp - s * akq;
          A[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p][k];
          const aqk = A[q][k];
          A[p][k] = c * apk - s * aqk;
          A[q][k] = s * apk + c * aqk;
        }
      }
    }
  }
  return A.map((r, i) => r[i]).sort((a, b) => a - b);
}

/** Eigenvalues of a Hermitian matrix: Jacobi on its real form [[A, −B], [B, A]], every other value. */
export function hermitianEigenvalues(H: C[][]): number[] {
  const n = H.length;
  const R = Array.from({ length: 2 * n }, (_, i) => Array.from({ length: 2 * n }, (_, j) => {
    const [re, im] = H[i % n][j % n];
    if ((i < n) === (j < n)) return re;
    return i < n ? -im : im;
  }));
  const all = jacobiReal(R);
  return all.filter((_, i) => i % 2 === 0);
}

/** The lowest `count` eigenvalues of a Pauli sum by the dense reference (n ≤ 7). */
export function referenceLowest(n: number, terms: readonly TermJson[], count: number): number[] {
  return hermitianEigenvalues(denseHamiltonian(n, terms)).slice(0, count);
}
