/// <reference path="./internal/better-sqlite3.d.ts" />
import type Database from 'better-sqlite3';
import type { JobAdmission, JobLink, JobOutcome, JobRecord, JobStatus, JobStore, NewJob } from './job-store';
import { completeIdempotency } from './internal/idempotency-sql';
import { checkUnits, toJob, withBlob, type JobRow } from './internal/job-rows';

/**
 * The SQLite half of `JobStore`, over the store's own connection. Refunds write the
 * `usage_daily` row charged at acceptance, inside the transaction that ends the job.
 */
export function sqliteJobStore(db: Database.Database, live: () => void): JobStore {
  const q = {
    insert: db.prepare<[string, string, string | null, string, string, string, Uint8Array | null, number, string, number, number, string | null]>(
      `INSERT INTO jobs (job_id, principal, owner, command, lane, status, request, request_blob, compute_units, charge_day, allowance, created_at, progress)
       VALUES (?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?)`,
    ),
    inflight: db.prepare<[string], { c: number }>("SELECT COUNT(*) AS c FROM jobs WHERE principal = ? AND status IN ('queued', 'running')"),
    count: db.prepare<[string], { c: number }>('SELECT COUNT(*) AS c FROM jobs WHERE status = ?'),
    get: db.prepare<[string], JobRow>('SELECT * FROM jobs WHERE job_id = ?'),
    oldestQueuedAt: db.prepare<[], { at: number | null }>("SELECT MIN(created_at) AS at FROM jobs WHERE status = 'queued'"),
    oldestQueued: db.prepare<[], { job_id: string }>("SELECT job_id FROM jobs WHERE status = 'queued' ORDER BY created_at, job_id LIMIT 1"),
    claim: db.prepare<[number, string]>(
      "UPDATE jobs SET status = 'running', started_at = ?, attempts = attempts + 1 WHERE job_id = ? AND status = 'queued'",
    ),
    finish: db.prepare<[string, number, number, string | null, string | null, string | null, string]>(
      `UPDATE jobs SET status = ?, finished_at = ?, billed_units = ?, result = ?, error = ?, progress = COALESCE(?, progress)
       WHERE job_id = ?`,
    ),
    refund: db.prepare<[number, string, string]>('UPDATE usage_daily SET units = MAX(0, units - ?) WHERE principal = ? AND day = ?'),
    cancel: db.prepare<[string]>("UPDATE jobs SET cancel_requested = 1 WHERE job_id = ? AND status IN ('queued', 'running')"),
    progress: db.prepare<[string, string]>("UPDATE jobs SET progress = ? WHERE job_id = ? AND status IN ('queued', 'running')"),
    requeue: db.prepare<[]>("UPDATE jobs SET status = 'queued' WHERE status = 'running'"),
    queued: db.prepare<[number], { job_id: string; attempts: number }>("SELECT job_id, attempts FROM jobs WHERE status = 'queued' ORDER BY created_at, job_id LIMIT ?"),
    list: db.prepare<[string, number], JobRow>('SELECT * FROM jobs WHERE principal = ? ORDER BY created_at DESC, job_id LIMIT ?'),
    dropHold: db.prepare<[string]>('DELETE FROM charge_holds WHERE hold_id = ?'),
    // The request bytes live apart from the row (job-migrations.ts 11): read by a claim, dropped when the job ends.
    putBlob: db.prepare<[string, Uint8Array]>('INSERT INTO job_request_blobs (job_id, bytes) VALUES (?, ?)'),
    getBlob: db.prepare<[string], { bytes: Uint8Array }>('SELECT bytes FROM job_request_blobs WHERE job_id = ?'),
    dropBlob: db.prepare<[string]>('DELETE FROM job_request_blobs WHERE job_id = ?'),
  };
  const completeIdem = completeIdempotency(db);

  const insert = db.transaction((job: NewJob, admission: JobAdmission, link: JobLink | undefined): 'inserted' | 'inflight' | 'queue_full' => {
    if (q.inflight.get(job.principal)!.c >= admission.maxInflight) return 'inflight';
    if (q.count.get('queued')!.c >= admission.maxQueued) return 'queue_full';
    q.insert.run(
      job.jobId, job.principal, job.owner, job.command, job.lane, job.request, null,
      job.computeUnits, job.chargeDay, job.allowance, job.createdAt, job.progress ?? null,
    );
    if (job.requestBlob) q.putBlob.run(job.jobId, job.requestBlob);
    // The held charge becomes the job's, and a keyed request's 202 is stored, in this one commit.
    if (link?.holdId !== undefined && q.dropHold.run(link.holdId).changes !== 1) {
      throw new Error(`charge hold ${link.holdId} is gone: the job is not inserted`);
    }
    if (link?.idempotency) completeIdem(link.idempotency);
    return 'inserted';
  });

  const claim = db.transaction((at: number, jobId?: string): JobRecord | null => {
    const id = jobId ?? q.oldestQueued.get()?.job_id;
    if (id === undefined) return null;
    if (q.claim.run(at, id).changes !== 1) return null;
    return withBlob(toJob(q.get.get(id)!), q.getBlob.get(id)?.bytes);
  });

  const finish = db.transaction((jobId: string, o: JobOutcome, from: readonly JobStatus[]): boolean => {
    const row = q.get.get(jobId);
    if (!row || !from.includes(row.status)) return false;
    const billed = Math.min(o.billedUnits, row.compute_units);
    q.finish.run(o.status, o.at, billed, o.result ?? null, o.error ?? null, o.progress ?? null, jobId);
    q.dropBlob.run(jobId);
    const refund = row.compute_units - billed;
    if (refund > 0) q.refund.run(refund, row.principal, row.charge_day);
    return true;
  });

  return {
    async insertJob(job, admission, link) {
      live();
      checkUnits(job.computeUnits, 'computeUnits');
      // IMMEDIATE: the caps are counted and the row written under one write lock.
      return insert.immediate(job, admission, link);
    },
    async getJob(jobId) {
      live();
      const row = q.get.get(jobId);
      return row ? toJob(row) : null;
    },
    async claimJob(at, jobId) {
      live();
      return claim.immediate(at, jobId);
    },
    async finishJob(jobId, outcome, from = ['queued', 'running']) {
      live();
      checkUnits(outcome.billedUnits, 'billedUnits');
      return finish.immediate(jobId, outcome, from);
    },
    async requestJobCancel(jobId) {
      live();
      q.cancel.run(jobId);
      const row = q.get.get(jobId);
      return row ? toJob(row) : null;
    },
    async updateJobProgress(jobId, progress) {
      live();
      q.progress.run(progress, jobId);
    },
    async requeueRunningJobs() {
      live();
      return q.requeue.run().changes;
    },
    async countJobs(status) {
      live();
      return q.count.get(status)!.c;
    },
    async queuedJobs(limit) {
      live();
      return q.queued.all(Math.max(0, Math.floor(limit))).map((r) => ({ jobId: r.job_id, attempts: r.attempts }));
    },
    async oldestQueuedJobAt() {
      live();
      return q.oldestQueuedAt.get()!.at ?? null;
    },
    async listJobs(principal, limit) {
      live();
      return q.list.all(principal, Math.max(0, Math.floor(limit))).map(toJob);
    },
  };
}
