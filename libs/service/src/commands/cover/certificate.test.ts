import { describe, expect, it } from 'vitest';
import { checkCertificate } from '@svc/certificates';
import { nativeOrFail } from '@svc/engine-native/testing';
import { bruteCover, randomCover } from '@svc/engine-ts/families/cover/testing';
import { TAG } from '../../../test/adapters';
import { certificateEngines, expectAccepted, resultDocument, solveWith } from '../../../test/certificates';
import { decimalOf } from './lagrangian-exact';
import { exactDecimal } from '../shared/exact-decimal';

const DESCRIPTION = 'Hire the cheapest crews that together staff every shift.';

/** A rational "p/q" or decimal string of the checker's report as a number (test comparisons only). */
function valueOf(text: string): number {
  const [p, q] = text.split('/');
  return q === undefined ? Number(p) : Number(p) / Number(q);
}

describe('cover certificates (lagrangian), on each engine, accepted by @svc/certificates', () => {
  nativeOrFail('cover certificates on the native engine');

  it('costs read as the checker reads them, multipliers written as exact decimals', () => {
    expect([0.1, 3, -2.5, 1e-7, 1.5e21].map(decimalOf)).toEqual([
      { m: 1n, k: 1 }, { m: 3n, k: 0 }, { m: -25n, k: 1 }, { m: 1n, k: 7 }, { m: 1500000000000000000000n, k: 0 },
    ]);
    expect([exactDecimal(3n, 1, 0), exactDecimal(1n << 20n, 20, 0), exactDecimal(25n, 0, 2), exactDecimal(0n, 20, 3)]).toEqual(['1.5', '1', '0.25', '0']);
  });

  it('every bound and every answer certified at the root carries the multipliers that prove it (one a branch tree closed, its tree); tampering one y is refused', async () => {
    for (const engine of certificateEngines()) {
      const seen = { bound: 0, root: 0, tree: 0, tampered: 0 };
      for (let s = 0; s < 40; s++) {
        // Small ones (brute-forced), middling ones, and large ones a flash search leaves open.
        const small = s % 2 === 0;
        const large = s % 4 === 1;
        const d = small ? randomCover(500 + s, 10 + (s % 7), 12, 0.25) : large ? randomCover(500 + s, 300 + s, 600, 0.01) : randomCover(500 + s, 30 + 3 * (s % 9), 40 + (s % 13), 0.12);
        const b = { n: d.sets.length, universe: d.universe, sets: d.sets, ...(d.costs ? { costs: d.costs } : {}) };
        const sol = await solveWith(DESCRIPTION, engine, 'cover', b, { seed: s, effort: s % 3 === 0 && !large ? 'medium' : 'flash', deadlineMs: large || s % 5 === 3 ? 1 : undefined });
        const what = `seed ${s} (${engine})`;
        const c = sol.done.certificate!;
        if (sol.done.proof === null) {
          if (sol.done.bound === undefined) continue;
          seen.bound++;
          // A stated bound never exceeds the engine's own, and its certificate is there.
          expect(sol.done.bound, what).toBeLessThanOrEqual(sol.r.bound!);
          expect('certificate' in c, what).toBe(true);
        } else if ('omitted' in c) {
          // Certified within the engines' float tolerance (by the root bound, or by a branch tree one
          // of whose leaves was pruned so) and not exactly: only with costs that are not integers
          // (tree-certificate.test.ts covers the trees that prove the cost).
          seen.tree++;
          expect(c.omitted, what).toMatch(/does not reach the cost exactly|do not reach the cost [-\d.e]+ exactly/);
          expect((d.costs ?? []).every((x) => Number.isInteger(x)), what).toBe(false);
          continue;
        } else if ((c.certificate as { kind: string }).kind === 'tree') {
          seen.tree++;
          expectAccepted('cover', DESCRIPTION, b, sol, what);
          continue;
        } else seen.root++;
        // The result document's claims (its bound, a certified label) are checked against the certificate too.
        const report = expectAccepted('cover', DESCRIPTION, b, sol, what);
        // What it proves reaches the stated bound (rounded up with integer costs, as the claims rule reads it).
        const proven = valueOf(report.bound!);
        const integral = (d.costs ?? []).every((x) => Number.isInteger(x));
        const reach = integral ? Math.ceil(proven - 1e-9) : proven;
        if (sol.done.bound !== undefined) expect(reach, what).toBeGreaterThanOrEqual(sol.done.bound - 1e-9 * Math.max(1, Math.abs(sol.done.bound)));
        // Sound against an independent brute force of the small instances.
        if (small) expect(proven, what).toBeLessThanOrEqual(bruteCover(d) + 1e-9);
        // Tampering: one y negative, and one y of an element held by two or more sets raised by 1000.
        const problem = { tag: TAG, description: DESCRIPTION, ...b };
        const doc = resultDocument(sol.done);
        const y = (doc.certificate as { y: string[] }).y;
        const negative = checkCertificate('cover', problem, { ...doc, certificate: { kind: 'lagrangian', y: y.map((v, e) => (e === 0 ? '-1' : v)) } });
        expect([negative.ok, negative.failed_step], what).toEqual([false, 'lagrangian.y']);
        const shared = Array.from({ length: d.universe }, (_, e) => e).find((e) => d.sets.filter((set) => set.includes(e)).length >= 2);
        if (shared !== undefined && (sol.done.proof !== null || sol.done.bound! > -1e6)) {
          const raised = y.map((v, e) => (e === shared ? String(Number(v) + 1000) : v));
          const r2 = checkCertificate('cover', problem, { ...doc, certificate: { kind: 'lagrangian', y: raised } });
          expect(r2.ok, what).toBe(false);
          expect(r2.failed_step, what).toMatch(/^claim\.(bound|optimal)$/);
          seen.tampered++;
        }
      }
      expect(seen.bound, JSON.stringify(seen)).toBeGreaterThan(3);
      expect(seen.root, JSON.stringify(seen)).toBeGreaterThan(3);
      expect(seen.tampered, JSON.stringify(seen)).toBeGreaterThan(3);
    }
  }, 180_000);

  it('the reductions alone: every set forced, the lift makes the zero multipliers prove the cost', async () => {
    for (const engine of certificateEngines()) {
      // Elements 0, 2 and 4 are each in one set only: the three sets are forced, cost 2 + 3.5 + 1.25.
      const b = { n: 4, universe: 5, sets: [[0, 1], [2, 3], [4], [1, 3]], costs: [2, 3.5, 1.25, 0.5] };
      const sol = await solveWith(DESCRIPTION, engine, 'cover', b, {});
      expect(sol.done.proof, engine).not.toBeNull();
      const report = expectAccepted('cover', DESCRIPTION, b, sol, engine);
      expect([report.bound, report.objective], engine).toEqual(['6.75', '6.75']);
    }
  });
});
