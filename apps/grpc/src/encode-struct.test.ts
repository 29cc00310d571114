import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as grpc from '@grpc/grpc-js';
import { encodeStruct, encodeStructMessage } from './encode-struct';
import { loadSolverPackage } from './server';
import { fromStruct, toStruct } from './struct';
import { WireJson } from './wire-json';
import { jsonObject } from '../test/wire';

const solver = loadSolverPackage()['svc.v1.Solver'] as unknown as Record<string, grpc.MethodDefinition<unknown, unknown>>;
/** The bytes proto-loader's serializers write for the same reply (the Struct tree of struct.ts). */
const viaTree = (doc: Record<string, unknown>) => solver.GetJob.responseSerialize(toStruct(doc)).toString('hex');
const replyViaTree = (doc: Record<string, unknown>, field: 'result' | 'queued') => solver.Solve.responseSerialize({ [field]: toStruct(doc) }).toString('hex');
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

const json = fc.jsonValue({ maxDepth: 6 });
const doc = fc.dictionary(fc.string(), json, { maxKeys: 8 }) as fc.Arbitrary<Record<string, unknown>>;

describe('encodeStruct: a JSON document straight to google.protobuf.Struct bytes', () => {
  it('writes the bytes protobufjs writes for toStruct of the document, as a Struct and as SolveReply.result / .queued', () => {
    fc.assert(fc.property(doc, (d) => {
      expect(hex(encodeStruct(d))).toBe(viaTree(d));
      expect(hex(encodeStructMessage(d))).toBe(viaTree(d));
      expect(hex(encodeStructMessage(d, 1))).toBe(replyViaTree(d, 'result'));
      expect(hex(encodeStructMessage(d, 2))).toBe(replyViaTree(d, 'queued'));
    }), { numRuns: 200 });
  }, 120_000);

  it('keeps what toStruct keeps: escapes and multi-byte text, -0 and large numbers, null members, undefined members left out, a __proto__ key as an own member', () => {
    const d = {
      ...jsonObject('{"__proto__": {"hidden": 1}, "n": 3}'),
      s: 'a\n"é 漢 😀 \u2028', x: [-0, 1e21, 1.5e-7, -123456789012345, 2 ** 53, 0.1, null, true, false, [], {}], gone: undefined, nested: { deep: [{ a: [1, [2, [3]]] }] },
    };
    const bytes = encodeStructMessage(d);
    expect(hex(bytes)).toBe(viaTree(d));
    const back = new WireJson(bytes, 'struct', 'reply').decode() as Record<string, unknown>;
    expect(Object.keys(back)).toEqual(['__proto__', 'n', 's', 'x', 'nested']);
    expect(JSON.stringify(back)).toBe(JSON.stringify(d));
    expect(fromStruct(solver.GetJob.responseDeserialize(bytes) as never)).toEqual(back);
  });
});
