/**
 * Job settings of every test service: no sync window (`syncWaitMs` 0), so a solve queued by the
 * threshold answers its 202 at once, as the tests that force queueing expect. A test of the window
 * itself sets `jobs.syncWaitMs` (or `SVC_SYNC_WAIT_MS`).
 */
export const TEST_JOB_LIMITS = Object.freeze({ syncWaitMs: 0 });

/** The same for a service started as a process (`SVC_*` environment). */
export const TEST_JOB_ENV = Object.freeze({ SVC_SYNC_WAIT_MS: '0' });
