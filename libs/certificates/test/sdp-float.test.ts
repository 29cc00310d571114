/**
 * sdp_dual's floating Cholesky proof (n > SDP_EXACT_MAX_N): it never accepts a matrix the exact
 * elimination refuses (checked on random matrices near the semidefinite boundary), and proves a
 * μ stated just above λ_max on graphs past the exact cap.
 */
import { describe, expect, it } from 'vitest';
import { checkCertificate, SDP_EXACT_MAX_N } from '../src/index';
import { floatCholeskyProof, psdFailure } from '../src/kinds/sdp-dual';
import { q, type Q } from '../src/rational';
import * as H from './helpers';

const dec = (x: number): Q => { const s = x.toFixed(6); const neg = s.startsWith('-'); const [a, b] = s.replace('-', '').split('.'); const v = BigInt(a + b); return q(neg ? -v : v, 10n ** 6n); };

describe('sdp_dual floating Cholesky proof', () => {
  it('never proves what the exact elimination refuses', () => {
    const r = H.rng(21);
    let floatYes = 0, exactNo = 0;
    for (let trial = 0; trial < 300; trial++) {
      const n = H.randInt(r, 2, 12);
      const off: { i: number; j: number; v: Q }[] = [];
      const rows = Array.from({ length: n }, () => new Array(n).fill(0));
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < 0.6) { const v = H.randInt(r, -20, 20) / 4; off.push({ i, j, v: dec(v) }); rows[i][j] = rows[j][i] = v; }
      // A diagonal at, just above or just below the semidefinite boundary: λ_min(offdiag) shifted.
      const raw = -H.lambdaMax(rows.map((row) => row.map((x) => -x)));
      const lmin = Number.isFinite(raw) ? raw : 0;
      const shift = -lmin + [-1e-3, -1e-6, 0, 1e-6, 1e-3, 1][H.randInt(r, 0, 5)];
      const diagM = Array.from({ length: n }, () => dec(shift));
      const exact = psdFailure(n, diagM, off);
      const float = floatCholeskyProof(n, diagM, off);
      if (float === null) { floatYes++; expect(exact).toBeNull(); }
      if (exact !== null) exactNo++;
    }
    expect(floatYes).toBeGreaterThan(50);
    expect(exactNo).toBeGreaterThan(50);
  });

  it('proves a μ just above λ_max past the exact cap, and refuses one just below', () => {
    const r = H.rng(22);
    const n = SDP_EXACT_MAX_N + 40;
    const edges: number[][] = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < 0.1) edges.push([i, j, H.randInt(r, 1, 5)]);
    const L = Array.from({ length: n }, () => new Array(n).fill(0));
    for (const [i, j, w] of edges) { L[i][i] += w; L[j][j] += w; L[i][j] -= w; L[j][i] -= w; }
    const y = L.map((row, i) => row[i] / 4);
    const A = L.map((row, i) => row.map((x, j) => x / 4 - (i === j ? y[i] : 0)));
    const lam = H.lambdaMax(A);
    const x = new Array(n).fill(0);
    const above = checkCertificate('maxcut', { n, edges }, x, { kind: 'sdp_dual', y, mu: (lam + 1e-4).toFixed(6) });
    expect(above.ok, above.detail).toBe(true);
    const below = checkCertificate('maxcut', { n, edges }, x, { kind: 'sdp_dual', y, mu: (lam - 1e-3).toFixed(6) });
    expect(below).toMatchObject({ ok: false, failed_step: 'sdp_dual.psd' });
  });
});
