import path from 'node:path';
import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonNameOf } from './file-descriptors';
import { ring, startTestDoor, type TestDoor } from '../test/harness';

const require = createRequire(import.meta.url);
const descriptor = require('protobufjs/ext/descriptor') as { FileDescriptorProto: protobuf.Type; FileDescriptorSet: protobuf.Type };

interface FieldProto { name: string; number: number; label: number; type: number; typeName?: string; oneofIndex?: number; jsonName?: string; proto3Optional?: boolean }
interface MessageProto { name: string; field?: FieldProto[]; nestedType?: MessageProto[]; enumType?: { name: string }[]; oneofDecl?: { name: string }[]; options?: { mapEntry?: boolean } }
interface FileProto { name: string; package: string; dependency?: string[]; messageType?: MessageProto[]; enumType?: { name: string }[]; service?: { name: string; method: { name: string; inputType: string; outputType: string; serverStreaming?: boolean }[] }[]; syntax?: string }

/**
 * A reflection client that knows only grpc.reflection.v1 (as grpcurl or grpcio's reflection
 * client do): lists the services, asks for the file of each, then for every dependency by name.
 */
async function discover(address: string): Promise<{ services: string[]; files: Map<string, FileProto> }> {
  const reflectionProto = path.join(path.dirname(require.resolve('@grpc/reflection/package.json')), 'build', 'proto', 'grpc', 'reflection', 'v1', 'reflection.proto');
  const def = protoLoader.loadSync(reflectionProto, { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true });
  const Reflection = (grpc.loadPackageDefinition(def) as any).grpc.reflection.v1.ServerReflection;
  const rc = new Reflection(address, grpc.credentials.createInsecure());
  const stream = rc.ServerReflectionInfo();
  const replies: any[] = [];
  let wake: (() => void) | null = null;
  stream.on('data', (m: any) => {
    replies.push(m);
    wake?.();
  });
  const ask = async (req: Record<string, unknown>): Promise<any> => {
    stream.write(req);
    while (replies.length === 0) await new Promise<void>((r) => { wake = r; });
    const m = replies.shift();
    if (m.error_response) throw new Error(`reflection: ${m.error_response.error_message}`);
    return m;
  };
  const services = ((await ask({ list_services: '*' })).list_services_response.service as { name: string }[]).map((s) => s.name);
  const files = new Map<string, FileProto>();
  const take = (m: any) => {
    for (const bytes of m.file_descriptor_response.file_descriptor_proto as Buffer[]) {
      const f = descriptor.FileDescriptorProto.toObject(descriptor.FileDescriptorProto.decode(bytes), { defaults: false }) as unknown as FileProto;
      files.set(f.name, f);
    }
  };
  for (const s of services) take(await ask({ file_containing_symbol: s }));
  for (let added = true; added;) {
    added = false;
    for (const f of [...files.values()]) {
      for (const dep of f.dependency ?? []) {
        if (!files.has(dep)) {
          take(await ask({ file_by_filename: dep }));
          added = true;
        }
      }
    }
  }
  stream.end();
  rc.close();
  return { services, files };
}

/**
 * What a strict descriptor pool (protobuf's C++ DescriptorPool, grpcio's) checks when a file is
 * added: its dependencies were added first, and every type it names is defined in it or in one of
 * the files it imports. Returns the problems found.
 */
