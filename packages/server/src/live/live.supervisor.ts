import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import {
  type LatencyMode,
  LIVE_HEALTH_EVENT,
  LIVE_LIMITS,
  LIVE_MESSAGES,
  LIVE_TOPIC,
  type LiveHealth,
  SEGMENT_SECONDS,
} from '@regie/contract/live';
import type { Db } from '../db/database.ts';
import { liveSegments } from '../db/live.table.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { Ingest, PublishRequest } from './ingest.types.ts';
import type { KeyBook } from './live.keys.ts';
import { nextSequence, segmentKey, setInputState } from './live.state.ts';
import { type FinishedSegment, type PackagerRun, startPackager } from './packager.ts';

/** How long a packager may take to read to the end of a publish that ended before it is signalled. */
const PACKAGER_DRAIN_MS = 3_000;
const MAX_RESTART_DELAY_MS = 10_000;

interface Runtime {
  sessionId: string;
  inputId: number;
  accountId: number;
  streamKey: string;
  latencyMode: LatencyMode;
  packager: PackagerRun | null;
  restarts: number;
  ended: boolean;
  lastBytes: number;
  lastTickAt: number;
  bitrate: number;
  lastFrameAt: number | null;
  dropped: number;
  packagerFps: number | null;
  segments: number;
  failing: boolean;
}

export interface SupervisorOptions {
  db: Db;
  storage: ObjectStorage;
  hub: RealtimeHub;
  ingest: Ingest;
  keys: KeyBook;
  /** Where packagers write before a segment is stored. */
  workDir: string;
  log: { info(data: object, message: string): void; warn(data: object, message: string): void };
}

type Log = SupervisorOptions['log'];
const logError = (log: Log, what: string) => (error: unknown) => log.warn({ err: error }, what);

/**
 * Runs the live: answers the ingest's publish checks from the key book and the account's limit,
 * runs one packager per publishing input (restarted while its publisher is connected), indexes
 * every segment, records state changes, and pushes each live input's health on the account's
 * topic every LIVE_LIMITS.healthIntervalMs.
 */
/** An input's health while no encoder sends to this process. */
export function idleLiveHealth(inputId: number, state: LiveHealth['state']): LiveHealth {
  return {
    inputId,
    state,
    connected: false,
    bitrate: 0,
    fps: null,
    width: null,
    height: null,
    videoCodec: null,
    audioCodec: null,
    lastFrameAt: null,
    dropped: 0,
    segments: 0,
  };
}

export class LiveSupervisor {
  private readonly byInput = new Map<number, Runtime>();
  private readonly bySession = new Map<string, Runtime>();
  private ticker: NodeJS.Timeout | null = null;
  /** Ends under way (packager stopping, state written): stop() waits for them. */
  private readonly ending = new Set<Promise<void>>();

  constructor(private readonly options: SupervisorOptions) {}

  start(): void {
    this.ticker = setInterval(() => this.tick(), LIVE_LIMITS.healthIntervalMs);
  }

  async stop(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    for (const runtime of this.byInput.values()) this.ended(runtime.sessionId, false);
    await Promise.all([...this.ending]);
  }

  /** Synchronous: the ingest asks while the client waits. */
  authorize(request: PublishRequest): boolean {
    const { log, keys } = this.options;
    const keyed = keys.find(request.streamKey);
    if (!keyed) {
      log.warn({ address: request.remoteAddress }, 'live ingest: publish refused, unknown stream key');
      return false;
    }
    if (this.byInput.has(keyed.inputId)) {
      log.warn({ inputId: keyed.inputId }, 'live ingest: publish refused, the input already has a publisher');
      return false;
    }
    const limit = keys.limitOf(keyed.accountId);
    const onAir = [...this.byInput.values()].filter((runtime) => runtime.accountId === keyed.accountId).length;
    if (onAir >= limit) {
      log.warn({ inputId: keyed.inputId, limit }, 'live ingest: publish refused, account limit reached');
      void setInputState(this.options.db, keyed.inputId, 'error', LIVE_MESSAGES.limitReached(limit))
        .then(() => this.publish(keyed.accountId, idleLiveHealth(keyed.inputId, 'error')))
        .catch(logError(log, 'live: refusal not recorded'));
      return false;
    }
    const runtime: Runtime = {
      sessionId: request.sessionId,
      inputId: keyed.inputId,
      accountId: keyed.accountId,
      streamKey: request.streamKey,
      latencyMode: keyed.latencyMode,
      packager: null,
      restarts: 0,
      ended: false,
      lastBytes: 0,
      lastTickAt: Date.now(),
      bitrate: 0,
      lastFrameAt: null,
      dropped: 0,
      packagerFps: null,
      segments: 0,
      failing: false,
    };
    this.byInput.set(runtime.inputId, runtime);
    this.bySession.set(runtime.sessionId, runtime);
    return true;
  }

