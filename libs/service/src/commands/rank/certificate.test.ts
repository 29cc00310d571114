import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCertificate, type CertificateReport } from '@svc/certificates';
import { nativeOrFail } from '@svc/engine-native/testing';
import { canonicalRank } from '@svc/engine-ts/families/rank';
import { TAG } from '../../../test/adapters';
import { lcg } from '../../../test/brute-force';
import { certificateEngines, expectAccepted, resultDocument, solveWith, type EngineSolve } from '../../../test/certificates';
import { exactPacking } from './packing';
import { rankTree } from './tree';

const DESCRIPTION = 'Order the proposals from the pairwise votes of the team.';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');

type Body = { items: string[]; comparisons: [string, string][] };

/** Random votes: n items, `votes` votes, the lower index winning with probability 1 − noise. */
function election(n: number, seed: number, votes: number, noise: number): Body {
  const r = lcg(seed);
  const items = Array.from({ length: n }, (_, i) => `i${i}`);
  const comparisons: [string, string][] = [];
  for (let t = 0; t < votes && n > 1; t++) {
    const a = Math.floor(r() * n);
    const b = (a + 1 + Math.floor(r() * (n - 1))) % n;
    const [hi, lo] = a < b ? [a, b] : [b, a];
    comparisons.push(r() < noise ? [items[lo], items[hi]] : [items[hi], items[lo]]);
  }
  return { items, comparisons };
}

/** Fewest contradicted votes of any order, by a subset DP over the names (item v placed after the set S contradicts the votes "v beats u", u in S). */
function bruteRank(b: Body): number {
  const n = b.items.length;
  const at = new Map(b.items.map((name, i) => [name, i]));
  const beats = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const [w, l] of b.comparisons) beats[at.get(w)!][at.get(l)!]++;
  const best = new Array<number>(1 << n).fill(Infinity);
  best[0] = 0;
  for (let S = 0; S < 1 << n; S++) {
    for (let v = 0; v < n; v++) {
      if (S & (1 << v)) continue;
      let cost = 0;
      for (let u = 0; u < n; u++) if (S & (1 << u)) cost += beats[v][u];
      best[S | (1 << v)] = Math.min(best[S | (1 << v)], best[S] + cost);
    }
  }
  return best[(1 << n) - 1];
}

/** A rational "p/q" or decimal string of a report as a number (test comparisons only). */
const valueOf = (text: string): number => {
  const [p, q] = text.split('/');
  return q === undefined ? Number(p) : Number(p) / Number(q);
};

const problemOf = (b: Body) => ({ tag: TAG, description: DESCRIPTION, ...b });

/** The Python client's checker (stdlib only) on each case, in one process. */
function pythonReports(cases: { problem: unknown; answer: unknown }[]): CertificateReport[] {
  const script = [
    'import sys, json',
    "sys.path.insert(0, 'libs/client-python/src')",
    'from svc_client.certificates import check_certificate',
    'cases = json.load(sys.stdin)',
    "print(json.dumps([check_certificate(c['problem'], c['answer'], command='rank') for c in cases]))",
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script], { cwd: ROOT, input: JSON.stringify(cases), maxBuffer: 1 << 28 }).toString()) as CertificateReport[];
}

/** One changed number of a real certificate: a λ raised past its arcs' margins (in a leaf for a tree). */
function tampered(cert: Record<string, unknown>): { cert: Record<string, unknown>; step: RegExp } | null {
  const raise = (c: { triangles: [number, number, number, string][] }) => {
    if (c.triangles.length === 0) return false;
    c.triangles[0][3] = String(Number(c.triangles[0][3]) + 1000);
    return true;
  };
  const copy = JSON.parse(JSON.stringify(cert)) as Record<string, any>;
  if (copy.kind === 'cycle_packing') return raise(copy as never) ? { cert: copy, step: /^cycle_packing\.triangles\[\d+\]$/ } : null;
  const k = (copy.nodes as any[]).findIndex((nd) => typeof nd.leaf === 'object' && nd.leaf.triangles.length > 0);
  if (k < 0) return null;
  raise(copy.nodes[k].leaf);
  return { cert: copy, step: new RegExp(`^tree\\.leaf\\[${k}\\]\\.triangles\\[\\d+\\]$`) };
}

