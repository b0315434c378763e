import { CONVERT_ACTIVE_STATES, CONVERT_EVENT, CONVERT_LIMITS, CONVERT_TOPIC } from '@regie/contract/live.convert';
import type { Message } from '@regie/contract/messages';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type LiveConversionRow, liveConversions } from '../db/live.table.ts';
import { transaction } from '../db/transactions.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';
import { type TargetReport, TargetSupervisor } from '../simulcast/simulcast.supervisor.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { conversionView, presentConversion } from './convert.present.ts';
import { type ConversionProgress, progressWrite } from './convert.progress.ts';
import { conversionEnds, type MediaUrl } from './convert.source.ts';

/**
 * Videos played into live inputs (contract live.convert.ts): one TargetSupervisor (the
 * simulcast's supervised ffmpeg: capped backoff, watchdog) per conversion, reading the video's best
 * HLS rendition in real time (`-re`) and publishing it `-c copy` to the ingest with the input's
 * key, read again at each start (a rotated key is followed). Each attempt starts where the last
 * one got to (`-ss`); the position is written down every few seconds, so a restart of the server
 * resumes there too. Reports go to the conversion's row and the account's CONVERT_TOPIC.
 */
export interface ConvertEngineOptions {
  db: Db;
  hub: RealtimeHub | null;
  storage: ObjectStorage;
  /** Where a local publisher pushes a key (the ingest's loopback RTMP URL), null without an ingest. */
  publishUrl: (streamKey: string) => string | null;
  /**
   * Where ffmpeg reads a video's file when the storage has no local path (S3): this process's own
   * media route, signed (its playlists carry the token to their segments); null when not listening.
   */
  mediaUrl?: MediaUrl;
  ffmpeg?: string;
  backoff?: { initialMs: number; factor: number; maxMs: number };
  watchdogMs?: number;
  log?: (line: string) => void;
  onError?: (error: unknown) => void;
  /**
   * A condition every write of a conversion's progress must meet (the lease of the process
   * playing it, convert.leased.ts): a process that lost the lease writes nothing more.
   */
  fence?: (conversionId: number) => SQL | undefined;
}

export interface ConvertEngine {
  start(row: LiveConversionRow): void;
  /**
   * Stops a conversion for good (state stopped) and waits for its ffmpeg to end. `stopped` runs in
   * the transaction that writes the stop (the request's audit entry).
   */
  stop(conversionId: number, stopped?: (tx: Db) => Promise<void>): Promise<void>;
  isRunning(conversionId: number): boolean;
  /** Starts every conversion the database says is under way (after a restart). */
  resume(): Promise<number>;
  /** Ends every ffmpeg without changing what is under way (server shutdown). */
  close(): Promise<void>;
}

/** This process's engine: also ends one conversion's ffmpeg without changing what is under way. */
export interface LocalConvertEngine extends ConvertEngine {
  /** Stops the conversion's ffmpeg here, keeps where it got to, and leaves its state as it is. */
  release(conversionId: number): Promise<void>;
}

interface Running extends ConversionProgress {
  supervisor: TargetSupervisor;
  accountId: number;
  destination: string;
  writes: Promise<void>;
}