function strictPoolProblems(files: Map<string, FileProto>): string[] {
  const problems: string[] = [];
  const defined = new Map<string, string>();
  const collect = (file: string, prefix: string, msgs: MessageProto[] = [], enums: { name: string }[] = []) => {
    for (const e of enums) defined.set(`${prefix}.${e.name}`, file);
    for (const m of msgs) {
      defined.set(`${prefix}.${m.name}`, file);
      collect(file, `${prefix}.${m.name}`, m.nestedType, m.enumType);
    }
  };
  for (const f of files.values()) collect(f.name, `.${f.package}`, f.messageType, f.enumType);
  for (const f of files.values()) {
    const visible = new Set([f.name, ...(f.dependency ?? [])]);
    for (const d of f.dependency ?? []) if (!files.has(d)) problems.push(`${f.name}: dependency ${d} not served`);
    const check = (where: string, typeName: string | undefined) => {
      if (typeName === undefined) return;
      if (!typeName.startsWith('.')) problems.push(`${where}: type name ${typeName} is not fully qualified`);
      const home = defined.get(typeName);
      if (home === undefined) problems.push(`${where}: ${typeName} is defined nowhere`);
      else if (!visible.has(home)) problems.push(`${where}: ${typeName} is in ${home}, which ${f.name} does not import`);
    };
    const walk = (prefix: string, msgs: MessageProto[] = []) => {
      for (const m of msgs) {
        for (const fld of m.field ?? []) {
          check(`${prefix}.${m.name}.${fld.name}`, fld.typeName);
          if (fld.oneofIndex !== undefined && (m.oneofDecl ?? [])[fld.oneofIndex] === undefined) problems.push(`${prefix}.${m.name}.${fld.name}: oneof_index out of range`);
        }
        walk(`${prefix}.${m.name}`, m.nestedType);
      }
    };
    walk(f.package, f.messageType);
    for (const s of f.service ?? []) for (const m of s.method) {
      check(`${s.name}.${m.name} input`, m.inputType);
      check(`${s.name}.${m.name} output`, m.outputType);
    }
  }
  return problems;
}

let t: TestDoor;
beforeAll(async () => {
  t = await startTestDoor();
}, 60_000);
afterAll(async () => t?.close());

