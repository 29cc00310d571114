import { afterAll, describe, expect, it } from 'vitest';
import { encodeSvcb } from '../shared/svcb';
import { closeServices, makeService } from '../../../test/services';
import { nativeOrFail } from '@svc/engine-native/testing';
import { rng } from '../../../test/brute-force';
import { certificateEngines, expectAccepted, resultDocument, solveWith } from '../../../test/certificates';
import { TAG } from '../../../test/adapters';
import { checkCertificate } from '@svc/certificates';
import { engineTriangles, maxcutCertificate, packPositiveTriangles } from './certificate';

const DESCRIPTION = 'Split the staff into two shifts so that clashing pairs work apart.';
type Body = { n: number; edges: number[][] };

/** A balanced signed graph: hidden sides, positive weights across, negative within (promise-cases.ts's shape). */
function balanced(seed: number, n: number): Body {
  const r = rng(seed);
  const side = Array.from({ length: n }, () => (r() < 0.5 ? 0 : 1));
  const edges: number[][] = [];
  for (let k = 0; k < 3 * n; k++) {
    const i = Math.floor(r() * n);
    const j = Math.floor(r() * n);
    if (i !== j) edges.push([i, j, side[i] !== side[j] ? 1 + Math.floor(r() * 5) : -1 - Math.floor(r() * 5)]);
  }
  return { n, edges };
}

/** An odd ring of unit edges: no triangle or 4-cycle for the cycle bound, so its bound is Σ max(0, w) = n. */
const oddRing = (n: number): Body => ({ n, edges: Array.from({ length: n }, (_, i) => [i, (i + 1) % n, 1]) });

/**
 * The greedy triangle packing written plainly (rows as sorted arrays of [neighbour, edge]; the
 * whole row scanned): the reference packPositiveTriangles must match cycle for cycle.
 */
function packReference(n: number, i: number[], j: number[], w: number[]): { cycles: number[][]; bound: number } {
  const rows: [number, number][][] = Array.from({ length: n }, () => []);
  let bound = 0;
  for (let k = 0; k < w.length; k++) {
    bound += Math.max(0, w[k]);
    if (w[k] > 0) {
      rows[i[k]].push([j[k], k]);
      rows[j[k]].push([i[k], k]);
    }
  }
  for (const row of rows) row.sort((a, b) => a[0] - b[0]);
  const used = new Set<number>();
  const cycles: number[][] = [];
  for (let u = 0; u < n; u++) {
    const at = new Map<number, number>();
    for (const [x, k] of rows[u]) at.set(x, k);
    for (const [v, e1] of rows[u]) {
      if (v <= u || used.has(e1)) continue;
      for (const [x, e2] of rows[v]) {
        const e3 = at.get(x);
        if (x <= v || e3 === undefined || used.has(e2) || used.has(e3)) continue;
        used.add(e1).add(e2).add(e3);
        cycles.push([u, v, x]);
        bound -= Math.min(w[e1], w[e2], w[e3]);
        break;
      }
    }
  }
  return { cycles, bound };
}

describe('packPositiveTriangles', () => {
  it('matches the plain greedy packing on random signed graphs, duplicate edges included', () => {
    for (let s = 0; s < 40; s++) {
      const r = rng(900 + s);
      const n = 5 + Math.floor(r() * 60);
      const i: number[] = [];
      const j: number[] = [];
      const w: number[] = [];
      for (let k = 0; k < n * (1 + Math.floor(r() * 8)); k++) {
        const a = Math.floor(r() * n);
        const b = Math.floor(r() * n);
        if (a === b) continue;
        i.push(a);
        j.push(b);
        w.push(Math.floor(r() * 9) - 2);
      }
      const got = packPositiveTriangles(n, { i: Int32Array.from(i), j: Int32Array.from(j), w: Float64Array.from(w) } as never);
      expect(got, `seed ${s}`).toEqual(packReference(n, i, j, w));
    }
  });
});

