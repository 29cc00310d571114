/**
 * `nx run grpc:load` (node apps/grpc/test/load.mjs): the gRPC door under hostile load, figures for
 * docs/reliability.md. Each scenario starts the door in a process of its own (test/serve.ts, ts
 * engine, one worker, default plan caps) and prints a markdown table:
 *
 * - memory: the server's peak RSS before and after 120 MiB Solve messages — one without
 *   credentials, five at once without credentials, one with the public sandbox token — and a
 *   40 MiB one within the sandbox's caps; the time to the answer, the answer, and whether the
 *   server still answers health;
 * - Capabilities flood: 64 channels calling Capabilities without credentials as fast as they can,
 *   from 127.0.0.1, while a victim on another address of this host (its own per-IP allowance)
 *   solves a small maxcut with an API key every 200 ms: the victim's p50/p99 before and during.
 *
 * LOAD_ROOT=<apps/grpc of another checkout> runs that tree's test/serve.ts (e.g. the code before a
 * change); LOAD_PHASE_S sets the flood phases' length (default 15 s); LOAD_SKIP_MEMORY=1 runs the
 * flood alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { startServeChild, type ServeChild } from './serve-child';
import { hugeSolveRequest, rawClient, solveRequestBytes, structBytes, type RawReply } from './wire';
import { ring } from './harness';

const MIB = 1024 * 1024;
const PHASE_S = Number(process.env.LOAD_PHASE_S ?? 15);
const ROOT = process.env.LOAD_ROOT;
const mb = (b: number) => `${Math.round(b / 1e6)} MB`;

async function withServer<T>(grpcOptions: Record<string, unknown>, run: (s: ServeChild) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'svc-grpc-load-'));
  const s = await startServeChild(dir, { grpc: grpcOptions, ...(ROOT ? { root: ROOT } : {}) });
  try {
    return await run(s);
  } finally {
    await Promise.race([s.close(), new Promise((r) => setTimeout(r, 15_000))]);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function health(address: string): Promise<string> {
  const Health = grpc.makeGenericClientConstructor(healthService as grpc.ServiceDefinition, 'grpc.health.v1.Health');
  const hc = new Health(address, grpc.credentials.createInsecure()) as unknown as { check: Function; close(): void };
  try {
    return await new Promise<string>((resolve) => hc.check({ service: 'svc.v1.Solver' }, { deadline: Date.now() + 10_000 }, (e: grpc.ServiceError | null, r: { status: string }) => resolve(e ? `error ${grpc.status[e.code]}` : r.status)));
  } finally {
    hc.close();
  }
}

const outcome = (r: RawReply | Error): string =>
  r instanceof Error ? `error: ${r.message.slice(0, 60)}` : r.ok ? 'OK' : `${grpc.status[r.status]}${r.problem ? ` ${String(r.problem.code)}` : ''}`;

async function memory(): Promise<void> {
  const huge = hugeSolveRequest(120 * MIB);
  const within = hugeSolveRequest(40 * MIB);
  const rows: string[] = [];
  const scenarios: { name: string; calls: (s: ServeChild) => Promise<RawReply>[] }[] = [
    { name: 'one 120 MiB Solve, no credentials', calls: (s) => [rawClient(s.address).call('Solve', huge)] },
    { name: 'five 120 MiB Solves at once, no credentials', calls: (s) => Array.from({ length: 5 }, () => rawClient(s.address).call('Solve', huge)) },
    { name: 'one 120 MiB Solve, public sandbox token', calls: (s) => [rawClient(s.address, s.token).call('Solve', huge)] },
    // Under the sandbox's caps (the JSON is 7.6 MB): read and decoded, then refused by the contracts (no tag).
    { name: 'one 40 MiB Solve within the sandbox caps (7.6 MB of JSON), sandbox token', calls: (s) => [rawClient(s.address, s.token).call('Solve', within)] },
  ];
  for (const sc of scenarios) {
    await withServer({}, async (s) => {
      const before = await s.rss();
      const started = performance.now();
      const died = s.exited.then((code) => new Error(`server exited (${code})`));
      const answers = await Promise.all(sc.calls(s).map((p) => Promise.race([p, died])));
      const ms = performance.now() - started;
      const after = await Promise.race([s.rss().catch((e: Error) => e), died]);
      const peak = after instanceof Error ? 'died' : `${mb(before.maxRss)} → ${mb(after.maxRss)}`;
      const alive = after instanceof Error ? 'no' : await health(s.address);
      const kinds = [...new Set(answers.map(outcome))].join(', ');
      rows.push(`| ${sc.name} | ${kinds} | ${(ms / 1000).toFixed(1)} s | ${peak} | ${alive} |`);
    });
  }
  console.log('\n| messages | answer | time | server peak RSS | health after |\n|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

/** Another address of this host than 127.0.0.1 (the victim's own per-IP allowance), or null. */
function otherAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return null;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