  started(request: PublishRequest): void {
    const runtime = this.bySession.get(request.sessionId);
    if (!runtime) return;
    this.options.log.info({ inputId: runtime.inputId }, 'live input on air');
    void setInputState(this.options.db, runtime.inputId, 'live')
      .then(() => this.publish(runtime.accountId, this.health(runtime)))
      .catch(logError(this.options.log, 'live: state not recorded'));
    void this.runPackager(runtime);
  }

  /** The publisher left (drain: the packager may read to the end of what it sent), or the server stops. */
  ended(sessionId: string, drain = true): void {
    const runtime = this.bySession.get(sessionId);
    if (!runtime) return;
    const ending = this.end(runtime, drain).catch(logError(this.options.log, 'live: end not recorded'));
    this.ending.add(ending);
    void ending.finally(() => this.ending.delete(ending));
  }

  /** Disconnects an input's publisher (key rotated, input deleted). */
  kickInput(inputId: number): void {
    const runtime = this.byInput.get(inputId);
    if (runtime) this.options.ingest.kick(runtime.sessionId);
  }

  /**
   * Disconnects every publisher whose key the key book no longer holds (rotated or its input
   * deleted, on whichever process): what a live node does when the key book changes.
   */
  kickStale(): void {
    for (const runtime of this.byInput.values()) {
      if (this.options.keys.find(runtime.streamKey)?.inputId !== runtime.inputId) {
        this.options.ingest.kick(runtime.sessionId);
      }
    }
  }

  /** The local RTMP URL a reader plays a publishing input from (simulcast, …), null when it is not on air. */
  sourceUrl(inputId: number): string | null {
    const runtime = this.byInput.get(inputId);
    return runtime ? this.options.ingest.playUrl(runtime.streamKey) : null;
  }

  isOnAir(inputId: number): boolean {
    return this.byInput.has(inputId);
  }

  /** The input's health now (what the socket pushes). */
  healthOf(inputId: number, state: LiveHealth['state']): LiveHealth {
    const runtime = this.byInput.get(inputId);
    return runtime ? this.health(runtime) : idleLiveHealth(inputId, state);
  }

  private async end(runtime: Runtime, drain: boolean): Promise<void> {
    if (runtime.ended) return;
    runtime.ended = true;
    this.byInput.delete(runtime.inputId);
    this.bySession.delete(runtime.sessionId);
    await runtime.packager?.stop({ drainMs: drain ? PACKAGER_DRAIN_MS : 0 });
    this.options.log.info({ inputId: runtime.inputId }, 'live input off air');
    await setInputState(this.options.db, runtime.inputId, 'idle');
    await this.publish(runtime.accountId, idleLiveHealth(runtime.inputId, 'idle'));
  }

  /** Inputs packaged since this process started: only their first run recovers a dead process's leftovers. */
  private readonly packagedInputs = new Set<number>();

  private firstRun(inputId: number): boolean {
    if (this.packagedInputs.has(inputId)) return false;
    this.packagedInputs.add(inputId);
    return true;
  }

