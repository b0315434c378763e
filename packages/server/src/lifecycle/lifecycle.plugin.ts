import { CLIP_MESSAGES } from '@regie/contract/clips';
import { CONFERENCE_MESSAGES } from '@regie/contract/conferences';
import { type LifecycleReplay, type LifecycleTransition, TRANSITION_RULES } from '@regie/contract/lifecycle';
import { CONFERENCE_READ_RULE, CONFERENCE_WRITE_RULE } from '@regie/contract/resources/business-players';
import { EVENT_READ_RULE, EVENT_WRITE_RULE } from '@regie/contract/resources/events';
import type { FastifyInstance } from 'fastify';
import { businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { startProgram } from '../live/cameras.service.ts';
import type { ContentRef } from '../live/program.ts';
import { closeLive, endLive, openLive } from '../live/replay.service.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import type { AuthContext, Guards } from '../tenancy/tenancy.guards.ts';
import { sharePendingVideo } from '../videos/share.pending.ts';
import { registerGoLiveRoutes } from './go-live.routes.ts';
import { registerLifecycleRoutes } from './lifecycle.routes.ts';
import type { LifecycleRecord, StatefulTable } from './lifecycle.store.ts';

export const eventsStateful: StatefulTable<typeof events> = {
  table: events,
  id: events.id,
  accountId: events.accountId,
  state: events.state,
  stateValues: (state) => ({ state }),
};

export const conferencesStateful: StatefulTable<typeof businessPlayers> = {
  table: businessPlayers,
  id: businessPlayers.id,
  accountId: businessPlayers.accountId,
  state: businessPlayers.state,
  stateValues: (state) => ({ state }),
};

/**
 * What a move does beside the state, in its transaction: going live opens the live and puts the
 * first camera on air when the program has never had one (live/cameras.service.ts); ending it
 * closes the live and, for the calls that make one, starts its replay (live/replay.service.ts),
 * to be shared once it plays for the -dailymotion variant (videos/share.pending.ts).
 */
async function moved(
  tx: Db,
  content: ContentRef,
  record: LifecycleRecord,
  transition: LifecycleTransition,
  auth: AuthContext,
): Promise<LifecycleReplay | null> {
  const rule = TRANSITION_RULES[transition];
  if (transition === 'start-live') {
    await startProgram(tx, content);
    await openLive(tx, content, record.accountId);
    return null;
  }
  if (rule.to !== 'replay') return null;
  if (!rule.makesReplay) {
    await closeLive(tx, content, record.accountId, new Date());
    return null;
  }
  const made = await endLive(tx, content, { accountId: record.accountId, userId: auth.user.id });
  if (!made) return null;
  if (rule.sharesReplayTo) {
    await sharePendingVideo(tx, { videoId: made.video.id, target: rule.sharesReplayTo, userId: auth.user.id });
  }
  return { videoId: made.video.id, jobId: made.job.id };
}

/**
 * The lifecycle calls of sport events and of conferences (spec §7: events/{id}/process-end-live,
 * its -dailymotion and -aws variants; business-players/{id}/process-end-live and -aws), each
 * moved by its own writers.
 */
export function registerEventLifecycle(
  app: FastifyInstance,
  options: { db: Db; guards: Guards; hub: RealtimeHub | null; dailymotionLinkable: boolean },
): void {
  const onError = (error: unknown) => app.log.warn({ err: error }, 'lifecycle event not published');
  registerGoLiveRoutes(app, options);
  registerLifecycleRoutes(app, {
    ...options,
    resource: 'events',
    stateful: eventsStateful,
    moved: (tx, record, transition, auth) => moved(tx, { kind: 'events', id: record.id }, record, transition, auth),
    writeRule: EVENT_WRITE_RULE,
    readRule: EVENT_READ_RULE,
    notFoundMessage: (id) => CLIP_MESSAGES.eventNotFound(id),
    onError,
  });
  registerLifecycleRoutes(app, {
    ...options,
    resource: 'business-players',
    stateful: conferencesStateful,
    moved: (tx, record, transition, auth) =>
      moved(tx, { kind: 'business-players', id: record.id }, record, transition, auth),
    writeRule: CONFERENCE_WRITE_RULE,
    readRule: CONFERENCE_READ_RULE,
    notFoundMessage: (id) => CONFERENCE_MESSAGES.notFound(id),
    onError,
  });
}
