import { CACHE_KEYS } from '@regie/contract/cache';

/**
 * A small cache of computed values, behind an interface so a shared one (Redis) can replace it.
 * In memory it is per process: a purge reaches the process that serves it, and the short TTL
 * bounds how stale another process can be.
 */
export interface Cache {
  /** The cached value of `key`, or what `load` gives (then cached for the TTL). */
  getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Drops `key`; a key without `:` also drops its `key:…` entries (`admin-payload` drops every
   * account's), and `all` drops everything. Answers how many entries went.
   */
  purge(key: string): number;
}

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

export function createMemoryCache(ttlMs: number, now: () => number = Date.now): Cache {
  const entries = new Map<string, Entry>();
  return {
    async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { value, expiresAt: now() + ttlMs });
      // A failed load is not kept: the next call tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    purge(key) {
      if (key === CACHE_KEYS.all) {
        const size = entries.size;
        entries.clear();
        return size;
      }
      let purged = entries.delete(key) ? 1 : 0;
      if (!key.includes(':')) {
        for (const name of [...entries.keys()]) {
          if (name.startsWith(`${key}:`) && entries.delete(name)) purged += 1;
        }
      }
      return purged;
    },
  };
}
