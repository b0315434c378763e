import type { Message } from '@regie/contract/messages';
import { SIMULCAST_MESSAGES, SIMULCAST_TARGET_EVENT, simulcastTopic } from '@regie/contract/simulcast';
import { and, eq, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type SimulcastTargetRow, simulcastSamples, simulcasts, simulcastTargets } from '../db/simulcast.table.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';
import { presentTarget } from './simulcast.present.ts';
import { type SupervisorOptions, type TargetReport, TargetSupervisor } from './simulcast.supervisor.ts';

/**
 * Where a simulcast's source is read: the URL of a live input of the account, or null when the
 * input does not exist or cannot be read from this process now. The lead wires it to the live
 * inputs (server/src/live): the local RTMP publisher, or the live playlist of an input received
 * by another live node.
 */
export interface SimulcastSources {
  urlOf(accountId: number, inputId: number): Promise<string | null>;
  /**
   * Of these live inputs, those whose readers run on this process by preference: the inputs it
   * receives (their publisher is here), and those no live node has on air. A target whose input is
   * on air on another node is pushed there, or, when that node leaves it unclaimed, by another
   * process that can read the input (urlOf gives a URL; simulcast.leased.ts). Without it, every
   * input may run anywhere.
   */
  readableHere?(inputIds: readonly number[]): Promise<Set<number>>;
}

export interface SimulcastEngineOptions {
  db: Db;
  hub: RealtimeHub | null;
  sources: SimulcastSources;
  ffmpeg?: string;
  backoff?: SupervisorOptions['backoff'];
  watchdogMs?: number;
  /** Stats (bitrate) are written and published at most this often per target; status changes at once. */
  statsEveryMs?: number;
  log?: (line: string) => void;
  onError?: (error: unknown) => void;
  /**
   * A condition every write of a target's report must meet (the lease of the process running it,
   * simulcast.leased.ts): a process that lost the target's lease writes nothing more.
   */
  fence?: (targetId: number) => SQL | undefined;
}

export interface SimulcastEngine {
  /** Starts (or restarts) a target's restream. */
  start(target: SimulcastTargetRow): void;
  /** Stops a target's restream and waits for its ffmpeg to end. */
  stop(targetId: number): Promise<void>;
  isRunning(targetId: number): boolean;
  /** The live report of a running target. */
  report(targetId: number): TargetReport | undefined;
  /** Starts every target the database says is meant to run (after a restart of the server). */
  resume(): Promise<number>;
  /** Ends every restream without changing what is meant to run (server shutdown). */
  close(): Promise<void>;
}

const SAMPLES_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

const DEFAULTS = {
  backoff: { initialMs: 1_000, factor: 2, maxMs: 30_000 },
  watchdogMs: 15_000,
  statsEveryMs: 2_000,
} as const;

/** Samples are for the stats tab's last hour: older than a week they only take room. */
export async function pruneSamples(db: Db): Promise<void> {
  await db.delete(simulcastSamples).where(lt(simulcastSamples.at, new Date(Date.now() - SAMPLES_KEPT_MS)));
}

/** The targets meant to run (their simulcast started them), except those the cloud media service runs. */
export async function targetsMeantToRun(db: Db, onlyId?: number): Promise<SimulcastTargetRow[]> {
  const rows = await db
    .select({ target: simulcastTargets })
    .from(simulcastTargets)
    .innerJoin(simulcasts, eq(simulcasts.id, simulcastTargets.simulcastId))
    .where(
      and(
        eq(simulcastTargets.running, true),
        isNull(simulcasts.cloudChannelId),
        onlyId === undefined ? undefined : eq(simulcastTargets.id, onlyId),
      ),
    );
  return rows.map((row) => row.target);
}

/** The destination ffmpeg writes to: the server URL and the stream key as its last path segment. */
export function targetDestination(url: string, streamKey: string): string {
  return `${url.replace(/\/+$/, '')}/${streamKey}`;
}

interface Running {
  supervisor: TargetSupervisor;
  accountId: number;
  simulcastId: number;
  lastStatsAt: number;
  lastStatus: string;
  writes: Promise<void>;
}

async function sourceOf(
  db: Db,
  sources: SimulcastSources,
  accountId: number,
  simulcastId: number,
): Promise<string | Message> {
  const [row] = await db.select().from(simulcasts).where(eq(simulcasts.id, simulcastId)).limit(1);
  if (!row || row.inputId === null) return SIMULCAST_MESSAGES.sourceMissing;
  return (await sources.urlOf(accountId, row.inputId)) ?? SIMULCAST_MESSAGES.sourceUnavailable(row.inputId);
}