describe('engineTriangles', () => {
  it('reads a packing of edge-disjoint positive triangles and refuses any other', () => {
    // K4 on 0..3 (weights 1..6) and a negative edge 3–4, 2–4.
    const e = [[0, 1, 1], [0, 2, 2], [1, 2, 3], [0, 3, 4], [1, 3, 5], [2, 3, 6], [3, 4, -1], [2, 4, 2]];
    const pairs = { i: Int32Array.from(e, (x) => x[0]), j: Int32Array.from(e, (x) => x[1]), w: Float64Array.from(e, (x) => x[2]) } as never;
    const positive = 1 + 2 + 3 + 4 + 5 + 6 + 2;
    expect(engineTriangles(5, pairs, [0, 1, 2])).toEqual({ cycles: [[0, 1, 2]], bound: positive - 1 });
    expect(engineTriangles(5, pairs, [])).toEqual({ cycles: [], bound: positive });
    expect(engineTriangles(5, pairs, [0, 1, 2, 0, 1, 3])).toBeNull(); // edge 0–1 twice
    expect(engineTriangles(5, pairs, [2, 3, 4])).toBeNull(); // 3–4 is negative
    expect(engineTriangles(5, pairs, [0, 1, 4])).toBeNull(); // 0–4 is no edge
    expect(engineTriangles(5, pairs, [0, 0, 1])).toBeNull();
    expect(engineTriangles(5, pairs, [0, 1, 7])).toBeNull();
    expect(engineTriangles(5, pairs, [0, 1])).toBeNull();
  });
});

