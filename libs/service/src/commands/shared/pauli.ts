/**
 * The service's own Pauli-sum arithmetic from the request JSON (spectrum, entropy, phase
 * re-checks): each term applied character by character, sharing no code with the engines'
 * kernels; a cyclic Jacobi eigensolver for the exact re-check of small instances (entropy keeps its
 * reduced states in commands/entropy/reduced-state.ts).
 */

/** One JSON term. */
export interface TermJson {
  readonly coeff: number;
  readonly ops: string;
}

/** Σ|coeff| over the terms: a bound on ‖H‖. */
export function termsScale(terms: readonly TermJson[]): number {
  return terms.reduce((s, t) => s + Math.abs(t.coeff), 0);
}

/**
 * w = H v on 2^n amplitudes (interleaved re, im), qubit q = bit q of the index, per term and per
 * basis state: X flips the bit, Z gives −1 on a 1, Y = i·X·Z gives ±i.
 */
export function applyTerms(n: number, terms: readonly TermJson[], v: ArrayLike<number>): Float64Array {
  const dim = 2 ** n;
  const w = new Float64Array(2 * dim);
  for (const t of terms) {
    let flip = 0;
    const zs: number[] = [];
    let ys = 0;
    for (let q = 0; q < n; q++) {
      const ch = t.ops[q];
      if (ch === 'X' || ch === 'Y') flip |= 1 << q;
      if (ch === 'Z' || ch === 'Y') zs.push(q);
      if (ch === 'Y') ys++;
    }
    // Y = i X Z: the operator is i^ys X^flip Z^zs; Z acts first on the source state.
    for (let b = 0; b < dim; b++) {
      let sign = 1;
      for (const q of zs) if ((b >> q) & 1) sign = -sign;
      let re = t.coeff * sign * v[2 * b];
      let im = t.coeff * sign * v[2 * b + 1];
      for (let y = 0; y < (ys & 3); y++) [re, im] = [-im, re];
      const a = b ^ flip;
      w[2 * a] += re;
      w[2 * a + 1] += im;
    }
  }
  return w;
}

/** ⟨v|v⟩, Re⟨u|v⟩ and Im⟨u|v⟩ of interleaved vectors. */
export function inner(u: ArrayLike<number>, v: ArrayLike<number>): [number, number] {
  let re = 0;
  let im = 0;
  for (let i = 0; i < u.length; i += 2) {
    re += u[i] * v[i] + u[i + 1] * v[i + 1];
    im += u[i] * v[i + 1] - u[i + 1] * v[i];
  }
  return [re, im];
}

/** θ = ⟨v|H|v⟩/⟨v|v⟩ and ‖Hv − θv‖/‖v‖ from the JSON terms. */
export function rayleighOf(n: number, terms: readonly TermJson[], v: ArrayLike<number>): { value: number; residual: number; norm: number } {
  const w = applyTerms(n, terms, v);
  const [vv] = inner(v, v);
  const [vw] = inner(v, w);
  const theta = vw / vv;
  let r = 0;
  for (let i = 0; i < w.length; i++) r += (w[i] - theta * v[i]) ** 2;
  return { value: theta, residual: Math.sqrt(r / vv), norm: Math.sqrt(vv) };
}

/**
 * Puts the Hermitian entry (i, j) = re + i·im into the real form [[Re, −Im], [Im, Re]] of a d×d
 * matrix (R row-major 2d×2d), whose spectrum is the complex matrix's, each value twice.
 */
function putRealForm(R: Float64Array, d: number, i: number, j: number, re: number, im: number): void {
  const N = 2 * d;
  R[i * N + j] = re;
  R[(i + d) * N + j + d] = re;
  R[i * N + j + d] = -im;
  R[(i + d) * N + j] = im;
}

/** The real form of the Pauli sum (2^n ≤ 128): H's columns from applyTerms. */
function realFormOf(n: number, terms: readonly TermJson[]): Float64Array {
  const dim = 2 ** n;
  const R = new Float64Array(4 * dim * dim);
  const e = new Float64Array(2 * dim);
  for (let j = 0; j < dim; j++) {
    e.fill(0);
    e[2 * j] = 1;
    const col = applyTerms(n, terms, e);
    for (let i = 0; i < dim; i++) putRealForm(R, dim, i, j, col[2 * i], col[2 * i + 1]);
  }
  return R;
}

/** Every eigenvalue of the Pauli sum (n small: 2^n ≤ 128), ascending: Jacobi on its real form. */
export function exactSpectrum(n: number, terms: readonly TermJson[]): number[] {
  return jacobiEigen(realFormOf(n, terms), 2 ** (n + 1)).values.filter((_, i) => i % 2 === 0);
}

/** Eigenvalues (ascending) and unit eigenvectors (columns as arrays) of a real symmetric matrix, cyclic Jacobi. */
export function jacobiEigen(A: Float64Array, n: number): { values: number[]; vectors: number[][] } {
  const a = Float64Array.from(A);
  const V = new Float64Array(n * n);
  for (let i = 0; i < n; i++) V[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = V[k * n + p];
          const vkq = V[k * n + q];
          V[k * n + p] = c * vkp - s * vkq;
          V[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => a[x * n + x] - a[y * n + y]);
  return { values: order.map((i) => a[i * n + i]), vectors: order.map((i) => Array.from({ length: n }, (_, k) => V[k * n + i])) };
}

/**
 * The ground state of a small Pauli sum (2^n ≤ 64), interleaved, by Jacobi on the real form (its
 * lowest vector (x; y) is x + i·y); null when the ground level is degenerate (within 1e-9·Σ|c|).
 */
export function exactGroundState(n: number, terms: readonly TermJson[]): { state: Float64Array; energy: number; gap: number } | null {
  const dim = 2 ** n;
  const N = 2 * dim;
  const R = realFormOf(n, terms);
  const { values, vectors } = jacobiEigen(R, N);
  // The real form doubles every level: the ground level of H is values[0..1]; values[2] is the next.
  const gap = values[2] - values[0];
  if (!(gap > 1e-9 * (1 + termsScale(terms)))) return null;
  const v = vectors[0];
  const state = new Float64Array(2 * dim);
  let norm = 0;
  for (let i = 0; i < dim; i++) {
    state[2 * i] = v[i];
    state[2 * i + 1] = v[i + dim];
    norm += v[i] ** 2 + v[i + dim] ** 2;
  }
  for (let i = 0; i < state.length; i++) state[i] /= Math.sqrt(norm);
  return { state, energy: values[0], gap };
}
