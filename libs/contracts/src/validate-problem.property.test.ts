import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateProblem } from './validate-problem';
import { inputSchemas } from './schemas';
import { TAG } from './catalogue';
import { SCHEMA_COMMANDS, type SchemaCommand } from './schema-commands';
import { svcErrorOf, validExample } from '../test/fixtures';

// Fixed so CI is reproducible (a statistical check below once failed on an unlucky draw);
// set SVC_FUZZ_SEED to explore other draws, as the fuzz suite does.
const SEED = Number(process.env.SVC_FUZZ_SEED ?? 20261126);

const open = { sandbox: false };
const description = 'A randomly generated decision problem for testing.';

const weight = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });

const optimizeArb = fc.integer({ min: 1, max: 30 }).chain((n) =>
  fc.record(
    {
      tag: fc.constant(TAG),
      description: fc.constant(description),
      n: fc.constant(n),
      linear: fc.dictionary(fc.nat(n - 1).map(String), weight),
      quadratic: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), weight), { maxLength: 60 }),
      warm_start: fc.array(fc.constantFrom(0, 1), { minLength: n, maxLength: n }),
      version: fc.constantFrom('stable', '2026-11-01', 'v1.0.0'),
    },
    { requiredKeys: ['tag', 'description', 'n'] },
  ));

const maxcutArb = fc.integer({ min: 2, max: 30 }).chain((n) =>
  fc.oneof(
    fc.record(
      {
        tag: fc.constant(TAG),
        description: fc.constant(description),
        n: fc.constant(n),
        edges: fc.array(
          fc.tuple(fc.nat(n - 1), fc.nat(n - 2), weight).map(([i, j, w]) => [i, j >= i ? j + 1 : j, w] as [number, number, number]),
          { minLength: 1, maxLength: 60 },
        ),
        complete: fc.constant(false),
        warm_start: fc.array(fc.constantFrom(0, 1), { minLength: n, maxLength: n }),
      },
      { requiredKeys: ['tag', 'description', 'n', 'edges'] },
    ),
    fc.record(
      { tag: fc.constant(TAG), description: fc.constant(description), n: fc.constant(n), complete: fc.constant(true) },
    ),
  ));

type Body = Record<string, any>;
type Corruption = (b: Body, pick: number) => Body | null;

/** Single corruptions; each returns null when it does not apply to this body. */
const CORRUPTIONS: Record<string, Corruption> = {
  'unknown top-level field': (b) => ({ ...b, extra_field: 1 }),
  'n not an integer': (b) => ({ ...b, n: b.n + 0.5 }),
  'n zero': (b) => ({ ...b, n: 0 }),
  'n as string': (b) => ({ ...b, n: String(b.n) }),
  'linear as an array': (b) => ({ ...b, linear: [1] }),
  'linear key out of range': (b) => ({ ...b, linear: { ...(b.linear ?? {}), [String(b.n)]: 1 } }),
  'linear key not an index': (b) => ({ ...b, linear: { ...(b.linear ?? {}), '-1': 1 } }),
  'linear value not a number': (b) => (b.linear && Object.keys(b.linear).length ? { ...b, linear: { ...b.linear, [Object.keys(b.linear)[0]!]: '1' } } : null),
  'pair index out of range': (b, p) => {
    const f = b.edges ? 'edges' : b.quadratic ? 'quadratic' : null;
    if (!f || b[f].length === 0) return null;
    const a = b[f].map((e: number[]) => [...e]);
    a[p % a.length][p % 2] = b.n + (p % 3);
    return { ...b, [f]: a };
  },
  'pair index negative': (b, p) => {
    const f = b.edges ? 'edges' : b.quadratic ? 'quadratic' : null;
    if (!f || b[f].length === 0) return null;
    const a = b[f].map((e: number[]) => [...e]);
    a[p % a.length][p % 2] = -1;
    return { ...b, [f]: a };
  },
  'pair index fractional': (b, p) => {
    const f = b.edges ? 'edges' : b.quadratic ? 'quadratic' : null;
    if (!f || b[f].length === 0) return null;
    const a = b[f].map((e: number[]) => [...e]);
    a[p % a.length][0] = 0.5;
    return { ...b, [f]: a };
  },
  'pair weight not a number': (b, p) => {
    const f = b.edges ? 'edges' : b.quadratic ? 'quadratic' : null;
    if (!f || b[f].length === 0) return null;
    const a = b[f].map((e: number[]) => [...e]);
    a[p % a.length][2] = null;
    return { ...b, [f]: a };
  },
  'pair of the wrong length': (b, p) => {
    const f = b.edges ? 'edges' : b.quadratic ? 'quadratic' : null;
    if (!f || b[f].length === 0) return null;
    const a = b[f].map((e: number[]) => [...e]);
    a[p % a.length].push(1);
    return { ...b, [f]: a };
  },
  'maxcut self-pair': (b, p) => {
    if (!b.edges) return null;
    const a = b.edges.map((e: number[]) => [...e]);
    a[p % a.length][1] = a[p % a.length][0];
    return { ...b, edges: a };
  },
  'maxcut edges and complete: true': (b) => (b.complete === true ? { ...b, edges: [[0, 1, 1]] } : b.edges ? { ...b, complete: true } : null),
  'maxcut empty edges': (b) => (b.edges || b.complete === true ? { ...b, edges: [], complete: false } : null),
  'warm_start too short': (b) => ({ ...b, warm_start: new Array(b.n - 1).fill(0) }),
  'warm_start value 2': (b, p) => {
    const w = new Array(b.n).fill(1);
    w[p % b.n] = 2;
    return { ...b, warm_start: w };
  },
  'version not a string': (b) => ({ ...b, version: 3 }),
};

