import type { EventReplayResponse } from '@regie/contract/markers';
import { and, eq } from 'drizzle-orm';
import { findEvent } from '../clips/clips.markers.ts';
import { videos } from '../db/videos.table.ts';
import type { Engine, ResourceEntry } from '../resources/resources.types.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';
import { playbackOf } from '../videos/videos.resource.ts';

/**
 * The event's replay as its editors' player needs it. Reading the event is enough: the video is
 * the event's own (same account), so no video role is needed to play it here.
 */
export async function eventReplay(
  engine: Engine,
  eventsEntry: ResourceEntry,
  auth: AuthContext,
  eventId: number,
): Promise<EventReplayResponse> {
  const event = await findEvent(engine, eventsEntry, auth, eventId);
  if (typeof event.videoId !== 'number' || typeof event.accountId !== 'number') return { video: null };
  const [row] = await engine.db
    .select()
    .from(videos)
    .where(and(eq(videos.id, event.videoId), eq(videos.accountId, event.accountId)))
    .limit(1);
  if (!row) return { video: null };
  return {
    video: {
      id: row.id,
      title: row.title,
      state: row.state,
      duration: row.duration,
      width: row.width,
      height: row.height,
      playback: playbackOf(row, engine.present),
      createdAt: row.createdAt.toISOString(),
    },
  };
}
