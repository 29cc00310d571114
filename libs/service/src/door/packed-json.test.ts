import { types } from 'node:util';
import { describe, expect, it } from 'vitest';
import { assertNestingDepth, validateProblem } from '@svc/contracts';
import type { SvcError } from '@svc/errors';
import { rng } from '../../test/brute-force';
import { PACKED_MIN_TRIPLES, holdsPackedView, parsePackedJson } from './packed-json';

const NUMBERS = ['0', '-0', '1', '-12', '3.25', '1e5', '-2.5E-3', '10e+2', '0.0', '123456789012345678901234567890', '9007199254740993', '999999999999999', '-1000000000000000', '5e-324', '1.7976931348623157e308', '0.1', '99999'];
const WS = ['', '', '', ' ', '\n', '\t', '\r\n '];

/** Deep equality as JSON.parse's values: the same kinds, keys in the same order, numbers by Object.is (-0 is not 0). */
function same(a: unknown, b: unknown, path = '$'): string | null {
  if (typeof a !== typeof b) return `${path}: ${typeof a} vs ${typeof b}`;
  if (typeof a === 'number') return Object.is(a, b) ? null : `${path}: ${a} vs ${String(b)}`;
  if (typeof a !== 'object' || a === null || b === null) return a === b ? null : `${path}: ${String(a)} vs ${String(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs not`;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return `${path}: length ${a.length} vs ${bb.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = same(a[i], bb[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b as object);
  if (ka.join('\u0001') !== kb.join('\u0001')) return `${path}: keys ${ka} vs ${kb}`;
  for (const k of ka) {
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: prototype`;
    const d = same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return null;
}

/** A random document holding long triple lists, some broken (a pair, a string, a 4-tuple at a random place), one inside a string. */
function doc(r: () => number): string {
  const ws = () => WS[Math.floor(r() * WS.length)];
  const num = () => NUMBERS[Math.floor(r() * NUMBERS.length)];
  const list = (count: number, breakAt: number) => {
    const items: string[] = [];
    for (let k = 0; k < count; k++) {
      if (k === breakAt) {
        items.push([`[${num()},${num()}]`, '"x"', `[${num()},${num()},${num()},${num()}]`, 'null', `[${num()},[1],${num()}]`, '{"a":1}'][Math.floor(r() * 6)]);
      } else items.push(`${ws()}[${ws()}${num()}${ws()},${ws()}${num()}${ws()},${ws()}${num()}${ws()}]${ws()}`);
    }
    return `[${ws()}${items.join(',')}${ws()}]`;
  };
  const long = () => PACKED_MIN_TRIPLES + Math.floor(r() * 3000);
  const members: string[] = [
    `"tag":"t"`,
    `"n":${num()}`,
    `"edges":${list(long(), -1)}`,
    `"broken":${list(long(), Math.floor(r() * PACKED_MIN_TRIPLES))}`,
    `"short":${list(Math.floor(r() * 20), -1)}`,
    `"__proto__":${list(long(), -1)}`,
    `"nested":[${list(long(), -1)},{"terms":${list(long(), -1)}}]`,
    `"text":${JSON.stringify(list(PACKED_MIN_TRIPLES + 10, -1))}`,
    // An escaped quote, then a list with no white space, all inside one string.
    `"quoted":${JSON.stringify(`"\\${Array.from({ length: PACKED_MIN_TRIPLES }, () => `[${num()},${num()},${num()}]`).join(',')}]`)}`,
  ];
  for (let i = members.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [members[i], members[j]] = [members[j], members[i]];
  }
  return `${ws()}{${members.join(`,${ws()}`)}}${ws()}`;
}

