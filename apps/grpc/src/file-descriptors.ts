/**
 * The FileDescriptorProtos of the served .proto files, one per source file under its real name and
 * with its real imports, built from the .proto text. Reflection serves them, and the request
 * decoder reads its field table from them.
 *
 * proto-loader's descriptors are not used: it merges files by package (`svc_v1.proto`, no
 * dependency on struct.proto) and takes google.protobuf.Struct from protobufjs's bundled JSON
 * (camelCase fields, a map entry type named `Fields`), which standard reflection clients refuse
 * (grpc/grpc-node#3018).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import protobuf from 'protobufjs';

const require = createRequire(import.meta.url);
// The descriptor.proto types, as @grpc/reflection itself encodes them.
const descriptorTypes = require('protobufjs/ext/descriptor') as { FileDescriptorProto: protobuf.Type };

/** One .proto source: its import path (the descriptor's name) and where it is on disk. */
export interface ProtoSource {
  readonly name: string;
  readonly path: string;
}

/** A FileDescriptorProto as a plain object (descriptor.proto field names in camelCase, as protobufjs spells them). */
export type FileDescriptor = Record<string, unknown> & { name: string; package: string; dependency: string[] };

const SCALAR_TYPES: Readonly<Record<string, number>> = {
  double: 1, float: 2, int64: 3, uint64: 4, int32: 5, fixed64: 6, fixed32: 7, bool: 8, string: 9,
  bytes: 12, uint32: 13, sfixed32: 15, sfixed64: 16, sint32: 17, sint64: 18,
};
const TYPE_MESSAGE = 11;
const TYPE_ENUM = 14;
const LABEL_OPTIONAL = 1;
const LABEL_REPEATED = 3;

/** protoc's json_name: underscores dropped, the letter after each upper-cased. */
export function jsonNameOf(name: string): string {
  return name.replace(/_+([a-z0-9])?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));
}

/** protoc's name of a map field's entry message: `fields` → `FieldsEntry`. */
function mapEntryName(field: string): string {
  const camel = jsonNameOf(field);
  return `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Entry`;
}

const absolute = (t: protobuf.ReflectionObject): string => (t.fullName.startsWith('.') ? t.fullName : `.${t.fullName}`);

function typeOf(f: protobuf.Field, typeName: string, resolved: protobuf.ReflectionObject | null): { type: number; typeName?: string } {
  if (resolved instanceof protobuf.Type) return { type: TYPE_MESSAGE, typeName: absolute(resolved) };
  if (resolved instanceof protobuf.Enum) return { type: TYPE_ENUM, typeName: absolute(resolved) };
  const scalar = SCALAR_TYPES[typeName];
  if (scalar === undefined) throw new Error(`file-descriptors: field ${f.fullName} has type '${typeName}', which is neither a scalar nor resolved`);
  return { type: scalar };
}

const isSynthetic = (o: protobuf.OneOf): boolean => o.fieldsArray.length === 1 && o.fieldsArray[0].options?.proto3_optional === true;

function enumProto(e: protobuf.Enum): Record<string, unknown> {
  return { name: e.name, value: Object.entries(e.values).map(([name, number]) => ({ name, number })) };
}