async function flood(): Promise<void> {
  const other = otherAddress();
  if (!other) {
    console.log('\n(no non-loopback IPv4 address: the Capabilities flood needs one for the victim)');
    return;
  }
  await withServer({ host: '0.0.0.0' }, async (s) => {
    const victim = rawClient(`${other}:${s.port}`, s.key);
    const phase = async (label: string, during?: () => { stop(): Promise<Record<string, number>> }) => {
      const load = during?.();
      const lat: number[] = [];
      const end = Date.now() + PHASE_S * 1000;
      let seed = 0;
      while (Date.now() < end) {
        const t0 = performance.now();
        const r = await victim.call('Solve', solveRequestBytes({ command: 'maxcut', problem: structBytes(ring(6)), seed: seed++ }));
        if (!r.ok) throw new Error(`victim refused: ${outcome(r)}`);
        lat.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 200));
      }
      const counts = load ? await load.stop() : {};
      const answered = Object.entries(counts).map(([k, v]) => `${k} ${Math.round(v / PHASE_S)}/s`).join(', ');
      console.log(`| ${label} | ${lat.length} | ${quantile(lat, 0.5).toFixed(1)} ms | ${quantile(lat, 0.99).toFixed(1)} ms | ${answered || '—'} |`);
    };
    console.log(`\n| victim (API key, from ${other}) | solves | p50 | p99 | flood answers (64 channels from 127.0.0.1) |\n|---|---|---|---|---|`);
    await phase('idle');
    await phase('Capabilities flood, no credentials', () => {
      // The flood runs in a process of its own, so its loops do not slow the victim's client.
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
        env: { ...process.env, LOAD_ROLE: 'flood', LOAD_TARGET: `127.0.0.1:${s.port}` },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout!.on('data', (d: Buffer) => { out += String(d); });
      const done = new Promise<void>((r) => child.once('exit', () => r()));
      return {
        async stop() {
          child.stdin!.end();
          await done;
          return JSON.parse(out || '{}') as Record<string, number>;
        },
      };
    });
    await phase('after the flood');
    victim.close();
  });
}

/** LOAD_ROLE=flood: 64 channels call Capabilities without credentials until stdin closes, then print the answers by kind. */
async function floodRole(target: string): Promise<void> {
  const counts: Record<string, number> = {};
  let running = true;
  process.stdin.resume();
  process.stdin.on('end', () => { running = false; });
  const channels = Array.from({ length: 64 }, () => rawClient(target));
  await Promise.all(channels.map(async (c) => {
    while (running) {
      const k = outcome(await c.call('Capabilities', Buffer.alloc(0)));
      counts[k] = (counts[k] ?? 0) + 1;
    }
    c.close();
  }));
  process.stdout.write(JSON.stringify(counts));
}

if (process.env.LOAD_ROLE === 'flood') {
  await floodRole(process.env.LOAD_TARGET!);
} else {
  console.log(`gRPC door load run (${ROOT ? `server from ${ROOT}` : 'this tree'}), node ${process.version}`);
  if (process.env.LOAD_SKIP_MEMORY !== '1') await memory();
  await flood();
}
process.exit(0);
