// Bundles the bench and the docs generator for plain `node`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleNode } from '../scripts/bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const external = ['autocannon', 'highs', 'better-sqlite3', 'pg', 'bullmq', 'ioredis', 'piscina', '*.node', '@grpc/grpc-js', '@grpc/proto-loader', '@grpc/reflection', 'grpc-health-check', 'protobufjs', '@fastify/swagger', '@fastify/swagger-ui'];
await bundleNode({ entry: join(here, 'src/bench/main.ts'), outfile: join(here, 'dist/bench.mjs'), external });
await bundleNode({ entry: join(here, 'src/docs/write-error-docs.ts'), outfile: join(here, 'dist/write-error-docs.mjs'), external });
await bundleNode({ entry: join(here, 'src/fuzz/soak.ts'), outfile: join(here, 'dist/fuzz-soak.mjs'), external });
await bundleNode({ entry: join(here, 'src/load/main.ts'), outfile: join(here, 'dist/load.mjs'), external });
await bundleNode({ entry: join(here, 'src/load/mcp.ts'), outfile: join(here, 'dist/load-mcp.mjs'), external });
await bundleNode({ entry: join(here, 'src/load/floods.ts'), outfile: join(here, 'dist/load-floods.mjs'), external });
await bundleNode({ entry: join(here, 'src/load/doors.ts'), outfile: join(here, 'dist/load-doors.mjs'), external });
await bundleNode({ entry: join(here, 'src/load/doors-grpc-worker.ts'), outfile: join(here, 'dist/load-doors-grpc-worker.mjs'), external });
await bundleNode({ entry: join(here, 'src/load/evloop-probes.ts'), outfile: join(here, 'dist/load-evloop-probes.mjs'), external });
await bundleNode({ entry: join(here, 'src/load/evloop.ts'), outfile: join(here, 'dist/load-evloop.mjs'), external });
await bundleNode({ entry: join(here, 'src/load/rss-sampler.ts'), outfile: join(here, 'dist/load-rss-sampler.mjs'), external });
await bundleNode({ entry: join(here, 'src/load/raw-memory.ts'), outfile: join(here, 'dist/load-raw-memory.mjs'), external });
await bundleNode({ entry: join(here, 'src/behaviour/dump.ts'), outfile: join(here, 'dist/behaviour-dump.mjs'), external });
await bundleNode({ entry: join(here, 'src/cluster/main.ts'), outfile: join(here, 'dist/start-cluster.mjs'), external });
