import { describe, expect, it } from 'vitest';
import { Prng } from '../prng';
import { hermitianEigenvalues } from '../families/spectrum/testing';
import { denseLowest } from './hermitian-dense';

function randomHermitian(seed: number, n: number, complex: boolean, degenerate = false): [number, number][][] {
  const r = new Prng(seed);
  const H = Array.from({ length: n }, () => Array.from({ length: n }, (): [number, number] => [0, 0]));
  for (let i = 0; i < n; i++) {
    H[i][i] = [degenerate ? (i % 3) : r.nextFloat() * 2 - 1, 0];
    for (let j = i + 1; j < n && !degenerate; j++) {
      const re = r.nextFloat() - 0.5;
      const im = complex ? r.nextFloat() - 0.5 : 0;
      H[i][j] = [re, im];
      H[j][i] = [re, -im];
    }
  }
  return H;
}

describe('hermitian-dense', () => {
  it('lowest eigenpairs of random real and complex Hermitian matrices: values as Jacobi, residuals at rounding', () => {
    for (let s = 0; s < 12; s++) {
      const n = 1 + ((s * 7) % 23);
      const complex = s % 2 === 1;
      const H = randomHermitian(s, n, complex, s % 5 === 4);
      const ref = hermitianEigenvalues(H);
      const st = complex ? 2 : 1;
      const A = new Float64Array(n * n * st);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) { A[(i * n + j) * st] = H[i][j][0]; if (complex) A[(i * n + j) * st + 1] = H[i][j][1]; }
      const count = Math.max(1, n - 2);
      const { values, vectors } = denseLowest(A, n, complex, count, true);
      for (let i = 0; i < count; i++) {
        expect(values[i]).toBeCloseTo(ref[i], 11);
        // ‖Hx − λx‖ and ‖x‖ from the vector (interleaved complex when complex, real otherwise).
        const x = vectors[i];
        let res = 0;
        let nx = 0;
        for (let a = 0; a < n; a++) {
          let yr = -values[i] * x[a * st];
          let yi = complex ? -values[i] * x[a * st + 1] : 0;
          for (let b = 0; b < n; b++) {
            const xr = x[b * st];
            const xi = complex ? x[b * st + 1] : 0;
            yr += H[a][b][0] * xr - H[a][b][1] * xi;
            yi += H[a][b][0] * xi + H[a][b][1] * xr;
          }
          res += yr * yr + yi * yi;
          nx += x[a * st] ** 2 + (complex ? x[a * st + 1] ** 2 : 0);
        }
        expect(Math.sqrt(res), `seed ${s} pair ${i}`).toBeLessThan(1e-12 * n);
        expect(nx).toBeCloseTo(1, 12);
      }
      // Vectors of a degenerate eigenvalue are orthogonal.
      for (let i = 0; i < count; i++) {
        for (let j = 0; j < i; j++) {
          let d = 0;
          for (let a = 0; a < n * st; a++) d += vectors[i][a] * vectors[j][a];
          expect(Math.abs(d)).toBeLessThan(1e-10);
        }
      }
    }
  });
});
