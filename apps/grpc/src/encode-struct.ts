/**
 * A JSON document straight to the wire bytes of a google.protobuf.Struct, with protobufjs's
 * Writer: the same bytes as `Struct.encode(Struct.fromObject(toStruct(doc)))` (struct.ts) without
 * building the `{fields: {k: {kind, …}}}` tree first and converting it again (two passes and two
 * objects per JSON value: most of a small reply's cost on the gRPC door).
 */
import protobuf from 'protobufjs';

// Tags: (field number << 3) | wire type.
const STRUCT_FIELDS = 10; // Struct.fields = 1 (map entry, length-delimited)
const ENTRY_KEY = 10; // map entry key = 1 (string)
const ENTRY_VALUE = 18; // map entry value = 2 (Value)
const NULL_VALUE = 8; // Value.null_value = 1 (enum, varint)
const NUMBER_VALUE = 17; // Value.number_value = 2 (double, 64-bit)
const STRING_VALUE = 26; // Value.string_value = 3
const BOOL_VALUE = 32; // Value.bool_value = 4 (varint)
const STRUCT_VALUE = 42; // Value.struct_value = 5
const LIST_VALUE = 50; // Value.list_value = 6
const LIST_VALUES = 10; // ListValue.values = 1

type Writer = protobuf.Writer;

/** The fields of a Value holding `x` (as `toValue`: undefined and what JSON has no kind for are null). */
function writeValue(w: Writer, x: unknown): void {
  switch (typeof x) {
    case 'number': w.uint32(NUMBER_VALUE).double(x); return;
    case 'string': w.uint32(STRING_VALUE).string(x); return;
    case 'boolean': w.uint32(BOOL_VALUE).bool(x); return;
    case 'object':
      if (x === null) break;
      if (Array.isArray(x)) {
        w.uint32(LIST_VALUE).fork();
        for (const v of x) {
          w.uint32(LIST_VALUES).fork();
          writeValue(w, v);
          w.ldelim();
        }
        w.ldelim();
        return;
      }
      w.uint32(STRUCT_VALUE).fork();
      writeFields(w, x as Record<string, unknown>);
      w.ldelim();
      return;
    default:
  }
  w.uint32(NULL_VALUE).int32(0);
}

/** The map entries of a Struct holding `o`, in key order; undefined members are left out (as `toStruct`). */
function writeFields(w: Writer, o: Record<string, unknown>): void {
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v === undefined) continue;
    w.uint32(STRUCT_FIELDS).fork().uint32(ENTRY_KEY).string(k).uint32(ENTRY_VALUE).fork();
    writeValue(w, v);
    w.ldelim().ldelim();
  }
}

/** The Struct of `doc`, as bytes. */
export function encodeStruct(doc: Record<string, unknown>): Uint8Array {
  const w = protobuf.Writer.create();
  writeFields(w, doc);
  return w.finish();
}

/**
 * A message whose one field `field` is the Struct of `doc` (SolveReply's `result` or `queued`; the
 * Struct itself for field 0): the bytes grpc-js sends as they are.
 */
export function encodeStructMessage(doc: Record<string, unknown>, field = 0): Buffer {
  const w = protobuf.Writer.create();
  if (field > 0) w.uint32((field << 3) | 2).fork();
  writeFields(w, doc);
  if (field > 0) w.ldelim();
  const bytes = w.finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
