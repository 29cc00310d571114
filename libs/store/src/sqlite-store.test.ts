import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { MIGRATIONS, openSqliteStore, utcDay, type Store } from './index';

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
});

describe('usage counters', () => {
  it('charges atomically up to the limit, per principal and per day', async () => {
    const s = await open(tmp());
    expect(await s.usage('ip:1', '2026-11-01')).toEqual({ units: 0, requests: 0 });
    expect(await s.consumeUnits('ip:1', '2026-11-01', 6, 10)).toEqual({ granted: true, used: 6 });
    expect(await s.consumeUnits('ip:1', '2026-11-01', 5, 10)).toEqual({ granted: false, used: 6 });
    expect(await s.consumeUnits('ip:1', '2026-11-01', 4, 10)).toEqual({ granted: true, used: 10 });
    expect(await s.usage('ip:1', '2026-11-01')).toEqual({ units: 10, requests: 2 });
    // Another principal and another day are independent.
    expect(await s.consumeUnits('ip:2', '2026-11-01', 3, 10)).toEqual({ granted: true, used: 3 });
    expect(await s.consumeUnits('ip:1', '2026-11-02', 3, 10)).toEqual({ granted: true, used: 3 });
  });

  it('refunds without going below zero and persists across reopen', async () => {
    const dir = tmp();
    const s = await openSqliteStore({ dataDir: dir });
    await s.consumeUnits('k', '2026-11-01', 7, 100);
    expect(await s.refundUnits('k', '2026-11-01', 2)).toEqual({ units: 5, requests: 1 });
    expect(await s.refundUnits('k', '2026-11-01', 50)).toEqual({ units: 0, requests: 1 });
    await s.consumeUnits('k', '2026-11-01', 9, 100);
    await s.close();
    const again = await open(dir);
    expect(await again.usage('k', '2026-11-01')).toEqual({ units: 9, requests: 2 });
  });

  it('rejects non-integer charges', async () => {
    const s = await open(tmp());
    await expect(s.consumeUnits('k', 'd', 1.5, 10)).rejects.toThrow(RangeError);
    await expect(s.refundUnits('k', 'd', -1)).rejects.toThrow(RangeError);
  });
});

describe('sandbox tokens', () => {
  it('adds, lists newest first, finds and retires tokens', async () => {
    const s = await open(tmp());
    expect(await s.activeSandboxTokens()).toEqual([]);
    await s.addSandboxToken('tok_a', 1000);
    await s.addSandboxToken('tok_b', 2000);
    const again = await s.addSandboxToken('tok_a', 5000);
    expect(again).toEqual({ token: 'tok_a', createdAt: 1000, retiredAt: null });
    expect((await s.activeSandboxTokens()).map((t) => t.token)).toEqual(['tok_b', 'tok_a']);
    await s.retireSandboxToken('tok_b', 3000);
    expect((await s.activeSandboxTokens()).map((t) => t.token)).toEqual(['tok_a']);
    expect(await s.findSandboxToken('tok_b')).toEqual({ token: 'tok_b', createdAt: 2000, retiredAt: 3000 });
    expect(await s.findSandboxToken('nope')).toBeNull();
  });

  it('refuses use after close', async () => {
    const s = await openSqliteStore({ dataDir: tmp() });
    await s.close();
    await expect(s.usage('k', 'd')).rejects.toThrow(/closed/);
  });
});

describe('utcDay', () => {
  it('is the UTC calendar day', () => {
    expect(utcDay(Date.UTC(2026, 10, 1, 23, 59, 59, 999))).toBe('2026-11-01');
    expect(utcDay(Date.UTC(2026, 10, 2, 0, 0, 0, 0))).toBe('2026-11-02');
  });
});
