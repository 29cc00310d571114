import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCertificate } from '@svc/certificates';
import { nativeOrFail } from '@svc/engine-native/testing';
import { tspDistanceOf } from '@svc/engine-ts/families/tsp';
import { rng } from '../../../test/brute-force';
import { adapterHarness, TAG } from '../../../test/adapters';
import { certificateEngines, expectAccepted, resultDocument, solveWith } from '../../../test/certificates';
import { tspCertificate } from './certificate';
import { tspTreeCertificate } from './tree-certificate';

const DESCRIPTION = 'Plan the delivery van\'s round trip through every shop.';
const PYTHON_SRC = resolve(__dirname, '../../../../client-python/src');

type Node = { split?: [number, number]; leaf?: 'infeasible' | { kind: string; pi: string[] } };

/** The in-edges on the path to each node of a pre-order tree. */
function inEdges(nodes: Node[]): [number, number][][] {
  const out: [number, number][][] = [];
  const stack: [number, number][][] = [[]];
  for (const nd of nodes) {
    const at = stack.pop()!;
    out.push(at);
    if (nd.split !== undefined) stack.push([...at, nd.split], at);
  }
  return out;
}

/** The shortest tour by a plain Held–Karp over subsets (independent of both engines). */
function exactTour(n: number, d: (i: number, j: number) => number): number {
  const full = 1 << (n - 1);
  const dp = new Float64Array(full * (n - 1)).fill(Infinity);
  for (let j = 1; j < n; j++) dp[(1 << (j - 1)) * (n - 1) + j - 1] = d(0, j);
  for (let S = 1; S < full; S++) {
    for (let j = 1; j < n; j++) {
      const v = dp[S * (n - 1) + j - 1];
      if (v === Infinity || !(S & (1 << (j - 1)))) continue;
      for (let k = 1; k < n; k++) {
        if (S & (1 << (k - 1))) continue;
        const T = S | (1 << (k - 1));
        const w = v + d(j, k);
        if (w < dp[T * (n - 1) + k - 1]) dp[T * (n - 1) + k - 1] = w;
      }
    }
  }
  let best = Infinity;
  for (let j = 1; j < n; j++) best = Math.min(best, dp[(full - 1) * (n - 1) + j - 1] + d(j, 0));
  return best;
}

/**
 * Instances on which branch and bound works below the root about one time in four at 17 cities:
 * uniform random points, a random symmetric matrix, points in tight clusters.
 */
function instance(seed: number, n: number): Record<string, unknown> {
  const r = rng(seed);
  const kind = seed % 3;
  if (kind === 0) return { n, metric: 'euc_2d', points: Array.from({ length: n }, () => [Math.round(r() * 1000), Math.round(r() * 1000)]) };
  if (kind === 1) {
    const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) m[i][j] = m[j][i] = 10 + Math.floor(r() * 90);
    return { n, matrix: m };
  }
  const centres = Array.from({ length: 3 }, () => [Math.round(r() * 1000), Math.round(r() * 1000)]);
  return { n, metric: 'euc_2d', points: Array.from({ length: n }, (_, i) => { const c = centres[i % 3]; return [c[0] + Math.round(r() * 200), c[1] + Math.round(r() * 200)]; }) };
}

