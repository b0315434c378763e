import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { createMemoryHub } from '../realtime/realtime.hub.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { Ingest } from './ingest.types.ts';
import type { KeyBook, KeyedInput } from './live.keys.ts';
import { LiveSupervisor } from './live.supervisor.ts';

describe('a live node whose key book changed elsewhere', () => {
  it('lets go of the publishers whose key was rotated or whose input was deleted, and of none other', () => {
    const book = new Map<string, KeyedInput>([
      ['rk_stage', { inputId: 1, accountId: 5, latencyMode: '2s' }],
      ['rk_pitch', { inputId: 2, accountId: 5, latencyMode: '2s' }],
      ['rk_bench', { inputId: 3, accountId: 5, latencyMode: '2s' }],
    ]);
    const keys = { find: (key: string) => book.get(key), limitOf: () => 10 } as unknown as KeyBook;
    const kicked: string[] = [];
    const ingest = { kick: (sessionId: string) => kicked.push(sessionId) } as unknown as Ingest;
    const supervisor = new LiveSupervisor({
      db: {} as Db,
      storage: {} as ObjectStorage,
      hub: createMemoryHub(),
      ingest,
      keys,
      workDir: '/tmp',
      lease: { holder: 'node-test' },
      log: { info: () => undefined, warn: () => undefined },
    });
    for (const [sessionId, streamKey] of [
      ['s1', 'rk_stage'],
      ['s2', 'rk_pitch'],
      ['s3', 'rk_bench'],
    ] as const) {
      expect(supervisor.authorize({ sessionId, app: 'live', streamKey, remoteAddress: '127.0.0.1' })).toBe(true);
    }
    // Another process rotated the stage's key and deleted the bench input.
    book.delete('rk_stage');
    book.set('rk_stage_new', { inputId: 1, accountId: 5, latencyMode: '2s' });
    book.delete('rk_bench');
    supervisor.kickStale();
    expect(kicked.sort()).toEqual(['s1', 's3']);
  });
});
