import { CACHE_KEYS } from '@regie/contract/cache';

export interface LoadOptions<T> {
  /**
   * Tags of the loaded value: purging a tag drops every entry carrying it (the signed-in
   * context is tagged by session, user and accounts, so a change to any of them drops it).
   */
  tags?: (value: T) => readonly string[];
}

/**
 * A small cache of computed values, kept in each process's memory (cheap reads, no network hop).
 * A purge made in one process reaches the others through the realtime hub (cache.shared.ts): in
 * one process or across processes over Redis or PostgreSQL, like every other event.
 */
export interface Cache {
  /** The cached value of `key`, or what `load` gives (then cached for the TTL). */
  getOrLoad<T>(key: string, load: () => Promise<T>, options?: LoadOptions<T>): Promise<T>;
  /**
   * The value of `key` at once (no promise, no microtask) when it is cached, loaded and fresh;
   * undefined otherwise. What a hot path reads first, falling back to getOrLoad.
   */
  peek<T>(key: string): T | undefined;
  /**
   * Drops `key` and the entries tagged `key`; a key without `:` also drops its `key:…` entries
   * (`admin-payload` drops every account's), and `all` drops everything. Answers how many
   * entries went here; other processes are told through the purge listener.
   */
  purge(key: string): number;
  /** Drops `key` in this process only: what a purge made by another process does here. */
  purgeLocal(key: string): number;
  /** Called with each key purged by this process, to tell the others (one listener). */
  onPurge(listener: ((key: string) => void) | null): void;
}

interface Entry {
  value: Promise<unknown>;
  /** Set once the value is loaded (and kept). */
  loaded?: { value: unknown };
  expiresAt: number;
  tags: readonly string[];
}

export interface MemoryCacheOptions {
  now?: () => number;
  /** Beyond this many entries the oldest go first, so memory stays bounded (one per token). */
  maxEntries?: number;
}

export function createMemoryCache(ttlMs: number, options: MemoryCacheOptions | (() => number) = {}): Cache {
  const { now = Date.now, maxEntries = Number.POSITIVE_INFINITY } =
    typeof options === 'function' ? { now: options } : options;
  const entries = new Map<string, Entry>();
  let purgeListener: ((key: string) => void) | null = null;
  // Bumped by every purge: a load that started before a purge may hold what the purge removed.
  let generation = 0;
  const purgeLocal = (key: string): number => {
    generation += 1;
    if (key === CACHE_KEYS.all) {
      const size = entries.size;
      entries.clear();
      return size;
    }
    let purged = entries.delete(key) ? 1 : 0;
    const prefix = key.includes(':') ? null : `${key}:`;
    for (const [name, entry] of [...entries]) {
      if ((prefix && name.startsWith(prefix)) || entry.tags.includes(key)) {
        if (entries.delete(name)) purged += 1;
      }
    }
    return purged;
  };
  return {
    async getOrLoad<T>(key: string, load: () => Promise<T>, loadOptions: LoadOptions<T> = {}): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value as Promise<T>;
      const started = generation;
      // A Drizzle query is a thenable that runs again on every `then`: settle it once, here.
      const value = Promise.resolve(load());
      const entry: Entry = { value, expiresAt: now() + ttlMs, tags: [] };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      value.then(
        (loaded) => {
          entry.tags = loadOptions.tags?.(loaded) ?? [];
          // Loaded from what a purge since then made stale: serve it once, never keep it.
          if (generation !== started && entries.get(key) === entry) entries.delete(key);
          else entry.loaded = { value: loaded };
        },
        // A failed load is not kept: the next call tries again.
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    peek<T>(key: string): T | undefined {
      const hit = entries.get(key);
      return hit?.loaded && hit.expiresAt > now() ? (hit.loaded.value as T) : undefined;
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
