export { type Store, type SandboxToken, type DailyUsage, type ConsumeResult, utcDay } from './store';
export { openSqliteStore, defaultDataDir, type SqliteStoreOptions } from './sqlite-store';
export { MIGRATIONS, type Migration } from './internal/migrations';
