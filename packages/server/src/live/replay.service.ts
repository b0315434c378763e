import { REPLAY_LIMITS } from '@regie/contract/live';
import { VIDEO_RESOURCE_TYPE, VIDEO_TITLE_MAX } from '@regie/contract/videos';
import { and, asc, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import { type ContentLiveRow, contentLives, programSwitches } from '../db/cameras.table.ts';
import { businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import type { JobRow } from '../db/jobs.table.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { type ContentRef, contentKey, ofContent, programIndexBefore } from './program.ts';
import { replayLiveJob } from './replay.job.ts';

/** start-live: the content's live opens now (a content already on air keeps its open live). */
export async function openLive(db: Db, content: ContentRef, accountId: number): Promise<void> {
  await db
    .insert(contentLives)
    .values({ accountId, ...contentKey(content), startedAt: new Date() })
    .onConflictDoNothing();
}

/**
 * When a live opened before lives were recorded began: its program's first switch since the
 * content's last live ended (else now, an empty recording).
 */
async function untrackedStart(db: Db, content: ContentRef, now: Date): Promise<Date> {
  const [previous] = await db
    .select({ endedAt: contentLives.endedAt })
    .from(contentLives)
    .where(and(ofContent(contentLives, content), isNotNull(contentLives.endedAt)))
    .orderBy(desc(contentLives.endedAt))
    .limit(1);
  const [first] = await db
    .select({ at: programSwitches.at })
    .from(programSwitches)
    .where(
      and(
        ofContent(programSwitches, content),
        previous?.endedAt ? gte(programSwitches.at, previous.endedAt) : undefined,
      ),
    )
    .orderBy(asc(programSwitches.at))
    .limit(1);
  return first?.at ?? now;
}

/** Closes the content's open live (one made for a live opened before lives were recorded). */
export async function closeLive(db: Db, content: ContentRef, accountId: number, now: Date): Promise<ContentLiveRow> {
  const [closed] = await db
    .update(contentLives)
    .set({ endedAt: now })
    .where(and(ofContent(contentLives, content), isNull(contentLives.endedAt)))
    .returning();
  if (closed) return closed;
  const startedAt = await untrackedStart(db, content, now);
  const [made] = await db
    .insert(contentLives)
    .values({ accountId, ...contentKey(content), startedAt, endedAt: now })
    .returning();
  if (!made) throw new Error('live not recorded');
  return made;
}

async function contentDetails(db: Db, content: ContentRef): Promise<{ name: string; sportId: number | null }> {
  if (content.kind === 'events') {
    const [row] = await db
      .select({ name: events.name, sportId: events.sportId })
      .from(events)
      .where(eq(events.id, content.id));
    return { name: row?.name ?? '', sportId: row?.sportId ?? null };
  }
  const [row] = await db
    .select({ name: businessPlayers.name })
    .from(businessPlayers)
    .where(eq(businessPlayers.id, content.id));
  return { name: row?.name ?? '', sportId: null };
}

function replayTitle(name: string, content: ContentRef): string {
  const title = name.trim() || `${content.kind === 'events' ? 'Event' : 'Conference'} ${content.id}`;
  return title.length > VIDEO_TITLE_MAX ? `${title.slice(0, VIDEO_TITLE_MAX - 1).trimEnd()}…` : title;
}

/** The program has at least one segment starting in [from, to). */
async function recordedSince(db: Db, content: ContentRef, from: Date, to: Date): Promise<boolean> {
  return (await programIndexBefore(db, content, to)) > (await programIndexBefore(db, content, from));
}

/**
 * process-end-live (and -aws): in the caller's transaction, the one that moved the content to
 * replay, so it runs once per live whatever happens next: the live closes, its replay video is
 * made (the content's account, titled after it, processing) and becomes the content's video, and
 * the replay job is queued to start once the last segment is indexed (REPLAY_LIMITS). A live
 * with nothing recorded (no camera, or none that sent anything on air) only closes: the content
 * keeps the video it had, and the answer is null.
 */
export async function endLive(
  tx: Db,
  content: ContentRef,
  owner: { accountId: number; userId: number | null },
): Promise<{ live: ContentLiveRow; video: VideoRow; job: JobRow } | null> {
  const now = new Date();
  const live = await closeLive(tx, content, owner.accountId, now);
  if (!(await recordedSince(tx, content, live.startedAt, now))) return null;
  const details = await contentDetails(tx, content);
  const [video] = await tx
    .insert(videos)
    .values({
      title: replayTitle(details.name, content),
      sportId: details.sportId,
      state: 'processing',
      ownerId: owner.userId,
      accountId: owner.accountId,
    })
    .returning();
  if (!video) throw new Error('replay video not created');
  await tx.update(contentLives).set({ replayVideoId: video.id }).where(eq(contentLives.id, live.id));
  if (content.kind === 'events') {
    await tx.update(events).set({ videoId: video.id }).where(eq(events.id, content.id));
  } else {
    await tx.update(businessPlayers).set({ videoId: video.id }).where(eq(businessPlayers.id, content.id));
  }
  const job = await enqueueJob(
    tx,
    replayLiveJob,
    { liveId: live.id },
    {
      accountId: owner.accountId,
      resourceType: VIDEO_RESOURCE_TYPE,
      resourceId: video.id,
      runAt: new Date(now.getTime() + REPLAY_LIMITS.settleSeconds * 1000),
    },
  );
  return { live: { ...live, replayVideoId: video.id }, video, job };
}
