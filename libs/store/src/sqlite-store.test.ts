import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { MIGRATIONS, openSqliteStore, type Store } from './index';

// SQLite-only details; what every store does is in the contract suite (store-contract.test.ts).
const dirs: string[] = [];
const stores: Store[] = [];
function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-store-'));
  dirs.push(d);
  return d;
}
async function open(dataDir: string) {
  const s = await openSqliteStore({ dataDir });
  stores.push(s);
  return s;
}

afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('openSqliteStore', () => {
  it('creates a missing data dir, uses WAL and applies every migration once', async () => {
    const dir = path.join(tmp(), 'nested', 'data');
    const s = await open(dir);
    expect(fs.existsSync(path.join(dir, 'svc.sqlite'))).toBe(true);
    expect(await s.schemaVersion()).toBe(Math.max(...MIGRATIONS.map((m) => m.version)));
    await s.close();
    const raw = new Database(path.join(dir, 'svc.sqlite'));
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    const rows = raw.prepare('SELECT version FROM schema_migrations').all();
    raw.close();
    expect(rows).toHaveLength(MIGRATIONS.length);
    // Reopening must not re-run applied migrations (CREATE TABLE would throw).
    const again = await open(dir);
    expect(await again.schemaVersion()).toBe(Math.max(...MIGRATIONS.map((m) => m.version)));
  });

  it('measures the free space of its volume', async () => {
    const s = await open(tmp());
    const check = await s.storageCheck();
    expect(check.writable).toBe(true);
    expect(check.freeBytes).toBeGreaterThan(0);
  });
});

describe('the embedded node', () => {
  it('is one node without a lease: recovery at start settles every leftover, its own included (call it once, before serving)', async () => {
    const s = await open(tmp());
    expect(s.lease).toEqual({ nodeId: 'embedded', leaseMs: null });
    expect(await s.heartbeat()).toBe(true);
    await s.claimIdempotencyKey('p1', 'K1', 'f', 1000, 900_000, 86_400_000);
    await s.consumeUnits('p1', '2026-11-01', 5, 100, { holdId: 'h', createdAt: 1 });
    expect(await s.recoverInterrupted()).toEqual({ refundedHolds: 1, refundedUnits: 5, releasedKeys: 1, requeuedJobs: 0 });
    expect((await s.usage('p1', '2026-11-01')).units).toBe(0);
  });
});