describe('parsePackedJson', () => {
  it('reads as JSON.parse reads, on random documents with long, broken, nested and quoted triple lists', () => {
    const r = rng(32);
    for (let t = 0; t < 12; t++) {
      const text = doc(r);
      const packed = parsePackedJson(text) as Record<string, unknown>;
      expect(same(JSON.parse(text), packed)).toBeNull();
      // The same text once written again (the fingerprint and the receipt are JSON.stringify of the body).
      expect(JSON.stringify(packed)).toBe(JSON.stringify(JSON.parse(text)));
      // Packed where it could be, not where it could not.
      expect(types.isProxy(packed.edges)).toBe(true);
      expect(types.isProxy(packed.broken)).toBe(false);
      expect(types.isProxy(packed.short)).toBe(false);
      expect(Object.getPrototypeOf(packed)).toBe(Object.prototype);
      expect(types.isProxy(Object.getOwnPropertyDescriptor(packed, '__proto__')!.value)).toBe(true);
    }
  });

  it('a view behaves as a read-only array and stays on its thread', () => {
    const triples = Array.from({ length: PACKED_MIN_TRIPLES }, (_, k) => [k, k + 1, k / 4]);
    const body = parsePackedJson(JSON.stringify({ edges: triples }).replace('"edges":[', '"edges":[[0,1,-0],')) as { edges: number[][] };
    const e = body.edges;
    expect(Array.isArray(e)).toBe(true);
    expect(e.length).toBe(PACKED_MIN_TRIPLES + 1);
    expect(Object.is(e[0][2], -0)).toBe(true);
    expect(e[5]).toEqual([4, 5, 1]);
    expect(e[e.length]).toBeUndefined();
    expect(e.at(-1)).toEqual([PACKED_MIN_TRIPLES - 1, PACKED_MIN_TRIPLES, (PACKED_MIN_TRIPLES - 1) / 4]);
    expect([...e].length).toBe(e.length);
    expect(e.map((x) => x[0]).reduce((s, x) => s + x, 0)).toBe(((PACKED_MIN_TRIPLES - 1) * PACKED_MIN_TRIPLES) / 2);
    expect(Object.keys(e).length).toBe(e.length);
    expect(3 in e && !(e.length in e)).toBe(true);
    expect(() => { e[0] = [1, 2, 3]; }).toThrow(TypeError);
    expect(() => e.push([1, 2, 3])).toThrow(TypeError);
    expect(() => structuredClone(body)).toThrow();
  });

  it('the depth check counts a view as two levels without reading it', () => {
    const body = parsePackedJson(`{"a":[${Array.from({ length: PACKED_MIN_TRIPLES }, () => '[1,2,3]').join(',')}]}`);
    expect(() => assertNestingDepth(body, '(root)', 3)).not.toThrow();
    expect(() => assertNestingDepth(body, '(root)', 2)).toThrow(/nested more than 2 levels/);
    expect(() => assertNestingDepth({ x: body }, '(root)', 3)).toThrow(/nested more than 3 levels/);
  });
});

describe('holdsPackedView', () => {
  it('finds a view anywhere in a value, and nothing in plain data or typed arrays', () => {
    const body = parsePackedJson(`{"a":[${Array.from({ length: PACKED_MIN_TRIPLES }, () => '[1,2,3]').join(',')}]}`) as { a: unknown };
    expect(holdsPackedView(body)).toBe(true);
    expect(holdsPackedView({ x: [1, { y: [body.a] }] })).toBe(true);
    expect(holdsPackedView({ x: [1, { y: [new Float64Array(4)] }], z: JSON.parse(JSON.stringify(body)) })).toBe(false);
    expect(holdsPackedView(null)).toBe(false);
  });
});

describe('the contracts checks on a packed body', () => {
  it('refuse it with the same document as the plain body (total magnitude, a bad triple, the depth)', () => {
    const r = rng(3202);
    const list = (bad: (k: number) => string | null) => `[${Array.from({ length: PACKED_MIN_TRIPLES + 100 }, (_, k) => bad(k) ?? `[${Math.floor(r() * 50)},${50 + Math.floor(r() * 50)},${(r() * 1e147).toPrecision(17)}]`).join(',')}]`;
    const texts = [
      // Magnitudes adding up past 1e150: the message prints the sum, so the additions must be the same, in the same order.
      `{"tag":"svc-cortex-v1","description":"Split a network into two sides.","n":100,"edges":${list(() => null)}}`,
      `{"tag":"svc-cortex-v1","description":"Split a network into two sides.","n":100,"edges":${list((k) => (k === 4000 ? '[3,3,1]' : null))}}`,
      `{"tag":"svc-cortex-v1","description":"Split a network into two sides.","n":100,"edges":${list((k) => (k === 17 ? '[3,100,1]' : null))}}`,
    ];
    for (const text of texts) {
      const refusal = (body: unknown) => {
        try {
          validateProblem('maxcut', body, { sandbox: false });
          return 'valid';
        } catch (e) {
          return JSON.stringify({ ...(e as SvcError), message: (e as Error).message });
        }
      };
      const plain = refusal(JSON.parse(text));
      expect(plain).not.toBe('valid');
      expect(refusal(parsePackedJson(text))).toBe(plain);
    }
  });
});