describe('rank certificates (cycle_packing, tree), on each engine, accepted by @svc/certificates and the Python checker', () => {
  nativeOrFail('rank certificates on the native engine');

  it('every certified order of small random elections carries its proof, sound against brute force; tampering is refused', async () => {
    const py: { problem: unknown; answer: unknown; expect: string | null; what: string }[] = [];
    for (const engine of certificateEngines()) {
      const seen = { packing: 0, tree: 0, tampered: 0 };
      for (let s = 0; s < 48; s++) {
        const n = 1 + (s % 12);
        const b = election(n, s, (3 + (s % 4)) * n, 0.34 + (s % 3) * 0.06);
        const sol = await solveWith(DESCRIPTION, engine, 'rank', b, { seed: s, effort: (['flash', 'medium'] as const)[s % 2] });
        const what = `seed ${s} n ${n} (${engine})`;
        expect(sol.done.proof, what).not.toBeNull();
        const c = sol.done.certificate!;
        expect('certificate' in c, `${what}: ${'omitted' in c ? c.omitted : ''}`).toBe(true);
        const cert = (c as { certificate: Record<string, unknown> }).certificate;
        seen[cert.kind === 'tree' ? 'tree' : 'packing']++;
        const report = expectAccepted('rank', DESCRIPTION, b, sol, what);
        // Optimality proven, and no more than the true optimum (an independent subset DP).
        const brute = bruteRank(b);
        expect(sol.done.fields.disagreements, what).toBe(brute);
        expect(valueOf(report.bound!), what).toBeLessThanOrEqual(brute);
        const doc = resultDocument(sol.done);
        py.push({ problem: problemOf(b), answer: doc, expect: null, what });
        const bad = tampered(cert);
        if (bad !== null) {
          const r = checkCertificate('rank', problemOf(b), { ...doc, certificate: bad.cert });
          expect([r.ok, r.failed_step], what).toEqual([false, expect.stringMatching(bad.step)]);
          py.push({ problem: problemOf(b), answer: { ...doc, certificate: bad.cert }, expect: r.failed_step, what: `${what} tampered` });
          seen.tampered++;
        }
      }
      expect(seen.packing, JSON.stringify(seen)).toBeGreaterThan(10);
      expect(seen.tree, JSON.stringify(seen)).toBeGreaterThan(2);
      expect(seen.tampered, JSON.stringify(seen)).toBeGreaterThan(10);
    }
    const reports = pythonReports(py);
    py.forEach((c, k) => expect([reports[k].ok, reports[k].failed_step], `${c.what} (Python)`).toEqual([c.expect === null, c.expect]));
  }, 300_000);

  it('every heuristic bound carries the packing that proves it exactly (restated when the engine claimed more)', async () => {
    const py: { problem: unknown; answer: unknown; what: string }[] = [];
    for (const engine of certificateEngines()) {
      let bounds = 0;
      for (let s = 0; s < 8; s++) {
        const n = 30 + 10 * s;
        const b = election(n, 100 + s, 6 * n, 0.45);
        const sol = await solveWith(DESCRIPTION, engine, 'rank', b, { seed: s, effort: 'flash', deadlineMs: s % 2 === 0 ? 1 : undefined });
        const what = `seed ${s} n ${n} (${engine})`;
        if (sol.done.proof !== null) {
          expectAccepted('rank', DESCRIPTION, b, sol, what);
          continue;
        }
        bounds++;
        const report = expectAccepted('rank', DESCRIPTION, b, sol, what);
        // The stated bound is exactly what the certificate proves (votes are integers: its ceiling),
        // and never above the engine's own.
        expect(Math.ceil(valueOf(report.bound!)), what).toBe(sol.done.bound);
        expect(sol.done.bound!, what).toBeLessThanOrEqual(sol.r.bound!);
        expect(sol.done.gap, what).toBeCloseTo((sol.done.fields.disagreements as number - sol.done.bound!) / (sol.done.fields.disagreements as number), 12);
        py.push({ problem: problemOf(b), answer: resultDocument(sol.done), what });
        // A bound one above the proven one is refused at claim.bound.
        const over = checkCertificate('rank', problemOf(b), { ...resultDocument(sol.done), bound: sol.done.bound! + 1 });
        expect([over.ok, over.failed_step], what).toEqual([false, 'claim.bound']);
      }
      expect(bounds, engine).toBeGreaterThan(2);
    }
    const reports = pythonReports(py);
    py.forEach((c, k) => expect([reports[k].ok, reports[k].failed_step, reports[k].bound !== null], `${c.what} (Python)`).toEqual([true, null, true]));
  }, 300_000);

  it('corners: 1, 2 and 3 items, ties, a balanced 3-cycle, a heavy pair', async () => {
    const bodies: Body[] = [
      { items: ['a'], comparisons: [] },
      { items: ['a', 'b'], comparisons: [['b', 'a'], ['a', 'b'], ['b', 'a']] },
      { items: ['a', 'b', 'c'], comparisons: [['a', 'b'], ['b', 'c'], ['c', 'a']] },
      { items: ['a', 'b', 'c'], comparisons: [['a', 'b'], ['b', 'a'], ['b', 'c'], ['c', 'b']] },
      { items: ['a', 'b', 'c'], comparisons: [['a', 'b'], ['a', 'b'], ['b', 'c'], ['c', 'a'], ['a', 'c'], ['c', 'a']] },
      { items: ['a', 'b', 'c', 'd'], comparisons: [['a', 'b'], ['b', 'c'], ['c', 'a'], ['b', 'd'], ['d', 'a'], ['c', 'd']] },
      { items: ['a', 'b', 'c', 'd'], comparisons: [] },
    ];
    for (const engine of certificateEngines()) {
      for (const [k, b] of bodies.entries()) {
        const sol = await solveWith(DESCRIPTION, engine, 'rank', b);
        const report = expectAccepted('rank', DESCRIPTION, b, sol, `body ${k}`);
        expect(valueOf(report.objective!), `body ${k}`).toBe(bruteRank(b));
      }
    }
    // The 3-cycle a→b→c→a of one vote each: the packing is that triangle with λ = 1.
    const cycle = await solveWith(DESCRIPTION, 'ts', 'rank', bodies[2]);
    expect((cycle.done.certificate as { certificate: unknown }).certificate).toEqual({ kind: 'cycle_packing', base: 0, triangles: [[0, 1, 2, '1']] });
  });

  it('the producer cuts an engine packing to what the votes allow, and the tree only closes what is true', () => {
    // a→b→c→a with margins 1, 2, 3: however much λ an engine claims, at most 1 is kept.
    const p = canonicalRank(3, [[0, 1], [1, 2], [1, 2], [2, 0], [2, 0], [2, 0]]);
    expect(exactPacking(p, [0, 1, 2, 5]).triangles).toEqual([[0, 1, 2, 2 ** 20]]);
    expect(exactPacking(p, [0, 1, 2, 0.5, 1, 2, 0, 3]).triangles).toEqual([[0, 1, 2, 2 ** 19], [1, 2, 0, 2 ** 19]]);
    // Not a majority cycle (reversed), a repeated item, an index out of range: dropped.
    expect(exactPacking(p, [0, 2, 1, 1, 0, 0, 1, 1, 0, 1, 3, 1]).triangles).toEqual([]);
    // The tree proves the optimum (1) and nothing above it.
    expect('nodes' in rankTree(p, 1, 1e6)).toBe(true);
    expect('nodes' in rankTree(p, 2, 1e6)).toBe(false);
  });
});
