/**
 * The service's own Pauli-sum arithmetic from the request JSON (spectrum, entropy, phase
 * re-checks): each term applied character by character, sharing no code with the engines'
 * kernels; a cyclic Jacobi eigensolver for the exact re-check of small instances.
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

/** Eigenvalues of a real symmetric matrix (row-major n×n) by cyclic Jacobi, ascending. */
export function jacobiEigenvalues(A: Float64Array, n: number): number[] {
  const a = Float64Array.from(A);
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
      }
    }
  }
  return Array.from({ length: n }, (_, i) => a[i * n + i]).sort((x, y) => x - y);
}

/**
 * Every eigenvalue of the Pauli sum (n small: 2^n ≤ 128), ascending: H's columns from applyTerms,
 * then Jacobi on the real form [[Re H, −Im H], [Im H, Re H]], whose spectrum is H's twice.
 */
export function exactSpectrum(n: number, terms: readonly TermJson[]): number[] {
  const dim = 2 ** n;
  const R = new Float64Array(4 * dim * dim);
  const e = new Float64Array(2 * dim);
  for (let j = 0; j < dim; j++) {
    e.fill(0);
    e[2 * j] = 1;
    const col = applyTerms(n, terms, e);
    for (let i = 0; i < dim; i++) {
      const re = col[2 * i];
      const im = col[2 * i + 1];
      const N = 2 * dim;
      R[i * N + j] = re;
      R[(i + dim) * N + j + dim] = re;
      R[i * N + j + dim] = -im;
      R[(i + dim) * N + j] = im;
    }
  }
  return jacobiEigenvalues(R, 2 * dim).filter((_, i) => i % 2 === 0);
}
