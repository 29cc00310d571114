/**
 * The standard rich error model: `grpc-status-details-bin` carries a google.rpc.Status whose one
 * detail is the problem document as a google.protobuf.Struct (packed in an Any), so gRPC clients
 * with status-details support (e.g. Python's `grpc_status.rpc_status.from_call`, Go's
 * `status.FromError(err).Details()`) read it without knowing our metadata key.
 */
import protobuf from 'protobufjs';
import { toStruct } from './struct';

// Wire-compatible with google/rpc/status.proto and google/protobuf/any.proto (same field numbers).
const RPC = protobuf.parse(`
syntax = "proto3";
package google.rpc;
message Status { int32 code = 1; string message = 2; repeated Any details = 3; }
message Any { string type_url = 1; bytes value = 2; }
`, { keepCase: true }).root;
const StatusType = RPC.lookupType('google.rpc.Status');
const StructType = protobuf.Root.fromJSON(protobuf.common.get('google/protobuf/struct.proto')!).lookupType('google.protobuf.Struct');

export const STATUS_DETAILS_KEY = 'grpc-status-details-bin';
export const STRUCT_TYPE_URL = 'type.googleapis.com/google.protobuf.Struct';

/** Strips the `kind` tags toStruct adds (protobufjs reads the oneof from the member that is set). */
function plain(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(plain);
  if (typeof x !== 'object' || x === null) return x;
  return Object.fromEntries(Object.entries(x).filter(([k]) => k !== 'kind').map(([k, v]) => [k, plain(v)]));
}

export function encodeStatusDetails(code: number, message: string, problem: Record<string, unknown>): Buffer {
  const value = StructType.encode(StructType.fromObject(plain(toStruct(problem)) as Record<string, unknown>)).finish();
  return Buffer.from(StatusType.encode(StatusType.fromObject({ code, message, details: [{ type_url: STRUCT_TYPE_URL, value }] })).finish());
}

/** The problem document of a `grpc-status-details-bin` value (null if it carries none). */
export function decodeStatusDetails(bytes: Uint8Array): { code: number; message: string; problem: Record<string, unknown> | null } {
  const status = StatusType.toObject(StatusType.decode(bytes), { defaults: true }) as { code: number; message: string; details: { type_url: string; value: Uint8Array }[] };
  const detail = status.details.find((d) => d.type_url === STRUCT_TYPE_URL);
  const problem = detail ? (StructType.toObject(StructType.decode(detail.value), { defaults: false }) as { fields?: Record<string, unknown> }) : null;
  return { code: status.code, message: status.message, problem: problem ? fromPlainStruct(problem) : null };
}

function fromPlainStruct(s: { fields?: Record<string, unknown> }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s.fields ?? {})) out[k] = fromPlainValue(v as Record<string, unknown>);
  return out;
}

function fromPlainValue(v: Record<string, unknown>): unknown {
  if ('structValue' in v) return fromPlainStruct(v.structValue as { fields?: Record<string, unknown> });
  if ('listValue' in v) return ((v.listValue as { values?: Record<string, unknown>[] }).values ?? []).map(fromPlainValue);
  if ('numberValue' in v) return v.numberValue;
  if ('stringValue' in v) return v.stringValue;
  if ('boolValue' in v) return v.boolValue;
  return null;
}
