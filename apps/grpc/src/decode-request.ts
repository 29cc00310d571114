/**
 * Request messages read from their wire bytes by a field table taken from the served descriptor
 * (file-descriptors.ts), so a new field in solver.proto needs no code here unless its type is new.
 * Scalars are read at once; Struct and Value fields stay bytes (`WireJson`) until the caller's
 * plan is known. Bytes that are not the message are SVC_INVALID_INPUT (INVALID_ARGUMENT), never
 * grpc-js's INTERNAL "Error deserializing request".
 */
import { SvcError } from '@svc/errors';
import type { FileDescriptor } from './file-descriptors';
import { isWireError, wire, WireJson } from './wire-json';

type FieldKind = 'string' | 'bytes' | 'uint32' | 'bool' | 'struct' | 'value';

interface RequestField {
  readonly name: string;
  /** Null: a type or label the decoder has no reader for (reply messages have some). */
  readonly kind: FieldKind | null;
}

/** How to read one request message. */
export interface MessageSpec {
  readonly fullName: string;
  readonly fields: ReadonlyMap<number, RequestField>;
}

const SCALAR_KINDS: Readonly<Record<number, FieldKind>> = { 8: 'bool', 9: 'string', 12: 'bytes', 13: 'uint32' };
const MESSAGE_KINDS: Readonly<Record<string, FieldKind>> = { '.google.protobuf.Struct': 'struct', '.google.protobuf.Value': 'value' };

interface FieldProto { name: string; number: number; label: number; type: number; typeName?: string }

/** The specs of every top-level message of `file`, by full name (`svc.v1.SolveRequest`). */
export function messageSpecs(file: FileDescriptor): Map<string, MessageSpec> {
  const out = new Map<string, MessageSpec>();
  for (const m of file.messageType as { name: string; field: FieldProto[] }[]) {
    const fullName = `${file.package}.${m.name}`;
    const fields = new Map<number, RequestField>();
    for (const f of m.field) {
      const kind = f.type === 11 ? MESSAGE_KINDS[f.typeName ?? ''] : SCALAR_KINDS[f.type];
      fields.set(f.number, { name: f.name, kind: kind === undefined || f.label === 3 ? null : kind });
    }
    out.set(fullName, { fullName, fields });
  }
  return out;
}

/** Throws at start-up when a request message has a field this decoder cannot read yet. */
export function assertDecodable(spec: MessageSpec): void {
  for (const f of spec.fields.values()) {
    if (f.kind === null) {
      throw new Error(`decode-request: ${spec.fullName}.${f.name} has a type the request decoder does not read; add it to apps/grpc/src/decode-request.ts`);
    }
  }
}

/**
 * The fields present in `bytes`: strings (UTF-8 checked), numbers, `Buffer` views for bytes and a
 * `WireJson` for each Struct or Value. A scalar given twice keeps its last value (protobuf); a
 * Struct or Value given twice is refused rather than merged.
 */
export function decodeRequest(spec: MessageSpec, bytes: Buffer): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const at = { pos: 0, field: 0, wire: 0 };
  const end = bytes.length;
  try {
    while (at.pos < end) {
      wire.tag(bytes, at, end);
      const { field: number, wire: w } = at;
      const f = spec.fields.get(number);
      if (!f || f.kind === null) {
        wire.skip(bytes, at, end, w);
        continue;
      }
      const want = f.kind === 'uint32' || f.kind === 'bool' ? wire.WIRE_VARINT : wire.WIRE_LEN;
      if (w !== want) wire.fail(`field ${f.name} has wire type ${w}, expected ${want}`);
      switch (f.kind) {
        case 'uint32': out[f.name] = wire.varint(bytes, at, end) % 2 ** 32; break;
        case 'bool': out[f.name] = wire.varint(bytes, at, end) !== 0; break;
        case 'string': {
          const e = wire.lengthEnd(bytes, at, end);
          const s = at.pos;
          wire.checkUtf8(bytes, s, e, f.name);
          out[f.name] = bytes.toString('utf8', s, e);
          at.pos = e;
          break;
        }
        case 'bytes': {
          const e = wire.lengthEnd(bytes, at, end);
          const s = at.pos;
          out[f.name] = bytes.subarray(s, e);
          at.pos = e;
          break;
        }
        case 'struct':
        case 'value': {
          const e = wire.lengthEnd(bytes, at, end);
          const s = at.pos;
          if (out[f.name] !== undefined) wire.fail(`${f.name} is given twice`);
          out[f.name] = new WireJson(bytes.subarray(s, e), f.kind, f.name);
          at.pos = e;
          break;
        }
      }
    }
  } catch (e) {
    if (isWireError(e)) throw new SvcError('SVC_INVALID_INPUT', `The request is not a well-formed ${spec.fullName} message (${e.message}).`);
    throw e;
  }
  return out;
}
