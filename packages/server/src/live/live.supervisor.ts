import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import {
  type LatencyMode,
  LIVE_HEALTH_EVENT,
  LIVE_LIMITS,
  LIVE_MESSAGES,
  LIVE_TOPIC,
  type LiveHealth,
  SEGMENT_SECONDS,
} from '@regie/contract/live';
import { releaseLease } from '../cluster/leases.ts';
import type { Db } from '../db/database.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { Ingest, PublishRequest } from './ingest.types.ts';
import {
  DEFAULT_INPUT_LEASE_TTL_MS,
  idleUnleasedInputs,
  type KeptLease,
  keepInputLease,
  recordLimitRefusal,
  takeInputLease,
} from './input.lease.ts';
import { HOLDER_STALLED_MS, HolderDesk, type HolderOf, holderKey } from './live.holders.ts';
import type { KeyBook } from './live.keys.ts';
import type { BookedSegment } from './live.playlist-book.ts';
import { indexSegment, placeRun, type RunPlacement } from './live.segment-index.ts';
import { idleAndRelease, nextSequence, setInputState } from './live.state.ts';
import { type FinishedSegment, type PackagerRun, startPackager } from './packager.ts';

/** How long a packager may take to read to the end of a publish that ended before it is signalled. */
const PACKAGER_DRAIN_MS = 3_000;
const MAX_RESTART_DELAY_MS = 10_000;
/** Past the input lease's life, how long a publisher waits for another node's lease to free. */
const LEASE_WAIT_MARGIN_MS = 2_000;

export { HOLDER_ANSWER_MS, HOLDER_STALLED_MS, INPUT_HOLDER_EVENTS, INPUT_HOLDER_TOPIC } from './live.holders.ts';

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
  /** When the publisher connected (Date.now()). */
  connectedAt: number;
  bitrate: number;
  lastFrameAt: number | null;
  dropped: number;
  packagerFps: number | null;
  segments: number;
  failing: boolean;
  /** The input's lease, once taken: indexing and writes on the input only under it. */
  lease: KeptLease | null;
  /** Settles with the lease once taken, or null when the publish ends without it. */
  leaseReady: Promise<KeptLease | null>;
  settleLease: (kept: KeptLease | null) => void;
  /** Packager runs started (the last is the current one). */
  runs: number;
  /** The current run's place in the index, fixed at its first segment under the lease (live.segment-index.ts). */
  placed: RunPlacement | null;
}

export interface SupervisorOptions {
  db: Db;
  storage: ObjectStorage;
  hub: RealtimeHub;
  ingest: Ingest;
  keys: KeyBook;
  /** Where packagers write before a segment is stored. */
  workDir: string;
  /** Told of each segment indexed, so every process's playlists have it (live.playlist-book.ts). */
  onIndexed?: (accountId: number, inputId: number, segment: BookedSegment) => Promise<void>;
  /** This node (a lease holder) and the life of its input leases (live/input.lease.ts). */
  lease: { holder: string; ttlMs?: number };
  log: { info(data: object, message: string): void; warn(data: object, message: string): void };
}

type Log = SupervisorOptions['log'];
const logError = (log: Log, what: string) => (error: unknown) => log.warn({ err: error }, what);

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

/**
 * Runs the live: answers the ingest's publish checks from the key book and the account's limit,
 * takes each publishing input's lease (the account's limit counted in the database there), runs
 * one packager per input it holds (restarted while its publisher is connected), indexes every
 * segment, records state changes (fenced by the lease), pushes each live input's health on the
 * account's topic every LIVE_LIMITS.healthIntervalMs, and idles the inputs whose node died.
 */
export class LiveSupervisor {
  private readonly byInput = new Map<number, Runtime>();
  private readonly bySession = new Map<string, Runtime>();
  private ticker: NodeJS.Timeout | null = null;
  /** Ends under way (packager stopping, state written): stop() waits for them. */
  private readonly ending = new Set<Promise<void>>();

  private readonly leaseTtlMs: number;
  private sweeping: Promise<void> | null = null;
  /** The input leases this node holds, from taken until released at the end (a drain included). */
  private readonly leasesHeld = new Map<number, KeptLease>();
  /** The cluster's questions about who still packages an input (live.holders.ts). */
  private readonly holders: HolderDesk;

