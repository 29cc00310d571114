import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalMaxcut, canonicalQubo } from '@svc/engine-ts/families/qubo';
import { receiptProblem } from './commands/shared/qubo-family';
import { prepareReceipt, receipt } from './receipt';

const base = { command: 'optimize' as const, seed: 0, effort: 'medium' as const, version: '2026-11-01', engine: 'ts', answer: [1, 0, 1] };

describe('receiptProblem', () => {
  it('normalises pairs, sums duplicates, folds self-pairs and drops zero linear terms', () => {
    const a = receiptProblem(canonicalQubo(3, { '2': 1, '0': 0 }, [[2, 0, 1], [0, 2, 2], [1, 1, 3]]));
    expect(a).toEqual({ n: 3, linear: { '1': 3, '2': 1 }, quadratic: [[0, 2, 3]] });
    const b = receiptProblem(canonicalQubo(3, { '1': 3, '2': 1 }, [[0, 2, 3]]));
    expect(b).toEqual(a);
  });

  it('covers maxcut edges, complete graphs and warm starts', () => {
    expect(receiptProblem(canonicalMaxcut(3, [[1, 0, 2], [0, 1, 1], [2, 1, 1]], false))).toEqual({ n: 3, edges: [[0, 1, 3], [1, 2, 1]] });
    expect(receiptProblem(canonicalMaxcut(4, undefined, true), Uint8Array.from([1, 0, 1, 0]))).toEqual({ n: 4, complete: true, warm_start: [1, 0, 1, 0] });
  });
});

describe('receipt', () => {
  it('is svcr_ + sha256 of the canonical JSON of the seven fields', () => {
    const problem = { n: 3, linear: { '10': 1, '2': 2 } };
    const r = receipt({ ...base, problem });
    const expected = createHash('sha256')
      .update('{"answer":[1,0,1],"command":"optimize","effort":"medium","engine":"ts","problem":{"linear":{"2":2,"10":1},"n":3},"seed":0,"version":"2026-11-01"}')
      .digest('hex');
    expect(r).toBe(`svcr_${expected}`);
    expect(r).toMatch(/^svcr_[0-9a-f]{64}$/);
  });

  it('is the same for the same canonical input and changes with each committed field', () => {
    const p1 = receiptProblem(canonicalQubo(3, { '0': 1 }, [[0, 1, -2], [1, 2, 1]]));
    const p2 = receiptProblem(canonicalQubo(3, { '0': 1 }, [[2, 1, 0.5], [1, 0, -2], [1, 2, 0.5]]));
    const r = receipt({ ...base, problem: p1 });
    expect(receipt({ ...base, problem: p2 })).toBe(r);
    const variants = [
      { seed: 1 }, { effort: 'high' as const }, { version: 'x' }, { engine: 'native' }, { answer: [1, 1, 1] },
      { command: 'maxcut' as const }, { problem: receiptProblem(canonicalQubo(3, { '0': 2 }, [])) },
    ];
    for (const v of variants) expect(receipt({ ...base, problem: p1, ...v })).not.toBe(r);
  });
});

describe('prepareReceipt', () => {
  it('gives the receipt of `receipt` with the problem written before the answer is known', () => {
    const problems: unknown[] = [
      receiptProblem(canonicalQubo(4, { '0': 1, '3': -2.5 }, [[0, 1, -2], [1, 2, 1e-9], [2, 3, 1e21]])),
      receiptProblem(canonicalMaxcut(3, [[1, 0, 2], [0, 1, 1], [2, 1, 1]], false), Uint8Array.from([1, 0, 1])),
      { n: 3, universe: 4, sets: [[0, 1], [1, 2, 3], [0, 3]], costs: [2, 3.25, -0] },
      { n: 2, nested: { b: [1, { z: 'é', a: null }], '10': true, '2': false }, text: 'a "quoted" \\ line' },
      // Longer than one 64 KiB chunk.
      { n: 40_000, values: Array.from({ length: 40_000 }, (_, k) => k * 1.5 - 7) },
    ];
    for (const problem of problems) {
      for (const answer of [[1, 0, 1], Uint8Array.from([0, 1]), [], { tour: [2, 0, 1] }]) {
        expect(prepareReceipt({ ...base, problem }).of(answer)).toBe(receipt({ ...base, problem, answer }));
      }
    }
  });

  it('past its size cap keeps nothing and writes the problem after the solve, to the same receipt', () => {
    const problem = { n: 3, linear: { '10': 1, '2': 2 } };
    expect(prepareReceipt({ ...base, problem }, 5).of([1, 0, 1])).toBe(receipt({ ...base, problem }));
  });
});
