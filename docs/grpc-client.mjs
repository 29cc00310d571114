// A gRPC call of the service from plain Node (docs and the README run it):
//   node docs/grpc-client.mjs [host:port]      (default 127.0.0.1:50051; SVC_API_KEY or the sandbox token)
// Problems and answers travel as google.protobuf.Struct (JSON), so the client converts plain JSON
// to and from Struct; faults carry the problem document in the `svc-problem-bin` trailer.
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

const address = process.argv[2] ?? '127.0.0.1:50051';
const base = process.env.SVC_BASE_URL ?? 'http://127.0.0.1:8080';
const token = process.env.SVC_API_KEY ?? (await (await fetch(`${base}/api/v1/sandbox`)).json()).token;

const proto = new URL('../apps/grpc/proto/svc/v1/solver.proto', import.meta.url).pathname;
const pkg = grpc.loadPackageDefinition(protoLoader.loadSync(proto, { keepCase: true, longs: Number, enums: String, oneofs: true }));
const solver = new pkg.svc.v1.Solver(address, grpc.credentials.createInsecure());

const toValue = (x) =>
  x === null ? { nullValue: 0 }
  : typeof x === 'number' ? { numberValue: x }
  : typeof x === 'string' ? { stringValue: x }
  : typeof x === 'boolean' ? { boolValue: x }
  : Array.isArray(x) ? { listValue: { values: x.map(toValue) } }
  : { structValue: toStruct(x) };
const toStruct = (o) => ({ fields: Object.fromEntries(Object.entries(o).map(([k, v]) => [k, toValue(v)])) });
const fromValue = (v) =>
  v.kind === 'structValue' ? fromStruct(v.structValue)
  : v.kind === 'listValue' ? (v.listValue.values ?? []).map(fromValue)
  : v.kind === 'nullValue' ? null
  : v[v.kind];
const fromStruct = (s) => Object.fromEntries(Object.entries(s.fields ?? {}).map(([k, v]) => [k, fromValue(v)]));

const metadata = new grpc.Metadata();
metadata.set('authorization', `Bearer ${token}`);
const problem = {
  tag: 'svc-cortex-v1',
  description: 'Split five offices into two teams to maximise cross-team links.',
  n: 5,
  edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]],
};
solver.Solve({ command: 'maxcut', problem: toStruct(problem), effort: 'medium', seed: 0 }, metadata, (err, reply) => {
  solver.close();
  if (err) {
    const doc = err.metadata.get('svc-problem-bin')[0];
    console.error(`gRPC ${grpc.status[err.code]}: ${doc ? doc.toString() : err.details}`);
    process.exit(1);
  }
  const { cut_value, certainty, receipt } = fromStruct(reply.result ?? reply.queued);
  console.log(JSON.stringify({ cut_value, certainty, receipt }));
});
