import { describe, expect, it } from 'vitest';
import { validateProblem } from './validate-problem';
import { TAG } from './catalogue';
import { svcErrorOf } from '../test/fixtures';

// Timings are printed, never asserted: the machine is shared.
function timed<T>(label: string, f: () => T): T {
  const t0 = performance.now();
  const out = f();
  console.log(`${label}: ${(performance.now() - t0).toFixed(1)} ms`);
  return out;
}

describe('large inputs take the hand-written fast path', () => {
  const n = 100_000;
  const m = 1_000_000;
  const edges: [number, number, number][] = new Array(m);
  for (let t = 0; t < m; t++) edges[t] = [t % n, (t + 1 + (t % 97)) % n, (t % 13) - 6];
  const body = { tag: TAG, description: 'Partition a large sparse network into two halves.', n, edges };

  it('validates a maxcut with 1,000,000 edges', () => {
    const v = timed('maxcut 1e6 edges', () => validateProblem('maxcut', body, { sandbox: false }));
    expect(v.n).toBe(n);
    expect(v.command === 'maxcut' && v.input.edges).toBe(edges);
  });

  it('finds a bad entry at the very end of 1,000,000 edges', () => {
    const bad = edges.slice();
    bad[m - 1] = [5, n, 1];
    const e = timed('maxcut 1e6 edges, last one bad', () => svcErrorOf(() => validateProblem('maxcut', { ...body, edges: bad }, { sandbox: false })));
    expect(e.code).toBe('SVC_INVALID_INPUT');
    expect(e.detail).toBe(`edges[${m - 1}][1] = ${n} is out of range for n = ${n}; indices are 0-based (0..${n - 1}); if you numbered from 1, subtract 1 from every index`);
  });

  it('validates an optimize with 1,000,000 couplings, n linear terms and a warm start', () => {
    const linear: Record<string, number> = {};
    for (let i = 0; i < n; i++) linear[String(i)] = i % 5;
    const warm = Array.from({ length: n }, (_, i) => i & 1);
    const v = timed('optimize 1e6 quadratic + 1e5 linear + warm_start', () =>
      validateProblem('optimize', { tag: TAG, description: 'Large QUBO for a scheduling relaxation.', n, linear, quadratic: edges, warm_start: warm }, { sandbox: false }));
    expect(v.n).toBe(n);
  });

  it('validates a 1000 x 1000 tsp matrix', () => {
    const N = 1000;
    const matrix = Array.from({ length: N }, (_, r) => Array.from({ length: N }, (_, c) => Math.abs(r - c)));
    const v = timed('tsp 1000x1000', () => validateProblem('tsp', { tag: TAG, description: 'Tour of a thousand pick locations.', matrix }, { sandbox: false }));
    expect(v.n).toBe(N);
  });
});