  constructor(private readonly options: SupervisorOptions) {
    this.leaseTtlMs = options.lease.ttlMs ?? DEFAULT_INPUT_LEASE_TTL_MS;
    this.holders = new HolderDesk({
      hub: options.hub,
      holder: options.lease.holder,
      answers: (held) => this.answersFor(held),
      onError: (error, what) => logError(options.log, what)(error),
    });
  }

  start(): void {
    this.ticker = setInterval(() => this.tick(), LIVE_LIMITS.healthIntervalMs);
    this.holders.start();
  }

  /**
   * Asks about inputs this node holds are answered while it packages them (a drain included) and
   * their publisher sends, so a second encoder on another node waits.
   */
  private answersFor(held: HolderOf): boolean {
    const kept = this.leasesHeld.get(held.inputId);
    if (!kept?.valid() || kept.lease.token !== held.token) return false;
    // Its publisher still connected (not draining its end): answered only while it sends.
    const runtime = this.byInput.get(held.inputId);
    if (runtime) {
      const silentMs = this.silentMs(runtime);
      if (silentMs >= HOLDER_STALLED_MS) {
        this.options.log.warn(
          { inputId: held.inputId, silentMs },
          'live: asked about an input whose publisher sends nothing: left to the node its encoder reached',
        );
        return false;
      }
    }
    return true;
  }

