import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCertificate, parseQ } from '@svc/certificates';
import { createNativeEngine } from '@svc/engine-native';
import { nativeOrFail } from '@svc/engine-native/testing';
import { solveSync } from '@svc/engine-ts';
import { rng } from '../../../test/brute-force';
import { adapterHarness, TAG } from '../../../test/adapters';
import { closeServices, makeService } from '../../../test/services';
import { resultDocument } from '../../../test/certificates';
import { optimizeCertificate } from './certificate';

const DESCRIPTION = 'Choose the projects that fit together best.';
type Body = { n: number; linear: Record<string, number>; quadratic: number[][] };
const native = createNativeEngine();
const PYTHON_SRC = resolve(__dirname, '../../../../client-python/src');

/** The Python client's checker (stdlib only) on many (problem, result document) pairs in one process. */
function pythonCheck(cases: Array<{ problem: unknown; doc: unknown }>): Array<{ ok: boolean; bound: string | null; optimal: boolean; failed_step: string | null }> {
  const script = 'import json,sys\nfrom svc_client import check_certificate\na=json.load(sys.stdin)\nprint(json.dumps([check_certificate(c["problem"], c["doc"], command="optimize") for c in a]))';
  const r = spawnSync('python3', ['-c', script], { input: JSON.stringify(cases), env: { ...process.env, PYTHONPATH: PYTHON_SRC }, encoding: 'utf8', maxBuffer: 1 << 26 });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}
const { prepare } = adapterHarness(DESCRIPTION);

/**
 * A random QUBO: integer, half-integer (half true or 1) or tenth (2: decimals such as 0.3, which
 * no double holds exactly, with duplicates 0.1 + 0.2) weights of both signs, some ties and duplicates.
 */
function randomQubo(seed: number, n: number, half: boolean | number): Body {
  const r = rng(seed);
  const mode = Number(half);
  const val = () => (mode === 2 ? (Math.floor(r() * 81) - 40) / 10 : (Math.floor(r() * 9) - 4) / (mode === 1 && r() < 0.5 ? 2 : 1));
  const linear: Record<string, number> = {};
  for (let i = 0; i < n; i++) if (r() < 0.8) linear[String(i)] = val();
  const quadratic: number[][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < 0.5) quadratic.push([i, j, val()]);
  if (n >= 2) quadratic.push([0, 1, 1], [1, 1, val()]);
  if (n >= 3 && mode === 2) quadratic.push([1, 2, 0.1], [2, 1, 0.2], [0, 2, 0.1], [0, 2, -0.1]);
  return { n, linear, quadratic };
}

/** The least energy over all 2^n points, exactly (weights are tenths or halves: integers ×10). */
function bruteMin(b: Body): number {
  let best = Infinity;
  for (let m = 0; m < 1 << b.n; m++) {
    let e = 0;
    for (const [k, h] of Object.entries(b.linear)) if ((m >> Number(k)) & 1) e += Math.round(h * 10);
    for (const [i, j, w] of b.quadratic) if ((m >> i) & 1 && (m >> j) & 1) e += Math.round(w * 10);
    best = Math.min(best, e);
  }
  return best / 10;
}

type Method = 'auto' | 'heuristic' | 'branch_and_bound';

async function solve(engine: 'ts' | 'native', b: Body, exactMethod: Method, seed = 0) {
  const prep = prepare('optimize', b);
  const req = { command: 'optimize', problem: prep.problem, effort: 'flash', seed, exactMethod } as const;
  const r = engine === 'ts' || native === null ? solveSync(req) : await native.solve(req, { flag: new Int32Array(new SharedArrayBuffer(4)) });
  return prep.finish(r, { deadlineFired: false });
}

const problemOf = (b: Body) => ({ tag: TAG, description: DESCRIPTION, ...b });
const q = (s: string | null) => parseQ(s)!;
const lessEq = (a: string, b: number) => { const x = q(a), y = parseQ(b)!; return x.n * y.d <= y.n * x.d; };

