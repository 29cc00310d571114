// Runs test/load.ts under plain node (bundled beside the server's own test bundles, so node_modules resolve).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleNode } from '../../../scripts/bundle.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'dist', 'load.mjs');
await bundleNode({
  entry: path.join(root, 'test', 'load.ts'),
  outfile,
  // esbuild itself builds the server bundles at run time.
  external: ['esbuild', 'better-sqlite3', 'pg', 'piscina', '*.node', '@grpc/grpc-js', '@grpc/proto-loader', '@grpc/reflection', 'grpc-health-check', 'protobufjs'],
});
await import(pathToFileURL(outfile).href);
