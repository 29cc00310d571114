import { describe, expect, it } from 'vitest';
import { problemDocument } from '@svc/errors';
import { validateProblem } from './validate-problem';
import { inputSchemas } from './schemas';
import { TAG } from './catalogue';
import { REGISTRY } from './commands';
import { SCHEMA_COMMANDS, type SchemaCommand } from './schema-commands';
import { ALL_EXAMPLES, NOT_A_COMMAND, svcErrorOf, validExample } from '../test/fixtures';

const open = { sandbox: false };

function expectError(command: string, body: unknown, code: string, opts: { field?: string; detail?: string | RegExp; sandbox?: boolean } = {}) {
  const e = svcErrorOf(() => validateProblem(command, body, { sandbox: opts.sandbox ?? false }));
  expect({ code: e.code, detail: e.detail }).toMatchObject({ code });
  if (opts.field !== undefined) expect(e.extensions.field).toBe(opts.field);
  if (opts.detail !== undefined) expect(e.detail).toMatch(opts.detail);
  return e;
}

function withField(c: SchemaCommand, patch: Record<string, unknown>): Record<string, unknown> {
  const b = validExample(c);
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete b[k];
    else b[k] = v;
  }
  return b;
}

describe('valid examples', () => {
  it.each(ALL_EXAMPLES)('%s passes and resolves n', (c, body) => {
    const v = validateProblem(c, body, open);
    expect(v.command).toBe(c);
    expect(v.input).toEqual(body);
    if (body.n !== undefined) {
      expect(v.n).toBe(body.n);
    } else {
      // Without n the size comes from the data: a positive integer, and any other n disagrees with it.
      expect(Number.isInteger(v.n) && v.n > 0, `n resolved to ${v.n}`).toBe(true);
      expectError(c, { ...body, n: v.n + 1 }, 'SVC_INVALID_INPUT');
    }
  });

  it.each(ALL_EXAMPLES)('%s passes in the sandbox when it carries n', (c, body) => {
    const b = { ...body, n: validateProblem(c, body, open).n };
    expect(validateProblem(c, b, { sandbox: true, sandboxMaxN: 50_000 }).command).toBe(c);
  });

  it('echoes the body version and narrows input by command', () => {
    const v = validateProblem('optimize', validExample('optimize'), open);
    expect(v.version).toBe('stable');
    if (v.command === 'optimize') expect(v.input.warm_start).toEqual([1, 0, 0, 1, 0]);
    expect(validateProblem('maxcut', validExample('maxcut'), open).version).toBeUndefined();
  });

  it('accepts maxcut complete: true and a description with surrounding spaces', () => {
    const b = withField('maxcut', { edges: undefined, complete: true, description: '   ten chars!   ' });
    expect(validateProblem('maxcut', b, open).n).toBe(6);
  });
});

