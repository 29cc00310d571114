// Bundles the server for plain `node` (npm start). Native and worker-pool packages stay external:
// better-sqlite3 and the engine addon load .node files (pg, the PostgreSQL client, stays beside them), piscina spawns workers by file path, and
// the gRPC health and reflection services read their .proto files from their package folders, and
// Swagger UI (/docs) serves its static files from its own.
// The Solver .proto is copied beside the bundle (dist/proto), where apps/grpc looks for it.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleNode } from '../../scripts/bundle.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const external = ['better-sqlite3', 'pg', 'bullmq', 'ioredis', 'piscina', '*.node', '@grpc/grpc-js', '@grpc/proto-loader', '@grpc/reflection', 'grpc-health-check', 'protobufjs', '@fastify/swagger', '@fastify/swagger-ui'];
cpSync(path.join(root, '..', 'grpc', 'proto'), path.join(root, 'dist', 'proto'), { recursive: true });
await bundleNode({
  entry: path.join(root, 'src/main.ts'),
  outfile: path.join(root, 'dist/main.mjs'),
  external,
});
// The operator command (`npm run svc-admin -- …`).
await bundleNode({
  entry: path.join(root, 'src/admin.ts'),
  outfile: path.join(root, 'dist/svc-admin.mjs'),
  external,
});