function expectInvalid(c: SchemaCommand, body: Body) {
  const e = svcErrorOf(() => validateProblem(c, body, open));
  expect(e.code).toBe('SVC_INVALID_INPUT');
  expect(typeof e.extensions.field).toBe('string');
  expect(inputSchemas[c].safeParse(body).success).toBe(false);
}

describe('random valid inputs pass', () => {
  it('optimize', () => {
    fc.assert(fc.property(optimizeArb, (b) => {
      const v = validateProblem('optimize', b, open);
      expect(v.n).toBe(b.n);
      expect(inputSchemas.optimize.safeParse(b).success).toBe(true);
    }), { numRuns: 300, seed: SEED });
  });

  it('maxcut', () => {
    fc.assert(fc.property(maxcutArb, (b) => {
      expect(validateProblem('maxcut', b, open).n).toBe(b.n);
      expect(inputSchemas.maxcut.safeParse(b).success).toBe(true);
    }), { numRuns: 300, seed: SEED });
  });
});

describe('random single corruptions fail with SVC_INVALID_INPUT', () => {
  const names = Object.keys(CORRUPTIONS);
  for (const [c, arb] of [['optimize', optimizeArb], ['maxcut', maxcutArb]] as const) {
    it(c, () => {
      fc.assert(fc.property(arb, fc.constantFrom(...names), fc.nat(), (b, name, pick) => {
        const bad = CORRUPTIONS[name]!(b as Body, pick);
        fc.pre(bad !== null);
        if (c === 'optimize' && (name.startsWith('maxcut'))) fc.pre(false);
        expectInvalid(c, bad!);
      }), { numRuns: 600, seed: SEED });
    });
  }
});

/** Every path (object key or array position) inside a JSON value, the root excluded. */
function paths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [];
  if (Array.isArray(v)) v.forEach((x, i) => { out.push([...prefix, i], ...paths(x, [...prefix, i])); });
  else if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) out.push([...prefix, k], ...paths(x, [...prefix, k]));
  }
  return out;
}

// Keys that nested objects may or may not allow, plus a surely unknown one.
const NESTED_KEYS = ['k', 'lo', 'hi', 'j', 'scale', 'type', 'nodes', 'domain', 'extra'];

function mutate(body: Body, path: (string | number)[], op: 'replace' | 'delete' | 'add', value: unknown, pick: number): Body {
  const copy = structuredClone(body);
  let parent: any = copy;
  for (const seg of path.slice(0, -1)) parent = parent[seg];
  const last = path[path.length - 1]!;
  if (op === 'replace') parent[last] = value;
  else if (op === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (Array.isArray(parent)) parent.push(value);
  else Object.defineProperty(parent, NESTED_KEYS[pick % NESTED_KEYS.length]!, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

describe('validateProblem and inputSchemas agree on random mutations of every example', () => {
  const jsonish = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.integer({ min: -3, max: 12 }),
    fc.constantFrom(0, 1, -1, 0.5, 'alpha', 'binary', 'continuous', null, true, false, [], {}, [0, 1], [0, 1, 1], [[0, 1, 1]]),
  );
  for (const c of SCHEMA_COMMANDS) {
    it(c, () => {
      const base = validExample(c);
      const all = paths(base).filter((p) => p[0] !== 'tag' && p[0] !== 'description');
      // Top-level fields the example leaves out are set too, so every schema key gets exercised.
      for (const k of Object.keys(inputSchemas[c].shape)) if (!(k in base)) all.push([k]);
      const seen = { ok: 0, failed: 0 };
      fc.assert(fc.property(fc.constantFrom(...all), fc.constantFrom('replace', 'delete', 'add') as fc.Arbitrary<'replace' | 'delete' | 'add'>, jsonish, fc.nat(), (path, op, value, pick) => {
        const body = mutate(base, path, path.length === 1 && !(path[0]! in base) ? 'replace' : op, value, pick);
        let ok = true;
        let code = '';
        try {
          validateProblem(c, body, open);
        } catch (e: any) {
          ok = false;
          code = e.code;
        }
        const zodOk = inputSchemas[c].safeParse(body).success;
        expect({ ok, code }).toEqual({ ok: zodOk, code: zodOk ? '' : expect.any(String) });
        if (!ok) expect(['SVC_INVALID_INPUT', 'SVC_DIMENSION_LIMIT', 'SVC_CONTRADICTORY_CONSTRAINTS']).toContain(code);
        seen[ok ? 'ok' : 'failed'] += 1;
      }), { numRuns: 500, seed: SEED + c.length });
      // Both verdicts must occur, or the agreement above proves little (with a random seed, recover
      // once drew only 4 accepted mutations in 500 and failed CI; the seed is fixed for that).
      expect(seen.ok).toBeGreaterThan(5);
      expect(seen.failed).toBeGreaterThan(5);
    });
  }
});

describe('validateProblem and inputSchemas agree on every top-level field set to each awkward value', () => {
  // Deterministic: the random mutations above may miss one field × value (world's k: null once did).
  const awkward: unknown[] = [null, 'x', '', -1, 0, 1.5, 1e300, [], {}, [0], true, false];
  for (const c of SCHEMA_COMMANDS) {
    it(c, () => {
      const base = validExample(c);
      const disagree: string[] = [];
      for (const k of Object.keys(inputSchemas[c].shape)) {
        if (k === 'tag' || k === 'description') continue;
        for (const value of awkward) {
          const body = { ...base, [k]: value };
          let ok = true;
          try {
            validateProblem(c, body, open);
          } catch {
            ok = false;
          }
          if (ok !== inputSchemas[c].safeParse(body).success) disagree.push(`${k} = ${JSON.stringify(value)}: validateProblem ${ok ? 'accepts' : 'rejects'}`);
        }
      }
      expect(disagree).toEqual([]);
    });
  }
});