describe('maxcut certificates, on each engine, accepted by @svc/certificates', () => {
  nativeOrFail('maxcut certificates on the native engine');

  it('bipartite: every balanced signed graph\'s cut (bound_attained) is proven optimal', async () => {
    for (const engine of certificateEngines()) {
      for (let s = 0; s < 12; s++) {
        const b = balanced(100 + s, 8 + 7 * s);
        const sol = await solveWith(DESCRIPTION, engine, 'maxcut', b, { seed: s, effort: 'flash' });
        expect(sol.done.certificate, `seed ${s} (${engine})`).toEqual({ certificate: { kind: 'bipartite' } });
        expectAccepted('maxcut', DESCRIPTION, b, sol, `balanced seed ${s}`);
      }
    }
  });

  it('odd_cycles with no cycle: a heuristic answer whose bound is Σ max(0, w) carries it', async () => {
    for (const engine of certificateEngines()) {
      const b = oddRing(301);
      const sol = await solveWith(DESCRIPTION, engine, 'maxcut', b, { effort: 'flash' });
      expect([sol.done.proof, sol.done.bound], engine).toEqual([null, 301]);
      expect(sol.done.certificate).toEqual({ certificate: { kind: 'odd_cycles', cycles: [] } });
      expectAccepted('maxcut', DESCRIPTION, b, sol, 'odd ring');
    }
  });

  it('odd_cycles of positive triangles: the cycle bound of a positive-weight graph (flash: no SDP bound), and small certified cuts it proves', async () => {
    for (const engine of certificateEngines()) {
      let bounded = 0;
      for (let s = 0; s < 8; s++) {
        const r = rng(40 + s);
        const n = s < 4 ? 90 + 10 * s : 7 + s;
        const edges: number[][] = [];
        for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < (s < 4 ? 0.08 : 0.5)) edges.push([i, j, 1 + Math.floor(r() * 3)]);
        const b = { n, edges };
        const sol = await solveWith(DESCRIPTION, engine, 'maxcut', b, { seed: s, effort: 'flash' });
        const c = sol.done.certificate!;
        const what = `seed ${s} (${engine})`;
        if (!('certificate' in c)) continue;
        expect(c.certificate.kind, what).toBe('odd_cycles');
        if (sol.done.proof === null) {
          bounded++;
          // The engine's cycle bound exports its triangles: the same greedy packing as the service's own.
          const r = sol.r as { triangles?: Int32Array };
          expect(r.triangles, what).toBeDefined();
          const pairs = { i: Int32Array.from(edges, (e) => e[0]), j: Int32Array.from(edges, (e) => e[1]), w: Float64Array.from(edges, (e) => e[2]) };
          const own = packPositiveTriangles(n, pairs as never);
          expect(engineTriangles(n, pairs as never, r.triangles!), what).toEqual(own);
          expect(c.certificate.cycles, what).toEqual(own!.cycles);
        }
        expectAccepted('maxcut', DESCRIPTION, b, sol, what);
      }
      expect(bounded, engine).toBeGreaterThan(0);
    }
  });

  it('sdp_dual: a heuristic answer at medium whose bound is the SDP bound carries y and μ, the checker proves that bound, and one y changed is refused', async () => {
    for (const engine of certificateEngines()) {
      let sdp = 0;
      for (let s = 0; s < 5; s++) {
        const r = rng(700 + s);
        const n = 64 + 14 * s; // 64, 78, 92, 106, 120: exact elimination (n ≤ 80) and the verified Cholesky
        // Unit weights, signed integers, and (s = 4) decimals such as 1.3, read by the checker as 13/10.
        const weight = (): number => (s === 4 ? (1 + Math.floor(r() * 30)) / 10 : s % 2 === 0 ? 1 : 1 + Math.floor(r() * 4) - (r() < 0.2 ? 3 : 0));
        const edges: number[][] = [];
        for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < 0.3) edges.push([i, j, weight()]);
        const b = { n, edges };
        const sol = await solveWith(DESCRIPTION, engine, 'maxcut', b, { seed: s, effort: 'medium' });
        const what = `n ${n} (${engine})`;
        expect(sol.done.proof, what).toBeNull();
        expect(sol.r.kind === 'binary' && sol.r.sdpDual !== undefined, `${what}: the SDP bound is the stated one`).toBe(true);
        const c = sol.done.certificate!;
        expect('certificate' in c && c.certificate.kind, what).toBe('sdp_dual');
        if (!('certificate' in c)) continue;
        sdp++;
        // The stated bound is never below what the engine proved, and at most one above it (a restated floor).
        expect(sol.done.bound! - sol.r.bound!, what).toBeGreaterThanOrEqual(0);
        expect(sol.done.bound! - sol.r.bound!, what).toBeLessThanOrEqual(s === 4 ? 1e-3 : 1);
        const report = expectAccepted('maxcut', DESCRIPTION, b, sol, what);
        // The checker proves exactly the stated bound (its floor for integer weights).
        expect(s === 4 ? Number(report.bound) : Math.floor(Number(report.bound)), what).toBe(sol.done.bound);
        // One y lowered by 1/2: the certificate now claims less than the stated bound, or the proof fails.
        const cert = c.certificate as { kind: string; y: string[]; mu: string };
        const tampered = { ...cert, y: cert.y.map((v, i) => (i === 3 ? String(Number(v) - 0.5) : v)) };
        const doc = { ...resultDocument(sol.done), certificate: tampered };
        const bad = checkCertificate('maxcut', { tag: TAG, description: DESCRIPTION, ...b }, doc);
        expect(bad.ok, what).toBe(false);
        expect(['sdp_dual.psd', 'claim.bound'], `${what}: ${bad.detail}`).toContain(bad.failed_step);
      }
      expect(sdp, engine).toBe(5);
    }
  }, 300_000);

  it('sdp_dual above the checker\'s cap of 1000 nodes: certificate_omitted says why', () => {
    const n = 1001;
    const sol = { kind: 'binary', answer: new Uint8Array(n), objective: 0, proof: null, bound: 5, stoppedAtDeadline: false, work: { iterations: 0, nodes: 0, restarts: 0 }, engineMs: 0, sdpDual: { y: new Float64Array(n), mu: 0 } } as const;
    const edges = { i: Int32Array.from([0, 1]), j: Int32Array.from([1, 2]), w: Float64Array.from([1, 1]) };
    const prep = { problem: { kind: 'maxcut', n, complete: false, edges } } as unknown as Parameters<typeof maxcutCertificate>[0];
    expect(maxcutCertificate(prep, sol, { proof: null, stoppedAtDeadline: false, bound: 1, gap: 0 } as unknown as Parameters<typeof maxcutCertificate>[2]))
      .toEqual({ omitted: "1001 nodes: over the sdp_dual checkers' cap of 1000 for the SDP bound" });
  });

  it('sdp_dual restates a bound the rounded certificate proves less well: the checker accepts the restated one', () => {
    // The 5-ring (no triangle): λ_max(L/4) ≈ 0.905 ≤ 1. An engine's μ just under 1 with y = 0 floors
    // to 4 (the maximum cut); the certificate's μ, lifted past the rounding, proves 5(1 + 2⁻²⁰), so the answer says 5.
    const b = oddRing(5);
    const edges = { i: Int32Array.from([0, 1, 2, 3, 0]), j: Int32Array.from([1, 2, 3, 4, 4]), w: Float64Array.from([1, 1, 1, 1, 1]) };
    const r = { kind: 'binary', answer: Uint8Array.from([0, 1, 0, 1, 1]), objective: 4, proof: null, bound: 4, stoppedAtDeadline: false, work: { iterations: 0, nodes: 0, restarts: 0 }, engineMs: 0, sdpDual: { y: new Float64Array(5), mu: 1 - 1e-12 } } as const;
    const prep = { problem: { kind: 'maxcut', n: 5, complete: false, edges } } as unknown as Parameters<typeof maxcutCertificate>[0];
    const done = { proof: null, stoppedAtDeadline: false, bound: 4, gap: 0, fields: { answer: [0, 1, 0, 1, 1], cut_value: 4 } };
    const { restate, ...certificate } = maxcutCertificate(prep, r, done as unknown as Parameters<typeof maxcutCertificate>[2]);
    expect(restate).toEqual({ bound: 5, gap: 0.25 });
    expect(certificate).toEqual({ certificate: { kind: 'sdp_dual', y: ['0', '0', '0', '0', '0'], mu: '1.00000095367431640625' } });
    const doc = resultDocument({ ...done, ...restate, certificate } as unknown as Parameters<typeof resultDocument>[0]);
    const report = checkCertificate('maxcut', { tag: TAG, description: DESCRIPTION, ...b }, doc);
    expect([report.ok, report.failed_step, report.bound]).toEqual([true, null, '5.00000476837158203125']);
    // The engine's own bound, stated with this certificate, is refused: the certificate does not prove it.
    const unrestated = checkCertificate('maxcut', { tag: TAG, description: DESCRIPTION, ...b }, { ...doc, bound: 4 });
    expect([unrestated.ok, unrestated.failed_step]).toEqual([false, 'claim.bound']);
  });

  it('a certified answer without a certificate of its own says why', async () => {
    const sol = await solveWith(DESCRIPTION, 'ts', 'maxcut', oddRing(5));
    expect([sol.done.proof, sol.done.certificate]).toEqual(['exhaustive', { omitted: 'exhaustive enumeration (re-run locally)' }]);
  });
});

