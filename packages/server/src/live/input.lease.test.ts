import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/database.ts';
import { keepInputLease } from './input.lease.ts';

const lease = { name: 'live-input:1', holder: 'node-a', token: 3, tookOver: false };
const TTL = 3_000;

/** A database whose renewals answer when the test says, with what it says. */
function slowDb() {
  const pending: { answer: (rows: unknown[]) => void; fail: (error: Error) => void }[] = [];
  const db = {
    execute: () =>
      new Promise((resolve, reject) => {
        pending.push({ answer: (rows) => resolve({ rows }), fail: reject });
      }),
  } as unknown as Db;
  return { db, pending };
}

describe('an input lease kept by its live node', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const keep = (db: Db, lost: string[]) =>
    keepInputLease(db, lease, {
      ttlMs: TTL,
      takenAt: performance.now(),
      onLost: (why) => lost.push(why),
      log: { warn: () => undefined },
      now: () => performance.now(),
    });

  it('stays held when a renewal answers after the lease’s life but still finds the row its own', async () => {
    const { db, pending } = slowDb();
    const lost: string[] = [];
    const kept = keep(db, lost);
    // The first renewal is sent, and the database (loaded) answers only after a whole life.
    await vi.advanceTimersByTimeAsync(TTL / 3);
    expect(pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(TTL + 500);
    expect(lost).toEqual([]);
    expect(kept.valid()).toBe(true);
    for (const renewal of pending.splice(0)) renewal.answer([{ token: '3' }]);
    await vi.advanceTimersByTimeAsync(TTL / 3);
    expect(lost).toEqual([]);
    expect(kept.valid()).toBe(true);
    kept.stop();
  });

  it('is lost when a renewal finds another holder', async () => {
    const { db, pending } = slowDb();
    const lost: string[] = [];
    const kept = keep(db, lost);
    await vi.advanceTimersByTimeAsync(TTL / 3);
    for (const renewal of pending.splice(0)) renewal.answer([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(lost).toEqual(['lost']);
    expect(kept.valid()).toBe(false);
  });

  it('lets go when no renewal succeeds for a whole life and none is under way (the database refusing)', async () => {
    const { db, pending } = slowDb();
    const lost: string[] = [];
    const kept = keep(db, lost);
    for (let step = 0; step < 4 && lost.length === 0; step += 1) {
      await vi.advanceTimersByTimeAsync(TTL / 3);
      for (const renewal of pending.splice(0)) renewal.fail(new Error('connection refused'));
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(lost).toEqual(['overdue']);
    expect(kept.valid()).toBe(false);
  });
});