  private async runPackager(runtime: Runtime): Promise<void> {
    const { db, ingest, workDir, log } = this.options;
    try {
      const run = await startPackager({
        source: ingest.playUrl(runtime.streamKey),
        folder: join(workDir, String(runtime.inputId)),
        segmentSeconds: SEGMENT_SECONDS[runtime.latencyMode],
        startNumber: await nextSequence(db, runtime.inputId),
        recover: this.firstRun(runtime.inputId),
        onSegment: (segment) => this.index(runtime, segment),
        onProgress: ({ droppedFrames, fps }) => {
          runtime.dropped = droppedFrames;
          runtime.packagerFps = fps;
        },
        onExit: (result) => this.packagerExited(runtime, result),
        onError: logError(log, 'live: a segment was not indexed'),
      });
      if (runtime.ended) await run.stop();
      else runtime.packager = run;
    } catch (error) {
      logError(log, 'live: packager not started')(error);
      this.packagerExited(runtime, { code: -1, stopped: false, stderr: String(error) });
    }
  }

  private packagerExited(runtime: Runtime, result: { code: number | null; stopped: boolean; stderr: string }): void {
    if (runtime.ended || result.stopped) return;
    runtime.packager = null;
    runtime.restarts += 1;
    runtime.failing = true;
    const detail = result.stderr.split('\n').filter(Boolean).pop() ?? `ffmpeg exited with code ${result.code}`;
    this.options.log.warn({ inputId: runtime.inputId, code: result.code, detail }, 'live packager died, restarting');
    void setInputState(this.options.db, runtime.inputId, 'error', LIVE_MESSAGES.packagerFailed(detail)).catch(
      logError(this.options.log, 'live: packager failure not recorded'),
    );
    const delay = Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** Math.min(runtime.restarts, 5));
    setTimeout(() => {
      if (!runtime.ended) void this.runPackager(runtime);
    }, delay).unref();
  }

  private async index(runtime: Runtime, segment: FinishedSegment): Promise<void> {
    const { db, storage } = this.options;
    const key = segmentKey(runtime.accountId, runtime.inputId, segment.sequence);
    await storage.putStream(key, createReadStream(segment.localPath), 'video/mp2t', { size: segment.bytes });
    await db
      .insert(liveSegments)
      .values({
        inputId: runtime.inputId,
        sequence: segment.sequence,
        startedAt: segment.startedAt ?? new Date(),
        duration: segment.duration,
        path: key,
        bytes: segment.bytes,
        discontinuity: segment.first,
      })
      .onConflictDoNothing();
    runtime.segments += 1;
    if (runtime.failing && !runtime.ended) {
      runtime.failing = false;
      await setInputState(db, runtime.inputId, 'live');
    }
  }

  private tick(): void {
    for (const runtime of this.byInput.values()) {
      void this.publish(runtime.accountId, this.health(runtime));
    }
  }

  private health(runtime: Runtime): LiveHealth {
    const stats = this.options.ingest.stats(runtime.sessionId);
    const now = Date.now();
    if (stats) {
      const elapsed = (now - runtime.lastTickAt) / 1000;
      if (stats.bytesIn > runtime.lastBytes) runtime.lastFrameAt = now;
      if (elapsed > 0.2) {
        runtime.bitrate = Math.round(((stats.bytesIn - runtime.lastBytes) * 8) / elapsed);
        runtime.lastBytes = stats.bytesIn;
        runtime.lastTickAt = now;
      }
    }
    return {
      inputId: runtime.inputId,
      state: runtime.failing ? 'error' : 'live',
      connected: stats !== null,
      bitrate: runtime.bitrate,
      fps: stats?.fps ?? runtime.packagerFps,
      width: stats?.width ?? null,
      height: stats?.height ?? null,
      videoCodec: stats?.videoCodec ?? null,
      audioCodec: stats?.audioCodec ?? null,
      lastFrameAt: runtime.lastFrameAt === null ? null : new Date(runtime.lastFrameAt).toISOString(),
      dropped: runtime.dropped,
      segments: runtime.segments,
    };
  }

  private async publish(accountId: number, health: LiveHealth): Promise<void> {
    await this.options.hub
      .publish(accountTopic(accountId, LIVE_TOPIC), { type: LIVE_HEALTH_EVENT, payload: health })
      .catch(logError(this.options.log, 'live: health not published'));
  }
}
