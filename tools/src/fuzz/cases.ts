/**
 * Bad-input cases for the fuzz test and the soak (fast-check arbitraries), driven by the contracts
 * registry: every served command's valid fixture is mutated (wrong types, missing and extra
 * fields, NaN/Infinity in every spelling, 1e308 and overflowing sums, -0, huge and negative sizes,
 * 1-based and out-of-range indices, duplicates, deep nesting, long strings, bad UTF-8, wrong
 * content types, truncated bodies), so a command is covered the day it is served.
 */
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = readonly (string | number)[];

/** One request body as it goes on the wire. */
export interface WireCase {
  readonly command: string;
  /** What was done to the fixture, for the failure message. */
  readonly label: string;
  readonly body: Uint8Array;
  readonly contentType: string;
}

const enc = new TextEncoder();

/** fast-check prints a failing case by its label (the body may be megabytes). */
function printable<T extends { label: string }>(c: T): T {
  return Object.defineProperty(c, fc.toStringMethod, { value: () => `${c.label} (${(c as { body?: Uint8Array }).body?.length ?? 0} bytes)`, enumerable: false });
}

/** Every path into `v` (arrays: their first three and last element), the root excluded. */
export function pathsOf(v: Json, prefix: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(v)) {
    const idx = [...new Set([0, 1, 2, v.length - 1])].filter((i) => i >= 0 && i < v.length);
    for (const i of idx) {
      out.push([...prefix, i]);
      pathsOf(v[i], [...prefix, i], out);
    }
  } else if (v !== null && typeof v === 'object') {
    for (const k of Object.keys(v)) {
      out.push([...prefix, k]);
      pathsOf(v[k], [...prefix, k], out);
    }
  }
  return out;
}

const clone = (v: Json | undefined): Json => (v === undefined ? null : (JSON.parse(JSON.stringify(v) ?? 'null') as Json));

function parentOf(root: Json, path: Path): { parent: Json[] | Record<string, Json>; key: string | number } | null {
  let cur: Json = root;
  for (let i = 0; i < path.length - 1; i++) {
    if (cur === null || typeof cur !== 'object') return null;
    cur = (cur as Record<string | number, Json>)[path[i] as never];
  }
  if (cur === null || typeof cur !== 'object') return null;
  return { parent: cur as Json[] | Record<string, Json>, key: path[path.length - 1] };
}

function setAt(root: Json, path: Path, value: Json | undefined): Json {
  const out = clone(root);
  const at = parentOf(out, path);
  if (!at) return out;
  if (value === undefined) {
    if (Array.isArray(at.parent)) at.parent.splice(Number(at.key), 1);
    else delete at.parent[String(at.key)];
  } else if (Array.isArray(at.parent)) at.parent[Number(at.key)] = value;
  else Object.defineProperty(at.parent, String(at.key), { value, enumerable: true, configurable: true, writable: true });
  return out;
}

/** Values that are wrong somewhere: types, sizes, indices (n is the fixture's size). */
function nastyValue(n: number): fc.Arbitrary<Json> {
  return fc.oneof(
    fc.constantFrom<Json>(
      null, true, false, '', 'x', '0', 'NaN', 'Infinity', [], {}, [[]], [null], [[0, 1]], { 0: null },
      0, -1, 1.5, 0.1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 1e9, 1e15, 1e308, -1e308, 5e-324,
      n, n + 1, n - 1, -n, 1e308 / 3,
      [1e308, 1e308], [[0, 1, 1e308], [1, 2, 1e308], [0, 2, 1e308]], [[1, 0, 1], [1, 0, 1]],
      'é'.repeat(500), '\u0000', '\ud800', 'a'.repeat(70_000),
    ),
    fc.integer({ min: -5, max: n + 5 }),
    fc.double({ noNaN: true }),
    fc.string({ maxLength: 12 }),
  );
}

