import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { KeptLease } from './input.lease.ts';
import { firstSkew, indexSegment, placeRun, wallClockStart } from './live.segment-index.ts';
import type { FinishedSegment } from './packager.ts';

const INPUT = 4;
const owner = { accountId: 9, inputId: INPUT };
const quiet = { info: () => undefined, warn: () => undefined };

let client: PGlite;
let db: Db;
let folder: string;
const stored = new Map<string, string>();
const storage = {
  async putStream(key: string, body: Readable) {
    let text = '';
    for await (const chunk of body) text += String(chunk);
    stored.set(key, text);
    return text.length;
  },
} as unknown as ObjectStorage;

/** The input's lease as this node keeps it: `held` false once another node took it. */
function lease(token: number) {
  const state = { held: true, lost: 0 };
  const kept: KeptLease = {
    lease: { name: `live-input:${INPUT}`, holder: 'node-a', token, tookOver: false },
    fence: () => (state.held ? sql`true` : sql`false`),
    valid: () => state.held,
    lost: () => {
      state.lost += 1;
    },
    stop: () => undefined,
  };
  return { kept, state };
}

let files = 0;
async function segment(sequence: number, at: number, extra: Partial<FinishedSegment> = {}): Promise<FinishedSegment> {
  files += 1;
  const localPath = join(folder, `${files}.ts`);
  await writeFile(localPath, `segment ${sequence}`);
  return {
    sequence,
    file: `${sequence}.ts`,
    duration: 2,
    startedAt: new Date(at),
    localPath,
    bytes: 10,
    finishedAt: new Date(at + 2_000),
    first: sequence === 0,
    ...extra,
  };
}

async function indexed(): Promise<{ sequence: number; path: string; started_at: string }[]> {
  const result = await client.query<{ sequence: number; path: string; started_at: string }>(
    'select sequence, path, started_at from live_segments where input_id = $1 order by sequence',
    [INPUT],
  );
  return result.rows;
}

describe('a live input’s segment index', () => {
  beforeAll(async () => {
    client = new PGlite();
    db = drizzle(client) as unknown as Db;
    await client.exec(`create table live_segments (
      id bigint generated always as identity primary key,
      input_id integer not null, sequence integer not null, started_at timestamptz(3) not null,
      duration double precision not null, path text not null, bytes integer not null,
      discontinuity boolean not null default false, unique (input_id, sequence))`);
    folder = await mkdtemp(join(tmpdir(), 'segment-index-'));
  });
  afterAll(async () => {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await client.exec('delete from live_segments');
    stored.clear();
  });

  it('numbers a run after what another node indexed while the lease was being taken', async () => {
    // The node that held the input before wrote segments 0 to 4; this node's packager started
    // when the index ended at 2.
    for (let sequence = 0; sequence < 5; sequence += 1) {
      await client.query(
        `insert into live_segments (input_id, sequence, started_at, duration, path, bytes)
         values ($1, $2, now(), 2, 'earlier', 1)`,
        [INPUT, sequence],
      );
    }
    const { kept } = lease(7);
    const first = await segment(2, 1_000_000);
    const placed = await placeRun({ db, log: quiet }, INPUT, 1, first);
    expect(placed.offset).toBe(3);
    const booked = await indexSegment({ db, storage, log: quiet }, owner, kept, placed, first);
    expect(booked.sequence).toBe(5);
    expect(booked.path).toBe('live/9/4/7/5.ts');
    expect(stored.get('live/9/4/7/5.ts')).toBe('segment 2');
    expect((await indexed()).map((row) => row.sequence)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('writes nothing once another node holds the input, and lets the lease go', async () => {
    const { kept, state } = lease(7);
    const first = await segment(0, 1_000_000);
    const placed = await placeRun({ db, log: quiet }, INPUT, 1, first);
    state.held = false;
    await expect(indexSegment({ db, storage, log: quiet }, owner, kept, placed, first)).rejects.toThrow(
      /lease was taken by another node/,
    );
    expect(state.lost).toBe(1);
    expect(await indexed()).toEqual([]);
  });

  it('never drops a segment whose sequence is indexed already: the run is numbered on after the index', async () => {
    const { kept } = lease(7);
    const first = await segment(0, 1_000_000);
    const placed = await placeRun({ db, log: quiet }, INPUT, 1, first);
    await client.query(
      `insert into live_segments (input_id, sequence, started_at, duration, path, bytes)
       values ($1, 0, now(), 2, 'someone else', 1)`,
      [INPUT],
    );
    const booked = await indexSegment({ db, storage, log: quiet }, owner, kept, placed, first);
    expect(booked.sequence).toBe(1);
    expect(placed.offset).toBe(1);
    const second = await indexSegment({ db, storage, log: quiet }, owner, kept, placed, await segment(1, 1_002_000));
    expect(second.sequence).toBe(2);
  });

  it('dates a late packager’s segments on the wall clock, each after the one before', async () => {
    const { kept } = lease(7);
    // The first segment is dated to end 500 ms after ffmpeg finished writing it.
    const first = await segment(0, 1_000_000, { finishedAt: new Date(1_001_500) });
    const placed = await placeRun({ db, log: quiet }, INPUT, 1, first);
    expect(placed.skew).toBe(500);
    const a = await indexSegment({ db, storage, log: quiet }, owner, kept, placed, first);
    // A segment dated at the same instant still starts after the one before.
    const b = await indexSegment({ db, storage, log: quiet }, owner, kept, placed, await segment(1, 1_000_000));
    expect(a.startedAt.getTime()).toBe(999_500);
    expect(b.startedAt.getTime()).toBe(999_501);
    expect((await indexed()).map((row) => new Date(row.started_at).getTime())).toEqual([999_500, 999_501]);
  });

  it('dates an undated segment from when it was finished', () => {
    const undated = { startedAt: null, duration: 2, finishedAt: new Date(10_000) };
    expect(firstSkew(undated)).toBe(0);
    expect(wallClockStart(undated, { skew: 0, lastStart: Number.NEGATIVE_INFINITY }).getTime()).toBe(8_000);
  });
});
