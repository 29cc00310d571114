/// <reference path="./internal/pg.d.ts" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { POSTGRES_MIGRATIONS, isStoreUnavailable, openPostgresStore, openStore, type PostgresStoreOptions, type Store } from './index';
import { postgresBinDir, postgresRequired, startThrowawayPostgres, type ThrowawayPostgres } from './testing/index';

// PostgreSQL-only behaviour: node leases between two (or three) stores acting as nodes of one
// database, migrations raced by nodes starting together, and the openStore chooser. What every
// store does is in the contract suite (store-contract.test.ts).
const skip = postgresBinDir() === null && !postgresRequired();
if (skip) console.warn('[postgres store] PostgreSQL binaries not found (install postgresql-15, or set SVC_PG_BIN): skipped here (never under CI=true)');

const DAY = '2026-11-01';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const NOTHING = { refundedHolds: 0, refundedUnits: 0, releasedKeys: 0, requeuedJobs: 0 };
const job = (id: string) => ({
  jobId: id, principal: 'p1', owner: null, command: 'optimize', lane: 'json' as const, request: '{}',
  computeUnits: 10, chargeDay: DAY, allowance: 100, createdAt: 1000,
});

describe.skipIf(skip)('PostgreSQL store', () => {
  let server: ThrowawayPostgres;
  const stores: Store[] = [];
  const node = async (url: string, o: Partial<PostgresStoreOptions> = {}) => {
    const s = await openPostgresStore({ url, leaseMs: 1000, heartbeatMs: 0, ...o });
    stores.push(s);
    return s;
  };
  beforeAll(async () => {
    server = await startThrowawayPostgres();
  }, 120_000);
  afterAll(() => server?.stop(), 60_000);
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
  });

  describe('node leases', () => {
    it("never settles a live node's calls; settles them once after its lease expires; the late owner finds them settled", async () => {
      const url = await server.createDatabase();
      const a = await node(url, { nodeId: 'node-a' });
      const b = await node(url, { nodeId: 'node-b' });
      await a.claimIdempotencyKey('p1', 'K', 'f', 1000, 900_000, 86_400_000);
      await a.consumeUnits('p1', DAY, 10, 100, { holdId: 'h', createdAt: 1000 });
      await a.insertJob(job('j'), { maxInflight: 9, maxQueued: 9 });
      await a.consumeUnits('p1', DAY, 10, 100);
      expect((await a.claimJob(1100, 'j'))!.attempts).toBe(1);
      // A heartbeats for 1.5 leases: B's recoveries find nothing to settle.
      for (let k = 0; k < 3; k++) {
        await sleep(500);
        expect(await a.heartbeat()).toBe(true);
        expect(await b.recoverInterrupted()).toEqual(NOTHING);
      }
      // A stops heartbeating (it hangs, or died): not yet expired, still nothing.
      await sleep(400);
      expect(await b.recoverInterrupted()).toEqual(NOTHING);
      expect((await b.usage('p1', DAY)).units).toBe(20);
      // Past the lease: B settles A's hold, key and job, in one step, once.
      await sleep(800);
      expect(await b.recoverInterrupted()).toEqual({ refundedHolds: 1, refundedUnits: 10, releasedKeys: 1, requeuedJobs: 1 });
      expect(await b.recoverInterrupted()).toEqual(NOTHING);
      expect((await b.usage('p1', DAY)).units).toBe(10);
      expect(await b.claimIdempotencyKey('p1', 'K', 'f', 2000, 900_000, 86_400_000)).toEqual({ state: 'claimed' });
      // A wakes up late: its answer is not billed again nor its refund made twice, and its job is no longer its own.
      expect(await a.settleHold('h', { refund: false })).toBe(false);
      expect((await b.claimJob(3100))!).toMatchObject({ jobId: 'j', attempts: 2 });
      expect(await a.finishJob('j', { status: 'done', at: 3200, result: '{}', billedUnits: 10 })).toBe(false);
      expect(await b.finishJob('j', { status: 'done', at: 3300, result: '{"by":"b"}', billedUnits: 10 })).toBe(true);
      expect((await b.usage('p1', DAY)).units).toBe(10);
      // A's next heartbeat learns it lost its lease and takes a new one; from then on it is live again.
      expect(await a.heartbeat()).toBe(false);
      expect(await a.heartbeat()).toBe(true);
      await a.consumeUnits('p1', DAY, 5, 100, { holdId: 'h2', createdAt: 4000 });
      expect(await b.recoverInterrupted()).toEqual(NOTHING);
      expect(await a.settleHold('h2', { refund: false })).toBe(true);
      expect((await b.usage('p1', DAY)).units).toBe(15);
    }, 60_000);

    it('a node that wrote after its lease was settled takes a new lease on that write, so its new calls are its own', async () => {
      const url = await server.createDatabase();
      const a = await node(url, { nodeId: 'node-a' });
      const b = await node(url, { nodeId: 'node-b' });
      await sleep(1200);
      expect(await b.recoverInterrupted()).toEqual(NOTHING); // expired, but owned nothing
      // Its lease row is gone; the next owning write registers it again before writing.
      await a.consumeUnits('p1', DAY, 7, 100, { holdId: 'h', createdAt: 1 });
      expect(await b.recoverInterrupted()).toEqual(NOTHING);
      expect(await a.settleHold('h', { refund: false })).toBe(true);
      expect((await a.usage('p1', DAY)).units).toBe(7);
    }, 30_000);

    it('a node judges other leases only after a lease of its own in touch with the database', async () => {
      const url = await server.createDatabase();
      const a = await node(url);
      await a.consumeUnits('p1', DAY, 4, 100, { holdId: 'h', createdAt: 1 });
      await sleep(1200);
      // A's lease has run out, but B has just arrived (as every node does after an outage): it waits.
      const b = await node(url);
      expect(await b.recoverInterrupted()).toEqual(NOTHING);
      await sleep(1100);
      expect(await b.recoverInterrupted()).toEqual({ ...NOTHING, refundedHolds: 1, refundedUnits: 4 });
    }, 30_000);

    it('the heartbeat of its own keeps a busy node alive indefinitely', async () => {
      const url = await server.createDatabase();
      const a = await node(url, { leaseMs: 600, heartbeatMs: undefined });
      const b = await node(url);
      await a.consumeUnits('p1', DAY, 9, 100, { holdId: 'h', createdAt: 1 });
      await sleep(2000);
      expect(await b.recoverInterrupted()).toEqual(NOTHING);
      expect(await a.settleHold('h', { refund: false })).toBe(true);
    }, 30_000);

    it('a node that closes ends its lease at once: what it left is settled without waiting a lease', async () => {
      const url = await server.createDatabase();
      const a = await node(url, { leaseMs: 600_000 });
      const b = await node(url);
      await a.consumeUnits('p1', DAY, 30, 100, { holdId: 'h', createdAt: 1 });
      await a.close();
      expect(await b.recoverInterrupted()).toEqual({ refundedHolds: 1, refundedUnits: 30, releasedKeys: 0, requeuedJobs: 0 });
      expect((await b.usage('p1', DAY)).units).toBe(0);
    }, 30_000);

    it('recoverers racing over one dead node settle it once', async () => {
      const url = await server.createDatabase();
      const a = await node(url);
      for (let i = 0; i < 6; i++) await a.consumeUnits(`p${i % 2}`, DAY, 5 + i, 100, { holdId: `h${i}`, createdAt: 1 });
      const others = await Promise.all([node(url), node(url), node(url)]);
      await sleep(1200);
      const results = await Promise.all(others.flatMap((o) => [o.recoverInterrupted(), o.recoverInterrupted()]));
      expect(results.reduce((t, r) => t + r.refundedHolds, 0)).toBe(6);
      expect(results.reduce((t, r) => t + r.refundedUnits, 0)).toBe(5 + 6 + 7 + 8 + 9 + 10);
      expect(await others[0].usage('p0', DAY)).toEqual({ units: 0, requests: 3 });
      expect(await others[0].usage('p1', DAY)).toEqual({ units: 0, requests: 3 });
    }, 30_000);
  });

  it('nodes starting together on an empty database apply each migration once', async () => {
    const url = await server.createDatabase();
    const opened = await Promise.all(Array.from({ length: 4 }, () => node(url)));
    const last = Math.max(...POSTGRES_MIGRATIONS.map((m) => m.version));
    for (const s of opened) expect(await s.schemaVersion()).toBe(last);
    expect(new Set(opened.map((s) => s.lease.nodeId)).size).toBe(4);
  }, 30_000);

  it('openStore: PostgreSQL when SVC_DATABASE_URL is set (lease from SVC_NODE_LEASE_SECONDS), else the SQLite file', async () => {
    const url = await server.createDatabase();
    const s = await openStore({ SVC_DATABASE_URL: url, SVC_NODE_LEASE_SECONDS: '7' });
    stores.push(s);
    expect(s.kind).toBe('postgres');
    expect(s.lease.leaseMs).toBe(7000);
    await expect(openStore({ SVC_DATABASE_URL: url, SVC_NODE_LEASE_SECONDS: '1' })).rejects.toThrow(/SVC_NODE_LEASE_SECONDS must be an integer of at least 2, got '1'/);
    await expect(openStore({ SVC_DATABASE_URL: url, SVC_DATABASE_POOL_SIZE: 'ten' })).rejects.toThrow(/SVC_DATABASE_POOL_SIZE/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-open-store-'));
    try {
      const e = await openStore({ SVC_DATABASE_URL: '  ' }, { dataDir: dir });
      expect(e.kind).toBe('sqlite');
      await e.close();
      expect(fs.existsSync(path.join(dir, 'svc.sqlite'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  describe('a database that goes away and comes back (issue 32)', () => {
    it('while it is stopped every call fails with StoreUnavailableError (readiness: unreachable); after the restart the same store works on', async () => {
      const own = await startThrowawayPostgres();
      try {
        const s = await node(await own.createDatabase());
        expect(await s.storageCheck()).toMatchObject({ writable: true, freeBytes: null, detail: 'ok' });
        await s.consumeUnits('p', DAY, 3, 100);
        await own.halt(); // pg_ctl stop -m fast
        for (const call of [() => s.usage('p', DAY), () => s.consumeUnits('p', DAY, 1, 100, { holdId: 'h', createdAt: 1 }), () => s.storageCheck(), () => s.heartbeat()]) {
          const e = await call().then(() => null, (x: unknown) => x);
          expect(isStoreUnavailable(e), String(e)).toBe(true);
          expect((e as Error).message).toMatch(/^PostgreSQL is unavailable \(/);
        }
        await own.resume();
        expect(await s.storageCheck()).toMatchObject({ writable: true, detail: 'ok' });
        expect(await s.consumeUnits('p', DAY, 4, 100, { holdId: 'h', createdAt: 1 })).toEqual({ granted: true, used: 7 });
        expect(await s.settleHold('h', { refund: false })).toBe(true);
        expect(await s.heartbeat()).toBe(true);
      } finally {
        await own.stop();
      }
    }, 90_000);

    it('a connection terminated mid-transaction (pg_terminate_backend) is run again on a fresh one: the write lands once', async () => {
      const url = await server.createDatabase();
      const s = await node(url, { nodeId: 'node-t' });
      await s.insertJob(job('j'), { maxInflight: 9, maxQueued: 9 });
      await s.consumeUnits('p1', DAY, 10, 100);
      expect(await s.claimJob(1100, 'j')).toMatchObject({ status: 'running' });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      try {
        // Hold the rows the store's transactions lock, so each waits inside its transaction; then kill its backend.
        const killWaiting = async () => {
          for (let i = 0; i < 200; i++) {
            const r = await admin.query<{ pid: number }>(
              "SELECT pid FROM pg_stat_activity WHERE application_name LIKE 'svc node-t%' AND wait_event_type = 'Lock'");
            if (r.rows.length > 0) {
              for (const { pid } of r.rows) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
              return r.rows.length;
            }
            await sleep(25);
          }
          throw new Error('no transaction of the store waited on the lock');
        };
        await blocker.query('BEGIN');
        await blocker.query("SELECT * FROM jobs WHERE job_id = 'j' FOR UPDATE");
        const finishing = s.finishJob('j', { status: 'done', at: 2000, result: '{"ok":1}', billedUnits: 4 });
        expect(await killWaiting()).toBe(1);
        await blocker.query('COMMIT');
        expect(await finishing).toBe(true);
        // Ended once, refunded once (10 charged, 4 billed).
        expect(await s.getJob('j')).toMatchObject({ status: 'done', billedUnits: 4, result: '{"ok":1}' });
        expect((await s.usage('p1', DAY)).units).toBe(4);

        await blocker.query('BEGIN');
        await blocker.query("SELECT * FROM usage_daily WHERE principal = 'p1' FOR UPDATE");
        const charging = s.consumeUnits('p1', DAY, 5, 100, { holdId: 'h', createdAt: 1 });
        expect(await killWaiting()).toBe(1);
        await blocker.query('COMMIT');
        expect(await charging).toEqual({ granted: true, used: 9 });
        expect((await s.usage('p1', DAY)).units).toBe(9);
        expect(await s.settleHold('h', { refund: true })).toBe(true);
        expect((await s.usage('p1', DAY)).units).toBe(4);
      } finally {
        await blocker.end().catch(() => undefined);
        await admin.end();
      }
    }, 60_000);

    it('a connection terminated during COMMIT: the outcome is asked of the database (txid_status); not committed, so the transaction runs again and lands once', async () => {
      const url = await server.createDatabase();
      const s = await node(url, { nodeId: 'node-c' });
      await s.insertJob(job('j'), { maxInflight: 9, maxQueued: 9 });
      await s.consumeUnits('p1', DAY, 10, 100);
      expect(await s.claimJob(1100, 'j')).toMatchObject({ status: 'running' });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        // A deferred trigger makes the end's COMMIT take 0.4 s, long enough to terminate the backend in the middle of it.
        await admin.query(`CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.4); RETURN NULL; END $$;
          CREATE CONSTRAINT TRIGGER slow_commit AFTER UPDATE ON jobs DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit()`);
        const finishing = s.finishJob('j', { status: 'done', at: 2000, result: '{"ok":1}', billedUnits: 4 });
        let killed: { pid: number; query: string } | undefined;
        for (let i = 0; i < 200 && !killed; i++) {
          killed = (await admin.query<{ pid: number; query: string }>(
            "SELECT pid, query FROM pg_stat_activity WHERE application_name LIKE 'svc node-c%' AND wait_event = 'PgSleep'")).rows[0];
          if (!killed) await sleep(20);
        }
        expect(killed?.query).toBe('COMMIT');
        await admin.query('SELECT pg_terminate_backend($1)', [killed!.pid]);
        expect(await finishing).toBe(true);
        expect(await s.getJob('j')).toMatchObject({ status: 'done', billedUnits: 4 });
        expect((await s.usage('p1', DAY)).units).toBe(4);
      } finally {
        await admin.end();
      }
    }, 60_000);
  });

  it('an unreachable database fails the open with the connection error', async () => {
    await expect(openPostgresStore({ url: 'postgres://svc@127.0.0.1:1/none' })).rejects.toThrow(/ECONNREFUSED|connect/);
  }, 30_000);
});
