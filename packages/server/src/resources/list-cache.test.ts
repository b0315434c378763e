import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { versionsStatement } from './list-cache.ts';

/** A database whose version reads answer only when the test says so. */
function heldDatabase() {
  const reads: Array<{ names: string[]; answer: (rows: Array<{ name: string; version: number }>) => void }> = [];
  const statement = {
    execute: ({ names }: { names: string[] }) =>
      new Promise<Array<{ name: string; version: number }>>((answer) => {
        reads.push({ names, answer });
      }),
  };
  const chain = { from: () => chain, where: () => chain, prepare: () => statement };
  return { db: { select: () => chain } as unknown as Db, reads };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('reading the versions of a list’s tables', () => {
  it('shares a read among the calls that arrived before it was sent, never one sent earlier', async () => {
    const { db, reads } = heldDatabase();
    const versions = versionsStatement(db);
    const first = versions(['tags']);
    // Arrived while the first read was on its way: a write their client saw may be newer than it.
    const second = versions(['tags']);
    const third = versions(['tags']);
    // Other tables: a read of their own.
    const other = versions(['players', 'teams']);
    expect(reads.map((read) => read.names)).toEqual([['tags'], ['players', 'teams']]);

    reads[0]?.answer([{ name: 'tags', version: 4 }]);
    expect(await first).toBe('4');
    await settled();
    // One more read, sent after the second and third calls arrived, answers both.
    expect(reads.map((read) => read.names)).toEqual([['tags'], ['players', 'teams'], ['tags']]);
    reads[2]?.answer([{ name: 'tags', version: 5 }]);
    expect(await second).toBe('5');
    expect(await third).toBe('5');

    reads[1]?.answer([{ name: 'teams', version: 2 }]);
    expect(await other).toBe('0.2');
    // Nothing on its way: the next call reads at once.
    const later = versions(['tags']);
    expect(reads).toHaveLength(4);
    reads[3]?.answer([{ name: 'tags', version: 6 }]);
    expect(await later).toBe('6');
  });

  it('lets the calls waiting on a failed read have a read of their own', async () => {
    const { db, reads } = heldDatabase();
    const versions = versionsStatement(db);
    const statement = versions(['tags']);
    const waiting = versions(['tags']);
    const failing = reads[0];
    if (!failing) throw new Error('no read sent');
    failing.answer(Promise.reject(new Error('connection lost')) as never);
    await expect(statement).rejects.toThrow('connection lost');
    await settled();
    reads[1]?.answer([{ name: 'tags', version: 9 }]);
    expect(await waiting).toBe('9');
  });
});