  /**
   * Inputs left live (or failing) by a node whose lease on them expired (killed, cut off) become
   * idle, with an idle health pushed: at a live node's start, then at every tick.
   */
  async sweep(): Promise<void> {
    if (this.sweeping) return this.sweeping;
    this.sweeping = (async () => {
      try {
        // Grace: a lease's life after it expired, for the encoder to come back on another node.
        for (const input of await idleUnleasedInputs(this.options.db, this.leaseTtlMs)) {
          this.options.log.info({ inputId: input.id }, 'live: input idle, no live node holds it any more');
          await this.publish(input.accountId, idleLiveHealth(input.id, 'idle'));
        }
      } catch (error) {
        logError(this.options.log, 'live: inputs of dead nodes not reset')(error);
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  async stop(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    this.holders.stop();
    for (const runtime of this.byInput.values()) this.ended(runtime.sessionId, false);
    await Promise.all([...this.ending]);
    await this.sweeping;
  }

  /** Synchronous: the ingest asks while the client waits. */
  authorize(request: PublishRequest): boolean {
    const { log, keys } = this.options;
    const keyed = keys.find(request.streamKey);
    if (!keyed) {
      log.warn({ address: request.remoteAddress }, 'live ingest: publish refused, unknown stream key');
      return false;
    }
    const current = this.byInput.get(keyed.inputId);
    if (current) {
      const silentMs = this.silentMs(current);
      if (silentMs >= HOLDER_STALLED_MS) {
        // Its connection likely went half-open (the encoder's network changed) and the encoder is
        // back: the silent one is let go now, and the encoder's next try publishes.
        log.warn(
          { inputId: keyed.inputId, silentMs },
          'live ingest: publish refused, the input’s publisher sends nothing: let go for the next try',
        );
        this.letGo(current);
      } else {
        log.warn({ inputId: keyed.inputId }, 'live ingest: publish refused, the input already has a publisher');
      }
      return false;
    }
    // The quick refusal: this node alone has the account at its limit. The limit over every
    // node is counted in the database when the input's lease is taken (started).
    const limit = keys.limitOf(keyed.accountId);
    const onAir = [...this.byInput.values()].filter((runtime) => runtime.accountId === keyed.accountId).length;
    if (onAir >= limit) {
      log.warn({ inputId: keyed.inputId, limit }, 'live ingest: publish refused, account limit reached');
      this.refuseForLimit(keyed.accountId, keyed.inputId, limit);
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
      connectedAt: Date.now(),
      bitrate: 0,
      lastFrameAt: null,
      dropped: 0,
      packagerFps: null,
      segments: 0,
      failing: false,
      lease: null,
      leaseReady: Promise.resolve(null),
      settleLease: () => undefined,
      runs: 0,
      placed: null,
    };
    runtime.leaseReady = new Promise((resolve) => {
      runtime.settleLease = resolve;
    });
    this.byInput.set(runtime.inputId, runtime);
    this.bySession.set(runtime.sessionId, runtime);
    return true;
  }

  /** The publisher is connected: the input goes on air once its lease is taken (goOnAir). */
  started(request: PublishRequest): void {
    const runtime = this.bySession.get(request.sessionId);
    if (!runtime) return;
    // The packager reads the stream from its start while the lease is taken; it indexes nothing
    // before (index waits for the lease) and stops with the publisher when the lease is refused.
    void this.runPackager(runtime);
    this.goOnAir(runtime).catch((error: unknown) => {
      logError(this.options.log, 'live: input not put on air')(error);
      runtime.settleLease(null);
      this.letGo(runtime);
    });
  }

  /**
   * Takes the input's lease, the account's limit counted over every node in the same transaction,
   * then packages. When another node holds the lease, it is asked on the hub whether it still
   * packages the input: silent (killed a moment ago, its lease not expired yet), its lease is
   * taken over at once (fenced: anything it still writes matches nothing), so the encoder that
   * reconnected here loses only the moments of its reconnection. A holder that answers keeps it:
   * this publisher waits, connected, at most the lease's life and a margin (the holder may be
   * draining its publisher's end), and a lease that never frees is a second publisher on another
   * node: this one is let go. Without the hub, the lease is waited for until it expires.
   */
  private async goOnAir(runtime: Runtime): Promise<void> {
    const { db, log, keys } = this.options;
    const waitUntil = Date.now() + this.leaseTtlMs + LEASE_WAIT_MARGIN_MS;
    let waiting = false;
    let kept: KeptLease | null = null;
    /** The holder found silent: its lease is taken over at the next try. */
    let takeOver: { holder: string; token: number } | undefined;
    /** Holders already asked (each once: one that answered is waited for). */
    const asked = new Set<string>();
    while (!kept) {
      if (runtime.ended) return;
      const limit = keys.limitOf(runtime.accountId);
      const takenAt = performance.now();
      const from = takeOver;
      takeOver = undefined;
      const answer = await takeInputLease(db, {
        accountId: runtime.accountId,
        inputId: runtime.inputId,
        holder: this.options.lease.holder,
        ttlMs: this.leaseTtlMs,
        limit,
        ...(from ? { from } : {}),
      }).catch((error: unknown) => {
        logError(log, 'live: input lease not taken; trying again')(error);
        return null;
      });
      if (answer && 'taken' in answer) {
        const lease = answer.taken;
        if (runtime.ended) {
          await releaseLease(db, lease).catch(logError(log, 'live: input lease not released; it expires instead'));
          return;
        }
        kept = keepInputLease(db, lease, {
          ttlMs: this.leaseTtlMs,
          takenAt,
          log,
          onLost: (why) => {
            log.warn(
              { inputId: runtime.inputId, why },
              why === 'lost'
                ? 'live: input lease lost to another node: packager stopped, publisher let go'
                : 'live: input lease not renewed in time (database unreachable?): packager stopped and publisher let go before another node may take the input',
            );
            this.letGo(runtime);
          },
        });
        runtime.lease = kept;
        this.leasesHeld.set(runtime.inputId, kept);
        runtime.settleLease(kept);
        if (lease.tookOver) {
          log.info({ inputId: runtime.inputId, token: lease.token }, 'live: input taken over from a live node gone');
        }
        break;
      }
      const by = answer?.refused === 'held' ? answer.by : null;
      // Not its own holder name: this node's previous publisher of the input may still be draining.
      if (by && by.holder !== this.options.lease.holder) {
        const held = { inputId: runtime.inputId, ...by };
        if (!asked.has(holderKey(held))) {
          asked.add(holderKey(held));
          if ((await this.holders.ask(held)) === 'silent') {
            log.warn(
              { inputId: runtime.inputId, holder: by.holder },
              'live ingest: the input’s holder does not answer (killed?): taking the input over',
            );
            takeOver = by;
            continue;
          }
        }
      }
      if (answer?.refused === 'limit') {
        log.warn(
          { inputId: runtime.inputId, limit: answer.limit },
          'live ingest: publisher let go, account limit reached (inputs on air on every live node)',
        );
        this.refuseForLimit(runtime.accountId, runtime.inputId, answer.limit);
        this.letGo(runtime);
        return;
      }
      if (Date.now() >= waitUntil) {
        log.warn(
          { inputId: runtime.inputId },
          answer
            ? 'live ingest: publisher let go, the input is on air on another live node (its lease stays held there)'
            : 'live ingest: publisher let go, the input’s lease could not be taken (database unreachable?)',
        );
        this.letGo(runtime);
        return;
      }
      if (answer && !waiting) {
        waiting = true;
        log.info(
          { inputId: runtime.inputId },
          'live ingest: the input’s lease is held by another live node (stopped a moment ago?): keeping the publisher until it frees',
        );
      }
      // Short: the publisher waits for a dead node's lease, and every moment here is a stalled live edge.
      await delay(Math.min(200, Math.max(50, this.leaseTtlMs / 25)));
    }
    log.info({ inputId: runtime.inputId }, 'live input on air');
    await setInputState(db, runtime.inputId, 'live', null, kept.fence());
    await this.publish(runtime.accountId, this.health(runtime));
  }

  /** The refusal past the account's limit, shown on the input (unless another node has it on air). */
  private refuseForLimit(accountId: number, inputId: number, limit: number): void {
    void recordLimitRefusal(this.options.db, inputId, limit)
      .then((recorded) => (recorded ? this.publish(accountId, idleLiveHealth(inputId, 'error')) : undefined))
      .catch(logError(this.options.log, 'live: refusal not recorded'));
  }

  /** Disconnects the publisher and ends its input here at once (no drain: it is refused or lost). */
  private letGo(runtime: Runtime): void {
    this.options.ingest.kick(runtime.sessionId);
    this.ended(runtime.sessionId, false);
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

  /** True while this node packages the input under its lease (its readers, e.g. simulcasts, belong here). */
  holdsInput(inputId: number): boolean {
    return this.byInput.get(inputId)?.lease?.valid() ?? false;
  }

  /** The input's health now (what the socket pushes). */
  healthOf(inputId: number, state: LiveHealth['state']): LiveHealth {
    const runtime = this.byInput.get(inputId);
    return runtime ? this.health(runtime) : idleLiveHealth(inputId, state);
  }

  private async end(runtime: Runtime, drain: boolean): Promise<void> {
    if (runtime.ended) return;
    runtime.ended = true;
    runtime.settleLease(null);
    this.byInput.delete(runtime.inputId);
    this.bySession.delete(runtime.sessionId);
    await runtime.packager?.stop({ drainMs: drain ? PACKAGER_DRAIN_MS : 0 });
    const kept = runtime.lease;
    // Never on air here (refused, or another node held the input): its state is not this node's.
    if (!kept) return;
    this.options.log.info({ inputId: runtime.inputId }, 'live input off air');
    const held = kept.valid();
    kept.stop();
    // Idle and released in one transaction (the state write fenced): whoever sees the input idle
    // finds its lease free, and the encoder reconnecting to another node is packaged there at once.
    const idled = await idleAndRelease(this.options.db, runtime.inputId, kept).catch(async (error: unknown) => {
      logError(this.options.log, 'live: input not idled; releasing its lease')(error);
      await releaseLease(this.options.db, kept.lease).catch(
        logError(this.options.log, 'live: input lease not released; it expires instead'),
      );
      return false;
    });
    if (this.leasesHeld.get(runtime.inputId) === kept) this.leasesHeld.delete(runtime.inputId);
    if (held && idled) await this.publish(runtime.accountId, idleLiveHealth(runtime.inputId, 'idle'));
  }

  /** Inputs packaged since this process started: only their first run recovers a dead process's leftovers. */
  private readonly packagedInputs = new Set<number>();

  private firstRun(inputId: number): boolean {
    if (this.packagedInputs.has(inputId)) return false;
    this.packagedInputs.add(inputId);
    return true;
  }

  /**
   * Per input, the end of its last packager run (resolved once that run's segments are indexed
   * and its ffmpeg has exited). Runs share the input's work folder and number their files from
   * the index: an encoder reconnecting at once started a second run while the first still drained,
   * both writing and removing `0.ts`, … (a segment lost, a store failing on a vanished file).
   */
  private readonly packagerRuns = new Map<number, Promise<void>>();

  private async runPackager(runtime: Runtime): Promise<void> {
    const { db, ingest, workDir, log } = this.options;
    runtime.runs += 1;
    const runId = runtime.runs;
    const previous = this.packagerRuns.get(runtime.inputId) ?? Promise.resolve();
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const chain = previous.then(() => finished);
    this.packagerRuns.set(runtime.inputId, chain);
    void chain.then(() => {
      if (this.packagerRuns.get(runtime.inputId) === chain) this.packagerRuns.delete(runtime.inputId);
    });
    await previous;
    if (runtime.ended || runId !== runtime.runs) {
      done();
      return;
    }
    try {
      const run = await startPackager({
        source: ingest.playUrl(runtime.streamKey),
        folder: join(workDir, String(runtime.inputId)),
        segmentSeconds: SEGMENT_SECONDS[runtime.latencyMode],
        startNumber: await nextSequence(db, runtime.inputId),
        recover: this.firstRun(runtime.inputId),
        onSegment: (segment) => this.index(runtime, runId, segment),
        onProgress: ({ droppedFrames, fps }) => {
          runtime.dropped = droppedFrames;
          runtime.packagerFps = fps;
        },
        onExit: (result) => {
          done();
          this.packagerExited(runtime, runId, result);
        },
        onError: logError(log, 'live: a segment was not indexed'),
      });
      if (runtime.ended || runId !== runtime.runs) await run.stop();
      else runtime.packager = run;
    } catch (error) {
      done();
      logError(log, 'live: packager not started')(error);
      this.packagerExited(runtime, runId, { code: -1, stopped: false, stderr: String(error) });
    }
  }

  private packagerExited(
    runtime: Runtime,
    runId: number,
    result: { code: number | null; stopped: boolean; stderr: string },
  ): void {
    if (runtime.ended || result.stopped || runId !== runtime.runs) return;
    runtime.packager = null;
    runtime.restarts += 1;
    runtime.failing = true;
    const detail = result.stderr.split('\n').filter(Boolean).pop() ?? `ffmpeg exited with code ${result.code}`;
    this.options.log.warn({ inputId: runtime.inputId, code: result.code, detail }, 'live packager died, restarting');
    // Before the lease is taken the input's state is not this node's to write.
    if (runtime.lease) {
      void setInputState(
        this.options.db,
        runtime.inputId,
        'error',
        LIVE_MESSAGES.packagerFailed(detail),
        runtime.lease.fence(),
      ).catch(logError(this.options.log, 'live: packager failure not recorded'));
    }
    const delay = Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** Math.min(runtime.restarts, 5));
    setTimeout(() => {
      if (!runtime.ended) void this.runPackager(runtime);
    }, delay).unref();
  }

  /**
   * Stores and indexes a finished segment under the input's lease (live.segment-index.ts: the
   * run placed at its first segment, each row fenced by the lease's token), shares it with the
   * other processes' playlists, and clears a packager failure once segments flow again.
   */
  private async index(runtime: Runtime, runId: number, segment: FinishedSegment): Promise<void> {
    const kept = await runtime.leaseReady;
    if (!kept?.valid()) {
      throw new Error(
        `input ${runtime.inputId}: segment ${segment.sequence} not kept: the publish ended before the input’s lease was taken, or another node took it`,
      );
    }
    if (runtime.placed?.runId !== runId) runtime.placed = await placeRun(this.options, runtime.inputId, runId, segment);
    const booked = await indexSegment(this.options, runtime, kept, runtime.placed, segment);
    runtime.segments += 1;
    await this.options
      .onIndexed?.(runtime.accountId, runtime.inputId, booked)
      .catch(logError(this.options.log, 'live: segment not shared with the other processes'));
    if (runtime.failing && !runtime.ended) {
      runtime.failing = false;
      await setInputState(this.options.db, runtime.inputId, 'live', null, kept.fence());
    }
  }

  private tick(): void {
    for (const runtime of this.byInput.values()) {
      if (runtime.lease) void this.publish(runtime.accountId, this.health(runtime));
    }
    void this.sweep();
  }

  /** How long the input's publisher has sent nothing (since it connected, before its first bytes). */
  private silentMs(runtime: Runtime): number {
    this.health(runtime);
    return Date.now() - (runtime.lastFrameAt ?? runtime.connectedAt);
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
