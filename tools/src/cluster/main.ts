/**
 * `npm run start:cluster`: the distributed deployment on this machine — a throwaway PostgreSQL and
 * Redis on loopback, two HTTP nodes and three workers — with their URLs printed; Ctrl-C stops
 * them all and deletes their data. CLUSTER_NODES and CLUSTER_WORKERS change the counts.
 */
import { startCluster } from './cluster';

function count(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 16) {
    process.stderr.write(`start-cluster: ${name} must be an integer 1..16, got '${raw}'\n`);
    process.exit(1);
  }
  return n;
}

const cluster = await startCluster({
  nodes: count('CLUSTER_NODES', 2),
  workers: count('CLUSTER_WORKERS', 3),
  onLine: (name, line) => {
    if (line.trim()) process.stderr.write(`[${name}] ${line}\n`);
  },
});
const out = [
  `PostgreSQL  ${cluster.databaseUrl}`,
  `Redis       ${cluster.redis.url}`,
  ...cluster.nodes.map((n) => `${n.name.padEnd(11)} ${n.url}  (gRPC ${n.grpc ?? 'off'})`),
  ...cluster.workers.map((w) => `${w.name.padEnd(11)} ${w.url}/metrics`),
  `sandbox     Authorization: Bearer ${cluster.sandboxToken}`,
  'Ctrl-C stops them all.',
];
process.stdout.write(`${out.join('\n')}\n`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  process.stdout.write('stopping the cluster…\n');
  cluster.stop().then(() => process.exit(0), (e) => {
    process.stderr.write(`start-cluster: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