describe('routing and metadata', () => {
  it('unknown command is 404 SVC_UNSUPPORTED', () => {
    const e = expectError(NOT_A_COMMAND, validExample('optimize'), 'SVC_UNSUPPORTED', { detail: /unknown command/ });
    expect(e.status).toBe(404);
  });

  it.each([null, [], 'x', 3, true, undefined])('body %j is SVC_INVALID_INPUT', (body) => {
    expectError('optimize', body, 'SVC_INVALID_INPUT', { detail: /JSON object/ });
  });

  it('missing tag is SVC_MISSING_TAG; a wrong one SVC_INVALID_INPUT', () => {
    expectError('optimize', withField('optimize', { tag: undefined }), 'SVC_MISSING_TAG', { field: 'tag' });
    expectError('optimize', withField('optimize', { tag: 'svc-cortex-v2' }), 'SVC_INVALID_INPUT', { field: 'tag' });
    expectError('optimize', withField('optimize', { tag: null }), 'SVC_INVALID_INPUT', { field: 'tag' });
  });

  it.each([undefined, 42, '', 'too short', '    short     '])('description %j is SVC_MISSING_DESCRIPTION', (d) => {
    expectError('rank', withField('rank', { description: d }), 'SVC_MISSING_DESCRIPTION', { field: 'description' });
  });

  it('a description over 10000 characters is SVC_INVALID_INPUT', () => {
    expectError('rank', withField('rank', { description: 'x'.repeat(10_001) }), 'SVC_INVALID_INPUT', { field: 'description' });
  });

  it('the sandbox needs n', () => {
    expectError('tsp', withField('tsp', { n: undefined }), 'SVC_SANDBOX_NEEDS_N', { sandbox: true, field: 'n' });
    expect(validateProblem('tsp', withField('tsp', { n: undefined }), open).n).toBe(4);
  });

  it.each(SCHEMA_COMMANDS)('SVC_SANDBOX_NEEDS_N says what n is for %s, and the value when the data shows it', (c) => {
    const { version: _pin, ...body } = withField(c, { n: undefined });
    const e = svcErrorOf(() => validateProblem(c, body, { sandbox: true }));
    expect(e.code).toBe('SVC_SANDBOX_NEEDS_N');
    expect(e.detail).toContain(`for ${c}, n is ${REGISTRY[c].nMeans}`);
    expect(REGISTRY[c].nMeans).toMatch(/^the number of /);
    let expected: number | undefined;
    try {
      expected = validateProblem(c, body, open).n;
    } catch {
      // n is required by the schema of this command: the meaning alone is said.
    }
    if (expected !== undefined) {
      expect(e.detail).toContain(`add "n": ${expected} to this problem`);
      expect(e.extensions).toMatchObject({ field: 'n', expected_n: expected });
      // Adding what the message says is enough.
      expect(validateProblem(c, { ...body, n: expected }, { sandbox: true }).n).toBe(expected);
    } else expect(e.extensions).not.toHaveProperty('expected_n');
  });

  it('the sandbox n cap is SVC_SANDBOX_LIMIT only when configured', () => {
    const b = { tag: TAG, description: 'A big sandbox problem for the size cap.', n: 60_000, complete: true };
    const e = svcErrorOf(() => validateProblem('maxcut', b, { sandbox: true, sandboxMaxN: 50_000 }));
    expect(e.code).toBe('SVC_SANDBOX_LIMIT');
    expect(problemDocument(e).next_actions).toContainEqual(expect.objectContaining({ action: 'reduce_problem_size', max_n: 50_000 }));
    expect(validateProblem('maxcut', b, { sandbox: true }).n).toBe(60_000);
    expect(validateProblem('maxcut', b, { sandbox: false, sandboxMaxN: 50_000 }).n).toBe(60_000);
  });
});

describe('precedence', () => {
  const broken: Record<string, unknown> = { ...validExample('optimize'), quadratic: 'not an array' };

  it('missing tag beats a bad schema', () => {
    const { tag: _t, ...b } = broken;
    expectError('optimize', b, 'SVC_MISSING_TAG');
  });

  it('unknown command beats everything', () => {
    expectError('nope', null, 'SVC_UNSUPPORTED');
  });

  it('missing description beats a bad schema', () => {
    expectError('optimize', { ...broken, description: 'short' }, 'SVC_MISSING_DESCRIPTION');
  });

  it('wrong tag beats missing description', () => {
    expectError('optimize', { ...broken, tag: 'x', description: undefined }, 'SVC_INVALID_INPUT', { field: 'tag' });
  });

  it('missing description beats sandbox n', () => {
    expectError('optimize', { ...broken, n: undefined, description: undefined }, 'SVC_MISSING_DESCRIPTION', { sandbox: true });
  });

  it('sandbox without n beats a bad schema', () => {
    expectError('tsp', { ...withField('tsp', { n: undefined }), matrix: 'bad' }, 'SVC_SANDBOX_NEEDS_N', { sandbox: true });
  });

  it('a bad schema beats a size cap', () => {
    expectError('optimize', { ...broken, n: 200_000 }, 'SVC_INVALID_INPUT', { field: 'quadratic' });
  });

  it('a size cap beats a contradiction', () => {
    const b = withField('rules', { n: 100_001, constraints: [{ type: 'force_true', nodes: [0] }, { type: 'force_false', nodes: [0] }] });
    expectError('rules', b, 'SVC_DIMENSION_LIMIT');
    expectError('rules', { ...b, n: 100_000 }, 'SVC_CONTRADICTORY_CONSTRAINTS');
  });
});

