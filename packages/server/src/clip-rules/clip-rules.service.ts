import { CLIP_RULE_MESSAGES } from '@regie/contract/clip-rules';
import { CLIP_MESSAGES } from '@regie/contract/clips';
import { renderMessage } from '@regie/contract/messages.render';
import { NO_VIDEO_MODULE } from '@regie/contract/no-video';
import { PLATFORM_LIMITS } from '@regie/contract/publications';
import { SOCIAL_PLATFORM_NAMES } from '@regie/contract/social';
import { and, asc, eq, gte, isNotNull, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { AuditSource } from '../audit/audit.service.ts';
import { markerClipTitle, markerTypeName } from '../clips/clip-title.ts';
import { type ClipOwner, type ClipRequest, createClip } from '../clips/clips.service.ts';
import { MessageError, reasonOf } from '../common/message.error.ts';
import { accounts } from '../db/accounts.table.ts';
import { clipRuleRuns, clipRules } from '../db/clip-rules.table.ts';
import type { Db } from '../db/database.ts';
import { events, markers } from '../db/events.table.ts';
import { publications } from '../db/publications.table.ts';
import { transaction } from '../db/transactions.ts';
import { users } from '../db/users.table.ts';
import { videos } from '../db/videos.table.ts';
import { badRequest, HttpError } from '../http/http.errors.ts';
import { createLiveClip, liveWindow } from '../live/live-clips.service.ts';
import { publishVideo } from '../social/publications.service.ts';
import { captionValues, fillCaption } from './clip-rules.caption.ts';

/**
 * Seconds past a live marker's moment (and its duration, and the rule's seconds after it) before
 * its clip is first tried, and the margin of each later try. A try finds what the live has
 * recorded (awaitRecording) and waits for the segment under way when the clip's end is not in
 * yet: a short margin clips as soon as the segment is indexed (it was 3 s, a fixed guess that
 * alone took the whole of issue 25's aim, one segment + 2 s, with 1 s segments).
 */
export const LIVE_SETTLE_SECONDS = 0.5;
/** The sweep looks back this far for markers that changed while no process heard them. */
const SWEEP_LOOKBACK = sql`interval '1 day'`;
/** Runs made per pass, so a backlog cannot hold a worker for long. */
const BATCH = 50;

/** A rule's clip belongs to the account, not to whoever dropped or imported the marker. */
const NO_OWNER: ClipOwner = { user: null };

/**
 * How long after its marker arrived a live run keeps waiting for the end of its range to be
 * recorded (a marker ahead of the recording: a feed's clock, periods set a little late, a marker
 * moved later while its run waited). Past it, the clip is cut from what is recorded, or fails.
 */
export const LIVE_WAIT_LIMIT_SECONDS = 600;

/** Nothing to cut from: the run is 'skipped' (not 'failed'), with this reason. */
class NothingToCut extends MessageError {}

/**
 * The event's replay is still being uploaded or encoded (a match recorded, its markers imported at
 * once): the run stays 'waiting' and is tried again this much later.
 */
export const REPLAY_WAIT_SECONDS = 15;

/**
 * The clip cannot be cut yet (the live has not recorded its end; the replay is not encoded yet):
 * the run stays 'waiting' until `dueAt`.
 */
class NotYet extends Error {
  constructor(
    readonly dueAt: Date,
    message: string,
  ) {
    super(message);
  }
}

/** When a run may be made: a live event without a replay waits for the seconds after its marker. */
const dueAt = sql`case when ${events.state} = 'live' and ${events.videoId} is null
  then now() + make_interval(secs => ${clipRules.afterSeconds} + coalesce(${markers.durationSeconds}, 0) + ${LIVE_SETTLE_SECONDS})
  else now() end`;

/** The rule's markerSource: any marker, a data feed's (it has a provider), or one made by hand. */
const fromSource = or(
  eq(clipRules.markerSource, 'any'),
  and(eq(clipRules.markerSource, 'feed'), isNotNull(markers.provider)),
  and(eq(clipRules.markerSource, 'hand'), isNull(markers.provider)),
);

/**
 * One run per (active matching rule, marker) among the markers `where` selects, inserted with ON
 * CONFLICT DO NOTHING: a marker met again (published twice, imported twice, edited, swept after a
 * restart) adds nothing. Answers how many runs are new.
 */
async function recordRuns(db: Db, where: SQL): Promise<number> {
  const candidates = await db
    .select({
      ruleId: clipRules.id,
      markerId: markers.id,
      eventId: markers.eventId,
      accountId: markers.accountId,
      dueAt: sql<Date>`${dueAt}`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(markers)
    .innerJoin(
      clipRules,
      and(
        eq(clipRules.accountId, markers.accountId),
        eq(clipRules.markerTypeId, markers.markerTypeId),
        eq(clipRules.active, true),
        fromSource,
      ),
    )
    .innerJoin(events, eq(events.id, markers.eventId))
    // A match followed without a picture (NO_VIDEO, contract no-video.ts) has nothing to cut.
    .where(and(where, sql`not (${NO_VIDEO_MODULE} = any(${events.activatedModules}))`))
    .limit(BATCH * 4);
  if (candidates.length === 0) return 0;
  const inserted = await db
    .insert(clipRuleRuns)
    .values(candidates)
    .onConflictDoNothing({ target: [clipRuleRuns.ruleId, clipRuleRuns.markerId] })
    .returning({ id: clipRuleRuns.id });
  return inserted.length;
}

/** The clip of one run: from the event's video (a replay), else from its live; else nothing to cut. */
async function makeClip(db: Db, run: { ruleId: number; markerId: number; createdAt: Date }): Promise<number> {
  const [found] = await db
    .select({ rule: clipRules, marker: markers, event: events })
    .from(markers)
    .innerJoin(events, eq(events.id, markers.eventId))
    .innerJoin(clipRules, eq(clipRules.id, run.ruleId))
    .where(eq(markers.id, run.markerId))
    .limit(1);
  if (!found) throw new Error(`Marker ${run.markerId} or clip rule ${run.ruleId} is gone`);
  const { rule, marker, event } = found;
  const request: ClipRequest = {
    inSeconds: Math.max(0, marker.timeSeconds - rule.beforeSeconds),
    outSeconds: marker.timeSeconds + (marker.durationSeconds ?? 0) + rule.afterSeconds,
    title: markerClipTitle({
      eventName: event.name,
      periods: event.periods,
      marker,
      typeName: await markerTypeName(db, marker.markerTypeId),
    }),
    clipTemplateId: rule.clipTemplateId,
    // Left out: the template's skin (clipDressing); set: the rule's own.
    clipSkinId: rule.clipSkinId ?? undefined,
    markerId: marker.id,
    eventId: event.id,
    published: rule.publish,
  };
  if (typeof event.videoId === 'number') {
    const [source] = await db
      .select()
      .from(videos)
      .where(and(eq(videos.id, event.videoId), eq(videos.accountId, event.accountId)))
      .limit(1);
    if (!source || source.state === 'failed') throw new NothingToCut(CLIP_RULE_MESSAGES.nothingToCut(event.id));
    if (source.state !== 'ready') {
      throw new NotYet(new Date(Date.now() + REPLAY_WAIT_SECONDS * 1000), 'The replay is not ready yet');
    }
    if (source.duration !== null) {
      if (marker.timeSeconds >= source.duration) throw badRequest(CLIP_MESSAGES.markerBeyondVideo);
      request.outSeconds = Math.min(request.outSeconds, source.duration);
    }
    return (await createClip(db, NO_OWNER, source, request)).video.id;
  }
  if (event.state === 'live') {
    const content = { kind: 'events' as const, id: event.id, accountId: event.accountId };
    await awaitRecording(db, content, request.outSeconds, run.createdAt);
    return (await createLiveClip(db, NO_OWNER, content, request, { clamp: true })).video.id;
  }
  throw new NothingToCut(CLIP_RULE_MESSAGES.nothingToCut(event.id));
}

/**
 * Throws NotYet while the live is not recorded up to `outSeconds` (or not at all yet),
 * for at most LIVE_WAIT_LIMIT_SECONDS after the run was recorded. The run's first due time
 * counts from the marker's arrival, not from its place in the live: a marker ahead of the
 * recording would otherwise be cut short to what is recorded, or refused as outside the window.
 */
async function awaitRecording(
  db: Db,
  content: { kind: 'events'; id: number; accountId: number },
  outSeconds: number,
  recordedAt: Date,
): Promise<void> {
  if (Date.now() - recordedAt.getTime() >= LIVE_WAIT_LIMIT_SECONDS * 1000) return;
  let missing: number;
  try {
    const window = await liveWindow(db, content);
    missing = outSeconds - window.toSeconds;
  } catch (error) {
    if (!(error instanceof HttpError && error.reason.code === CLIP_MESSAGES.liveNothingRecorded.code)) throw error;
    missing = outSeconds;
  }
  if (missing <= 0) return;
  const wait = Math.min(missing, LIVE_WAIT_LIMIT_SECONDS) + LIVE_SETTLE_SECONDS;
  throw new NotYet(new Date(Date.now() + wait * 1000), 'The live is not recorded up to the clip’s end yet');
}

/**
 * Makes one waiting run's clip. Moving the run out of 'waiting' and making the clip are one
 * transaction: two processes on the same run, or a crash in between, never give two clips (the
 * second waits on the row and then finds it made). A refused clip rolls back and is recorded.
 */
async function makeRun(db: Db, runId: number): Promise<Date | null> {
  let made = false;
  try {
    await transaction(db, async (tx) => {
      const [claimed] = await tx
        .update(clipRuleRuns)
        .set({ state: 'made', error: null, updatedAt: new Date() })
        .where(and(eq(clipRuleRuns.id, runId), eq(clipRuleRuns.state, 'waiting'), lte(clipRuleRuns.dueAt, sql`now()`)))
        .returning();
      if (!claimed) return;
      const clipVideoId = await makeClip(tx, claimed);
      await tx.update(clipRuleRuns).set({ clipVideoId }).where(eq(clipRuleRuns.id, runId));
      made = true;
    });
    if (made) await publishRuleClip(db, runId);
    return null;
  } catch (error) {
    if (error instanceof NotYet) {
      // Rolled back to 'waiting': due again when the rest should be recorded, or the replay ready.
      await db
        .update(clipRuleRuns)
        .set({ dueAt: error.dueAt, updatedAt: new Date() })
        .where(and(eq(clipRuleRuns.id, runId), eq(clipRuleRuns.state, 'waiting')));
      return error.dueAt;
    }
    await db
      .update(clipRuleRuns)
      .set({
        state: error instanceof NothingToCut ? 'skipped' : 'failed',
        error: reasonOf(error),
        updatedAt: new Date(),
      })
      .where(and(eq(clipRuleRuns.id, runId), eq(clipRuleRuns.state, 'waiting')));
    return null;
  }
}

/**
 * Sends a made run's clip to its rule's social accounts (issue 41 point 3), through the links of
 * who saved the rule, captioned from its template: one publication per platform, each waiting for
 * a producer's approval or queued at once (it waits itself for the clip to be cut and encoded). A
 * platform that cannot take it (link gone, a limit) is said on the run; the others still go. Safe
 * to call again: a rule publishes a clip once per platform (a unique index).
 */
export async function publishRuleClip(db: Db, runId: number): Promise<void> {
  const [found] = await db
    .select({ run: clipRuleRuns, rule: clipRules, marker: markers, event: events, clip: videos, account: accounts })
    .from(clipRuleRuns)
    .innerJoin(clipRules, eq(clipRules.id, clipRuleRuns.ruleId))
    .innerJoin(markers, eq(markers.id, clipRuleRuns.markerId))
    .innerJoin(events, eq(events.id, markers.eventId))
    .innerJoin(videos, eq(videos.id, clipRuleRuns.clipVideoId))
    .innerJoin(accounts, eq(accounts.id, clipRules.accountId))
    .where(and(eq(clipRuleRuns.id, runId), eq(clipRuleRuns.state, 'made')))
    .limit(1);
  if (!found) return;
  const { rule, marker, event, clip, account } = found;
  if (rule.publishTargets.length === 0 || rule.publishAuthorId === null) return;
  const [author] = await db.select({ name: users.name }).from(users).where(eq(users.id, rule.publishAuthorId));
  if (!author) return;
  const typeName = await markerTypeName(db, marker.markerTypeId);
  const caption = fillCaption(rule.captionTemplate, await captionValues(db, marker, event, typeName));
  const refusals: string[] = [];
  for (const platform of rule.publishTargets) {
    const titleMax = PLATFORM_LIMITS[platform].titleMax;
    const title = titleMax === null ? '' : clip.title.slice(0, titleMax);
    try {
      await publishVideo(db, {
        userId: rule.publishAuthorId,
        modules: account.modules,
        video: clip,
        body: { targets: [{ platform, title, caption }], scheduledAt: null, thumbnailSeconds: null },
        audit: ruleAuditSource(rule.publishAuthorId, author.name),
        requestId: null,
        rule: {
          id: rule.id,
          mode: rule.publishMode,
          durationSeconds: (clip.clipOutSeconds ?? 0) - (clip.clipInSeconds ?? 0),
          markerAt: marker.createdAt,
          clipMadeAt: clip.createdAt,
        },
      });
    } catch (error) {
      refusals.push(`${SOCIAL_PLATFORM_NAMES[platform]}: ${renderMessage(reasonOf(error), 'en')}`);
    }
  }
  if (refusals.length > 0) {
    await db
      .update(clipRuleRuns)
      .set({ error: CLIP_RULE_MESSAGES.notPublished(refusals.join(' · ')), updatedAt: new Date() })
      .where(eq(clipRuleRuns.id, runId));
  }
}

/** A rule publishes as the user who chose its accounts: the audit trail names them. */
function ruleAuditSource(userId: number, userName: string): AuditSource {
  return {
    userId,
    userName,
    actingAdminId: null,
    byPlatformAdmin: false,
    ownAccountId: null,
    requestId: null,
    ip: null,
    userAgent: null,
  };
}

/** Makes the waiting runs whose time has come (of one marker, or all); answers the next later one's time. */
async function makeDueRuns(db: Db, markerId?: number): Promise<Date | null> {
  const waiting = await db
    .select({ id: clipRuleRuns.id, dueAt: clipRuleRuns.dueAt })
    .from(clipRuleRuns)
    .where(
      and(eq(clipRuleRuns.state, 'waiting'), markerId === undefined ? undefined : eq(clipRuleRuns.markerId, markerId)),
    )
    .orderBy(asc(clipRuleRuns.dueAt), asc(clipRuleRuns.id))
    .limit(BATCH);
  const now = Date.now();
  let next: Date | null = null;
  for (const run of waiting) {
    const dueAt = run.dueAt.getTime() <= now ? await makeRun(db, run.id) : run.dueAt;
    if (dueAt && (!next || dueAt < next)) next = dueAt;
  }
  return next;
}

/**
 * A marker was created or changed (committed): its runs, then its clips when they are due.
 * Answers when its next waiting run is due (a live clip waiting for its seconds after), if any.
 */
export async function applyClipRules(db: Db, markerId: number): Promise<Date | null> {
  await recordRuns(db, eq(markers.id, markerId));
  return makeDueRuns(db, markerId);
}

/**
 * The durable side (a periodic task of every worker): runs for markers that changed while no
 * process heard them (a crash between a marker's commit and its runs), for the rules that
 * existed then, and every waiting run whose time has come.
 */
export async function sweepClipRules(db: Db): Promise<void> {
  const unrun = notExists(
    db
      .select({ id: clipRuleRuns.id })
      .from(clipRuleRuns)
      .where(and(eq(clipRuleRuns.ruleId, clipRules.id), eq(clipRuleRuns.markerId, markers.id))),
  );
  await recordRuns(
    db,
    and(
      gte(markers.updatedAt, clipRules.createdAt),
      gte(markers.updatedAt, sql`now() - ${SWEEP_LOOKBACK}`),
      unrun,
    ) as SQL,
  );
  await makeDueRuns(db);
  await publishUnpublished(db);
}

/**
 * Made runs of a publishing rule whose clip has no publication yet (the process stopped between
 * the clip and its publications), in the sweep's window; a run whose publishing was refused says
 * so in its error and is left alone.
 */
async function publishUnpublished(db: Db): Promise<void> {
  const runs = await db
    .select({ id: clipRuleRuns.id })
    .from(clipRuleRuns)
    .innerJoin(clipRules, eq(clipRules.id, clipRuleRuns.ruleId))
    .where(
      and(
        eq(clipRuleRuns.state, 'made'),
        isNull(clipRuleRuns.error),
        isNotNull(clipRuleRuns.clipVideoId),
        sql`cardinality(${clipRules.publishTargets}) > 0`,
        gte(clipRuleRuns.updatedAt, sql`now() - ${SWEEP_LOOKBACK}`),
        notExists(
          db
            .select({ id: publications.id })
            .from(publications)
            .where(
              and(eq(publications.ruleId, clipRuleRuns.ruleId), eq(publications.videoId, clipRuleRuns.clipVideoId)),
            ),
        ),
      ),
    )
    .limit(BATCH);
  for (const run of runs) await publishRuleClip(db, run.id);
}