/** Spellings of numbers that are not JSON numbers, or are extreme ones. */
const NUMBER_SPELLINGS = ['NaN', 'Infinity', '-Infinity', '+Infinity', '1e999', '-1e999', '+1', '01', '.5', '1.', '0x10', '1_000', '- 1', '-0', '1e-400', '9'.repeat(400), 'nan', 'inf', 'null'];

type Mutation =
  | { kind: 'set'; path: Path; value: Json }
  | { kind: 'remove'; path: Path }
  | { kind: 'add'; path: Path; key: string; value: Json }
  | { kind: 'duplicate'; path: Path };

type TextMutation =
  | { kind: 'number'; occurrence: number; spelling: string }
  | { kind: 'truncate'; at: number }
  | { kind: 'nest'; occurrence: number; depth: number }
  | { kind: 'none' };

type ByteMutation =
  | { kind: 'utf8'; at: number; bytes: readonly number[] }
  | { kind: 'content-type'; type: string }
  | { kind: 'none' };

function applyMutation(v: Json, m: Mutation): Json {
  switch (m.kind) {
    case 'set':
      return setAt(v, m.path, m.value);
    case 'remove':
      return setAt(v, m.path, undefined);
    case 'add': {
      const out = clone(v);
      const at = m.path.length === 0 ? { parent: out as Record<string, Json>, key: '' } : parentOf(out, [...m.path, '']);
      if (at && !Array.isArray(at.parent) && typeof at.parent === 'object') {
        Object.defineProperty(at.parent, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
      }
      return out;
    }
    case 'duplicate': {
      const out = clone(v);
      const at = parentOf(out, m.path);
      if (at && Array.isArray(at.parent) && Number(at.key) < at.parent.length) at.parent.splice(Number(at.key), 0, clone(at.parent[Number(at.key)]));
      return out;
    }
  }
}

function applyText(text: string, m: TextMutation): string {
  if (m.kind === 'truncate') return text.slice(0, Math.min(m.at, Math.max(0, text.length - 1)));
  if (m.kind === 'number' || m.kind === 'nest') {
    const re = /-?\d+(\.\d+)?([eE][+-]?\d+)?/g;
    const hits = [...text.matchAll(re)];
    if (hits.length === 0) return text;
    const h = hits[m.occurrence % hits.length];
    const put = m.kind === 'number' ? m.spelling : '['.repeat(m.depth) + ']'.repeat(m.depth);
    return text.slice(0, h.index) + put + text.slice(h.index! + h[0].length);
  }
  return text;
}

function applyBytes(body: Uint8Array, m: ByteMutation): { body: Uint8Array; contentType: string } {
  if (m.kind === 'utf8' && body.length > 0) {
    const at = m.at % body.length;
    const out = new Uint8Array(body.length + m.bytes.length);
    out.set(body.subarray(0, at), 0);
    out.set(m.bytes, at);
    out.set(body.subarray(at), at + m.bytes.length);
    return { body: out, contentType: 'application/json' };
  }
  if (m.kind === 'content-type') return { body, contentType: m.type };
  return { body, contentType: 'application/json' };
}

/** The size of a fixture (its `n`, or `m` for select), for index-like values. */
function sizeOf(fixture: Json): number {
  if (fixture && typeof fixture === 'object' && !Array.isArray(fixture)) {
    const n = fixture.n ?? fixture.m;
    if (typeof n === 'number') return n;
  }
  return 5;
}

/** Mutated request bodies of one command's valid fixture. */
export function caseOf(command: string, fixture: Json): fc.Arbitrary<WireCase> {
  const paths = pathsOf(fixture);
  const n = sizeOf(fixture);
  const containers = paths.filter((p) => {
    const at = parentOf(fixture, p);
    const v = at ? (at.parent as Record<string | number, Json>)[at.key as never] : undefined;
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
  const arrays = paths.filter((p) => {
    const at = parentOf(fixture, p);
    return at !== null && Array.isArray(at.parent);
  });
  const path = fc.constantFrom<Path>(...paths);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('set' as const), path, value: nastyValue(n) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), path }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('add' as const),
        path: fc.constantFrom<Path>([], ...containers),
        key: fc.constantFrom('extra', '__proto__', 'constructor', 'prototype', 'N', ' n', 'toString', 'hasOwnProperty'),
        value: nastyValue(n),
      }),
    },
    ...(arrays.length > 0 ? [{ weight: 2, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), path: fc.constantFrom<Path>(...arrays) }) }] : []),
  );
  const text: fc.Arbitrary<TextMutation> = fc.oneof(
    { weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('number' as const), occurrence: fc.nat(), spelling: fc.constantFrom(...NUMBER_SPELLINGS) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat({ max: 4000 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('nest' as const), occurrence: fc.nat(), depth: fc.constantFrom(64, 1000, 10_000, 200_000) }) },
  );
  const bytes: fc.Arbitrary<ByteMutation> = fc.oneof(
    { weight: 8, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('utf8' as const), at: fc.nat(), bytes: fc.constantFrom([0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0x80]) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('content-type' as const),
        type: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/jsonx', ''),
      }),
    },
  );
  return fc.tuple(fc.array(mutation, { minLength: 0, maxLength: 3 }), text, bytes).map(([ms, t, b]) => {
    let v = fixture;
    for (const m of ms) v = applyMutation(v, m);
    const wire = applyBytes(enc.encode(applyText(JSON.stringify(v) ?? 'null', t)), b);
    const label = JSON.stringify({ mutations: ms.map((m) => ({ ...m, ...('value' in m ? { value: JSON.stringify(m.value)?.slice(0, 80) } : {}) })), text: t, bytes: b }).slice(0, 600);
    return printable({ command, label, body: wire.body, contentType: wire.contentType });
  });
}

