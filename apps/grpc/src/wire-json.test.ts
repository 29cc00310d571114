import * as grpc from '@grpc/grpc-js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SvcError } from '@svc/errors';
import { validateProblem, type ValidateContext } from '@svc/contracts';
import { WireJson } from './wire-json';
import { jsonObject, rawClient, solveRequestBytes, structBytes, valueBytes, type RawJson } from '../test/wire';
import { ring, startTestDoor, TAG, type TestDoor } from '../test/harness';

function refusal(f: () => unknown): SvcError {
  try {
    f();
  } catch (e) {
    if (e instanceof SvcError) return e;
    throw e;
  }
  throw new Error('expected an SvcError');
}

const jsonValue = fc.jsonValue({ maxDepth: 6 }) as fc.Arbitrary<RawJson>;
const jsonObjectArb = fc.dictionary(fc.string(), jsonValue, { maxKeys: 6 }) as fc.Arbitrary<{ [k: string]: RawJson }>;

describe('WireJson: measured on the wire, then built as JSON.parse builds', () => {
  it('jsonBytes is the UTF-8 length of JSON.stringify of what decode builds, which is the document sent', () => {
    fc.assert(fc.property(jsonObjectArb, (doc) => {
      // JSON has no -0 (JSON.stringify writes 0): compare through the text.
      const w = new WireJson(structBytes(doc), 'struct', 'problem');
      const decoded = w.decode();
      expect(w.jsonBytes()).toBe(Buffer.byteLength(JSON.stringify(decoded), 'utf8'));
      expect(JSON.stringify(decoded)).toBe(JSON.stringify(doc));
    }), { numRuns: 300 });
    fc.assert(fc.property(jsonValue, (x) => {
      const w = new WireJson(valueBytes(x), 'value', 'answer');
      expect(w.jsonBytes()).toBe(Buffer.byteLength(JSON.stringify(w.decode()), 'utf8'));
    }), { numRuns: 300 });
  });

  it('escapes, control characters and multi-byte text are counted as JSON.stringify writes them', () => {
    const doc = { 'q"\\': 'a\n\t\b\f\r\u0001\u001f"\\ é 漢 😀 \u2028', n: [-0, 1e21, 1.5e-7, -123456789012345, 2 ** 53, 0.1] };
    const w = new WireJson(structBytes(doc), 'struct', 'problem');
    expect(w.jsonBytes()).toBe(Buffer.byteLength(JSON.stringify(doc), 'utf8'));
  });

  it('a __proto__ key is an own property, as JSON.parse makes it; the prototype is untouched', () => {
    const doc = jsonObject('{"__proto__": {"hidden": 1}, "n": 3}');
    const w = new WireJson(structBytes(doc), 'struct', 'problem');
    const out = w.decode() as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'n']);
    expect((out as { hidden?: unknown }).hidden).toBeUndefined();
    expect(w.jsonBytes()).toBe(JSON.stringify(out).length);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"hidden":1},"n":3}');
  });

  it('refuses bytes that are not UTF-8, numbers JSON cannot write, two kinds in a Value, a key given twice, nesting past 32, and garbage', () => {
    expect(refusal(() => new WireJson(structBytes({ s: Buffer.from([0x61, 0xff, 0x62]) }), 'struct', 'problem').jsonBytes())).toMatchObject({ code: 'SVC_INVALID_INPUT', message: expect.stringMatching(/not valid UTF-8/) });
    expect(refusal(() => new WireJson(structBytes({ s: Buffer.from([0xed, 0xa0, 0x80]) }), 'struct', 'problem').jsonBytes()).code).toBe('SVC_INVALID_INPUT'); // a surrogate
    for (const x of [NaN, Infinity, -Infinity]) {
      expect(refusal(() => new WireJson(structBytes({ x }), 'struct', 'problem').jsonBytes())).toMatchObject({ code: 'SVC_INVALID_INPUT', message: expect.stringMatching(/not a JSON number/) });
    }
    const twoKinds = Buffer.concat([valueBytes(1), valueBytes('x')]);
    expect(refusal(() => new WireJson(twoKinds, 'value', 'answer').jsonBytes()).message).toMatch(/both field 2 and field 3/);
    const twice = Buffer.concat([structBytes({ a: 1 }), structBytes({ a: 2 })]);
    expect(refusal(() => new WireJson(twice, 'struct', 'problem').decode()).message).toMatch(/"a" is given twice/);
    let deep: RawJson = 1;
    for (let i = 0; i < 1000; i++) deep = [deep];
    expect(refusal(() => new WireJson(structBytes({ deep }), 'struct', 'problem').jsonBytes())).toMatchObject({ code: 'SVC_INVALID_INPUT', message: expect.stringMatching(/nested more than 32 levels/) });
    let ok: RawJson = 1;
    for (let i = 0; i < 31; i++) ok = [ok];
    expect(new WireJson(structBytes({ ok }), 'struct', 'problem').decode()).toEqual({ ok });
    for (const garbage of [Buffer.from('this is not a protobuf message at all \xff\xff'), Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]), Buffer.from([0x0b, 0x01]), Buffer.from([0x0a, 0x02, 0x12])]) {
      expect(refusal(() => new WireJson(garbage, 'struct', 'problem').jsonBytes()).code).toBe('SVC_INVALID_INPUT');
    }
  });
});

