import { describe, expect, it } from 'vitest';
import type { EngineResult } from '@svc/engine-ts';
import type { SampleResult } from '@svc/engine-ts/families/qubo';
import { receipt } from '../receipt';
import { adapterHarness, engineFailure } from '../../test/adapters';
import { rng, sortedEnergies, type Triple } from '../../test/brute-force';

const { prepare, run } = adapterHarness('Decide which of a few coupled switches to turn on.');

/** A random instance as JSON: field/linear map and triples (one reversed duplicate), no self-pairs. */
function randomTerms(n: number, seed: number): { map: Record<string, number>; quadratic: Triple[] } {
  const r = rng(seed);
  const map: Record<string, number> = {};
  for (let i = 0; i < n; i++) if (r() < 0.8) map[String(i)] = Math.round((r() * 2 - 1) * 8);
  const quadratic: Triple[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < 0.5) quadratic.push([i, j, Math.round((r() * 2 - 1) * 8)]);
  if (quadratic.length > 0) quadratic.push([quadratic[0][1], quadratic[0][0], 3]);
  return { map, quadratic };
}

const ising = (t: { map: Record<string, number>; quadratic: Triple[] }) => (x: number[]) => {
  let e = 0;
  for (const [k, h] of Object.entries(t.map)) e += h * (x[Number(k)] ? 1 : -1);
  for (const [i, j, w] of t.quadratic) e += w * (x[i] ? 1 : -1) * (x[j] ? 1 : -1);
  return e;
};
const qubo = (t: { map: Record<string, number>; quadratic: Triple[] }) => (x: number[]) => {
  let e = 0;
  for (const [k, h] of Object.entries(t.map)) e += h * x[Number(k)];
  for (const [i, j, w] of t.quadratic) e += w * x[i] * x[j];
  return e;
};

describe('feel adapter', () => {
  it('certified energies equal brute force over the Ising JSON; answers are spins', () => {
    for (let s = 0; s < 12; s++) {
      const n = 2 + s;
      const t = randomTerms(n, 100 + s);
      const { done } = run('feel', { n, field: t.map, quadratic: t.quadratic }, { seed: s });
      expect(done.proof).not.toBeNull();
      const answer = done.fields.answer as number[];
      expect(answer.every((v) => v === 1 || v === -1)).toBe(true);
      expect(done.fields.energy).toBe(ising(t)(answer.map((v) => (v === 1 ? 1 : 0))));
      expect(done.fields.energy).toBe(sortedEnergies(n, ising(t))[0]);
    }
  });

  it('a warm start in spins is honoured: never worse (heuristic path, tight deadline)', () => {
    const n = 60;
    const t = randomTerms(n, 7);
    const first = run('feel', { n, field: t.map, quadratic: t.quadratic }, { effort: 'medium', seed: 1 });
    const warm = first.done.fields.answer as number[];
    const again = run('feel', { n, field: t.map, quadratic: t.quadratic, warm_start: warm }, { effort: 'flash', seed: 2, deadlineMs: 1 });
    expect(again.done.fields.energy as number).toBeLessThanOrEqual((first.done.fields.energy as number) + 1e-9);
    if (again.done.bound !== undefined) expect(again.done.bound).toBeLessThanOrEqual(again.done.fields.energy as number);
  }, 60_000);

  it('rejects an engine objective that disagrees with the Ising re-score', () => {
    const { prep, r } = run('feel', { n: 3, field: { 0: 1 }, quadratic: [[0, 1, -1], [1, 2, 2]] });
    const bad: EngineResult = { ...r, objective: r.objective + 0.5 };
    expect(engineFailure(() => prep.finish(bad, { deadlineFired: false }))).toMatch(/re-score/);
  });

  it('the receipt form is canonical: duplicates summed, pairs i < j, zero fields omitted', () => {
    const a = prepare('feel', { n: 3, field: { 2: 1, 0: 0 }, quadratic: [[1, 0, 2], [0, 1, 1], [2, 1, -1]], warm_start: [1, -1, 1] });
    expect(a.receiptProblem).toEqual({ n: 3, field: { 2: 1 }, quadratic: [[0, 1, 3], [1, 2, -1]], warm_start: [1, -1, 1] });
    const b = prepare('feel', { n: 3, field: { 2: 1 }, quadratic: [[1, 2, -1], [0, 1, 3]], warm_start: [1, -1, 1] });
    const common = { command: 'feel' as const, seed: 0, effort: 'medium' as const, version: 'v', engine: 'ts', answer: [1, 1, 1] };
    expect(receipt({ ...common, problem: a.receiptProblem })).toBe(receipt({ ...common, problem: b.receiptProblem }));
  });
});