describe('maxcut certificates through the service', () => {
  afterAll(closeServices);

  it('the envelope carries it by default, from the cache too and on the binary lane; certificate=none leaves it out; a bad value is refused', async () => {
    const svc = await makeService();
    const me = await svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip: '203.0.113.41' });
    const b = balanced(7, 30);
    const body = { tag: 'svc-cortex-v1', description: DESCRIPTION, ...b };
    const first = await svc.solve('maxcut', body, { principal: me });
    expect([first.certificate, first.certificate_omitted]).toEqual([{ kind: 'bipartite' }, undefined]);
    const again = await svc.solve('maxcut', body, { principal: me });
    expect([again.cached, again.certificate]).toEqual([true, { kind: 'bipartite' }]);
    const none = await svc.solve('maxcut', body, { principal: me, query: { certificate: 'none' } });
    expect([none.certificate, none.certificate_omitted, none.receipt]).toEqual([null, 'not requested (certificate=none)', first.receipt]);
    const binary = await svc.solveBinary(encodeSvcb({ command: 'maxcut', n: b.n, description: DESCRIPTION, pairs: b.edges })!, { principal: me });
    expect((binary as { certificate?: unknown }).certificate).toEqual({ kind: 'bipartite' });
    await expect(svc.solve('maxcut', body, { principal: me, query: { certificate: 'all' } })).rejects.toMatchObject({ code: 'SVC_INVALID_INPUT' });
    // optimize's producer (commands/optimize/certificate.ts) answers through the same envelope.
    const qubo = await svc.solve('optimize', { tag: 'svc-cortex-v1', description: 'Choose the projects that fit together best.', n: 3, quadratic: [[0, 1, -1], [1, 2, 2]] }, { principal: me });
    expect([(qubo.certificate as { kind?: string } | null)?.kind, qubo.certificate_omitted]).toEqual(['posiform', undefined]);
  }, 60_000);

  it('an SDP-bounded answer carries its sdp_dual through the solve worker, and the envelope checks', async () => {
    const svc = await makeService();
    const me = await svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip: '203.0.113.42' });
    const r = rng(77);
    const n = 72;
    const edges: number[][] = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < 0.3) edges.push([i, j, 1]);
    const body = { tag: 'svc-cortex-v1', description: DESCRIPTION, n, edges };
    const env = await svc.solve('maxcut', body, { principal: me, query: { effort: 'medium' } });
    expect((env.certificate as { kind?: string } | null)?.kind, String(env.certificate_omitted)).toBe('sdp_dual');
    const report = checkCertificate('maxcut', body, env);
    expect([report.ok, report.failed_step], report.detail).toEqual([true, null]);
    expect(Math.floor(Number(report.bound))).toBe(env.bound);
  }, 120_000);
});