/** A length-delimited field: tag byte(s) of `field` with wire type 2, the length, the bytes. */
function ld(field: number, bytes: Buffer): Buffer {
  const len: number[] = [];
  let n = bytes.length;
  while (n >= 0x80) {
    len.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  len.push(n);
  return Buffer.concat([Buffer.from([(field << 3) | 2, ...len]), bytes]);
}
/** One Struct map entry (the field-1 record of a Struct) of `key` and a Value's bytes. */
const entry = (key: string, value: Buffer) => ld(1, Buffer.concat([ld(1, Buffer.from(key)), ld(2, value)]));
/** A Value holding a Struct of these raw entries (keys given twice are kept twice). */
const structValue = (entries: Buffer[]) => ld(5, Buffer.concat(entries));
/** A Value holding a list of these Values. */
const listValue = (values: Buffer[]) => ld(6, Buffer.concat(values.map((v) => ld(1, v))));

/** What the worker would answer without the shortcut: decode, then validate. */
function fullOutcome(w: WireJson, command: string, ctx: ValidateContext): SvcError | null {
  try {
    validateProblem(command, w.decode(), ctx);
    return null;
  } catch (e) {
    if (e instanceof SvcError) return e;
    throw e;
  }
}

describe('WireJson.headRefusal: a problem refused at its tag or description, without building it', () => {
  const sandbox: ValidateContext = { sandbox: true, sandboxMaxN: 50 };
  const keyed: ValidateContext = { sandbox: false };
  const plain = (x: RawJson) => valueBytes(x);
  /** A Value that holds a Struct with a key given twice, somewhere below. */
  const twiceBelow = fc.oneof(
    fc.constant(structValue([entry('a', plain(1)), entry('a', plain(2))])),
    fc.constant(listValue([plain(1), structValue([entry('k', plain(1)), entry('j', plain([1])), entry('k', plain(null))])])),
    fc.constant(structValue([entry('x', listValue([structValue([entry('', plain(1)), entry('', plain(2))])]))])),
  );
  const tagValue = fc.oneof(fc.constant(plain(TAG)), fc.constant(plain('svc-cortex-v2')), jsonValue.map(plain), twiceBelow);
  const descriptionValue = fc.oneof(fc.constant(plain('Split five offices into two teams.')), fc.constant(plain('short')), fc.constant(plain('          padded      ')), jsonValue.map(plain), twiceBelow);
  const otherValue = fc.oneof({ weight: 4, arbitrary: jsonValue.map(plain) }, { weight: 1, arbitrary: twiceBelow });
  /** Top-level entries in any order, each of tag / description / n / edges / others present or not, some given twice. */
  const doc = fc.tuple(
    fc.option(tagValue, { nil: undefined }),
    fc.option(descriptionValue, { nil: undefined }),
    fc.option(fc.constantFrom(plain(5), plain('5'), plain(500)), { nil: undefined }),
    fc.option(fc.constantFrom(plain([[0, 1, 1], [1, 2, 1], [2, 0, 1]]), plain([[0, 1]]), plain('edges')), { nil: undefined }),
    fc.array(fc.tuple(fc.constantFrom('a', 'tag', 'description', 'n', '', '__proto__', 'extra'), otherValue), { maxLength: 3 }),
    fc.integer(),
  ).map(([t, d, n, e, others, seed]) => {
    const entries = [
      ...(t ? [entry('tag', t)] : []),
      ...(d ? [entry('description', d)] : []),
      ...(n ? [entry('n', n)] : []),
      ...(e ? [entry('edges', e)] : []),
      ...others.map(([k, v]) => entry(k, v)),
    ];
    // A fixed shuffle of the entries by the seed.
    for (let i = entries.length - 1; i > 0; i--) {
      const j = Math.abs(seed + i * 7919) % (i + 1);
      [entries[i], entries[j]] = [entries[j], entries[i]];
    }
    return Buffer.concat(entries);
  });

  it('answers only what decoding and validating would answer (same code, detail, fields), and answers most refused heads', () => {
    let answered = 0;
    let declined = 0;
    fc.assert(fc.property(doc, fc.boolean(), (bytes, anon) => {
      const ctx = anon ? sandbox : keyed;
      const head = new WireJson(bytes, 'struct', 'problem').headRefusal('maxcut', ctx);
      const full = fullOutcome(new WireJson(bytes, 'struct', 'problem'), 'maxcut', ctx);
      if (head === undefined) {
        declined++;
        return;
      }
      answered++;
      expect(full).not.toBeNull();
      expect({ code: head.code, detail: head.detail, extensions: head.extensions }).toEqual({ code: full!.code, detail: full!.detail, extensions: full!.extensions });
    }), { numRuns: 2000 });
    // Neither side is vacuous: both outcomes are common in this mix.
    expect(answered).toBeGreaterThan(300);
    expect(declined).toBeGreaterThan(300);
  });

  it('the attack: a 4 MiB list without a tag is SVC_MISSING_TAG; with a key given twice deep inside it is left to decode (which names the key)', () => {
    const items = Array.from({ length: 400_000 }, (_, i) => plain(i % 7));
    const edges = listValue(items);
    const bytes = Buffer.concat([entry('edges', edges), entry('n', plain(5))]);
    const head = new WireJson(bytes, 'struct', 'problem').headRefusal('maxcut', sandbox);
    expect(head).toMatchObject({ code: 'SVC_MISSING_TAG' });
    expect(head!.detail).toBe(fullOutcome(new WireJson(bytes, 'struct', 'problem'), 'maxcut', sandbox)!.detail);
    const twice = Buffer.concat([entry('edges', listValue([...items.slice(0, 1000), structValue([entry('w', plain(1)), entry('w', plain(2))])])), entry('n', plain(5))]);
    expect(new WireJson(twice, 'struct', 'problem').headRefusal('maxcut', sandbox)).toBeUndefined();
    expect(fullOutcome(new WireJson(twice, 'struct', 'problem'), 'maxcut', sandbox)).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/"w" is given twice/) });
  });

  it('throws what jsonBytes throws for a malformed message, and declines a Value, a large tag, and a head that passes', () => {
    expect(refusal(() => new WireJson(Buffer.from([0x0a, 0x02, 0x12]), 'struct', 'problem').headRefusal('maxcut', keyed)).code).toBe('SVC_INVALID_INPUT');
    expect(new WireJson(valueBytes({ a: 1 }), 'value', 'problem').headRefusal('maxcut', keyed)).toBeUndefined();
    const longTag = structBytes({ tag: 'x'.repeat(70_000) });
    expect(new WireJson(longTag, 'struct', 'problem').headRefusal('maxcut', keyed)).toBeUndefined();
    expect(fullOutcome(new WireJson(longTag, 'struct', 'problem'), 'maxcut', keyed)).toMatchObject({ code: 'SVC_INVALID_INPUT', extensions: { field: 'tag' } });
    // Passes the head; the sandbox's n and the schema need the whole document.
    expect(new WireJson(structBytes({ tag: TAG, description: 'Split five offices into two teams.' }), 'struct', 'problem').headRefusal('maxcut', sandbox)).toBeUndefined();
  });
});