describe('want adapter', () => {
  it('certified energies equal brute force over the states that keep the pins; pinned echoes them', () => {
    for (let s = 0; s < 12; s++) {
      const n = 3 + s;
      const t = randomTerms(n, 200 + s);
      const pins: Record<string, number> = {};
      for (let i = 0; i < n; i += 3) pins[String(n - 1 - i)] = (i + s) % 2;
      const { done } = run('want', { n, linear: t.map, quadratic: t.quadratic, pins }, { seed: s });
      expect(done.proof).not.toBeNull();
      const answer = done.fields.answer as number[];
      for (const [k, v] of Object.entries(pins)) expect(answer[Number(k)]).toBe(v);
      const best = sortedEnergies(n, qubo(t), (x) => Object.entries(pins).every(([k, v]) => x[Number(k)] === v))[0];
      expect(done.fields.energy).toBe(best);
      expect(Object.keys(done.fields.pinned as object)).toEqual(Object.keys(pins).sort((a, b) => Number(a) - Number(b)));
      expect(done.fields.pinned).toEqual(pins);
    }
  });

  it('a warm start that contradicts a pin is accepted; the pin wins', () => {
    const { done } = run('want', { n: 4, linear: { 0: -5, 1: 1 }, quadratic: [[0, 1, -1]], pins: { 0: 0 }, warm_start: [1, 1, 1, 1] });
    expect((done.fields.answer as number[])[0]).toBe(0);
    expect(done.fields.energy).toBe(0);
  });

  it('rejects an engine answer that breaks a pin even when its energy re-scores', () => {
    const { prep, r } = run('want', { n: 3, linear: { 0: -1 }, quadratic: [[1, 2, 1]], pins: { 0: 0 } });
    const flipped = Uint8Array.from(r.answer);
    flipped[0] = 1;
    const bad = { ...r, answer: flipped, objective: -1 } as EngineResult;
    expect(engineFailure(() => prep.finish(bad, { deadlineFired: false }))).toMatch(/pinned variable 0/);
  });

  it('receipts commit to the pins', () => {
    const a = prepare('want', { n: 3, linear: { 0: 1 }, pins: { 2: 1, 0: 0 } });
    expect(a.receiptProblem).toMatchObject({ n: 3, pins: { 0: 0, 2: 1 } });
    const b = prepare('want', { n: 3, linear: { 0: 1 }, pins: { 2: 1, 0: 1 } });
    const common = { command: 'want' as const, seed: 0, effort: 'medium' as const, version: 'v', engine: 'ts', answer: [0, 0, 1] };
    expect(receipt({ ...common, problem: a.receiptProblem })).not.toBe(receipt({ ...common, problem: b.receiptProblem }));
  });
});

