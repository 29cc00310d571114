import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCertificate } from '@svc/certificates';
import { nativeOrFail } from '@svc/engine-native/testing';
import { loadNativeAddon } from '@svc/engine-native';
import { randomCover, type CoverInput } from '@svc/engine-ts/families/cover/testing';
import { adapterHarness, TAG } from '../../../test/adapters';
import { coverCertificate } from './certificate';
import { coverTreeCertificate } from './tree-certificate';
import { LagrangianExact } from './lagrangian-exact';
import type { CoverProblem } from '@svc/engine-ts/families/cover';
import { certificateEngines, expectAccepted, resultDocument, solveWith } from '../../../test/certificates';

const withClp = (): boolean => (loadNativeAddon().addon?.libraries?.() ?? []).some((l) => l.name === 'clp' && l.family === 'cover');
const DESCRIPTION = 'Hire the cheapest crews that together staff every shift.';
const PYTHON_SRC = resolve(__dirname, '../../../../client-python/src');

type Node = { split?: number; leaf?: 'infeasible' | { kind: string; y: string[] } };

/** The fixings (set → 0/1) on the path to each node of a pre-order tree. */
function paths(nodes: Node[]): Map<number, number>[] {
  const out: Map<number, number>[] = [];
  const stack: Map<number, number>[] = [new Map()];
  for (const nd of nodes) {
    const at = stack.pop()!;
    out.push(at);
    if (nd.split !== undefined) stack.push(new Map(at).set(nd.split, 1), new Map(at).set(nd.split, 0));
  }
  return out;
}

/**
 * The least cover cost by plain depth-first search (positive costs): the uncovered element held by
 * the fewest sets, each of its sets in turn, cut when the cost spent plus the cheapest set reaches the best.
 */
function exactCover(d: CoverInput): number {
  const cost = (j: number) => d.costs?.[j] ?? 1;
  const cheapest = Math.min(...d.sets.map((_, j) => cost(j)));
  const holders = Array.from({ length: d.universe }, (_, e) => d.sets.flatMap((set, j) => (set.includes(e) ? [j] : [])));
  const cnt = new Int32Array(d.universe);
  let best = Infinity;
  const go = (spent: number): void => {
    let e = -1;
    for (let x = 0; x < d.universe; x++) if (cnt[x] === 0 && (e < 0 || holders[x].length < holders[e].length)) e = x;
    if (e < 0) {
      best = Math.min(best, spent);
      return;
    }
    if (spent + cheapest >= best) return;
    for (const j of holders[e]) {
      for (const x of d.sets[j]) cnt[x]++;
      go(spent + cost(j));
      for (const x of d.sets[j]) cnt[x]--;
    }
  };
  go(0);
  return best;
}

