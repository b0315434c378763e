import { describe, expect, it } from 'vitest';
import { createMemoryCache } from './cache.service.ts';

describe('the memory cache’s peek', () => {
  it('answers a value only once it is loaded, and no longer once it expired or was purged', async () => {
    let clock = 1_000;
    const cache = createMemoryCache(30_000, { now: () => clock });
    let settle: (value: string) => void = () => undefined;
    const loading = cache.getOrLoad('me:1', () => new Promise<string>((resolve) => (settle = resolve)), {
      tags: () => ['user:1'],
    });
    expect(cache.peek('me:1')).toBeUndefined();
    settle('Ada');
    await loading;
    expect(cache.peek('me:1')).toBe('Ada');
    clock += 30_000;
    expect(cache.peek('me:1')).toBeUndefined();

    await cache.getOrLoad('me:1', async () => 'Ada again', { tags: () => ['user:1'] });
    expect(cache.peek('me:1')).toBe('Ada again');
    cache.purge('user:1');
    expect(cache.peek('me:1')).toBeUndefined();
  });

  it('never answers a failed load', async () => {
    const cache = createMemoryCache(30_000);
    await expect(cache.getOrLoad('me:2', async () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(cache.peek('me:2')).toBeUndefined();
  });
});