/** Cases over every command given (its valid fixture). */
export function anyCase(fixtures: Readonly<Record<string, Json>>): fc.Arbitrary<WireCase> {
  return fc.oneof(...Object.entries(fixtures).map(([c, f]) => caseOf(c, f)));
}

// ---------------------------------------------------------------------------------------------
// SVCB: valid binary problems, then bit flips, truncation, overwritten header fields and tails.

export interface BinaryCase {
  readonly label: string;
  readonly body: Uint8Array;
}

export function binaryCase(valid: readonly Uint8Array[]): fc.Arbitrary<BinaryCase> {
  const pick = fc.constantFrom(...valid);
  return fc.oneof(
    fc.record({ base: pick, at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }).map(({ base, at, bit }) => {
      const b = Uint8Array.from(base);
      b[at % b.length] ^= 1 << bit;
      return printable({ label: `flip bit ${bit} of byte ${at % b.length}`, body: b });
    }),
    fc.record({ base: pick, at: fc.nat() }).map(({ base, at }) => printable({ label: `truncated to ${at % base.length}`, body: base.slice(0, at % base.length) })),
    fc.record({ base: pick, field: fc.constantFrom(8, 12, 16, 20), value: fc.constantFrom(0, 1, 0xffffffff, 0x7fffffff, 50_001, 1 << 24) }).map(({ base, field, value }) => {
      const b = Uint8Array.from(base);
      new DataView(b.buffer).setUint32(field, value >>> 0, true);
      return printable({ label: `u32 at ${field} = ${value}`, body: b });
    }),
    fc.record({ base: pick, tail: fc.uint8Array({ minLength: 1, maxLength: 64 }) }).map(({ base, tail }) => {
      const b = new Uint8Array(base.length + tail.length);
      b.set(base, 0);
      b.set(tail, base.length);
      return printable({ label: `${tail.length} trailing bytes`, body: b });
    }),
    fc.uint8Array({ maxLength: 128 }).map((b) => printable({ label: 'random bytes', body: b })),
  );
}
