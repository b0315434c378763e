import { CACHE_KEYS } from '@regie/contract/cache';

/**
 * A small cache of computed values, kept in each process's memory (cheap reads, no network hop).
 * A purge made in one process reaches the others through the realtime hub (cache.shared.ts): in
 * one process or across processes over Redis, like every other event.
 */
export interface Cache {
  /** The cached value of `key`, or what `load` gives (then cached for the TTL). */
  getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Drops `key`; a key without `:` also drops its `key:…` entries (`admin-payload` drops every
   * account's), and `all` drops everything. Answers how many entries went here; other processes
   * are told through the purge listener.
   */
  purge(key: string): number;
  /** Drops `key` in this process only: what a purge made by another process does here. */
  purgeLocal(key: string): number;
  /** Called with each key purged by this process, to tell the others (one listener). */
  onPurge(listener: ((key: string) => void) | null): void;
}

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

export function createMemoryCache(ttlMs: number, now: () => number = Date.now): Cache {
  const entries = new Map<string, Entry>();
  let purgeListener: ((key: string) => void) | null = null;
  const purgeLocal = (key: string): number => {
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
  };
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
      const purged = purgeLocal(key);
      purgeListener?.(key);
      return purged;
    },
    purgeLocal,
    onPurge(listener) {
      purgeListener = listener;
    },
  };
}
