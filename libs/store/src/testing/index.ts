export { startThrowawayPostgres, postgresBinDir, postgresRequired, queryRows, type ThrowawayPostgres, type ThrowawayPostgresOptions } from './throwaway-postgres';
export { startThrowawayRedis, redisServerBin, type ThrowawayRedis } from './throwaway-redis';
export { eventually } from './eventually';