describe('optimize certificates (posiform, tree)', () => {
  nativeOrFail('optimize certificates on the native engine');
  afterAll(closeServices);

  it('random QUBOs n 2–14 (integer, half and decimal weights), both engines, every method: the certificate is accepted, proves the stated bound and never exceeds the brute-force optimum', async () => {
    const kinds = new Map<string, number>();
    const cases: Array<{ problem: unknown; doc: unknown; ts: { bound: string | null; optimal: boolean } }> = [];
    for (let s = 0; s < 26; s++) {
      const n = 2 + (s % 13);
      const b = randomQubo(1000 + s, n, s % 3);
      const opt = bruteMin(b);
      for (const engine of (native === null ? ['ts'] : ['ts', 'native']) as Array<'ts' | 'native'>) {
        for (const method of ['auto', 'heuristic', 'branch_and_bound'] as Method[]) {
          const done = await solve(engine, b, method, s);
          const doc = resultDocument(done);
          const what = `seed ${s} n ${n} ${engine} ${method}: ${doc.certificate_omitted}`;
          expect(doc.certificate, what).not.toBeNull();
          const kind = (doc.certificate as { kind: string }).kind;
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
          const rep = checkCertificate('optimize', problemOf(b), doc);
          expect(rep.failed_step, `${what} ${rep.detail}`).toBeNull();
          expect(lessEq(rep.bound!, opt), `${what}: bound ${rep.bound} above the optimum ${opt}`).toBe(true);
          if (done.proof !== null) expect(rep.optimal, what).toBe(true);
          if (done.bound !== undefined) expect(done.bound).toBeLessThanOrEqual(opt + 1e-9);
          cases.push({ problem: problemOf(b), doc, ts: { bound: rep.bound, optimal: rep.optimal } });
        }
      }
    }
    // The Python client's checker agrees on every one: accepted, the same bound and verdict.
    const py = pythonCheck(cases);
    py.forEach((rep, k) => {
      expect(rep.failed_step, JSON.stringify(rep)).toBeNull();
      expect([q(rep.bound), rep.optimal]).toEqual([q(cases[k].ts.bound), cases[k].ts.optimal]);
    });
    // Both kinds occur (the roof dual closes some roots, not all).
    expect(kinds.get('posiform') ?? 0).toBeGreaterThan(0);
    expect(kinds.get('tree') ?? 0).toBeGreaterThan(0);
  }, 180_000);

  it('a stated bound stronger than the posiform proves is restated to what it proves (and would be refused as stated)', async () => {
    let seen = 0;
    for (let s = 0; s < 30 && seen < 4; s++) {
      const b = randomQubo(5000 + s, 10, s % 2 === 1);
      const opt = bruteMin(b);
      const prep = prepare('optimize', b);
      const r = solveSync({ command: 'optimize', problem: prep.problem, effort: 'flash', seed: 0, exactMethod: 'heuristic' });
      const done = prep.finish(r, { deadlineFired: false });
      if (done.proof !== null || done.bound === undefined || done.bound >= opt) continue;
      // The optimum is a true bound, stronger than roof duality's here: the producer cannot prove it.
      const strong = { ...done, bound: opt, gap: 0 };
      const made = optimizeCertificate(prep, r, strong);
      if (!('certificate' in made) || made.restate === undefined) continue;
      seen++;
      expect(made.restate.bound).toBeLessThan(opt);
      const claimed = resultDocument({ ...strong, certificate: { certificate: made.certificate } });
      expect(checkCertificate('optimize', problemOf(b), claimed).failed_step).toBe('claim.bound');
      const restated = resultDocument({ ...strong, ...made.restate, certificate: { certificate: made.certificate } });
      const rep = checkCertificate('optimize', problemOf(b), restated);
      expect(rep.failed_step, rep.detail).toBeNull();
      // The restated bound is the proven C itself, or ⌈C⌉ when every coefficient is an integer.
      const C = Number(rep.bound);
      expect([C, Math.ceil(C)]).toContain(made.restate.bound);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('certified answers the root posiform does not prove carry a tree (independent sets: roof duality stops at n/2)', async () => {
    let trees = 0;
    for (let s = 0; s < 12; s++) {
      // Maximum independent set as a QUBO: −Σ x_i + 2·Σ_{edges} x_i x_j, a dense random graph.
      const n = 9 + (s % 6);
      const r = rng(7000 + s);
      const quadratic: number[][] = [];
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < 0.45) quadratic.push([i, j, s % 2 === 0 ? 2 : 1.5]);
      const b: Body = { n, linear: Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), -1])), quadratic };
      const opt = bruteMin(b);
      for (const engine of (native === null ? ['ts'] : ['ts', 'native']) as Array<'ts' | 'native'>) {
        const doc = resultDocument(await solve(engine, b, 'auto', s));
        expect(doc.certificate, String(doc.certificate_omitted)).not.toBeNull();
        const rep = checkCertificate('optimize', problemOf(b), doc);
        expect(rep.failed_step, rep.detail).toBeNull();
        expect([rep.optimal, Number(rep.objective)]).toEqual([true, opt]);
        if ((doc.certificate as { kind: string }).kind === 'tree') trees++;
      }
    }
    expect(trees).toBeGreaterThan(6);
  });

  it('through the service: the envelope carries it (n = 12 and 60, decimal weights), the verify route answers formal_proof, a changed one is refused', async () => {
    const svc = await makeService();
    const me = await svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip: '203.0.113.43' });
    for (const [n, seed] of [[12, 11], [60, 12]]) {
      const problem = problemOf(randomQubo(8000 + seed, n, 2));
      const env = await svc.solve('optimize', problem, { principal: me, query: { effort: 'flash' } }) as Record<string, unknown>;
      expect(env.certificate, String(env.certificate_omitted)).not.toBeNull();
      const report = (await svc.verify('optimize', { problem, answer: env }, me)) as unknown as { ok: boolean; verification: string; certificate: { ok: boolean; bound: string } };
      expect([report.ok, report.verification, report.certificate.ok]).toEqual([true, 'formal_proof', true]);
      const bad = JSON.parse(JSON.stringify(env));
      const c = bad.certificate;
      if (c.kind === 'posiform') c.constant = String(Number(c.constant) + 1);
      else c.nodes[c.nodes.length - 1].leaf.constant = String(Number(c.nodes[c.nodes.length - 1].leaf.constant) + 1);
      const refused = (await svc.verify('optimize', { problem, answer: bad }, me)) as unknown as { ok: boolean; certificate: { failed_step: string } };
      expect([refused.ok, refused.certificate.failed_step.endsWith('identity')]).toEqual([false, true]);
    }
  }, 60_000);

  it('the posiform is an identity: its value at every point equals the energy (independent brute force)', async () => {
    for (let s = 0; s < 8; s++) {
      const b = randomQubo(2000 + s, 3 + s, s % 2 === 0);
      const done = await solve('ts', b, 'heuristic');
      const c = resultDocument(done).certificate as { kind: string; constant: string; terms: Array<[string, number, number?]> };
      expect(c.kind).toBe('posiform');
      for (let m = 0; m < 1 << b.n; m++) {
        const lit = (l: number) => { const v = (m >> (Math.abs(l) - 1)) & 1; return l > 0 ? v : 1 - v; };
        let p = Number(c.constant);
        for (const t of c.terms) {
          expect(Number(t[0])).toBeGreaterThanOrEqual(0);
          p += Number(t[0]) * lit(t[1]) * (t[2] === undefined ? 1 : lit(t[2]));
        }
        let e = 0;
        for (const [k, h] of Object.entries(b.linear)) if ((m >> Number(k)) & 1) e += h;
        for (const [i, j, w] of b.quadratic) if ((m >> i) & 1 && (m >> j) & 1) e += w;
        expect(p).toBe(e);
      }
    }
  });

  it('tampering with one number is refused naming the step; hostile certificates never throw', async () => {
    // A frustrated instance whose certified answer needs a tree.
    let tree: { doc: Record<string, unknown>; b: Body } | null = null;
    let posi: { doc: Record<string, unknown>; b: Body } | null = null;
    for (let s = 0; s < 40 && (tree === null || posi === null); s++) {
      const b = randomQubo(3000 + s, 8, s % 2 === 0);
      const doc = resultDocument(await solve('ts', b, 'auto'));
      const kind = (doc.certificate as { kind: string }).kind;
      if (kind === 'tree' && tree === null) tree = { doc, b };
      if (kind === 'posiform' && posi === null) posi = { doc, b };
    }
    expect(tree).not.toBeNull();
    expect(posi).not.toBeNull();
    const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));
    // One coefficient of the posiform up by 1/2: the identity fails at that term's coefficient.
    const p1 = clone(posi!.doc);
    const pc = p1.certificate as { terms: Array<[string, number, number?]>; constant: string };
    pc.terms[0][0] = String(Number(pc.terms[0][0]) + 0.5);
    expect(checkCertificate('optimize', problemOf(posi!.b), p1).failed_step).toBe('posiform.identity');
    // The constant raised: the identity fails at the constant term.
    const p2 = clone(posi!.doc);
    (p2.certificate as { constant: string }).constant = String(Number((p2.certificate as { constant: string }).constant) + 1);
    const r2 = checkCertificate('optimize', problemOf(posi!.b), p2);
    expect([r2.failed_step, r2.detail.includes('constant term')]).toEqual(['posiform.identity', true]);
    // A negative coefficient.
    const p3 = clone(posi!.doc);
    (p3.certificate as { terms: Array<[string, number, number?]> }).terms[0][0] = '-1';
    expect(checkCertificate('optimize', problemOf(posi!.b), p3).failed_step).toBe('posiform.terms[0]');
    // A tree leaf's coefficient, and a split moved to a variable already fixed on the path.
    const t1 = clone(tree!.doc);
    const nodes = (t1.certificate as { nodes: Array<Record<string, any>> }).nodes;
    const k = nodes.findIndex((nd) => 'leaf' in nd && nd.leaf.terms.length > 0);
    nodes[k].leaf.terms[0][0] = String(Number(nodes[k].leaf.terms[0][0]) + 1);
    expect(checkCertificate('optimize', problemOf(tree!.b), t1).failed_step).toBe(`tree.leaf[${k}].identity`);
    const t2 = clone(tree!.doc);
    const n2 = (t2.certificate as { nodes: Array<Record<string, any>> }).nodes;
    if (n2.length > 1 && 'split' in n2[1]) {
      n2[1].split = n2[0].split;
      expect(checkCertificate('optimize', problemOf(tree!.b), t2).failed_step).toBe('tree.split[1]');
    }
    // The Python checker names the same steps.
    const steps = pythonCheck([{ problem: problemOf(posi!.b), doc: p1 }, { problem: problemOf(posi!.b), doc: p2 }, { problem: problemOf(posi!.b), doc: p3 }, { problem: problemOf(tree!.b), doc: t1 }]).map((r) => r.failed_step);
    expect(steps).toEqual(['posiform.identity', 'posiform.identity', 'posiform.terms[0]', `tree.leaf[${k}].identity`]);
    // Hostile mutations: never a throw, always a report.
    const r = rng(99);
    const leaves = [null, -1, 0.5, 'x', [], {}, 1e308, '1e999', true, [1, 2, 3, 4], ['1', 0], ['1', 99]];
    for (let s = 0; s < 300; s++) {
      const d = clone(s % 2 === 0 ? posi!.doc : tree!.doc);
      const stack: unknown[] = [d.certificate];
      const holders: Array<[any, string | number]> = [];
      while (stack.length > 0) {
        const v = stack.pop() as any;
        if (v !== null && typeof v === 'object') for (const key of Object.keys(v)) { holders.push([v, Array.isArray(v) ? Number(key) : key]); stack.push(v[key]); }
      }
      const [o, key] = holders[Math.floor(r() * holders.length)];
      o[key] = leaves[Math.floor(r() * leaves.length)];
      const rep = checkCertificate('optimize', problemOf(s % 2 === 0 ? posi!.b : tree!.b), d);
      expect(typeof rep.ok).toBe('boolean');
      if (!rep.ok) expect(rep.failed_step).not.toBe('internal');
    }
  });
});
