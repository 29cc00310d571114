/**
 * Test helpers of the entropy family (imported as @svc/engine-ts/families/entropy/testing): states as the
 * request's [re, im] pairs (product, Bell, GHZ, seeded random), and an independent entropy: the
 * reduced density matrix summed entry by entry, its eigenvalues by Jacobi (families/spectrum/testing.ts).
 */
import { Prng } from '../../prng';
import { hermitianEigenvalues } from '../spectrum/testing';

export type Pairs = [number, number][];

/** |b⟩ for the basis index b. */
export function basisState(n: number, b: number): Pairs {
  return Array.from({ length: 2 ** n }, (_, i): [number, number] => [i === b ? 1 : 0, 0]);
}

/** (|0…0⟩ + |1…1⟩)/√2 on the given qubits (others 0): Bell for two qubits, GHZ for more. */
export function ghzState(n: number, qubits: readonly number[] = Array.from({ length: n }, (_, q) => q)): Pairs {
  const out = basisState(n, 0);
  let ones = 0;
  for (const q of qubits) ones |= 1 << q;
  out[0] = [Math.SQRT1_2, 0];
  out[ones] = [Math.SQRT1_2, 0];
  return out;
}

/** A seeded random normalised state (Gaussian-like amplitudes), complex unless `real`. */
export function randomState(seed: number, n: number, real = false): Pairs {
  const r = new Prng(seed);
  const g = () => {
    let s = 0;
    for (let k = 0; k < 6; k++) s += r.nextFloat();
    return s - 3;
  };
  const out: Pairs = Array.from({ length: 2 ** n }, () => [g(), real ? 0 : g()]);
  const norm = Math.sqrt(out.reduce((acc, [a, b]) => acc + a * a + b * b, 0));
  return out.map(([a, b]) => [a / norm, b / norm]);
}

/** Entropy (bits) of `state` across `subsystem`: ρ_A summed entry by entry, eigenvalues by Jacobi. */
export function referenceEntropy(n: number, state: Pairs, subsystem: readonly number[]): { entropy: number; renyi2: number; probabilities: number[] } {
  const A = [...subsystem].sort((a, b) => a - b);
  const B = Array.from({ length: n }, (_, q) => q).filter((q) => !A.includes(q));
  const dA = 2 ** A.length;
  const dB = 2 ** B.length;
  const index = (a: number, c: number) => {
    let b = 0;
    A.forEach((q, k) => (b |= ((a >> k) & 1) << q));
    B.forEach((q, k) => (b |= ((c >> k) & 1) << q));
    return b;
  };
  const rho = Array.from({ length: dA }, () => Array.from({ length: dA }, (): [number, number] => [0, 0]));
  for (let a = 0; a < dA; a++) {
    for (let a2 = 0; a2 < dA; a2++) {
      let re = 0;
      let im = 0;
      for (let c = 0; c < dB; c++) {
        const [xr, xi] = state[index(a, c)];
        const [yr, yi] = state[index(a2, c)];
        re += xr * yr + xi * yi;
        im += xi * yr - xr * yi;
      }
      rho[a][a2] = [re, im];
    }
  }
  const p = hermitianEigenvalues(rho).map((x) => Math.max(0, x));
  const entropy = -p.reduce((s, x) => s + (x > 0 ? x * Math.log2(x) : 0), 0);
  const renyi2 = -Math.log2(p.reduce((s, x) => s + x * x, 0));
  return { entropy, renyi2, probabilities: p.sort((a, b) => b - a) };
}

/**
 * The central charge fitted to S(ℓ) = (c/κ)·log2 chord(ℓ) + c′ by least squares over ℓ = from..L/2
 * (`entropies[ℓ − 1]` = S(ℓ)), with chord = (L/π) sin(πℓ/L), κ = 3 (periodic) or
 * chord = (2L/π) sin(πℓ/L), κ = 6 (open).
 */
export function fitCentralCharge(L: number, entropies: readonly number[], periodic: boolean, from = 1): number {
  const xs: number[] = [];
  const ys = entropies.slice(from - 1);
  for (let l = from; l <= entropies.length; l++) {
    const chord = ((periodic ? L : 2 * L) / Math.PI) * Math.sin((Math.PI * l) / L);
    xs.push(Math.log2(chord) / (periodic ? 3 : 6));
  }
  const entropiesUsed = ys;
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = entropiesUsed.reduce((a, b) => a + b, 0) / entropiesUsed.length;
  let num = 0;
  let den = 0;
  xs.forEach((x, i) => {
    num += (x - mx) * (entropiesUsed[i] - my);
    den += (x - mx) ** 2;
  });
  return num / den;
}