describe('reflection serves real descriptors: a client can discover and call everything by reflection alone', () => {
  it('lists the Solver and health, under their real file names, with struct.proto as a real dependency', async () => {
    const { services, files } = await discover(t.srv.address);
    expect(services).toEqual(expect.arrayContaining(['svc.v1.Solver', 'grpc.health.v1.Health']));
    expect([...files.keys()].sort()).toEqual(['google/protobuf/struct.proto', 'grpc/health/v1/health.proto', 'svc/v1/solver.proto']);
    expect(files.get('svc/v1/solver.proto')!.dependency).toEqual(['google/protobuf/struct.proto']);
    expect(strictPoolProblems(files)).toEqual([]);
  });

  it('google.protobuf.Struct, Value and ListValue are the official descriptors (snake_case, Struct.FieldsEntry, the kind oneof)', async () => {
    const { files } = await discover(t.srv.address);
    const struct = files.get('google/protobuf/struct.proto')!;
    expect(struct.package).toBe('google.protobuf');
    expect(struct.syntax).toBe('proto3');
    const msg = (name: string) => struct.messageType!.find((m) => m.name === name)!;
    const fields = (m: MessageProto) => (m.field ?? []).map((f) => [f.name, f.number, f.label, f.type, f.typeName ?? null, f.oneofIndex ?? null, f.jsonName]);
    expect(fields(msg('Struct'))).toEqual([['fields', 1, 3, 11, '.google.protobuf.Struct.FieldsEntry', null, 'fields']]);
    const entry = msg('Struct').nestedType!.find((n) => n.name === 'FieldsEntry')!;
    expect(entry.options?.mapEntry).toBe(true);
    expect(fields(entry)).toEqual([['key', 1, 1, 9, null, null, 'key'], ['value', 2, 1, 11, '.google.protobuf.Value', null, 'value']]);
    expect(msg('Value').oneofDecl).toEqual([{ name: 'kind' }]);
    expect(fields(msg('Value'))).toEqual([
      ['null_value', 1, 1, 14, '.google.protobuf.NullValue', 0, 'nullValue'],
      ['number_value', 2, 1, 1, null, 0, 'numberValue'],
      ['string_value', 3, 1, 9, null, 0, 'stringValue'],
      ['bool_value', 4, 1, 8, null, 0, 'boolValue'],
      ['struct_value', 5, 1, 11, '.google.protobuf.Struct', 0, 'structValue'],
      ['list_value', 6, 1, 11, '.google.protobuf.ListValue', 0, 'listValue'],
    ]);
    expect(fields(msg('ListValue'))).toEqual([['values', 1, 3, 11, '.google.protobuf.Value', null, 'values']]);
    expect(struct.enumType).toEqual([{ name: 'NullValue', value: [{ name: 'NULL_VALUE', number: 0 }] }]);
  });

  it('proto3 optional fields carry proto3_optional and synthetic oneofs after the real ones', async () => {
    const { files } = await discover(t.srv.address);
    const solver = files.get('svc/v1/solver.proto')!;
    const req = solver.messageType!.find((m) => m.name === 'SolveRequest')!;
    const command = req.field!.find((f) => f.name === 'command')!;
    expect(command.proto3Optional).toBe(true);
    expect(req.oneofDecl![command.oneofIndex!]).toEqual({ name: '_command' });
    const problem = req.field!.find((f) => f.name === 'problem')!;
    expect([problem.typeName, problem.oneofIndex, problem.proto3Optional]).toEqual(['.google.protobuf.Struct', undefined, undefined]);
    const reply = solver.messageType!.find((m) => m.name === 'SolveReply')!;
    expect(reply.oneofDecl).toEqual([{ name: 'outcome' }]);
  });

  it('a client built from the reflected descriptors alone calls Capabilities and Solve', async () => {
    const { files } = await discover(t.srv.address);
    const root = (protobuf.Root as unknown as { fromDescriptor(set: unknown): protobuf.Root }).fromDescriptor(descriptor.FileDescriptorSet.fromObject({ file: [...files.values()] }));
    root.resolveAll();
    const service = root.lookupService('svc.v1.Solver');
    // Every message type of the service resolves, down to the well-known types.
    for (const m of service.methodsArray) {
      expect(m.resolvedRequestType, m.name).toBeInstanceOf(protobuf.Type);
      expect(m.resolvedResponseType, m.name).toBeInstanceOf(protobuf.Type);
    }
    expect(Object.keys(root.lookupType('google.protobuf.Value').fields)).toEqual(['null_value', 'number_value', 'string_value', 'bool_value', 'struct_value', 'list_value']);
    const definition: grpc.ServiceDefinition = Object.fromEntries(service.methodsArray.map((m: protobuf.Method) => {
      const req = m.resolvedRequestType!;
      const res = m.resolvedResponseType!;
      return [m.name, {
        path: `/svc.v1.Solver/${m.name}`,
        requestStream: false,
        responseStream: !!m.responseStream,
        requestSerialize: (o: object) => Buffer.from(req.encode(req.fromObject(o)).finish()),
        requestDeserialize: (b: Buffer) => req.decode(b),
        responseSerialize: (o: object) => Buffer.from(res.encode(res.fromObject(o)).finish()),
        responseDeserialize: (b: Buffer) => res.toObject(res.decode(b), { oneofs: true }),
      }];
    }));
    const Client = grpc.makeGenericClientConstructor(definition, 'svc.v1.Solver');
    const client = new Client(t.srv.address, grpc.credentials.createInsecure()) as unknown as Record<string, Function> & grpc.Client;
    const call = (method: string, msg: object, md = new grpc.Metadata()) =>
      new Promise<any>((resolve, reject) => client[method].call(client, msg, md, (e: Error | null, r: unknown) => (e ? reject(e) : resolve(r))));
    // protobufjs builds no map from a descriptor: Struct.fields is the repeated FieldsEntry the map is on the wire.
    const toValue = (x: unknown): object =>
      typeof x === 'number' ? { number_value: x } : typeof x === 'string' ? { string_value: x } : Array.isArray(x) ? { list_value: { values: x.map(toValue) } } : { struct_value: toStruct(x as object) };
    const toStruct = (o: object) => ({ fields: Object.entries(o).map(([key, v]) => ({ key, value: toValue(v) })) });
    const field = (s: { fields: { key: string; value: any }[] }, key: string) => s.fields.find((e) => e.key === key)?.value;
    const caps = await call('Capabilities', {});
    expect(field(caps, 'commands').list_value.values.length).toBeGreaterThan(5);
    const md = new grpc.Metadata();
    md.set('authorization', `Bearer ${t.token}`);
    const solved = await call('Solve', { command: 'maxcut', problem: toStruct(ring(5)), seed: 1 }, md);
    expect(solved.outcome).toBe('result');
    expect(field(solved.result, 'cut_value')).toMatchObject({ number_value: 4 });
    client.close();
  });
});

describe('jsonNameOf', () => {
  it('is protoc\'s json_name', () => {
    expect(['null_value', 'max_latency_ms', 'job_id', 'fields', 'a_b_c'].map(jsonNameOf)).toEqual(['nullValue', 'maxLatencyMs', 'jobId', 'fields', 'aBC']);
  });
});