function messageProto(t: protobuf.Type): Record<string, unknown> {
  // protoc puts the synthetic oneofs of proto3 `optional` fields after every real oneof.
  const oneofs = [...t.oneofsArray.filter((o) => !isSynthetic(o)), ...t.oneofsArray.filter(isSynthetic)];
  const nested: Record<string, unknown>[] = [];
  const field = t.fieldsArray.map((f) => {
    const out: Record<string, unknown> = { name: f.name, number: f.id, jsonName: jsonNameOf(f.name) };
    if (f instanceof protobuf.MapField) {
      const entry = mapEntryName(f.name);
      nested.push({
        name: entry,
        field: [
          { name: 'key', number: 1, label: LABEL_OPTIONAL, ...typeOf(f, f.keyType, null), jsonName: 'key' },
          { name: 'value', number: 2, label: LABEL_OPTIONAL, ...typeOf(f, f.type, f.resolvedType), jsonName: 'value' },
        ],
        options: { mapEntry: true },
      });
      return { ...out, label: LABEL_REPEATED, type: TYPE_MESSAGE, typeName: `${absolute(t)}.${entry}` };
    }
    Object.assign(out, { label: f.repeated ? LABEL_REPEATED : LABEL_OPTIONAL, ...typeOf(f, f.type, f.resolvedType) });
    if (f.partOf) out.oneofIndex = oneofs.indexOf(f.partOf);
    if (f.options?.proto3_optional === true) out.proto3Optional = true;
    return out;
  });
  for (const n of t.nestedArray) {
    if (n instanceof protobuf.Type) nested.push(messageProto(n));
  }
  return {
    name: t.name,
    field,
    nestedType: nested,
    enumType: t.nestedArray.filter((n): n is protobuf.Enum => n instanceof protobuf.Enum).map(enumProto),
    oneofDecl: oneofs.map((o) => ({ name: o.name })),
  };
}

function serviceProto(s: protobuf.Service): Record<string, unknown> {
  return {
    name: s.name,
    method: s.methodsArray.map((m) => ({
      name: m.name,
      inputType: absolute(m.resolvedRequestType!),
      outputType: absolute(m.resolvedResponseType!),
      ...(m.requestStream ? { clientStreaming: true } : {}),
      ...(m.responseStream ? { serverStreaming: true } : {}),
    })),
  };
}

/** snake_case file options as protobufjs parses them → descriptor.proto's FileOptions (camelCase in protobufjs). */
function fileOptions(options: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!options) return undefined;
  return Object.fromEntries(Object.entries(options).map(([k, v]) => [jsonNameOf(k), v]));
}

/**
 * The descriptors of `sources`, in their order. Every file is proto3 and has its own package (a
 * file's types are its package's); every import must be among `sources`.
 */
export function fileDescriptors(sources: readonly ProtoSource[]): FileDescriptor[] {
  const root = new protobuf.Root();
  const parsed = sources.map((s) => {
    const text = readFileSync(s.path, 'utf8');
    if (!/^\s*syntax\s*=\s*"proto3"\s*;/m.test(text)) throw new Error(`file-descriptors: ${s.name} is not proto3`);
    const r = protobuf.parse(text, root, { keepCase: true });
    if (!r.package) throw new Error(`file-descriptors: ${s.name} has no package`);
    return { source: s, pkg: r.package, imports: [...(r.imports ?? []), ...(r.weakImports ?? [])] };
  });
  root.resolveAll();
  const names = new Set(sources.map((s) => s.name));
  return parsed.map(({ source, pkg, imports }) => {
    for (const i of imports) if (!names.has(i)) throw new Error(`file-descriptors: ${source.name} imports ${i}, which is not among the served files`);
    const ns = root.lookup(pkg) as protobuf.Namespace;
    const members = ns.nestedArray;
    const options = fileOptions(ns.options as Record<string, unknown> | undefined);
    return {
      name: source.name,
      package: pkg,
      dependency: imports,
      messageType: members.filter((n): n is protobuf.Type => n instanceof protobuf.Type).map(messageProto),
      enumType: members.filter((n): n is protobuf.Enum => n instanceof protobuf.Enum).map(enumProto),
      service: members.filter((n): n is protobuf.Service => n instanceof protobuf.Service).map(serviceProto),
      ...(options ? { options } : {}),
      syntax: 'proto3',
    };
  });
}

/** The wire bytes of one descriptor (what reflection sends). */
export function encodeFileDescriptor(file: FileDescriptor): Uint8Array {
  const T = descriptorTypes.FileDescriptorProto;
  return T.encode(T.fromObject(file)).finish();
}