describe('schema errors name the path', () => {
  const cases: [SchemaCommand, Record<string, unknown>, string, RegExp?][] = [
    ['optimize', { quadratic: [[0, 1, 1], [2, 3, 1], [1, 1, 2], [4, 12, 1]] }, 'quadratic[3][1]', /^quadratic\[3\]\[1\] = 12 is out of range for n = 5; indices are 0-based \(0\.\.4\)$/],
    ['optimize', { quadratic: [[0, 1, 'x']] }, 'quadratic[0][2]', /finite number/],
    ['optimize', { quadratic: [[0, 1.5, 1]] }, 'quadratic[0][1]', /integer index/],
    ['optimize', { quadratic: [[0, 1]] }, 'quadratic[0]', /\[i, j, weight\]/],
    ['optimize', { quadratic: { 0: [0, 1, 1] } }, 'quadratic', /expected an array/],
    ['optimize', { linear: [1, 2] }, 'linear', /expected a map/],
    ['optimize', { linear: { '01': 1 } }, 'linear["01"]', /not a 0-based index/],
    ['optimize', { linear: { x: 1 } }, 'linear.x', /not a 0-based index/],
    ['optimize', { linear: { 5: 1 } }, 'linear.5', /^linear\.5 = 5 is out of range for n = 5; indices are 0-based \(0\.\.4\); if you numbered from 1, subtract 1 from every index$/],
    ['optimize', { linear: { 2: null } }, 'linear.2', /finite number/],
    ['optimize', { warm_start: [1, 0, 1] }, 'warm_start', /length n = 5/],
    ['optimize', { warm_start: [1, 0, 2, 0, 0] }, 'warm_start[2]', /0 or 1/],
    ['optimize', { n: 0 }, 'n'],
    ['optimize', { n: 2.5 }, 'n'],
    ['optimize', { n: '5' }, 'n'],
    ['optimize', { n: undefined }, 'n'],
    ['optimize', { version: 7 }, 'version'],
    ['optimize', { version: 'has space' }, 'version'],
    ['optimize', { colour: 'red' }, 'colour', /unknown field "colour"; allowed fields: tag, description, n, version, linear, quadratic, warm_start/],
    ['maxcut', { edges: [] }, 'edges', /empty/],
    ['maxcut', { edges: undefined }, 'edges', /complete: true/],
    ['maxcut', { edges: undefined, complete: false }, 'edges', /complete: false/],
    ['maxcut', { complete: true }, 'edges', /not both/],
    ['maxcut', { edges: [[0, 1, 1], [2, 2, 1]] }, 'edges[1]', /self-pair/],
    ['maxcut', { complete: 'yes', edges: undefined }, 'complete'],
    ['maxcut', { edges: [[0, 1, 1], [-1, 2, 1]] }, 'edges[1][0]', /^edges\[1\]\[0\] = -1 is out of range for n = \d+; indices are 0-based \(0\.\.\d+\)$/],
    ['rules', { constraints: undefined }, 'constraints', /required/],
    ['rules', { constraints: [{ type: 'choose_two', nodes: [0] }] }, 'constraints[0].type', /unknown rule type/],
    ['rules', { constraints: [{ nodes: [0] }] }, 'constraints[0].type', /^"constraints\[0\]\.type" is required: one of choose_one, /],
    ['rules', { constraints: [{ type: 'requires', nodes: [0, 1, 2] }] }, 'constraints[0].nodes', /exactly 2/],
    ['rules', { constraints: [{ type: 'choose_one', nodes: [] }] }, 'constraints[0].nodes', /at least 1/],
    ['rules', { constraints: [{ type: 'choose_one', nodes: [0, 6] }] }, 'constraints[0].nodes[1]', /= 6 is out of range for n = 6; indices are 0-based \(0\.\.5\); if you numbered from 1/],
    ['rules', { constraints: [{ type: 'choose_one', nodes: [0, 1, 0] }] }, 'constraints[0].nodes[2]', /twice/],
    ['rules', { constraints: [{ type: 'choose_exactly', nodes: [0, 1] }] }, 'constraints[0].k', /required/],
    ['rules', { constraints: [{ type: 'choose_exactly', nodes: [0, 1], k: -1 }] }, 'constraints[0].k', /non-negative integer/],
    ['rules', { constraints: [{ type: 'force_true', nodes: [0], k: 1 }] }, 'constraints[0].k', /applies only/],
    ['rules', { constraints: [{ type: 'force_true', nodes: [0], weight: 1 }] }, 'constraints[0].weight', /unknown field/],
    ['rules', { constraints: ['force_true'] }, 'constraints[0]', /a rule/],
    ['milp', { vars: [] }, 'vars', /at least one/],
    ['milp', { vars: [{ domain: 'continuous', hi: 1 }, { domain: 'continuous' }], diag: { '0': 1, '1': 1 }, linear: undefined, quadratic: [[0, 1, 3]] }, 'quadratic', /curvature over the variables with an infinite bound \(0, 1\) is not positive definite/],
    ['milp', { vars: [{ domain: 'integer' }] }, 'vars[0].domain', /binary' or 'continuous/],
    ['milp', { vars: [{ domain: 'binary', lo: 0 }] }, 'vars[0].lo', /unknown field/],
    ['milp', { vars: [{ domain: 'continuous', lo: 'a', hi: 1 }] }, 'vars[0].lo', /finite number or null/],
    ['milp', { vars: [{ domain: 'continuous', lo: 2, hi: 1 }] }, 'vars[0]', /exceeds hi/],
    ['milp', { vars: [{ domain: 'continuous', lo: 0 }], linear: undefined, diag: undefined, quadratic: undefined }, 'vars[0]', /unbounded/],
    ['milp', { diag: { 2: 1, 3: 0 } }, 'vars[3]', /unbounded/],
    ['milp', { quadratic: [[1, 1, 2]] }, 'quadratic[0]', /diag/],
    ['milp', { n: 5 }, 'n', /disagrees with the number of vars \(4\)/],
    ['tsp', { matrix: [[0, 1], [1, 0], [2, 2]] }, 'matrix[0]', /square/],
    ['tsp', { matrix: [[0]] }, 'matrix', /at least 2/],
    ['tsp', { matrix: [[0, 1.5], [1, 0]], n: 2 }, 'matrix[0][1]', /integer/],
    ['tsp', { matrix: [[0, 1], 5], n: 2 }, 'matrix[1]', /row/],
    ['tsp', { n: 5 }, 'n', /disagrees with the matrix order \(4\)/],
    ['qap', { dist: [[0, 1], [1, 0]] }, 'dist', /3 rows/],
    ['qap', { flow: [[0, 1, 2], [1, 0, 3], [2, 3]] }, 'flow[2]', /square/],
    ['qap', { flow: undefined }, 'flow', /required/],
    ['design', { table: [[1, 2, 0], [0, 1, 0], [0, 0, 1]] }, 'table[1][0]', /symmetric/],
    ['design', { table: [[1, 0], [0, 1]] }, 'table', /3 rows \(K\)/],
    ['design', { circular: { j: 1 } }, 'circular', /mutually exclusive/],
    ['design', { bias: [[0, 3, 1]] }, 'bias[0][1]', /= 3 is out of range for K = 3; indices are 0-based \(0\.\.2\)/],
    ['design', { bias: [[4, 0, 1]] }, 'bias[0][0]', /= 4 is out of range for L = 4; indices are 0-based \(0\.\.3\)/],
    ['design', { bonds: [[1, 1]] }, 'bonds[0]', /different sites/],
    ['design', { L: 0 }, 'L'],
    ['design', { table: undefined, circular: { j: 1, scale: -1 } }, 'circular.scale'],
    ['design', { table: undefined, circular: { j: 1, phase: 2 } }, 'circular.phase', /unknown field "phase"/],
    ['design', { table: undefined, circular: [1] }, 'circular'],
    ['design', { n: 3 }, 'n', /disagrees with L/],
    ['cover', { universe: 8 }, 'universe', /element 6 is in no set/],
    ['cover', { sets: [[0, 1, 2], [2, 3], [3, 4, 6], [0, 5], [1, 4]] }, 'sets[2][2]', /= 6 is out of range for universe = 6; indices are 0-based \(0\.\.5\)/],
    ['cover', { costs: [1, 2] }, 'costs', /expected one per set \(5\)/],
    ['cover', { costs: [1, 2, 3, 4, 'x'] }, 'costs[4]'],
    ['cover', { n: 4 }, 'n', /disagrees with the number of sets/],
    ['cover', { sets: [] }, 'sets'],
    ['select', { k: 5 }, 'k', /exceeds m/],
    ['select', { k: 0 }, 'k'],
    ['select', { m: '4' }, 'm'],
    ['select', { affinity: [1, 2, 3] }, 'affinity', /length m = 4/],
    ['select', { redundancy: [[0, 1, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]] }, 'redundancy[1][0]', /symmetric/],
    ['select', { n: 3 }, 'n', /disagrees with m/],
    ['rank', { items: ['a', 'b', 'a'], comparisons: undefined, n: undefined }, 'items[2]', /duplicate item "a"/],
    ['rank', { items: ['a', ''], comparisons: undefined, n: undefined }, 'items[1]', /non-empty string/],
    ['rank', { items: [], comparisons: undefined, n: undefined }, 'items', /at least one/],
    ['rank', { comparisons: [['alpha', 'delta']] }, 'comparisons[0][1]', /unknown item "delta"/],
    ['rank', { comparisons: [['alpha', 'alpha']] }, 'comparisons[0]', /itself/],
    ['rank', { comparisons: [['alpha', 1]] }, 'comparisons[0][1]', /item name/],
  ];

  it.each(cases)('%s %j → %s', (c, patch, field, detail) => {
    const e = expectError(c, withField(c, patch), 'SVC_INVALID_INPUT', { field, detail });
    // The detail names the field first: `field: ...`, `field = x is out of range ...` or `"field" is required: ...`.
    expect(e.detail.startsWith(`${field}: `) || e.detail.startsWith(`${field} = `) || e.detail.startsWith(`"${field}" is required: `), e.detail).toBe(true);
    expect(problemDocument(e).field).toBe(field);
  });

  it('rejects __proto__ and constructor keys from JSON text without touching prototypes', () => {
    const text = JSON.stringify(validExample('optimize')).replace('{', '{"__proto__": {"n": 3}, ');
    expectError('optimize', JSON.parse(text), 'SVC_INVALID_INPUT', { field: '__proto__', detail: /unknown field/ });
    const lin = JSON.parse(JSON.stringify(validExample('optimize')).replace('"linear":{', '"linear":{"constructor": 1, '));
    expectError('optimize', lin, 'SVC_INVALID_INPUT', { field: 'linear.constructor', detail: /not a 0-based index/ });
    expect(({} as any).n).toBeUndefined();
  });

  it('accepts QUBO self-pairs and rejects nothing for a zero weight', () => {
    expect(validateProblem('optimize', withField('optimize', { quadratic: [[3, 3, 1], [0, 1, 0]] }), open).n).toBe(5);
  });

  it('accepts asymmetric tsp and negative distances, ignores the diagonal', () => {
    expect(validateProblem('tsp', withField('tsp', { n: 2, matrix: [[7, -1], [-1, 99]] }), open).n).toBe(2);
  });
});

