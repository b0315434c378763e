import { CLIP_MESSAGES } from '@regie/contract/clips';
import { CONFERENCE_MESSAGES } from '@regie/contract/conferences';
import type { LifecycleTransition } from '@regie/contract/lifecycle';
import { CONFERENCE_WRITE_RULE } from '@regie/contract/resources/business-players';
import { EVENT_WRITE_RULE } from '@regie/contract/resources/events';
import type { FastifyInstance } from 'fastify';
import { businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { startProgram } from '../live/cameras.service.ts';
import type { ContentRef } from '../live/program.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import { registerLifecycleRoutes } from './lifecycle.routes.ts';
import type { StatefulTable } from './lifecycle.store.ts';

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

/** Going live puts the first camera on air when the program has never had one (live/cameras.service.ts). */
async function goneLive(db: Db, content: ContentRef, transition: LifecycleTransition): Promise<void> {
  if (transition === 'start-live') await startProgram(db, content);
}

/**
 * The lifecycle calls of sport events and of conferences (spec §7: events/{id}/process-end-live,
 * its -dailymotion and -aws variants; business-players/{id}/process-end-live and -aws), each
 * moved by its own writers.
 */
export function registerEventLifecycle(
  app: FastifyInstance,
  options: { db: Db; guards: Guards; hub: RealtimeHub | null; dailymotionConfigured: boolean },
): void {
  const onError = (error: unknown) => app.log.warn({ err: error }, 'lifecycle event not published');
  registerLifecycleRoutes(app, {
    ...options,
    resource: 'events',
    stateful: eventsStateful,
    moved: (record, transition) => goneLive(options.db, { kind: 'events', id: record.id }, transition),
    writeRule: EVENT_WRITE_RULE,
    notFoundMessage: (id) => CLIP_MESSAGES.eventNotFound(id),
    onError,
  });
  registerLifecycleRoutes(app, {
    ...options,
    resource: 'business-players',
    stateful: conferencesStateful,
    moved: (record, transition) => goneLive(options.db, { kind: 'business-players', id: record.id }, transition),
    writeRule: CONFERENCE_WRITE_RULE,
    notFoundMessage: (id) => CONFERENCE_MESSAGES.notFound(id),
    onError,
  });
}
