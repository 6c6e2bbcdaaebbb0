import { Redis } from 'ioredis';

/** Counts events per key inside a fixed window; `hit` returns the count after this event. */
export interface RateLimiter {
  hit(key: string): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(windowSeconds: number): RateLimiter {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key) {
      const entry = live(key) ?? { count: 0, expiresAt: Date.now() + windowSeconds * 1000 };
      entry.count += 1;
      entries.set(key, entry);
      return entry.count;
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/** Shared counters for several API instances. */
export function redisRateLimiter(url: string, windowSeconds: number, prefix = 'petshop:rl:'): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  return {
    async hit(key) {
      const [[, count] = []] =
        (await redis
          .multi()
          .incr(prefix + key)
          .expire(prefix + key, windowSeconds, 'NX')
          .exec()) ?? [];
      return Number(count ?? 0);
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