/** Keeps a report on the target's row (with a bitrate sample when due) and publishes the target. */
async function keep(
  db: Db,
  hub: RealtimeHub | null,
  entry: Running,
  report: TargetReport,
  withStats: boolean,
  fence: SQL | undefined,
): Promise<void> {
  const [row] = await db
    .update(simulcastTargets)
    .set({
      status: report.status,
      bitrateKbps: report.bitrateKbps,
      liveSince: report.liveSince,
      restarts: report.restarts,
      lastError: report.lastError,
    })
    .where(and(eq(simulcastTargets.id, report.targetId), fence))
    .returning();
  if (!row) return;
  if (withStats && report.bitrateKbps !== null) {
    await db.insert(simulcastSamples).values({ targetId: row.id, bitrateKbps: report.bitrateKbps });
  }
  await hub?.publish(accountTopic(entry.accountId, simulcastTopic(entry.simulcastId)), {
    type: SIMULCAST_TARGET_EVENT,
    // Sockets carry no language: clients render lastErrorMessage in theirs.
    payload: presentTarget(row, 'en'),
  });
}

/** The supervisor of one target, reading the simulcast's source at each (re)start. */
function newSupervisor(
  options: SimulcastEngineOptions,
  target: SimulcastTargetRow,
  onReport: (report: TargetReport) => void,
): TargetSupervisor {
  return new TargetSupervisor(
    {
      targetId: target.id,
      restarts: target.restarts,
      source: () => sourceOf(options.db, options.sources, target.accountId, target.simulcastId),
      destination: targetDestination(target.url, target.streamKey),
    },
    {
      ffmpeg: options.ffmpeg ?? 'ffmpeg',
      backoff: options.backoff ?? DEFAULTS.backoff,
      watchdogMs: options.watchdogMs ?? DEFAULTS.watchdogMs,
      onReport,
      ...(options.log ? { onLog: options.log } : {}),
    },
  );
}

/**
 * The local simulcast engine: one TargetSupervisor (one ffmpeg) per running target. Each report
 * is kept on the target's row (status at once, stats at most every statsEveryMs, with a bitrate
 * sample) and published on the simulcast's topic. Targets are independent: one failing only
 * changes its own row.
 */
export function createSimulcastEngine(options: SimulcastEngineOptions): SimulcastEngine {
  const { db, hub } = options;
  const statsEveryMs = options.statsEveryMs ?? DEFAULTS.statsEveryMs;
  const running = new Map<number, Running>();
  let closing = false;

  function onReport(supervisor: TargetSupervisor, report: TargetReport): void {
    const entry = running.get(report.targetId);
    // A replaced supervisor (a target started again) reports its end: not the target's news.
    if (!entry || entry.supervisor !== supervisor || closing) return;
    const now = Date.now();
    const changed = report.status !== entry.lastStatus;
    const statsDue = now - entry.lastStatsAt >= statsEveryMs;
    if (!changed && !statsDue) return;
    entry.lastStatus = report.status;
    if (statsDue) entry.lastStatsAt = now;
    // Writes of one target stay in order; a failed write is logged, never fatal to the restream.
    entry.writes = entry.writes
      .then(() => keep(db, hub, entry, report, statsDue, options.fence?.(report.targetId)))
      .catch((error) => options.onError?.(error));
  }

  function start(target: SimulcastTargetRow): void {
    const existing = running.get(target.id);
    if (existing) void existing.supervisor.stop();
    const supervisor: TargetSupervisor = newSupervisor(options, target, (report) => onReport(supervisor, report));
    running.set(target.id, {
      supervisor,
      accountId: target.accountId,
      simulcastId: target.simulcastId,
      lastStatsAt: 0,
      lastStatus: '',
      writes: Promise.resolve(),
    });
    supervisor.start();
  }

  async function stop(targetId: number): Promise<void> {
    const entry = running.get(targetId);
    if (!entry) return;
    await entry.supervisor.stop();
    running.delete(targetId);
    await entry.writes;
  }

  async function resume(): Promise<number> {
    await pruneSamples(db);
    const rows = await targetsMeantToRun(db);
    for (const row of rows) start(row);
    return rows.length;
  }

  async function close(): Promise<void> {
    closing = true;
    const entries = [...running.values()];
    await Promise.all(entries.map((entry) => entry.supervisor.stop()));
    await Promise.all(entries.map((entry) => entry.writes));
    running.clear();
  }

  return {
    start,
    stop,
    resume,
    close,
    isRunning: (targetId) => running.has(targetId),
    report: (targetId) => running.get(targetId)?.supervisor.current,
  };
}
