import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** A counter and how many events it may hold in the limiter's window. */
export interface Budget {
  key: string;
  max: number;
}

export interface Attempt {
  allowed: boolean;
  /** The first budget that had no room left (nothing was counted then). */
  blockedBy?: string;
  /** Budgets this attempt used up: the moment a limit trips, to be logged once. */
  filled: string[];
}

/**
 * Counters per key inside a fixed window. Every decision is one atomic step, so parallel requests
 * cannot all read the same count and all pass.
 */
export interface RateLimiter {
  /** When every budget has room, counts one event on each and allows; otherwise counts nothing. */
  attempt(budgets: Budget[]): Promise<Attempt>;
  /** Takes back one event from each key: an attempt that turned out to be legitimate. */
  refund(keys: string[]): Promise<void>;
  /** Counts one event and returns the count, for limits where every request counts. */
  hit(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

function memoryRateLimiter(windowSeconds: number): RateLimiter {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const add = (key: string) => {
    const entry = live(key) ?? { count: 0, expiresAt: Date.now() + windowSeconds * 1000 };
    entry.count += 1;
    entries.set(key, entry);
    return entry.count;
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }, 60_000);
  sweep.unref();
  // No await between reading and counting: one event-loop turn is atomic for this process.
  return {
    async attempt(budgets) {
      const blocked = budgets.find(({ key, max }) => (live(key)?.count ?? 0) >= max);
      if (blocked) return { allowed: false, blockedBy: blocked.key, filled: [] };
      const filled = budgets.filter(({ key, max }) => add(key) === max).map(({ key }) => key);
      return { allowed: true, filled };
    },
    async refund(keys) {
      for (const key of keys) {
        const entry = live(key);
        if (entry && --entry.count <= 0) entries.delete(key);
      }
    },
    async hit(key) {
      return add(key);
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

// KEYS: the budgets' keys; ARGV[1]: window in ms; ARGV[1 + i]: the max of KEYS[i].
// Returns { allowed (1 or 0), index of the blocking key or 0, indexes of the keys this event filled... }.
const ATTEMPT = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i + 1]) then return { 0, i } end
end
local result = { 1, 0 }
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  if n == tonumber(ARGV[i + 1]) then table.insert(result, i) end
end
return result`;

const REFUND = `
for _, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 and redis.call('DECR', key) <= 0 then redis.call('DEL', key) end
end
return 0`;

/** How long a command may take before the caller falls back to its own counters. */
const REDIS_TIMEOUT_MS = 400;

/** Counters shared by several API instances; fails fast (well under a second) when Redis is away. */
function redisRateLimiter(url: string, windowSeconds: number, prefix = 'petshop:rl:'): RateLimiter {
  const redis = new Redis(url, {
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 250, 5000),
  });
  // Once a connection has failed, commands fail at once instead of queueing until Redis is back;
  // the failover limiter logs it.
  let unreachable = false;
  redis.on('error', () => {
    unreachable = redis.status !== 'ready';
  });
  redis.on('ready', () => {
    unreachable = false;
  });
  const windowMs = windowSeconds * 1000;
  const connected = () => {
    if (unreachable) throw new Error(`Redis not connected (${redis.status})`);
  };
  return {
    async attempt(budgets) {
      connected();
      const keys = budgets.map((b) => prefix + b.key);
      const reply = (await redis.eval(
        ATTEMPT,
        keys.length,
        ...keys,
        windowMs,
        ...budgets.map((b) => b.max),
      )) as number[];
      const [allowed, blockedAt = 0, ...filledAt] = reply;
      return allowed === 1
        ? { allowed: true, filled: filledAt.map((i) => budgets[i - 1]?.key ?? '') }
        : { allowed: false, blockedBy: budgets[blockedAt - 1]?.key, filled: [] };
    },
    async refund(keys) {
      connected();
      if (keys.length > 0) await redis.eval(REFUND, keys.length, ...keys.map((k) => prefix + k));
    },
    async hit(key) {
      connected();
      const [[, count] = []] =
        (await redis
          .multi()
          .incr(prefix + key)
          .pexpire(prefix + key, windowMs, 'NX')
          .exec()) ?? [];
      return Number(count ?? 0);
    },
    async reset(key) {
      connected();
      await redis.del(prefix + key);
    },
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

/** After a Redis failure, how long the local counters are used before Redis is tried again. */
const RETRY_SHARED_AFTER_MS = 5000;

/**
 * Redis when it answers, this process's own counters when it does not: a login never waits on a
 * Redis that is down, and limits keep working per instance meanwhile. Each switch is logged once.
 */
function failoverRateLimiter(
  shared: RateLimiter,
  local: RateLimiter,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): RateLimiter {
  let downUntil = 0;
  let down = false;
  const use = async <T>(run: (limiter: RateLimiter) => Promise<T>): Promise<T> => {
    if (Date.now() < downUntil) return run(local);
    try {
      const result = await run(shared);
      if (down) {
        down = false;
        log.info('Redis answers again: rate limits are shared across instances');
      }
      return result;
    } catch (error) {
      downUntil = Date.now() + RETRY_SHARED_AFTER_MS;
      if (!down) {
        down = true;
        log.warn({ err: error }, 'Redis unreachable: rate limits are counted by this instance alone until it answers');
      }
      return run(local);
    }
  };
  return {
    attempt: (budgets) => use((l) => l.attempt(budgets)),
    refund: (keys) => use((l) => l.refund(keys)),
    hit: (key) => use((l) => l.hit(key)),
    reset: (key) => use((l) => l.reset(key)),
    async close() {
      await Promise.all([shared.close(), local.close()]);
    },
  };
}

/** Redis-backed with a local failover when `redisUrl` is set, local counters otherwise. */
export function createRateLimiter(
  redisUrl: string | undefined,
  windowSeconds: number,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  prefix?: string,
): RateLimiter {
  const local = memoryRateLimiter(windowSeconds);
  return redisUrl ? failoverRateLimiter(redisRateLimiter(redisUrl, windowSeconds, prefix), local, log) : local;
}