export function createConvertEngine(options: ConvertEngineOptions): LocalConvertEngine {
  const { db, hub } = options;
  const running = new Map<number, Running>();
  let closing = false;

  async function keep(id: number, entry: Running, changes: Partial<LiveConversionRow>): Promise<void> {
    const [row] = await db
      .update(liveConversions)
      .set(changes)
      // Only while under way: a progress write queued before a stop lands after it, and must not
      // bring a stopped conversion back to 'playing' (its process would then claim it again).
      .where(
        and(eq(liveConversions.id, id), inArray(liveConversions.state, CONVERT_ACTIVE_STATES), options.fence?.(id)),
      )
      .returning();
    if (!row) {
      // Stopped meanwhile, or the input or the video deleted (the row with it): nothing to play.
      running.delete(id);
      await entry.supervisor.stop();
      return;
    }
    const view = await conversionView(db, row.id);
    if (!view) return;
    await hub?.publish(accountTopic(entry.accountId, CONVERT_TOPIC), {
      type: CONVERT_EVENT,
      // Sockets carry no language: clients render errorMessage in theirs.
      payload: presentConversion(view, 'en'),
    });
  }

  function write(id: number, entry: Running, changes: Partial<LiveConversionRow>): void {
    entry.writes = entry.writes.then(() => keep(id, entry, changes)).catch((error) => options.onError?.(error));
  }

  function onReport(id: number, supervisor: TargetSupervisor, report: TargetReport): void {
    const entry = running.get(id);
    if (!entry || entry.supervisor !== supervisor || closing) return;
    const changes = progressWrite(entry, report, Date.now());
    if (changes) write(id, entry, changes);
  }

  /** What the attempt plays (its destination kept for the supervisor); a Message when it cannot go on. */
  async function source(row: LiveConversionRow, entry: Running): Promise<string | Message> {
    const ends = await conversionEnds(db, row.id, options);
    if (typeof ends === 'object' && 'from' in ends) {
      entry.destination = ends.destination;
      return ends.from;
    }
    return ends;
  }

  function start(row: LiveConversionRow): void {
    const existing = running.get(row.id);
    if (existing) void existing.supervisor.stop();
    const entry: Running = {
      supervisor: null as unknown as TargetSupervisor,
      accountId: row.accountId,
      durationSeconds: row.durationSeconds,
      launchedAt: row.positionSeconds,
      position: row.positionSeconds,
      lastWrite: 0,
      lastStatus: row.state,
      finished: false,
      destination: '',
      writes: Promise.resolve(),
    };
    const supervisor: TargetSupervisor = new TargetSupervisor(
      {
        targetId: row.id,
        restarts: row.restarts,
        source: () => source(row, entry),
        get destination() {
          return entry.destination;
        },
        inputOptions: () => {
          entry.launchedAt = entry.position;
          // -ss 0 on an HLS input drops its first keyframe (the stream then starts mid-GOP and the
          // packager's first segment waits for the next one): no seek from the start. A seek
          // copies from the start of the rendition segment holding the position.
          return entry.position >= 0.5 ? ['-re', '-ss', entry.position.toFixed(3)] : ['-re'];
        },
        finite: true,
      },
      {
        ffmpeg: options.ffmpeg ?? 'ffmpeg',
        backoff: options.backoff ?? CONVERT_LIMITS.backoff,
        watchdogMs: options.watchdogMs ?? CONVERT_LIMITS.watchdogMs,
        onReport: (report) => onReport(row.id, supervisor, report),
        onFinished: () => {
          entry.finished = true;
          running.delete(row.id);
          write(row.id, entry, {
            state: 'finished',
            positionSeconds: entry.durationSeconds,
            lastError: null,
            endedAt: new Date(),
          });
        },
        ...(options.log ? { onLog: options.log } : {}),
      },
    );
    entry.supervisor = supervisor;
    running.set(row.id, entry);
    supervisor.start();
  }

  async function stop(conversionId: number, stopped?: (tx: Db) => Promise<void>): Promise<void> {
    const entry = running.get(conversionId);
    running.delete(conversionId);
    if (entry) {
      await entry.supervisor.stop();
      await entry.writes;
    }
    await transaction(db, async (tx) => {
      await tx
        .update(liveConversions)
        .set({ state: 'stopped', endedAt: new Date(), ...(entry ? { positionSeconds: entry.position } : {}) })
        .where(and(eq(liveConversions.id, conversionId), inArray(liveConversions.state, CONVERT_ACTIVE_STATES)));
      await stopped?.(tx);
    });
  }

  async function resume(): Promise<number> {
    const rows = await conversionsUnderWay(db);
    for (const row of rows) start(row);
    return rows.length;
  }

  async function release(conversionId: number): Promise<void> {
    const entry = running.get(conversionId);
    running.delete(conversionId);
    if (!entry) return;
    await entry.supervisor.stop();
    await entry.writes;
    // Where it got to: what the process taking it over resumes from.
    await db
      .update(liveConversions)
      .set({ positionSeconds: entry.position })
      .where(
        and(
          eq(liveConversions.id, conversionId),
          inArray(liveConversions.state, CONVERT_ACTIVE_STATES),
          options.fence?.(conversionId),
        ),
      );
  }

  async function close(): Promise<void> {
    closing = true;
    const entries = [...running.entries()];
    await Promise.all(entries.map(([, entry]) => entry.supervisor.stop()));
    await Promise.all(entries.map(([, entry]) => entry.writes));
    // Where each got to: what the next start resumes from.
    for (const [id, entry] of entries) {
      await db
        .update(liveConversions)
        .set({ positionSeconds: entry.position })
        .where(and(eq(liveConversions.id, id), inArray(liveConversions.state, CONVERT_ACTIVE_STATES)));
    }
    running.clear();
  }

  return { start, stop, resume, close, release, isRunning: (id) => running.has(id) };
}

/** The conversions under way (all, or only `onlyId`): what must be playing into their inputs. */
export async function conversionsUnderWay(db: Db, onlyId?: number): Promise<LiveConversionRow[]> {
  return db
    .select()
    .from(liveConversions)
    .where(
      and(
        inArray(liveConversions.state, CONVERT_ACTIVE_STATES),
        onlyId === undefined ? undefined : eq(liveConversions.id, onlyId),
      ),
    );
}