describe('sample adapter', () => {
  it('certified samples are the true k lowest energies, sorted and distinct, counts 1', () => {
    for (let s = 0; s < 10; s++) {
      const n = 3 + s;
      const t = randomTerms(n, 300 + s);
      const k = [1, 4, 16, 100][s % 4];
      const { done } = run('sample', { n, linear: t.map, quadratic: t.quadratic, num_samples: k }, { seed: s });
      expect(done.proof).toBe('exhaustive');
      const samples = done.fields.samples as { assignment: number[]; energy: number; count: number }[];
      const truth = sortedEnergies(n, qubo(t));
      expect(samples.map((x) => x.energy)).toEqual(truth.slice(0, k));
      expect(done.fields.distinct).toBe(samples.length);
      expect(new Set(samples.map((x) => x.assignment.join(''))).size).toBe(samples.length);
      for (const x of samples) {
        expect(x.count).toBe(1);
        expect(qubo(t)(x.assignment)).toBe(x.energy);
      }
      expect(done.fields.answer).toEqual(samples[0].assignment);
    }
  });

  it('defaults to 16 samples and honours energy_window', () => {
    const t = randomTerms(8, 401);
    const all = sortedEnergies(8, qubo(t));
    const d = run('sample', { n: 8, linear: t.map, quadratic: t.quadratic });
    expect(d.done.fields.distinct).toBe(16);
    const w = run('sample', { n: 8, linear: t.map, quadratic: t.quadratic, num_samples: 1000, energy_window: 4 });
    expect(w.done.fields.distinct).toBe(all.filter((e) => e <= all[0] + 4).length);
  });

  it('heuristic above the cap: distinct, sorted, re-scored, visit counts, no worse than the warm start', () => {
    const n = 64;
    const t = randomTerms(n, 402);
    const warm = run('optimize', { n, linear: t.map, quadratic: t.quadratic }, { effort: 'medium', seed: 8 }).done;
    const { done } = run('sample', { n, linear: t.map, quadratic: t.quadratic, num_samples: 10, warm_start: warm.fields.answer }, { effort: 'flash', seed: 3 });
    expect(done.fields.answer === undefined).toBe(false);
    expect((done.fields.samples as { energy: number }[])[0].energy).toBeLessThanOrEqual(warm.fields.energy as number);
    expect(done.proof).toBeNull();
    const samples = done.fields.samples as { assignment: number[]; energy: number; count: number }[];
    expect(samples).toHaveLength(10);
    for (let i = 1; i < samples.length; i++) expect(samples[i].energy).toBeGreaterThanOrEqual(samples[i - 1].energy);
    expect(samples.some((x) => x.count > 1)).toBe(true);
  }, 60_000);

  it('rejects tampered sample lists', () => {
    // Powers of two: every state has its own energy, so any reordering shows.
    const { prep, r } = run('sample', { n: 5, linear: { 0: 1, 1: 2, 2: 4, 3: -8, 4: 16 }, quadratic: [[0, 1, 0.25]], num_samples: 4 });
    if (r.kind !== 'sample') throw new Error(`expected a sample result, got ${r.kind}`);
    const s = r.samples;
    const finish = (patch: Partial<SampleResult>) => prep.finish({ ...r, ...patch }, { deadlineFired: false });
    expect(engineFailure(() => finish({ samples: [s[0], s[0], s[2]] }))).toMatch(/repeats/);
    expect(engineFailure(() => finish({ samples: [s[0], s[2], s[1], s[3]] }))).toMatch(/sorted/);
    expect(engineFailure(() => finish({ answer: s[1].x, objective: s[1].objective }))).toMatch(/first sample/);
    expect(engineFailure(() => finish({ samples: [s[0], { ...s[1], objective: s[1].objective - 1 }] }))).toMatch(/re-score/);
    expect(engineFailure(() => finish({ samples: [s[1], s[0]] }))).toMatch(/sorted|first/);
    expect(engineFailure(() => finish({ samples: [...s, s[3]] }))).toMatch(/more than/);
    expect(engineFailure(() => finish({ samples: [{ ...s[0], count: 0 }, ...s.slice(1)] }))).toMatch(/count/);
    expect(engineFailure(() => finish({ samples: s.slice(0, 2) }))).toMatch(/finished enumeration/);
    expect(engineFailure(() => finish({ samples: undefined }))).toMatch(/no samples/);
  });

  it('receipts commit to num_samples and energy_window', () => {
    const a = prepare('sample', { n: 3, linear: { 0: 1 } });
    const b = prepare('sample', { n: 3, linear: { 0: 1 }, num_samples: 16, energy_window: 2 });
    expect(a.receiptProblem).toMatchObject({ num_samples: 16 });
    expect(b.receiptProblem).toMatchObject({ num_samples: 16, energy_window: 2 });
    const common = { command: 'sample' as const, seed: 0, effort: 'medium' as const, version: 'v', engine: 'ts', answer: [0, 0, 0] };
    expect(receipt({ ...common, problem: a.receiptProblem })).not.toBe(receipt({ ...common, problem: b.receiptProblem }));
  });
});
