/**
 * `GET /api/v1/examples`: engine-verified recipes. Every example is solved through the service in
 * a test (examples.test.ts) and its objective checked against brute force and `expected`, so the
 * catalogue never shows an answer the engines do not give. Adding one: an entry here.
 */
import { CERTAINTY, TAG } from '@svc/contracts';
import type { Command, Effort } from '@svc/engine-ts';

export interface Example {
  /** Stable id, kebab-case. */
  readonly id: string;
  readonly command: Command;
  readonly title: string;
  /** The real-world decision and how it maps onto the command. */
  readonly story: string;
  /** The request body (complete: tag, description, n and the command's fields). */
  readonly problem: Readonly<Record<string, unknown>>;
  readonly query: { readonly effort: Effort; readonly seed: number };
  /** What the service answers: the objective's field (a dotted path, e.g. `samples.0.energy`), its value, and the certainty label. */
  readonly expected: { readonly field: string; readonly value: number; readonly certainty: string };
}

const ex = (e: Example) => Object.freeze(e);

export const EXAMPLES: readonly Example[] = Object.freeze([
  ex({
    id: 'optimize-supplier-shortlist',
    command: 'optimize',
    title: 'Shortlist suppliers with pairwise conflicts',
    story: 'x_i = 1 keeps supplier i. Each kept supplier saves money (negative linear term); some pairs overlap and cost extra when both are kept (positive coupling), one pair works well together (negative coupling).',
    problem: {
      tag: TAG,
      description: 'Choose which of five suppliers to keep under pairwise overlap costs.',
      n: 5,
      linear: { '0': -4, '1': -3, '2': -3, '3': -2, '4': -1 },
      quadratic: [[0, 1, 5], [1, 2, 2], [2, 3, 2], [0, 4, 3], [3, 4, -1], [0, 2, 1]],
    },
    query: { effort: 'medium', seed: 0 },
    expected: { field: 'energy', value: -7, certainty: CERTAINTY.certified },
  }),
  ex({
    id: 'optimize-warm-start',
    command: 'optimize',
    title: 'Resume from a previous plan (warm start)',
    story: 'The answer is never worse than the warm start re-evaluated on the new costs; here the search improves on it.',
    problem: {
      tag: TAG,
      description: 'Re-plan which six depots to staff after costs changed, starting from last week.',
      n: 6,
      linear: { '0': 3, '1': -2, '2': -2, '3': -2, '4': 1, '5': -1 },
      quadratic: [[0, 1, -4], [1, 2, 3], [2, 3, 3], [3, 4, -2], [4, 5, 2], [0, 5, -3], [1, 4, 1]],
      warm_start: [0, 1, 0, 1, 0, 0],
    },
    query: { effort: 'flash', seed: 0 },
    expected: { field: 'energy', value: -9, certainty: CERTAINTY.certified },
  }),
  ex({
    id: 'maxcut-ring-of-offices',
    command: 'maxcut',
    title: 'Split a ring of five offices into two teams',
    story: 'Nodes are offices, an edge is a daily hand-off; the cut counts hand-offs between the teams, which we want as many of as possible.',
    problem: {
      tag: TAG,
      description: 'Split five offices into two teams to maximise cross-team links.',
      n: 5,
      edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]],
    },
    query: { effort: 'medium', seed: 0 },
    expected: { field: 'cut_value', value: 4, certainty: CERTAINTY.certified },
  }),
  ex({
    id: 'maxcut-weighted-shifts',
    command: 'maxcut',
    title: 'Weighted conflicts between six staff (one negative weight)',
    story: 'An edge weight is how much two people clash; putting them on different shifts earns it. A negative weight rewards keeping a pair together.',
    problem: {
      tag: TAG,
      description: 'Assign six staff to two shifts so that clashing pairs work apart.',
      n: 6,
      edges: [[0, 1, 3], [0, 2, 1], [1, 2, 2], [1, 3, 4], [2, 4, 5], [3, 4, 1], [3, 5, 2], [4, 5, 3], [0, 5, -2]],
    },
    query: { effort: 'flash', seed: 7 },
    expected: { field: 'cut_value', value: 18, certainty: CERTAINTY.certified },
  }),
  ex({
    id: 'maxcut-complete-graph',
    command: 'maxcut',
    title: 'Complete graph without listing edges',
    story: '`complete: true` is the complete graph on n nodes with unit weights, solved by construction: the proven maximum cut is floor(n²/4).',
    problem: {
      tag: TAG,
      description: 'Split nine equally connected teams into two groups to maximise cross links.',
      n: 9,
      complete: true,
    },
    query: { effort: 'flash', seed: 0 },
    expected: { field: 'cut_value', value: 20, certainty: CERTAINTY.certified },
  }),
  ex({
    id: 'feel-frustrated-ring',
    command: 'feel',
    title: 'Ground state of a small Ising ring with fields',
    story: 'Spins ±1 on four sites; positive couplings prefer opposite neighbours, the fields tilt sites 0 and 2. feel returns one ground state in spins.',
    problem: {
      tag: TAG,
      description: 'Find the lowest-energy spin arrangement of four coupled magnets.',
      n: 4,
      field: { '0': 0.5, '2': -1 },
      quadratic: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 0, 1], [0, 2, -0.5]],
    },
    query: { effort: 'medium', seed: 0 },
    expected: { field: 'energy', value: -5, certainty: CERTAINTY.certified },
  }),
  ex({
    id: 'want-pinned-choices',
    command: 'want',
    title: 'Optimise with some decisions already fixed',
    story: 'Option 1 is contractually in and option 4 is out (pins); want optimises the rest. Without pins the optimum would be −4.',
    problem: {
      tag: TAG,
      description: 'Choose the remaining projects given two decisions already made.',
      n: 5,
      linear: { '0': -2, '1': -2, '2': -2, '3': 1, '4': -1 },
      quadratic: [[0, 1, 3], [1, 2, 3], [0, 2, 1], [2, 3, -2], [3, 4, 2]],
      pins: { '1': 1, '4': 0 },
    },
    query: { effort: 'medium', seed: 0 },
    expected: { field: 'energy', value: -2, certainty: CERTAINTY.certified },
  }),
  ex({
    id: 'sample-good-alternatives',
    command: 'sample',
    title: 'Several good answers instead of one',
    story: 'Four crews on a ring, neighbours clash; sample returns the best distinct assignments (two tie at −2) so a planner can choose among them.',
    problem: {
      tag: TAG,
      description: 'List the best few ways to staff four stations on a ring.',
      n: 4,
      linear: { '0': -1, '1': -1, '2': -1, '3': -1 },
      quadratic: [[0, 1, 2], [1, 2, 2], [2, 3, 2], [0, 3, 2]],
      num_samples: 3,
    },
    query: { effort: 'medium', seed: 0 },
    expected: { field: 'samples.0.energy', value: -2, certainty: CERTAINTY.certified },
  }),
  ex({
    id: 'rules-staffing',
    command: 'rules',
    title: 'Staffing under business rules',
    story: 'x_i = 1 staffs person i. Exactly one lead of three, the trainee (3) needs lead 0, persons 4 and 5 never together, at most two of 1..4, and 2 and 5 on different days; among rule-abiding plans, the cheapest.',
    problem: {
      tag: TAG,
      description: 'Staff tomorrow\'s shift under the team rules at the lowest cost.',
      n: 6,
      constraints: [
        { type: 'choose_one', nodes: [0, 1, 2] },
        { type: 'requires', nodes: [3, 0] },
        { type: 'mutual_exclusion', nodes: [4, 5] },
        { type: 'capacity_limit', nodes: [1, 2, 3, 4], k: 2 },
        { type: 'different', nodes: [2, 5] },
      ],
      linear: { '0': 2, '1': -1, '2': -3, '3': -2, '4': -2, '5': 1 },
      quadratic: [[1, 3, -1], [2, 4, 2], [3, 4, -1]],
    },
    query: { effort: 'medium', seed: 0 },
    expected: { field: 'energy', value: -3, certainty: CERTAINTY.certified },
  }),
  ex({
    id: 'select-diverse-shortlist',
    command: 'select',
    title: 'Pick three of six, avoiding overlap',
    story: 'affinity is how good each candidate is; redundancy[i][j] is what we lose by taking both i and j (symmetric, each pair counted once).',
    problem: {
      tag: TAG,
      description: 'Shortlist three of six proposals without picking overlapping ones.',
      n: 6,
      m: 6,
      k: 3,
      affinity: [5, 4, 4, 3, 2, 2],
      redundancy: [[0, 3, 0, 1, 0, 0], [3, 0, 2, 0, 0, 1], [0, 2, 0, 2, 0, 0], [1, 0, 2, 0, 1, 0], [0, 0, 0, 1, 0, 0], [0, 1, 0, 0, 0, 0]],
    },
    query: { effort: 'medium', seed: 0 },
    expected: { field: 'value', value: 11, certainty: CERTAINTY.certified },
  }),
  ex({
    id: 'quantum-scale-planted-floor',
    command: 'quantum-scale',
    title: 'A planted spin glass with a proven floor',
    story: 'The service builds the instance from n, degree and instance_seed (frustrated loops gauged by a hidden state), so its ground energy is known by construction; the answer comes back bit-packed and is labelled planted floor only when it reaches that energy. Scale n up to 10,000,000 with a key.',
    problem: { tag: TAG, description: 'Benchmark the annealer on a planted sixteen-spin glass with a known floor.', n: 16, degree: 3, instance_seed: 1 },
    query: { effort: 'medium', seed: 0 },
    expected: { field: 'energy', value: -12, certainty: CERTAINTY.planted },
  }),
  ex({
    id: 'quantum-scale-planted-ring',
    command: 'quantum-scale',
    title: 'A planted Ising instance whose ground energy is known',
    story: 'The service builds a random 3-regular-style Ising instance from (n, degree, instance_seed) with a ground state planted by construction, then solves it; reaching the planted energy is a proof (planted floor). The answer is the spins packed as bits in base64.',
    problem: {
      tag: TAG,
      description: 'Check the solver on a planted two-thousand-spin Ising benchmark.',
      n: 2000,
      degree: 3,
      instance_seed: 7,
    },
    query: { effort: 'medium', seed: 0 },
    expected: { field: 'energy', value: -2893, certainty: CERTAINTY.planted },
  }),
]);

/** The body of `GET /api/v1/examples`: every recipe with the request that reproduces it. */
export function examplesCatalogue(available: (c: Command) => boolean): Record<string, unknown> {
  return {
    tag: TAG,
    note: 'Each example is solved by the engines in the test suite and its objective checked against brute force; certified optima agree across engines, receipts are per engine.',
    examples: EXAMPLES.map((e) => ({
      id: e.id,
      command: e.command,
      available: available(e.command),
      title: e.title,
      story: e.story,
      request: {
        method: 'POST',
        path: `/api/v1/solve/${e.command}`,
        query: { ...e.query },
        body: e.problem,
      },
      expected: { ...e.expected },
    })),
  };
}
