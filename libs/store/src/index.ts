export {
  type Store, type SandboxToken, type DailyUsage, type ConsumeResult, type ChargeHold, type IdempotencyCompletion, type Recovery, type NodeLease,
  type StorageCheck, utcDay,
} from './store';
export { openSqliteStore, defaultDataDir, type SqliteStoreOptions } from './sqlite-store';
export { openPostgresStore, DEFAULT_LEASE_MS, type PostgresStoreOptions } from './postgres-store';
export { openStore } from './open-store';
export { StoreUnavailableError, isStoreUnavailable } from './store-unavailable';
export { MIGRATIONS, type Migration } from './internal/migrations';
export { POSTGRES_MIGRATIONS, type PgMigration } from './internal/pg-migrations';
export {
  ACCOUNT_STATES, type AccountStore, type AccountState, type AccountRecord, type ApiKeyRecord, type NewAccount, type NewApiKey,
  type OutboxMail, type IdempotencyClaim, type UsageLogEntry, type UsageAlertRecord,
} from './account-store';
export {
  TERMINAL_JOB_STATUSES, type JobStore, type JobStatus, type JobRecord, type NewJob, type JobAdmission, type JobOutcome, type JobLink,
} from './job-store';
