import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { TakeResult } from '../limits/window-counter';
import { memoryWindows, type SharedLimits, type WindowCounts } from '../limits/shared-limits';
import { createRedisClient, redisUrlFromEnv } from './redis-client';

// Take from a window, all or nothing: KEYS[1] the window's key; ARGV amount, limit, ttl (ms).
// Returns {1, used} when taken, {0, used} when it would pass the limit (nothing taken).
const TAKE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local amount = tonumber(ARGV[1])
if used + amount > tonumber(ARGV[2]) then return {0, used} end
used = redis.call('INCRBY', KEYS[1], amount)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, used}
`;

// Give back to a window that still exists, never below 0; the key keeps its expiry.
const GIVE = `
local v = redis.call('GET', KEYS[1])
if not v then return 0 end
local n = tonumber(v) - tonumber(ARGV[1])
if n < 0 then n = 0 end
redis.call('SET', KEYS[1], n, 'KEEPTTL')
return n
`;

// This node's waiting count, then the sum over live nodes. KEYS[1] a hash node -> "count:expiresAt";
// ARGV node, count, now (ms), ttl (ms). Entries past their expiry (a node that died) are dropped.
const WAITING = `
local now = tonumber(ARGV[3])
local ttl = tonumber(ARGV[4])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':' .. (now + ttl))
redis.call('PEXPIRE', KEYS[1], ttl)
local all = redis.call('HGETALL', KEYS[1])
local sum = 0
for i = 1, #all, 2 do
  local v = all[i + 1]
  local sep = string.find(v, ':', 1, true)
  local expires = tonumber(string.sub(v, sep + 1))
  if expires <= now then redis.call('HDEL', KEYS[1], all[i]) else sum = sum + tonumber(string.sub(v, 1, sep - 1)) end
