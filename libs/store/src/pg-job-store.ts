import { LOCKS, REFUND_SQL, checkUnits, completeIdempotencyPg, type PgContext } from './internal/pg-context';
import type { JobStatus, JobStore } from './job-store';
import { toJob, withBlob, type JobRow } from './internal/job-rows';

const JOB_COLUMNS = `job_id, principal, owner, command, lane, status, request, request_blob, compute_units, charge_day, allowance,
  billed_units, created_at, started_at, finished_at, result, error, progress, attempts, cancel_requested`;

/**
 * The PostgreSQL half of `JobStore`. A claimed job is written under the claiming node's id
 * (`claimed_by`): only that node ends it while it runs, and a recovery requeues it once the
 * node's lease has expired.
 */
export function pgJobStore(ctx: PgContext): JobStore {
  const { query, tx } = ctx;
  const getRow = async (jobId: string) => (await query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE job_id = $1`, [jobId])).rows[0];

  return {
    async insertJob(job, admission, link) {
      checkUnits(job.computeUnits, 'computeUnits');
      return tx(async (c) => {
        // The caps are counted and the row written under one lock: concurrent submitters queue here.
        await c.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.jobAdmission]);
        const inflight = (await c.query<{ n: number }>(
          "SELECT COUNT(*) AS n FROM jobs WHERE principal = $1 AND status IN ('queued', 'running')", [job.principal],
        )).rows[0].n;
        if (inflight >= admission.maxInflight) return 'inflight' as const;
        const queued = (await c.query<{ n: number }>("SELECT COUNT(*) AS n FROM jobs WHERE status = 'queued'")).rows[0].n;
        if (queued >= admission.maxQueued) return 'queue_full' as const;
        await c.query(
          `INSERT INTO jobs (job_id, principal, owner, command, lane, status, request, request_blob, compute_units, charge_day, allowance, created_at, progress)
           VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7, $8, $9, $10, $11, $12)`,
          [job.jobId, job.principal, job.owner, job.command, job.lane, job.request, null,
            job.computeUnits, job.chargeDay, job.allowance, job.createdAt, job.progress ?? null],
        );
        // The request bytes live apart from the row (job-migrations.ts 11): only a claim reads them.
        if (job.requestBlob) await c.query('INSERT INTO job_request_blobs (job_id, bytes) VALUES ($1, $2)', [job.jobId, Buffer.from(job.requestBlob.buffer, job.requestBlob.byteOffset, job.requestBlob.byteLength)]);
        // The held charge becomes the job's, and a keyed request's 202 is stored, in this one commit.
        if (link?.holdId !== undefined && (await c.query('DELETE FROM charge_holds WHERE hold_id = $1', [link.holdId])).rowCount !== 1) {
          throw new Error(`charge hold ${link.holdId} is gone: the job is not inserted`);
        }
        if (link?.idempotency) await completeIdempotencyPg(c, link.idempotency);
        return 'inserted' as const;
      });
    },
    async getJob(jobId) {
      const r = await getRow(jobId);
      return r ? toJob(r) : null;
    },
    async claimJob(at, jobId) {
      return tx(async (c) => {
        // SKIP LOCKED: nodes claiming together take different jobs instead of queueing on the oldest.
        const r = jobId === undefined
          ? await c.query<JobRow>(
            `UPDATE jobs SET status = 'running', started_at = $1, attempts = attempts + 1, claimed_by = $2
             WHERE job_id = (SELECT job_id FROM jobs WHERE status = 'queued' ORDER BY created_at, job_id LIMIT 1 FOR UPDATE SKIP LOCKED)
             RETURNING ${JOB_COLUMNS}`, [at, ctx.nodeId])
          : await c.query<JobRow>(
            `UPDATE jobs SET status = 'running', started_at = $1, attempts = attempts + 1, claimed_by = $2
             WHERE job_id = $3 AND status = 'queued' RETURNING ${JOB_COLUMNS}`, [at, ctx.nodeId, jobId]);
        if (!r.rows[0]) return null;
        // Owned from this commit: the lease row is held until then (an idle pump takes no lock).
        await ctx.own(c);
        const blob = (await c.query<{ bytes: Buffer }>('SELECT bytes FROM job_request_blobs WHERE job_id = $1', [r.rows[0].job_id])).rows[0];
        return withBlob(toJob(r.rows[0]), blob?.bytes);
      });
    },
    async finishJob(jobId, o, from = ['queued', 'running']) {
      checkUnits(o.billedUnits, 'billedUnits');
      return tx(async (c) => {
        const row = (await c.query<{ status: JobStatus; compute_units: number; principal: string; charge_day: string; claimed_by: string | null }>(
          'SELECT status, compute_units, principal, charge_day, claimed_by FROM jobs WHERE job_id = $1 FOR UPDATE', [jobId],
        )).rows[0];
        if (!row || !from.includes(row.status)) return false;
        // A running job is its claimer's to end (a node that outlived its lease finds it requeued).
        if (row.status === 'running' && row.claimed_by !== ctx.nodeId) return false;
        const billed = Math.min(o.billedUnits, row.compute_units);
        await c.query(
          `UPDATE jobs SET status = $1, finished_at = $2, billed_units = $3, result = $4, error = $5, progress = COALESCE($6, progress) WHERE job_id = $7`,
          [o.status, o.at, billed, o.result ?? null, o.error ?? null, o.progress ?? null, jobId],
        );
        await c.query('DELETE FROM job_request_blobs WHERE job_id = $1', [jobId]);
        const refund = row.compute_units - billed;
        if (refund > 0) await c.query(REFUND_SQL, [refund, row.principal, row.charge_day]);
        return true;
      });
    },
    async requestJobCancel(jobId) {
      const r = (await query<JobRow>(
        `UPDATE jobs SET cancel_requested = TRUE WHERE job_id = $1 AND status IN ('queued', 'running') RETURNING ${JOB_COLUMNS}`, [jobId],
      )).rows[0] ?? (await getRow(jobId));
      return r ? toJob(r) : null;
    },
    async updateJobProgress(jobId, progress) {
      await query("UPDATE jobs SET progress = $1 WHERE job_id = $2 AND status IN ('queued', 'running')", [progress, jobId]);
    },
    async requeueRunningJobs() {
      // Jobs of dead nodes only; their holds and keys are settled in the same step.
      return (await ctx.recoverDeadNodes()).requeuedJobs;
    },
    async countJobs(status) {
      return (await query<{ n: number }>('SELECT COUNT(*) AS n FROM jobs WHERE status = $1', [status])).rows[0].n;
    },
    async queuedJobs(limit) {
      return (await query<{ job_id: string; attempts: number }>(
        "SELECT job_id, attempts FROM jobs WHERE status = 'queued' ORDER BY created_at, job_id LIMIT $1", [Math.max(0, Math.floor(limit))],
      )).rows.map((r) => ({ jobId: r.job_id, attempts: Number(r.attempts) }));
    },
    async oldestQueuedJobAt() {
      return (await query<{ at: number | null }>("SELECT MIN(created_at) AS at FROM jobs WHERE status = 'queued'")).rows[0].at;
    },
    async listJobs(principal, limit) {
      return (await query<JobRow>(
        `SELECT ${JOB_COLUMNS} FROM jobs WHERE principal = $1 ORDER BY created_at DESC, job_id LIMIT $2`, [principal, Math.max(0, Math.floor(limit))],
      )).rows.map(toJob);
    },
  };
}
