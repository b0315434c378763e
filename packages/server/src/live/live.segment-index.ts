import { open } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { KeptLease } from './input.lease.ts';
import type { BookedSegment } from './live.playlist-book.ts';
import { nextSequence, segmentKey } from './live.state.ts';
import type { FinishedSegment } from './packager.ts';

/**
 * A live input's segment index (table live_segments): where a packager run's segments go in it,
 * on the wall clock and in sequence, and each segment's file stored and its row written under
 * the input's lease. Used by the LiveSupervisor (live.supervisor.ts) for each segment a packager
 * finishes; nothing here holds state between segments but the run's placement it is given.
 */

export interface SegmentIndexDeps {
  db: Db;
  storage: ObjectStorage;
  log: { info(data: object, message: string): void; warn(data: object, message: string): void };
}

/** The input a segment belongs to. */
export interface SegmentOwner {
  accountId: number;
  inputId: number;
}

/**
 * A packager run's place in the index, fixed at its first segment under the lease: `offset` is
 * added to the packager's sequence numbers (numbered from the index as read before the lease was
 * taken, which another node may have written past since); `skew` is taken off its segments'
 * program date-times (see wallClockStart); `lastStart` is the last indexed segment's start.
 */
export interface RunPlacement {
  runId: number;
  offset: number;
  skew: number;
  lastStart: number;
}

/**
 * Places a run at its first segment, under the lease. A run numbers its segments from the index
 * as read when it started, before the lease was taken: the node that held the input before may
 * have indexed more since (its last writes, fenced, landed before this node took the lease). Read
 * once, under the lease, before any of this run's segments is written (a packager indexes its
 * segments one at a time, and a run starts only once the one before it has exited): the run is
 * numbered on after it.
 */
export async function placeRun(
  { db, log }: Pick<SegmentIndexDeps, 'db' | 'log'>,
  inputId: number,
  runId: number,
  first: FinishedSegment,
): Promise<RunPlacement> {
  const next = await nextSequence(db, inputId);
  const offset = Math.max(0, next - first.sequence);
  if (offset > 0) {
    log.info(
      { inputId, sequence: first.sequence, next },
      'live: the index grew while the input’s lease was taken: this run is numbered on after it',
    );
  }
  return { runId, offset, skew: firstSkew(first), lastStart: Number.NEGATIVE_INFINITY };
}

/**
 * Stores and indexes a finished segment of a placed run, under the input's lease, and answers
 * what the other processes' playlists need of it. The index row is fenced by the lease's token:
 * once another node has taken the input, this node's write matches nothing, the lease is let go
 * (`kept.lost()`) and this throws. The file is stored under the lease's token (segmentKey), so a
 * node that lost the input unknowingly never writes over a file the new holder indexed. Moves
 * `placed` on (its offset when the sequence was indexed already, its last start).
 */
export async function indexSegment(
  deps: SegmentIndexDeps,
  owner: SegmentOwner,
  kept: KeptLease,
  placed: RunPlacement,
  segment: FinishedSegment,
): Promise<BookedSegment> {
  const startedAt = wallClockStart(segment, placed);
  let written = await writeSegment(deps, owner, kept, segment, segment.sequence + placed.offset, startedAt);
  if (written === 'taken') {
    // Never expected (the run was placed after the index under the lease), but a segment is
    // never dropped for it: the run is numbered on after the index from here.
    const next = await nextSequence(deps.db, owner.inputId);
    deps.log.warn(
      { inputId: owner.inputId, sequence: segment.sequence + placed.offset, next },
      'live: a segment’s sequence was already indexed: the run is numbered on after the index',
    );
    placed.offset = Math.max(placed.offset, next - segment.sequence);
    written = await writeSegment(deps, owner, kept, segment, segment.sequence + placed.offset, startedAt);
  }
  if (written !== 'indexed') {
    kept.lost();
    throw new Error(
      `input ${owner.inputId}: segment ${segment.sequence} not indexed: the input’s lease was taken by another node`,
    );
  }
  placed.lastStart = startedAt.getTime();
  const sequence = segment.sequence + placed.offset;
  return {
    sequence,
    startedAt,
    duration: segment.duration,
    discontinuity: segment.first,
    path: segmentKey(owner.accountId, owner.inputId, sequence, kept.lease.token),
  };
}

/**
 * Stores the segment's file and writes its index row, fenced by the lease (tried again on an
 * error: a retry finding its own row counts as written). 'fenced': the lease is another node's
 * now; 'taken': the lease is ours but the sequence is indexed already.
 */
async function writeSegment(
  { db, storage }: SegmentIndexDeps,
  owner: SegmentOwner,
  kept: KeptLease,
  segment: FinishedSegment,
  sequence: number,
  startedAt: Date,
): Promise<'indexed' | 'fenced' | 'taken'> {
  const key = segmentKey(owner.accountId, owner.inputId, sequence, kept.lease.token);
  return retried(async () => {
    // Opened first: a file gone makes this attempt fail, never an 'error' event without a listener.
    const file = await open(segment.localPath, 'r');
    try {
      await storage.putStream(key, file.createReadStream({ autoClose: false }), 'video/mp2t', {
        size: segment.bytes,
      });
    } finally {
      await file.close();
    }
    const result = await db.execute(sql`
      with written as (
        insert into live_segments (input_id, sequence, started_at, duration, path, bytes, discontinuity)
        select ${owner.inputId}::integer, ${sequence}::integer, ${startedAt.toISOString()}::timestamptz,
          ${segment.duration}::double precision, ${key}::text, ${segment.bytes}::integer, ${segment.first}::boolean
        where ${kept.fence()}
        on conflict (input_id, sequence) do update set bytes = excluded.bytes
          where live_segments.path = excluded.path
        returning id
      )
      select (select count(*) from written)::integer as written, ${kept.fence()} as held`);
    const [row] = rowsOf<{ written: number; held: boolean }>(result);
    if (Number(row?.written ?? 0) === 1) return 'indexed';
    return row?.held ? 'taken' : 'fenced';
  });
}

/** node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

/** A segment's store and index, tried again a few times (a loaded database may time out once). */
async function retried<T>(attempt: () => Promise<T>, tries = 4): Promise<T> {
  for (let left = tries - 1; ; left -= 1) {
    try {
      return await attempt();
    } catch (error) {
      if (left <= 0) throw error;
      await delay(250 * (tries - left));
    }
  }
}

/**
 * How far ahead of the wall clock a run's program date-times run: ffmpeg dates its first segment
 * when it opens it, and a packager that starts late (a loaded machine) first receives the ingest's
 * cached GOP at once, so that segment ends (by its date-time) after ffmpeg finished writing it
 * (e.g. dated 24.2 s to 25.2 s, finished at 23.7 s).
 */
export function firstSkew(segment: Pick<FinishedSegment, 'startedAt' | 'duration' | 'finishedAt'>): number {
  if (!segment.startedAt) return 0;
  return Math.max(0, segment.startedAt.getTime() + segment.duration * 1000 - segment.finishedAt.getTime());
}

/**
 * A segment's start on the wall clock: its program date-time less the run's skew (one shift for
 * the whole run, so its segments still follow each other exactly), after the previous one.
 */
export function wallClockStart(
  segment: Pick<FinishedSegment, 'startedAt' | 'duration' | 'finishedAt'>,
  placed: Pick<RunPlacement, 'skew' | 'lastStart'>,
): Date {
  const dated = segment.startedAt
    ? segment.startedAt.getTime() - placed.skew
    : segment.finishedAt.getTime() - segment.duration * 1000;
  return new Date(Math.max(dated, placed.lastStart + 1));
}
