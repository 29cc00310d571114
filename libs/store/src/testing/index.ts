export { startThrowawayPostgres, postgresBinDir, postgresRequired, type ThrowawayPostgres, type ThrowawayPostgresOptions } from './throwaway-postgres';
