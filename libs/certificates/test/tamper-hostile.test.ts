/**
 * Tampering (one number of a valid certificate changed → refused, naming the step) and hostile
 * input (never throws; a 10⁶-value certificate is refused by size before any work).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkCertificate, CERTIFICATE_MAX_NODES, KINDS_BY_COMMAND, ONE_TREE_MAX_N } from '../src/index';
import * as H from './helpers';

const TSP = { matrix: [[0, 10, 15, 20], [10, 0, 35, 25], [15, 35, 0, 30], [20, 25, 30, 0]] };

describe('tampering', () => {
  it('a result document whose claims the tampered certificate no longer supports is refused', () => {
    const doc = { answer: [0, 1, 3, 2], length: 80, certainty: 'certified optimum (one_tree)', certificate: { kind: 'one_tree', pi: [0, 0, 0, 0] } };
    expect(checkCertificate('tsp', TSP, doc)).toMatchObject({ ok: true, optimal: true, bound: '80' });
    // π_1 raised: city 1 becomes a leaf of the 1-tree and the bound drops below the tour.
    const tampered = { ...doc, certificate: { kind: 'one_tree', pi: [0, 1000, 0, 0] } };
    const rep = checkCertificate('tsp', TSP, tampered);
    expect(rep).toMatchObject({ ok: false, failed_step: 'claim.optimal' });
    expect(rep.detail).toMatch(/one_tree/);
    // A declared bound: the same.
    const heuristic = { answer: [0, 1, 3, 2], length: 80, certainty: 'heuristic', bound: 80, certificate: { kind: 'one_tree', pi: [0, 1000, 0, 0] } };
    expect(checkCertificate('tsp', TSP, heuristic).failed_step).toBe('claim.bound');
  });

  it('a changed y (cover), λ (rank), cycle (maxcut), row (xorsat) or a number made non-numeric is refused naming the step', () => {
    const cover = { universe: 3, sets: [[0, 1], [1, 2], [0, 2]], costs: [1, 1, 1] };
    const cdoc = { answer: [0, 1], certainty: 'certified optimum', certificate: { kind: 'lagrangian', y: ['0.5', '0.5', '0.5'] } };
    expect(checkCertificate('cover', cover, cdoc)).toMatchObject({ ok: true, bound: '1.5', optimal: true });
    expect(checkCertificate('cover', cover, { ...cdoc, certificate: { kind: 'lagrangian', y: ['0.5', '-0.5', '0.5'] } }).failed_step).toBe('lagrangian.y');
    expect(checkCertificate('cover', cover, { ...cdoc, certificate: { kind: 'lagrangian', y: ['0.5', '0', '0.4'] } }).failed_step).toBe('claim.optimal');
    expect(checkCertificate('cover', cover, { ...cdoc, certificate: { kind: 'lagrangian', y: ['0.5', '1/2', '0.5'] } }).failed_step).toBe('numbers');

    // rank: a 3-cycle a>b>c>a of margin 1 each, base 3 (each pair 1:2? here 2 votes vs 1).
    const items = ['a', 'b', 'c'];
    const comparisons = [['a', 'b'], ['a', 'b'], ['b', 'a'], ['b', 'c'], ['b', 'c'], ['c', 'b'], ['c', 'a'], ['c', 'a'], ['a', 'c']];
    const rdoc = { answer: ['a', 'b', 'c'], certainty: 'certified optimum', certificate: { kind: 'cycle_packing', base: 3, triangles: [[0, 1, 2, 1]] } };
    expect(checkCertificate('rank', { items, comparisons }, rdoc)).toMatchObject({ ok: true, bound: '4', objective: '4', optimal: true });
    expect(checkCertificate('rank', { items, comparisons }, { ...rdoc, certificate: { kind: 'cycle_packing', base: 3, triangles: [[0, 1, 2, 2]] } }).failed_step).toBe('cycle_packing.triangles[0]');
    expect(checkCertificate('rank', { items, comparisons }, { ...rdoc, certificate: { kind: 'cycle_packing', base: 4, triangles: [[0, 1, 2, 1]] } }).failed_step).toBe('cycle_packing.base');
    expect(checkCertificate('rank', { items, comparisons }, { ...rdoc, certificate: { kind: 'cycle_packing', base: 3, triangles: [[0, 2, 1, 1]] } }).failed_step).toBe('cycle_packing.triangles[0]');

    const tri = { n: 3, edges: [[0, 1, 1], [1, 2, 1], [0, 2, 1]] };
    const mdoc = { answer: [0, 1, 0], certainty: 'certified optimum', certificate: { kind: 'odd_cycles', cycles: [[0, 1, 2]] } };
    expect(checkCertificate('maxcut', tri, mdoc)).toMatchObject({ ok: true, optimal: true, bound: '2' });
    expect(checkCertificate('maxcut', tri, { ...mdoc, certificate: { kind: 'odd_cycles', cycles: [[0, 1, 1]] } }).failed_step).toBe('odd_cycles.cycles[0]');
    expect(checkCertificate('maxcut', tri, { ...mdoc, certificate: { kind: 'odd_cycles', cycles: [[0, 1, 2], [2, 1, 0]] } }).failed_step).toBe('odd_cycles.cycles[1]');
    expect(checkCertificate('maxcut', tri, { ...mdoc, certificate: { kind: 'sdp_dual', y: [0.5, 0.5, 0.5], mu: 0.2 } }).failed_step).toBe('sdp_dual.psd');
    expect(checkCertificate('maxcut', tri, { ...mdoc, certificate: { kind: 'sdp_dual', y: [0.5, 0.5, 0.5], mu: 0.25 } })).toMatchObject({ ok: true, optimal: true, bound: '2.25' });
    // Without μ the checker takes the Gershgorin bound (here 1/2): bound 3, which no longer proves the integral optimum 2.
    expect(checkCertificate('maxcut', tri, { ...mdoc, certificate: { kind: 'sdp_dual', y: [0.5, 0.5, 0.5] } })).toMatchObject({ ok: false, failed_step: 'claim.optimal' });
    expect(checkCertificate('maxcut', tri, { answer: [0, 1, 0], bound: 2.25, certificate: { kind: 'sdp_dual', y: [0.5, 0.5, 0.5], mu: 0.25 } })).toMatchObject({ ok: true, bound: '2.25' });

    const xs = { n: 2, equations: [{ vars: [0, 1], rhs: 1 }, { vars: [0], rhs: 0 }, { vars: [1], rhs: 0 }] };
    const xdoc = { answer: [0, 0], certainty: 'certified optimum', certificate: { kind: 'contradiction', rows: [[0, 1, 2]] } };
    expect(checkCertificate('xorsat', xs, xdoc)).toMatchObject({ ok: true, bound: '1', optimal: true });
    expect(checkCertificate('xorsat', xs, { ...xdoc, certificate: { kind: 'contradiction', rows: [[0, 1]] } }).failed_step).toBe('contradiction.rows[0]');
  });

  it('a tree with a changed split or leaf is refused naming the node', () => {
    const cover = { universe: 2, sets: [[0], [1], [0, 1]], costs: [1, 1, 3] };
    const leaf = (y: number[]) => ({ leaf: { kind: 'lagrangian', y } });
    const nodes = [{ split: 2 }, leaf([1, 1]), leaf([0, 0])];
    const doc = { answer: [0, 1], certainty: 'certified optimum', certificate: { kind: 'tree', nodes } };
    expect(checkCertificate('cover', cover, doc)).toMatchObject({ ok: true, bound: '2', optimal: true });
    expect(checkCertificate('cover', cover, { ...doc, certificate: { kind: 'tree', nodes: [{ split: 7 }, nodes[1], nodes[2]] } }).failed_step).toBe('tree.split[0]');
    expect(checkCertificate('cover', cover, { ...doc, certificate: { kind: 'tree', nodes: [nodes[0], leaf([1, -1]), nodes[2]] } }).failed_step).toBe('tree.leaf[1].y');
    expect(checkCertificate('cover', cover, { ...doc, certificate: { kind: 'tree', nodes: [nodes[0], leaf([1, 0]), nodes[2]] } }).failed_step).toBe('claim.optimal');
    expect(checkCertificate('cover', cover, { ...doc, certificate: { kind: 'tree', nodes: [{ split: 2 }, { split: 2 }, nodes[1], nodes[1], nodes[2]] } }).failed_step).toBe('tree.split[1]');
  });
});

describe('hostile input', () => {
  it('never throws on arbitrary certificates, answers and problems', () => {
    const commands = Object.keys(KINDS_BY_COMMAND);
    const problems: Record<string, unknown> = {
      tsp: TSP, cover: { universe: 2, sets: [[0], [1]] }, rank: { items: ['a', 'b'], comparisons: [['a', 'b']] },
      maxcut: { n: 3, edges: [[0, 1, 1], [1, 2, 1]] }, optimize: { n: 2, linear: { 0: 1 }, quadratic: [[0, 1, -1]] },
      xorsat: { n: 2, equations: [{ vars: [0], rhs: 1 }] }, reduce: { basis: [[1, 0], [0, 1]] },
    };
    fc.assert(fc.property(
      fc.constantFrom(...commands), fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 3 }), fc.boolean(), fc.boolean(),
      (command, junk, answerJunk, useRealProblem, useRealKind) => {
        const kinds = KINDS_BY_COMMAND[command];
        const cert = useRealKind && typeof junk === 'object' && junk !== null && !Array.isArray(junk) ? { ...junk, kind: kinds[0] } : junk;
        const rep = checkCertificate(command, useRealProblem ? problems[command] : answerJunk, answerJunk, cert);
        expect(typeof rep.ok).toBe('boolean');
        if (!rep.ok) expect(typeof rep.failed_step).toBe('string');
        expect(typeof rep.detail).toBe('string');
      },
    ), { numRuns: 3000, seed: 34 });
  });

  it('structured hostile certificates of every kind never throw', () => {
    const num = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double(), fc.constantFrom('1e999999', '-0.5', '1/3', '0x10', 'NaN', '1e-400', '9'.repeat(2000)), fc.constant(null), fc.boolean());
    const arrOf = (a: fc.Arbitrary<unknown>) => fc.array(a, { maxLength: 6 });
    const cert = fc.oneof(
      fc.record({ kind: fc.constant('one_tree'), pi: arrOf(num) }),
      fc.record({ kind: fc.constant('lagrangian'), y: arrOf(num) }),
      fc.record({ kind: fc.constant('cycle_packing'), base: num, triangles: arrOf(arrOf(num)) }),
      fc.record({ kind: fc.constant('sdp_dual'), y: arrOf(num), mu: num }),
      fc.record({ kind: fc.constant('odd_cycles'), cycles: arrOf(arrOf(num)) }),
      fc.record({ kind: fc.constant('contradiction'), rows: arrOf(fc.oneof(num, arrOf(num))) }),
      fc.record({ kind: fc.constant('unimodular'), U: arrOf(arrOf(num)), V: arrOf(arrOf(num)) }),
      fc.record({ kind: fc.constant('posiform'), constant: num, terms: arrOf(arrOf(num)) }),
      fc.record({ kind: fc.constant('tree'), nodes: arrOf(fc.oneof(fc.record({ split: fc.oneof(num, arrOf(num)) }), fc.record({ leaf: fc.oneof(fc.constant('infeasible'), num, fc.record({ kind: fc.constant('lagrangian'), y: arrOf(num) }), fc.record({ kind: fc.constant('one_tree'), pi: arrOf(num) }), fc.record({ kind: fc.constant('posiform'), constant: num, terms: arrOf(arrOf(num)) })) }))) }),
    );
    const cases: [string, unknown, unknown][] = [
      ['tsp', TSP, [0, 1, 2, 3]], ['cover', { universe: 2, sets: [[0], [1], [0, 1]] }, [2]],
      ['rank', { items: ['a', 'b', 'c'], comparisons: [['a', 'b'], ['b', 'c'], ['c', 'a']] }, ['a', 'b', 'c']],
      ['maxcut', { n: 3, edges: [[0, 1, 1], [1, 2, '2.5'], [0, 2, -1]] }, [0, 1, 0]], ['optimize', { n: 2, linear: { 0: 1 } }, [0, 1]],
      ['xorsat', { n: 2, equations: [{ vars: [0], rhs: 1 }, { vars: [0], rhs: 0 }] }, [1, 0]], ['reduce', { basis: [[1, 0], [0, 1]] }, [['1', '0'], ['0', '1']]],
    ];
    fc.assert(fc.property(fc.constantFrom(...cases), cert, ([command, problem, answer], c) => {
      const rep = checkCertificate(command, problem, answer, c);
      expect(rep.ok === false ? typeof rep.failed_step : 'ok').toMatch(/string|ok/);
    }), { numRuns: 3000, seed: 35 });
  });

  it('a certificate of 10⁶ values is refused at step size before any other work', () => {
    const pi = new Array(CERTIFICATE_MAX_NODES).fill(0);
    expect(checkCertificate('tsp', TSP, [0, 1, 2, 3], { kind: 'one_tree', pi })).toMatchObject({ ok: false, failed_step: 'size' });
    const nodes = Array.from({ length: CERTIFICATE_MAX_NODES }, () => ({ leaf: 'infeasible' }));
    expect(checkCertificate('cover', { universe: 1, sets: [[0]] }, [0], { kind: 'tree', nodes }).failed_step).toBe('size');
    // Deep nesting is counted without recursion.
    let deep: unknown = 0;
    for (let k = 0; k < 200_000; k++) deep = [deep];
    expect(checkCertificate('tsp', TSP, [0, 1, 2, 3], { kind: 'one_tree', pi: deep }).failed_step).toBe('one_tree.pi');
  });

  it('a one_tree over more cities than its cap is refused by size before the O(n²) work', () => {
    const n = ONE_TREE_MAX_N + 1;
    const points = Array.from({ length: n }, (_, i) => [i, (i * 7919) % 1000]);
    expect(checkCertificate('tsp', { points }, Array.from({ length: n }, (_, i) => i), { kind: 'one_tree', pi: new Array(n).fill(0) }).failed_step).toBe('size');
  });

  it('trees whose leaves would cost more than the work cap are refused by size', () => {
    const n = 400;
    const m = H.randomMatrix(H.rng(9), n, 9);
    const nodes: unknown[] = [];
    for (let k = 0; k < 1300; k++) nodes.push({ split: [0, k % (n - 1) + 1] });
    for (let k = 0; k < 1301; k++) nodes.push({ leaf: { kind: 'one_tree', pi: [0] } });
    expect(checkCertificate('tsp', { matrix: m }, Array.from({ length: n }, (_, i) => i), { kind: 'tree', nodes }).failed_step).toBe('size');
  });

  it('commands without certificates and missing certificates are refusals, not errors', () => {
    expect(checkCertificate('precision', {}, {}, { kind: 'x' }).failed_step).toBe('kind');
    expect(checkCertificate('tsp', TSP, { answer: [0, 1, 2, 3], certificate: null, certificate_omitted: 'heuristic answer: nothing to prove' })).toMatchObject({ ok: false, failed_step: 'certificate' });
    expect(checkCertificate('tsp', TSP, [0, 1, 2, 3], { kind: 'sdp_dual', y: [] }).failed_step).toBe('kind');
  });
});