/** The Python client's checker (stdlib only) on one problem and result document. */
function pythonCheck(problem: unknown, doc: unknown): { ok: boolean; optimal: boolean; failed_step: string | null } | null {
  const script = 'import json,sys\nfrom svc_client import check_certificate\na=json.load(sys.stdin)\nprint(json.dumps(check_certificate(a["problem"], a["answer"], command="tsp")))';
  const r = spawnSync('python3', ['-c', script], { input: JSON.stringify({ problem, answer: doc }), env: { ...process.env, PYTHONPATH: PYTHON_SRC }, encoding: 'utf8' });
  if (r.error !== undefined) return null;
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

function ratio(s: string): number {
  const [p, q] = s.split('/');
  return Number(p) / Number(q ?? 1);
}

describe('tsp branch-tree certificates (tree), on each engine, accepted by every checker', () => {
  nativeOrFail('tsp tree certificates on the native engine');

  it('answers proven below the root carry the branch tree; it proves the optimum (independent DP); changed numbers are refused', async () => {
    for (const engine of certificateEngines()) {
      const seen = { tree: 0, root: 0, other: 0, python: 0, tampered: 0 };
      for (let s = 0; s < 48 && seen.tree < 3; s++) {
        const n = 17;
        const b = instance(4100 + s, n);
        const sol = await solveWith(DESCRIPTION, engine, 'tsp', b, { seed: s, effort: 'medium' });
        const what = `seed ${s} (${engine})`;
        const c = sol.done.certificate!;
        if (sol.done.proof !== 'branch_and_bound') {
          seen.other++;
          continue;
        }
        expect('certificate' in c, `${what}: ${'omitted' in c ? c.omitted : ''}`).toBe(true);
        const report = expectAccepted('tsp', DESCRIPTION, b, sol, what);
        const prep = adapterHarness(DESCRIPTION).prepare('tsp', b);
        const p = prep.problem as Parameters<typeof tspDistanceOf>[0];
        const d = tspDistanceOf(p);
        const opt = exactTour(n, d);
        // The bound it proves is a true lower bound, and the answer is the optimum.
        expect(sol.r.objective, what).toBe(opt);
        expect(ratio(report.bound!), what).toBeLessThanOrEqual(opt + 1e-9);
        expect(ratio(report.bound!), what).toBeGreaterThan(opt - 1);
        const doc = resultDocument(sol.done);
        const cert = doc.certificate as { kind: string; nodes?: Node[] };
        if (cert.kind !== 'tree') {
          seen.root++;
          continue;
        }
        seen.tree++;
        expect(sol.r.kind === 'permutation' && sol.r.tree !== undefined, what).toBe(true);
        const nodes = cert.nodes!;
        const problem = { tag: TAG, description: DESCRIPTION, ...b };
        const refused = (bad: Node[]) => checkCertificate('tsp', problem, { ...doc, certificate: { kind: 'tree', nodes: bad } });
        // A non-number in a leaf's π: refused at `numbers`.
        const leaves = nodes.flatMap((nd, i) => (typeof nd.leaf === 'object' ? [i] : []));
        const bad = structuredClone(nodes);
        (bad[leaves[0]].leaf as { pi: string[] }).pi[0] = 'x';
        expect(refused(bad).failed_step, what).toBe(`tree.leaf[${leaves[0]}].numbers`);
        // In every π leaf, one city with no in-edge on its path gets 10⁶ more (it becomes a leaf of
        // the 1-tree: the leaf's bound falls by about 10⁶ unless its region holds no 1-tree): the
        // least leaf bound falls below the length, refused (at a leaf or at the certified claim).
        const ins = inEdges(nodes);
        const bad2 = structuredClone(nodes);
        for (const at of leaves) {
          const pi2 = (bad2[at].leaf as { pi: string[] }).pi;
          let c = n - 1;
          while (c > 1 && ins[at].some(([u, v]) => u === c || v === c)) c--;
          pi2[c] = String(ratio(pi2[c]) + 1e6);
        }
        const r2 = refused(bad2);
        expect(r2.ok, what).toBe(false);
        expect(r2.failed_step, what).toMatch(/^tree\.leaf\[\d+\]|^claim\./);
        seen.tampered++;
        // An infeasible leaf made a π leaf that proves nothing, or a split moved: refused.
        const k = nodes.findIndex((nd) => nd.leaf === 'infeasible');
        if (k >= 0) {
          const bad = structuredClone(nodes);
          bad[k] = { leaf: { kind: 'one_tree', pi: new Array<string>(n).fill('0') } };
          const r = refused(bad);
          expect(r.ok, what).toBe(false);
          // Its split turned into another edge not on the path: the "infeasible" leaf no longer is.
          const sp = nodes.findIndex((nd, i) => nd.split !== undefined && nodes[i + 2]?.leaf === 'infeasible' && nodes[i + 1]?.split === undefined);
          if (sp >= 0) {
            const bad3 = structuredClone(nodes);
            const used = new Set(nodes.filter((nd) => nd.split).map((nd) => `${nd.split![0]},${nd.split![1]}`));
            let alt: [number, number] | null = null;
            for (let i = 0; i < n && alt === null; i++) for (let j = i + 1; j < n && alt === null; j++) if (!used.has(`${i},${j}`)) alt = [i, j];
            bad3[sp] = { split: alt! };
            expect(refused(bad3).ok, what).toBe(false);
          }
        }
        // A node dropped: the tree is incomplete.
        expect(refused(nodes.slice(0, -1)).failed_step, what).toBe('tree.nodes');
        // A record the engine dropped past its caps (an empty stream): no certificate, "too large".
        if (seen.tree === 1) {
          const dropped = tspCertificate(prep, { ...sol.r, tree: new Float64Array(0) } as typeof sol.r, sol.done);
          expect('omitted' in dropped ? dropped.omitted : '', what).toMatch(/^too large: the branch tree passed the recording cap/);
          // A leaf whose π the engine recorded short (all zero): the producer says which leaf, never a false tree.
          // Every leaf's π made 0 but 10⁶ at the last city (a leaf of every 1-tree then: 10⁶ short).
          const short = Float64Array.from((sol.r as { tree: Float64Array }).tree);
          for (let at = 0; at < short.length; at++) {
            if (short[at] !== -2) continue;
            for (let i = 0; i < n; i++) short[at + 1 + i] = i === n - 1 ? 1e6 : 0;
            at += n;
          }
          const out = tspTreeCertificate(n, d, short, sol.r.objective);
          expect('omitted' in out ? out.omitted : '', what).toMatch(/does not reach the length less 1/);
        }
        // The Python client's checker accepts it too (when python3 is here).
        const py = seen.python < 1 ? pythonCheck(problem, doc) : null;
        if (py !== null) {
          expect([py.ok, py.optimal, py.failed_step], what).toEqual([true, true, null]);
          seen.python++;
        }
      }
      expect(seen.tree, `${engine}: ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(3);
    }
  }, 180_000);

  it('30 to 45 cities: every tree is accepted, both engines prove the same optimum', async () => {
    const seen = { tree: 0 };
    for (let s = 0; s < 4; s++) {
      const n = 30 + 5 * s;
      const b = instance(4300 + s, n);
      const lengths = new Set<number>();
      for (const engine of certificateEngines()) {
        const sol = await solveWith(DESCRIPTION, engine, 'tsp', b, { seed: s, effort: 'medium' });
        const what = `seed ${s}, ${n} cities (${engine})`;
        if (sol.done.proof === null) continue;
        lengths.add(sol.r.objective);
        const c = sol.done.certificate!;
        expect('certificate' in c, `${what}: ${'omitted' in c ? c.omitted : ''}`).toBe(true);
        const report = expectAccepted('tsp', DESCRIPTION, b, sol, what);
        if (report.kind === 'tree') seen.tree++;
      }
      expect(lengths.size, `seed ${s}`).toBeLessThanOrEqual(1);
    }
    expect(seen.tree, JSON.stringify(seen)).toBeGreaterThan(0);
  }, 180_000);
});
