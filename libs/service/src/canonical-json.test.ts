import { describe, expect, it } from 'vitest';
import { canonicalJson, writeCanonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts object keys, index-like keys numerically and first', () => {
    expect(canonicalJson({ b: 1, a: 2, '10': 3, '2': 4, '0': 5 })).toBe('{"0":5,"2":4,"10":3,"a":2,"b":1}');
    expect(canonicalJson({ z: { y: 1, x: [3, { d: 1, c: 2 }] } })).toBe('{"z":{"x":[3,{"c":2,"d":1}],"y":1}}');
  });

  it('compares huge index keys exactly and leaves non-canonical digit keys as strings', () => {
    expect(canonicalJson({ '100000000000000000001': 1, '99999999999999999999': 2 })).toBe('{"99999999999999999999":2,"100000000000000000001":1}');
    expect(canonicalJson({ '01': 1, '1': 2 })).toBe('{"1":2,"01":1}');
  });

  it('prints numbers shortest round-trip and -0 as 0', () => {
    expect(canonicalJson([0.1 + 0.2, 1e21, -0, 5e-324, 1.5])).toBe('[0.30000000000000004,1e+21,0,5e-324,1.5]');
    const x = 0.1 + 0.7;
    expect(Number(canonicalJson(x))).toBe(x);
  });

  it('encodes typed arrays as arrays and drops undefined members', () => {
    expect(canonicalJson({ a: Uint8Array.from([1, 0]), b: undefined, c: Float64Array.from([0.5]) })).toBe('{"a":[1,0],"c":[0.5]}');
    expect(canonicalJson([undefined, null, 'x"y', true])).toBe('[null,null,"x\\"y",true]');
  });

  it('refuses non-finite numbers and functions', () => {
    expect(() => canonicalJson({ a: NaN })).toThrow(TypeError);
    expect(() => canonicalJson([Infinity])).toThrow(TypeError);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(TypeError);
  });

  it('has no whitespace and matches JSON.parse round trip', () => {
    const v = { k: [1, 2, { m: 'x' }], j: null };
    expect(JSON.parse(canonicalJson(v))).toEqual(v);
    expect(canonicalJson(v)).not.toMatch(/\s/);
  });
});

describe('large and typed inputs', () => {
  it('prints typed arrays and number arrays exactly as JSON.stringify does, across chunk boundaries', () => {
    const xs = Float64Array.from({ length: 50_000 }, (_, k) => (k % 13) * 0.1 - 0.6 + (k === 7 ? -0 : 0));
    const plain = Array.from(xs);
    expect(canonicalJson(xs)).toBe(JSON.stringify(plain));
    expect(canonicalJson(plain)).toBe(JSON.stringify(plain));
    expect(canonicalJson([xs.subarray(0, 3), [1, 'a']])).toBe('[' + JSON.stringify(Array.from(xs.subarray(0, 3))) + ',[1,"a"]]');
    expect(() => canonicalJson(new Float64Array([1, NaN]))).toThrow(TypeError);
  });

  it('streams the same bytes it returns', () => {
    const doc = { b: Float64Array.from({ length: 40_000 }, (_, k) => k / 3), a: { 10: 'x', 2: [null, true] } };
    const chunks: string[] = [];
    writeCanonicalJson(doc, (c) => chunks.push(c));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(canonicalJson(doc));
  });

  it('writes number arrays as the element-by-element reference does, at every chunk boundary and element type', () => {
    // The reference: ECMAScript Number-to-string of each element, joined (the writer before chunking).
    const reference = (a: ArrayLike<number>) => '[' + Array.from(a, (x) => String(x)).join(',') + ']';
    let seed = 12345;
    const next = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296);
    const value = (k: number) => {
      const u = next();
      if (k % 17 === 0) return -0;
      if (u < 0.3) return Math.floor(next() * 2 ** 31) - 2 ** 30;
      if (u < 0.6) return (next() - 0.5) * 10 ** Math.floor(next() * 40 - 20);
      if (u < 0.8) return Math.round(next() * 1e6) / 1e5;
      return next() < 0.5 ? Number.MIN_VALUE * Math.floor(next() * 9 + 1) : Number.MAX_VALUE / Math.floor(next() * 9 + 1);
    };
    for (const len of [0, 1, 2, 8191, 8192, 8193, 16384, 16385, 20_000]) {
      const plain = Array.from({ length: len }, (_, k) => value(k));
      expect(canonicalJson(plain)).toBe(reference(plain));
      expect(canonicalJson(Float64Array.from(plain))).toBe(reference(plain));
      for (const typed of [Float32Array.from(plain, (x) => (Math.abs(x) > 3e38 ? 0.1 : x)), Int32Array.from(plain), Uint8Array.from(plain), Int16Array.from(plain), Uint32Array.from(plain)]) {
        expect(canonicalJson({ t: typed })).toBe('{"t":' + reference(typed) + '}');
      }
    }
    for (const bad of [NaN, Infinity, -Infinity]) {
      const a = Array.from({ length: 8193 }, (_, k) => k);
      a[8192] = bad;
      expect(() => canonicalJson(a)).toThrow(`canonical JSON cannot encode ${bad}`);
      expect(() => canonicalJson(Float64Array.from(a))).toThrow(TypeError);
    }
  });

  it('writes arrays of number rows (points, grids) as the element-by-element reference does', () => {
    const reference = (rows: number[][]) => '[' + rows.map((r) => '[' + r.map((x) => String(x)).join(',') + ']').join(',') + ']';
    let seed = 777;
    const next = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296);
    const x = (k: number) => (k % 11 === 0 ? -0 : next() < 0.5 ? Math.floor(next() * 1e6) : (next() - 0.5) * 10 ** Math.floor(next() * 30 - 15));
    const shapes: [rows: number, width: (r: number) => number][] = [
      [1, () => 0], [3, () => 0], [1, () => 3], [10_000, () => 3], [2731, () => 3], [2730, () => 3], [512, () => 512],
      [5, () => 9000], [4, (r) => [8192, 1, 8191, 8193][r]], [3000, (r) => r % 7],
    ];
    for (const [n, width] of shapes) {
      const rows = Array.from({ length: n }, (_, r) => Array.from({ length: width(r) }, (_, k) => x(r + k)));
      expect(canonicalJson(rows)).toBe(reference(rows));
      expect(canonicalJson({ b: rows, a: 1 })).toBe('{"a":1,"b":' + reference(rows) + '}');
      const chunks: string[] = [];
      writeCanonicalJson(rows, (c) => chunks.push(c));
      expect(chunks.join('')).toBe(reference(rows));
    }
    // Not all rows of numbers: the general writer (typed rows, strings, holes as null, objects).
    expect(canonicalJson([[1, 2], Float64Array.from([3]), [4]])).toBe('[[1,2],[3],[4]]');
    expect(canonicalJson([[1, 'a'], [2]])).toBe('[[1,"a"],[2]]');
    expect(canonicalJson([[1, undefined], [2]])).toBe('[[1,null],[2]]');
    expect(canonicalJson([[{ b: 1, a: 2 }], [2]])).toBe('[[{"a":2,"b":1}],[2]]');
    const bad = Array.from({ length: 5000 }, (_, r) => [r, r + 0.5]);
    bad[4999][1] = NaN;
    expect(() => canonicalJson(bad)).toThrow('canonical JSON cannot encode NaN');
  });
});