describe('size caps', () => {
  function dim(c: SchemaCommand, body: Record<string, unknown>, maxN: number) {
    const e = expectError(c, body, 'SVC_DIMENSION_LIMIT');
    expect(problemDocument(e).next_actions).toContainEqual(expect.objectContaining({ action: 'reduce_problem_size', max_n: maxN }));
  }

  it.each(['rules', 'optimize', 'maxcut'] as const)('%s n over 100000', (c) => {
    const b = { tag: TAG, description: 'A very large problem for the n cap.', n: 100_001, ...(c === 'rules' ? { constraints: [] } : c === 'maxcut' ? { complete: true } : {}) };
    dim(c, b, 100_000);
    expect(validateProblem(c, { ...b, n: 100_000 }, open).n).toBe(100_000);
  });

  it('more than 5,000,000 edges', () => {
    const edges = new Array(5_000_001);
    edges.fill([0, 1, 1]);
    dim('maxcut', withField('maxcut', { edges, warm_start: undefined }), 5_000_000);
  }, 30_000);

  it('design L*K, L, K and table K caps', () => {
    const d = { tag: TAG, description: 'Assign values to many design sites.' };
    dim('design', { ...d, L: 10_000_001, K: 1 }, 10_000_000);
    dim('design', { ...d, L: 1, K: 10_000_001 }, 10_000_000);
    dim('design', { ...d, L: 10_000_000, K: 11 }, 9_090_909);
    expect(validateProblem('design', { ...d, L: 10_000_000, K: 10 }, open).n).toBe(10_000_000);
    const K = 4097;
    const row = new Array(K).fill(0);
    const table = Array.from({ length: K }, () => row);
    dim('design', { ...d, L: 2, K, table }, 4096);
  });
});

