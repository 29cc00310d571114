import { Redis, type RedisOptions } from 'ioredis';

/**
 * What a connection is for; each role gets the options its users need:
 * - `counters`: the shared rate windows and waiting counts (distributed/redis-limits.ts). A request
 *   must never wait on Redis: no offline queue (a command while disconnected fails at once), one
 *   retry of a command cut by a reconnect, and a 250 ms command timeout (a hung server). Callers
 *   fall back to counting per node.
 * - `queue`: a BullMQ `Queue` (adding jobs from an HTTP node). Fails fast as `counters` does (no
 *   offline queue, BullMQ's advice for producers), so a node without Redis can refuse queued work
 *   at once instead of holding the request; no command timeout (BullMQ's scripts may be long).
 * - `worker`: a BullMQ `Worker`'s blocking connection. BullMQ requires `maxRetriesPerRequest: null`
 *   (it rejects a blocking client with any other value) and keeps the offline queue so a worker
 *   rides out a reconnect; no command timeout (blocking reads would hit it).
 * - `events`: a pub/sub subscriber (cross-node wake-ups): as `worker`, but without ioredis's own
 *   resubscription after a reconnect (it leaves that promise unhandled: a client closed while it is
 *   pending crashes a strict process with "Connection is closed."); the caller subscribes on every
 *   `ready`, with its own catch.
 */
export type RedisRole = 'counters' | 'queue' | 'worker' | 'events';

const ROLE_OPTIONS: Readonly<Record<RedisRole, RedisOptions>> = {
  counters: { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 250 },
  queue: { enableOfflineQueue: false, maxRetriesPerRequest: 1 },
  worker: { enableOfflineQueue: true, maxRetriesPerRequest: null },
  events: { enableOfflineQueue: true, maxRetriesPerRequest: null, autoResubscribe: false },
};

/** The URL with its password replaced by `***`, for messages and logs. */
export function redactRedisUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return raw.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
  }
}

/**
 * `SVC_REDIS_URL`, validated: null when unset or blank; else a `redis://` or `rediss://` (TLS) URL
 * with a host, an optional port and an optional database number (`/0`..). A malformed value throws
 * with the setting's name, so a bad setting stops the start rather than the first request.
 */
export function redisUrlFromEnv(env: NodeJS.ProcessEnv): string | null {
  const raw = env.SVC_REDIS_URL?.trim();
  if (!raw) return null;
  const bad = (why: string) => new Error(`SVC_REDIS_URL must be a redis://[user:password@]host[:port][/db] or rediss:// URL (${why}), got '${redactRedisUrl(raw)}'`);
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw bad('not a URL');
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') {
    throw new Error(`SVC_REDIS_URL must start with redis:// or rediss:// (TLS), as in redis://[user:password@]host[:port][/db]; got '${redactRedisUrl(raw)}'`);
  }
  if (!u.hostname) throw bad('no host');
  if (u.pathname !== '' && u.pathname !== '/' && !/^\/\d{1,5}$/.test(u.pathname)) throw bad('the path must be a database number');
  return raw;
}

/**
 * An ioredis client for `role` on `url` (connecting at once, reconnecting for ever with a backoff
 * capped at 2 s). Connection errors are written once per outage (the first error after the client
 * was ready, or the first at all) and the recovery once, never a line per reconnect attempt.
 */
export function createRedisClient(url: string, role: RedisRole, opts: { log?: (line: string) => void } = {}): Redis {
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const client = new Redis(url, {
    ...ROLE_OPTIONS[role],
    connectionName: `svc-${role}`,
    connectTimeout: 5_000,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  const where = redactRedisUrl(url);
  let down = false;
  let connected = false;
  const lost = (why: string) => {
    if (down) return;
    down = true;
    log(`[svc] Redis (${role}) at ${where} unreachable: ${why}; reconnecting`);
  };
  client.on('error', (e: Error) => lost(e.message));
  // A server that goes away mid-connection closes the socket without an error event.
  client.on('close', () => {
    if (connected && client.status !== 'end') lost('connection lost');
    connected = false;
  });
  client.on('ready', () => {
    connected = true;
    if (!down) return;
    down = false;
    log(`[svc] Redis (${role}) at ${where} reachable again`);
  });
  return client;
}