end
return sum
`;

type ScriptedRedis = Redis & {
  svcTake(key: string, amount: number, limit: number, ttlMs: number): Promise<[number, number]>;
  svcGive(key: string, amount: number): Promise<number>;
  svcWaiting(key: string, node: string, count: number, now: number, ttlMs: number): Promise<number>;
};

/** How often a node renews its waiting count; a node silent for `WAITING_TTL_MS` no longer counts. */
const WAITING_BEAT_MS = 1_000;
const WAITING_TTL_MS = 5_000;
/** How long a start waits for Redis before it counts per node. */
const START_WAIT_MS = 5_000;
/** After a failed command, how long a node counts on its own before trying Redis again. */
const RETRY_AFTER_FAILURE_MS = 1_000;

export interface RedisLimitsOptions {
  /** A client made for the `counters` role (createRedisClient); closed by the limits' `close`. */
  readonly redis: Redis;
  /** The service's epoch-ms clock: windows are aligned to it, as the in-memory counter's are. */
  readonly clock: () => number;
  /** Names this node in the waiting count (unique per process). */
  readonly nodeId: string;
  /** This node's solves waiting for a worker, read by the heartbeat. */
  readonly localWaiting: () => number;
  /** Key prefix (tests give each case its own). */
  readonly prefix?: string;
  readonly windowMs?: number;
  readonly log?: (line: string) => void;
}

/**
 * Rate windows and the waiting count shared by every node through Redis. A take is one Lua script
 * (read, compare, increment, expire: atomic on the server), so N nodes together admit exactly the
 * limit; a window's key expires one second after its window ends. Each node renews its waiting
 * count every second; safe mode reads the sum of live nodes' counts (a crashed node's count is
 * gone after 5 s).
 *
 * Redis unreachable (down, or a command failing or past the client's 250 ms timeout): each node
 * counts in its own memory with the same limits — at most nodes × limit per window for the outage —
 * and tries Redis again a second later; the change is logged once each way. Quota (daily units) is
 * in the store and unaffected.
 */
export async function createRedisLimits(opts: RedisLimitsOptions): Promise<SharedLimits> {
  const { clock, nodeId, localWaiting } = opts;
  const redis = opts.redis as ScriptedRedis;
  const prefix = opts.prefix ?? 'svc:';
  const windowMs = opts.windowMs ?? 60_000;
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  redis.defineCommand('svcTake', { numberOfKeys: 1, lua: TAKE });
  redis.defineCommand('svcGive', { numberOfKeys: 1, lua: GIVE });
  redis.defineCommand('svcWaiting', { numberOfKeys: 1, lua: WAITING });

  let degraded = false;
  let retryAt = 0;
  const usable = (): boolean => {
    if (redis.status === 'ready' && Date.now() >= retryAt) return true;
    if (!degraded) failed(new Error(`connection ${redis.status}`));
    return false;
  };
  function failed(e: unknown): void {
    retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
    if (degraded) return;
    degraded = true;
    log(`[svc] shared limits: Redis failed (${e instanceof Error ? e.message : String(e)}); rate windows and the waiting count are per node until it answers again`);
  }
  const answered = (): void => {
    if (!degraded) return;
    degraded = false;
    log('[svc] shared limits: Redis answers again; rate windows and the waiting count are shared');
  };

  const windows = (name: string): WindowCounts => {
    const local = memoryWindows(clock, windowMs);
    const keyOf = (key: string, window: number) => `${prefix}rate:${name}:${key}:${window}`;
    return {
      async take(key, amount, limit): Promise<TakeResult> {
        const now = clock();
        const window = Math.floor(now / windowMs);
        const end = (window + 1) * windowMs;
        const retryAfterSeconds = Math.max(1, Math.ceil((end - now) / 1000));
        if (usable()) {
          try {
            const [ok, used] = await redis.svcTake(keyOf(key, window), amount, limit, end - now + 1_000);
            answered();
            return { ok: ok === 1, used, retryAfterSeconds };
          } catch (e) {
            failed(e);
          }
        }
        return local.take(key, amount, limit);
      },
      async give(key, amount) {
        // Given back where it is counted now: a take made before an outage began stays counted (the safe side).
        if (usable()) {
          try {
            await redis.svcGive(keyOf(key, Math.floor(clock() / windowMs)), amount);
            answered();
            return;
          } catch (e) {
            failed(e);
          }
        }
        await local.give(key, amount);
      },
    };
  };

  const waitingKey = `${prefix}waiting`;
  const report = async (count: number): Promise<number | null> => {
    if (!usable()) return null;
    try {
      const sum = await redis.svcWaiting(waitingKey, nodeId, count, Date.now(), WAITING_TTL_MS);
      answered();
      return sum;
    } catch (e) {
      failed(e);
      return null;
    }
  };
  // A node starts with Redis down too (counting on its own, said once); it waits at most a few seconds.
  if (!(await readyWithin(redis, START_WAIT_MS))) failed(new Error(`not reachable within ${START_WAIT_MS / 1000} s of the start`));
  await report(localWaiting());
  const beat = setInterval(() => void report(localWaiting()), WAITING_BEAT_MS);
  beat.unref();

  let closed = false;
  return {
    kind: 'redis',
    requests: windows('requests'),
    compute: windows('compute'),
    async waiting(local) {
      return (await report(local)) ?? local;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(beat);
      if (redis.status !== 'ready') {
        redis.disconnect();
        return;
      }
      await redis.hdel(waitingKey, nodeId).catch(() => undefined);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Resolves true once the client is ready, false after `ms`. */
function readyWithin(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    redis.on('ready', onReady);
  });
}

/**
 * The counters of a service started with `env`: shared through Redis when `SVC_REDIS_URL` is set
 * (validated here: a malformed value throws with the setting's name), else null (in memory).
 */
export async function redisLimitsFromEnv(env: NodeJS.ProcessEnv, opts: Omit<RedisLimitsOptions, 'redis' | 'nodeId'> & { nodeId?: string }): Promise<SharedLimits | null> {
  const url = redisUrlFromEnv(env);
  if (url === null) return null;
  const nodeId = opts.nodeId && opts.nodeId !== 'embedded' ? opts.nodeId : `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  // Keys under SVC_REDIS_PREFIX (default `svc`), as the queue's are.
  const prefix = opts.prefix ?? `${env.SVC_REDIS_PREFIX?.trim() || 'svc'}:`;
  return createRedisLimits({ ...opts, prefix, nodeId, redis: createRedisClient(url, 'counters', { log: opts.log }) });
}