describe('through the gRPC door: what other doors refuse is refused, with their code', () => {
  let t: TestDoor;
  let c: ReturnType<typeof rawClient>;
  beforeAll(async () => {
    t = await startTestDoor({ sandbox: { bodyBytes: 8192 } });
    c = rawClient(t.srv.address, t.token);
  }, 60_000);
  afterAll(async () => {
    c?.close();
    await t?.close();
  });

  it('a __proto__ key is SVC_INVALID_INPUT naming it, as the contracts answer the same JSON text over HTTP', async () => {
    const text = JSON.stringify(ring(3)).replace('{', '{"__proto__": {"n": 3}, ');
    const r = await c.call('Solve', solveRequestBytes({ command: 'maxcut', problem: structBytes(jsonObject(text)) }));
    expect(r).toMatchObject({ ok: false, status: grpc.status.INVALID_ARGUMENT, problem: { code: 'SVC_INVALID_INPUT', status: 422, field: '__proto__' } });
    const principal = await t.service.authenticate(`Bearer ${t.token}`, { ip: '127.0.0.1' });
    const direct = await t.service.solve('maxcut', JSON.parse(text), { principal }).then(() => null, (e: SvcError) => e);
    expect(r.ok ? null : r.problem!.detail).toBe(direct?.detail);
  });

  it('fields hidden under __proto__ count toward the plan\'s cap (the sandbox solved a 29.6 MB message over its 8 MiB cap)', async () => {
    const hidden = { n: 2000, edges: Array.from({ length: 2000 }, (_, i) => [i, (i + 1) % 2000, 1]) };
    const doc = jsonObject(JSON.stringify({ tag: TAG, description: 'A ring hidden from the size check.' }).replace('{', `{"__proto__": ${JSON.stringify(hidden)}, `));
    const r = await c.call('Solve', solveRequestBytes({ command: 'maxcut', problem: structBytes(doc) }));
    expect(r).toMatchObject({ ok: false, status: grpc.status.RESOURCE_EXHAUSTED, problem: { code: 'SVC_PAYLOAD_TOO_LARGE', limit_bytes: 8192 } });
    // A keyed retry that adds a __proto__ member is not the same request (the fingerprint sees it).
    const key = { 'idempotency-key': 'proto-fingerprint-1' };
    const first = await c.call('Solve', solveRequestBytes({ command: 'maxcut', problem: structBytes(ring(4)) }), { metadata: key });
    expect(first.ok).toBe(true);
    const sneaky = jsonObject(JSON.stringify(ring(4)).replace('{', '{"__proto__": {"seed": 9}, '));
    const again = await c.call('Solve', solveRequestBytes({ command: 'maxcut', problem: structBytes(sneaky) }), { metadata: key });
    expect(again.ok).toBe(false);
  });

  it('bytes that are not UTF-8 inside a Struct string are SVC_INVALID_INPUT (HTTP: 422)', async () => {
    const problem = structBytes({ ...ring(3), description: Buffer.from([0x53, 0x70, 0x6c, 0x69, 0x74, 0xc3, 0x28, 0x20, 0x61, 0x20, 0x72, 0x69, 0x6e, 0x67]) });
    expect(await c.call('Solve', solveRequestBytes({ command: 'maxcut', problem }))).toMatchObject({ ok: false, status: grpc.status.INVALID_ARGUMENT, problem: { code: 'SVC_INVALID_INPUT', status: 422 } });
  });

  it('garbage message bytes and 1,000-deep nesting are INVALID_ARGUMENT, not INTERNAL', async () => {
    for (const bytes of [Buffer.from('GET / HTTP/1.1\r\nHost: example\r\n\r\n'), Buffer.from([0x12, 0xff, 0xff, 0xff, 0xff, 0x0f]), Buffer.from([0x0a, 0x05, 0xff, 0xfe, 0xfd, 0xfc, 0xfb])]) {
      expect(await c.call('Solve', bytes)).toMatchObject({ ok: false, status: grpc.status.INVALID_ARGUMENT, problem: { code: 'SVC_INVALID_INPUT' } });
    }
    let deep: RawJson = [0, 1, 1];
    for (let i = 0; i < 1000; i++) deep = [deep];
    const r = await c.call('Solve', solveRequestBytes({ command: 'maxcut', problem: structBytes({ ...ring(3), edges: deep }) }));
    expect(r).toMatchObject({ ok: false, status: grpc.status.INVALID_ARGUMENT, problem: { code: 'SVC_INVALID_INPUT', field: 'problem' } });
    // The channel is still good.
    expect((await c.call('Solve', solveRequestBytes({ command: 'maxcut', problem: structBytes(ring(5)) }))).ok).toBe(true);
  });
});