describe('contradictions', () => {
  const rules = (constraints: unknown[]) => withField('rules', { constraints, linear: undefined, quadratic: undefined });

  it.each([
    [[{ type: 'choose_one', nodes: [0] }, { type: 'force_true', nodes: [1, 2] }, { type: 'force_false', nodes: [2] }], [1, 2], /node 2/],
    [[{ type: 'identical', nodes: [3, 1] }, { type: 'mutual_exclusion', nodes: [0, 1] }, { type: 'different', nodes: [1, 3] }], [0, 2], /pair \(1, 3\)/],
    [[{ type: 'choose_exactly', nodes: [0, 1], k: 3 }], [0], /k = 3 of only 2 nodes/],
    [[{ type: 'force_false', nodes: [0] }, { type: 'force_false', nodes: [1, 5] }, { type: 'choose_one', nodes: [0, 1] }], [0, 1, 2], /all its nodes are forced false/],
    [[{ type: 'force_false', nodes: [0, 1] }, { type: 'choose_exactly', nodes: [0, 1], k: 1 }], [0, 1], /forced false/],
  ])('%j names rules %j', (constraints, ids, detail) => {
    const e = expectError('rules', rules(constraints), 'SVC_CONTRADICTORY_CONSTRAINTS', { detail });
    expect(e.extensions.rules).toEqual(ids);
    for (const id of ids) expect(e.detail).toContain(String(id));
  });

  it('does not flag satisfiable or merely infeasible rules', () => {
    const ok = [
      [{ type: 'force_false', nodes: [0, 1] }, { type: 'choose_exactly', nodes: [0, 1], k: 0 }],
      [{ type: 'force_false', nodes: [0] }, { type: 'choose_one', nodes: [0, 1] }],
      [{ type: 'identical', nodes: [0, 1] }, { type: 'different', nodes: [0, 2] }],
      [{ type: 'force_true', nodes: [0, 1] }, { type: 'mutual_exclusion', nodes: [0, 1] }],
    ];
    for (const c of ok) expect(validateProblem('rules', rules(c), open).command).toBe('rules');
  });
});

