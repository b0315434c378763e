import { lifecyclePaths } from '@regie/contract/lifecycle';
import type { ModuleCode } from '@regie/contract/modules';
import type { Role } from '@regie/contract/roles';
import { eq } from 'drizzle-orm';
import { contentCameras, contentLives, programSwitches } from '../src/db/cameras.table.ts';
import { events, markers } from '../src/db/events.table.ts';
import { liveInputs, liveSegments } from '../src/db/live.table.ts';
import { plays } from '../src/db/plays.table.ts';
import { videos } from '../src/db/videos.table.ts';
import type { ObjectStorage } from '../src/storage/storage.types.ts';
import type { TestContext } from './helpers.ts';

/** Rows for the embed, stats and dashboard tests, written straight to the database. */

export const PRODUCER_GRANTS: { roles: Role[]; modules: ModuleCode[] } = {
  roles: ['sport_player_write'],
  modules: ['SPORT_EVENTS', 'DASHBOARD', 'VIDEOS', 'STREAM_CLIPPING'],
};

/** A signed-in user of a new account (or of the given one), with the given grants. */
export async function signIn(
  ctx: TestContext,
  grants: { roles: Role[]; modules: ModuleCode[] },
  accountId?: number,
): Promise<{ token: string; accountId: number; accountKey: string }> {
  const user = await ctx.buildUser({ ...grants, ...(accountId ? { accountId } : {}) });
  return {
    token: await ctx.login(user.username, user.password),
    accountId: user.accountId,
    accountKey: user.accountKey,
  };
}

/** A ready video of the account (its HLS keys where the encoder puts them). */
export async function insertVideo(
  ctx: TestContext,
  accountId: number,
  values: Partial<typeof videos.$inferInsert> = {},
): Promise<number> {
  const [video] = await ctx.db
    .insert(videos)
    .values({ title: 'Replay', state: 'ready', duration: 5400, published: true, accountId, ...values })
    .returning({ id: videos.id });
  if (!video) throw new Error('video not inserted');
  const folder = `videos/${accountId}/${video.id}/`;
  await ctx.db
    .update(videos)
    .set({ hlsKey: `${folder}hls/master.m3u8`, posterKey: `${folder}poster.jpg` })
    .where(eq(videos.id, video.id));
  return video.id;
}

/** A replay's HLS in storage where insertVideo says it is: a master, one rung, one segment. */
export async function storeReplayFiles(storage: ObjectStorage, accountId: number, videoId: number): Promise<void> {
  const folder = `videos/${accountId}/${videoId}/hls/`;
  await storage.put(
    `${folder}master.m3u8`,
    Buffer.from('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nv0/index.m3u8\n'),
    'application/vnd.apple.mpegurl',
  );
  await storage.put(
    `${folder}v0/index.m3u8`,
    Buffer.from('#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg0.ts\n#EXT-X-ENDLIST\n'),
    'application/vnd.apple.mpegurl',
  );
  await storage.put(`${folder}v0/seg0.ts`, Buffer.alloc(188, 0x47), 'video/mp2t');
}

/**
 * An event's live started a minute ago on one camera of the account (its own input), ten
 * two-second segments recorded and the first in storage: its program playlist plays. The input's id.
 */
export async function liveOnOneCamera(
  ctx: TestContext,
  storage: ObjectStorage,
  staff: { token: string; accountId: number },
  eventId: number,
): Promise<number> {
  const [input] = await ctx.db
    .insert(liveInputs)
    .values({ accountId: staff.accountId, name: 'Main', streamKey: `rk_${eventId}_${Date.now()}` })
    .returning({ id: liveInputs.id });
  const inputId = input?.id ?? 0;
  await ctx.db
    .insert(contentCameras)
    .values({ accountId: staff.accountId, eventId, inputId, label: 'Main', position: 0 });
  const started = await ctx.request({
    method: 'POST',
    url: lifecyclePaths.transition('events', eventId, 'start-live'),
    token: staff.token,
    payload: { withoutCamera: true },
  });
  if (started.statusCode !== 200) throw new Error(`start-live: ${started.statusCode} ${started.body}`);
  const since = new Date(Date.now() - 61_000);
  await ctx.db.update(contentLives).set({ startedAt: since }).where(eq(contentLives.eventId, eventId));
  await ctx.db.update(programSwitches).set({ at: since }).where(eq(programSwitches.eventId, eventId));
  await ctx.db.insert(liveSegments).values(
    Array.from({ length: 10 }, (_, sequence) => ({
      inputId,
      sequence,
      startedAt: new Date(since.getTime() + 500 + sequence * 2000),
      duration: 2,
      path: `live/${inputId}/${sequence}.ts`,
      bytes: 188,
      discontinuity: sequence === 0,
    })),
  );
  await storage.put(`live/${inputId}/0.ts`, Buffer.alloc(188, 0x47), 'video/mp2t');
  return inputId;
}

export async function insertEvent(
  ctx: TestContext,
  accountId: number,
  values: Partial<typeof events.$inferInsert> = {},
): Promise<number> {
  const [event] = await ctx.db
    .insert(events)
    .values({ name: 'Derby', published: true, accountId, ...values })
    .returning({ id: events.id });
  if (!event) throw new Error('event not inserted');
  return event.id;
}

export async function insertMarker(
  ctx: TestContext,
  accountId: number,
  eventId: number,
  values: Partial<typeof markers.$inferInsert> = {},
): Promise<void> {
  await ctx.db.insert(markers).values({ eventId, accountId, timeSeconds: 60, ...values });
}

export async function insertPlay(
  ctx: TestContext,
  accountId: number,
  videoId: number,
  playedAt: Date,
  eventId: number | null = null,
): Promise<void> {
  await ctx.db.insert(plays).values({ accountId, videoId, eventId, playedAt, viewId: crypto.randomUUID() });
}