/** The Python client's checker (stdlib only) on one problem and result document. */
function pythonCheck(problem: unknown, doc: unknown): { ok: boolean; optimal: boolean; failed_step: string | null } | null {
  const script = 'import json,sys\nfrom svc_client import check_certificate\na=json.load(sys.stdin)\nprint(json.dumps(check_certificate(a["problem"], a["answer"], command="cover")))';
  const r = spawnSync('python3', ['-c', script], { input: JSON.stringify({ problem, answer: doc }), env: { ...process.env, PYTHONPATH: PYTHON_SRC }, encoding: 'utf8' });
  if (r.error !== undefined) return null;
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('cover branch-tree certificates (tree), on each engine, accepted by @svc/certificates', () => {
  nativeOrFail('cover tree certificates on the native engine');

  it('answers the root multipliers do not prove carry the branch tree; each checker accepts it; a changed split or leaf number is refused', async () => {
    for (const engine of certificateEngines()) {
      const seen = { tree: 0, root: 0, python: 0, same: 0 };
      for (let s = 0; s < 60 && seen.tree < 12; s++) {
        // Unit and integer costs (1..20) on 40 elements and 30 sets: the root bound often falls short.
        const d = randomCover(9000 + 4 * s + (s % 2), 40, 30, 0.2);
        const b = { n: d.sets.length, universe: d.universe, sets: d.sets, ...(d.costs ? { costs: d.costs } : {}) };
        const sol = await solveWith(DESCRIPTION, engine, 'cover', b, { seed: s, effort: 'medium' });
        const what = `seed ${s} (${engine})`;
        expect(sol.done.proof, what).not.toBeNull();
        const c = sol.done.certificate!;
        expect('certificate' in c, `${what}: ${'omitted' in c ? c.omitted : ''}`).toBe(true);
        const report = expectAccepted('cover', DESCRIPTION, b, sol, what);
        // The bound it proves is a true lower bound (independent brute force), within 1 of the optimum.
        const opt = exactCover(d);
        expect(Number(report.bound!.split('/')[0]) / Number(report.bound!.split('/')[1] ?? 1), what).toBeLessThanOrEqual(opt + 1e-9);
        expect(sol.r.objective, what).toBe(opt);
        const doc = resultDocument(sol.done);
        const cert = doc.certificate as { kind: string; nodes?: Node[] };
        if (cert.kind !== 'tree') {
          seen.root++;
          continue;
        }
        seen.tree++;
        expect(report.kind, what).toBe('tree');
        const nodes = cert.nodes!;
        const problem = { tag: TAG, description: DESCRIPTION, ...b };
        const refused = (bad: Node[]) => checkCertificate('cover', problem, { ...doc, certificate: { kind: 'tree', nodes: bad } });
        // A leaf number made negative: refused at that leaf's y.
        const leafAt = nodes.findIndex((nd) => typeof nd.leaf === 'object');
        if (leafAt >= 0) {
          const bad = structuredClone(nodes);
          (bad[leafAt].leaf as { y: string[] }).y[0] = '-1';
          expect(refused(bad).failed_step, what).toBe(`tree.leaf[${leafAt}].y`);
        }
        // A leaf referring to an earlier leaf's y ({"same": j}) pointed at a split instead: refused at that leaf.
        const sameAt = nodes.findIndex((nd) => typeof nd.leaf === 'object' && 'same' in nd.leaf);
        if (sameAt >= 0) {
          seen.same++;
          const j = (nodes[sameAt].leaf as unknown as { same: number }).same;
          expect(typeof nodes[j].leaf === 'object' && 'y' in (nodes[j].leaf as object), what).toBe(true);
          const bad = structuredClone(nodes);
          (bad[sameAt].leaf as unknown as { same: number }).same = nodes.findIndex((nd) => nd.split !== undefined);
          expect(refused(bad).failed_step, what).toBe(`tree.leaf[${sameAt}]`);
        }
        // A split whose false side is "infeasible" (all sets of an element fixed to 0) moved to a set not
        // on its path: that element keeps a free set, so the leaf is no longer infeasible.
        const at = paths(nodes);
        const k = nodes.findIndex((nd, i) => nd.split !== undefined && nodes[i + 1]?.leaf === 'infeasible');
        if (k >= 0) {
          const other = Array.from({ length: b.n }, (_, j) => j).find((j) => !at[k].has(j) && j !== nodes[k].split);
          if (other !== undefined) {
            const bad = structuredClone(nodes);
            bad[k] = { split: other };
            const r = refused(bad);
            expect(r.ok, what).toBe(false);
          }
        }
        // The drops planned on every double (margin −∞): the exact confirmation fails and the whole
        // recorded tree is written, every leaf exact; it still proves the cost.
        {
          const prep = adapterHarness(DESCRIPTION).prepare('cover', b);
          const p = prep.problem as CoverProblem;
          const forced = coverTreeCertificate(p, new LagrangianExact(p), (sol.r as { tree: Float64Array }).tree, (sol.r as { answer: Uint8Array }).answer, p.cost.every((x) => Number.isInteger(x)), { floatMargin: -Infinity });
          expect('certificate' in forced, `${what}: ${'omitted' in forced ? forced.omitted : ''}`).toBe(true);
          const rf = checkCertificate('cover', problem, { ...doc, certificate: (forced as { certificate: unknown }).certificate });
          expect([rf.ok, rf.optimal, rf.failed_step], what).toEqual([true, true, null]);
        }
        // A record the engine dropped past its caps (an empty stream): no certificate, "too large".
        if (seen.tree === 1) {
          const prep = adapterHarness(DESCRIPTION).prepare('cover', b);
          const dropped = coverCertificate(prep, { ...sol.r, tree: new Float64Array(0) } as typeof sol.r, sol.done);
          expect('omitted' in dropped ? dropped.omitted : '', what).toMatch(/^too large: the branch tree passed the recording cap/);
        }
        // The Python client's checker accepts the first one too (when python3 is here).
        const py = seen.python === 0 ? pythonCheck({ tag: TAG, description: DESCRIPTION, ...b }, doc) : null;
        if (py !== null) {
          expect([py.ok, py.optimal, py.failed_step], what).toEqual([true, true, null]);
          seen.python++;
        }
      }
      expect(seen.tree, `${engine}: ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(5);
      // The LP tree (native with CLP) proves its reduced-cost fixings by one node's duals: their leaves refer to that one.
      if (engine === 'native' && withClp()) expect(seen.same, `${engine}: ${JSON.stringify(seen)}`).toBeGreaterThan(0);
    }
  }, 180_000);
});