it('covers every schema command with an example', () => {
  expect(ALL_EXAMPLES.map(([c]) => c)).toEqual([...SCHEMA_COMMANDS]);
});

describe('rules k', () => {
  // Found by the property test: k = 2^53 passed the hand-written check but not the zod schema.
  it.each([2 ** 53, 1e300, 1.5, -1])('k = %s is SVC_INVALID_INPUT on the fast path, as the zod schema says', (k) => {
    const body = validExample('rules');
    body.constraints = [{ type: 'capacity_limit', nodes: [0, 1], k }];
    const e = svcErrorOf(() => validateProblem('rules', body, { sandbox: false }));
    expect(e.code).toBe('SVC_INVALID_INPUT');
    expect(e.extensions?.field).toBe('constraints[0].k');
    expect(inputSchemas.rules.safeParse(body).success).toBe(false);
  });
});

describe('numbers that are finite alone but overflow together (issue 11)', () => {
  const body = (extra: Record<string, unknown>) => ({ tag: TAG, description: 'Weights that add up past the largest double.', ...extra });
  it.each([
    ['maxcut', { n: 3, edges: [[0, 1, 1e308], [1, 2, 1e308], [0, 2, 1e308]] }, 'edges'],
    ['maxcut', { n: 2, edges: [[0, 1, 1e308], [0, 1, 1e308]] }, 'edges'],
    ['optimize', { n: 3, linear: { 0: -1e308, 1: -1e308, 2: -1e308 } }, 'linear'],
    ['optimize', { n: 3, linear: { 0: 1e100 }, quadratic: [[0, 1, 1e151]] }, 'quadratic'],
    ['feel', { n: 2, field: { 0: 1e149 }, quadratic: [[0, 1, 1e150]] }, 'quadratic'],
    ['select', { m: 2, k: 1, affinity: [1e300, 1e300] }, 'affinity'],
  ] as const)('%s %j is 422 SVC_INVALID_INPUT naming %s, at validation', (c, extra, field) => {
    const e = svcErrorOf(() => validateProblem(c, body(extra), { sandbox: false }));
    expect(e.code).toBe('SVC_INVALID_INPUT');
    expect(e.status).toBe(422);
    expect(e.extensions.field).toBe(field);
    expect(e.detail).toMatch(/add up to .* at most 1e\+150/);
    expect(problemDocument(e).retryable).toBe(false);
  });

  it('large weights whose magnitudes add up to at most 1e150 are accepted', () => {
    expect(validateProblem('maxcut', body({ n: 3, edges: [[0, 1, 3e149], [1, 2, 3e149], [0, 2, 3e149]] }), { sandbox: false }).n).toBe(3);
    expect(validateProblem('optimize', body({ n: 2, linear: { 0: -1e149 }, quadratic: [[0, 1, 1e149]] }), { sandbox: false }).n).toBe(2);
  });
});
