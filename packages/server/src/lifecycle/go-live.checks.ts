import { motmIsOpen, motmWindow } from '@regie/contract/games';
import {
  fansCanWatch,
  type GoLiveCheck,
  type GoLiveChecks,
  type GoLiveFix,
  type GoLiveReason,
  type GoLiveStatus,
} from '@regie/contract/go-live';
import type { ModuleCode } from '@regie/contract/modules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import { contentCameras } from '../db/cameras.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { fanGames } from '../db/games.table.ts';
import { liveInputs } from '../db/live.table.ts';
import { simulcasts, simulcastTargets } from '../db/simulcast.table.ts';
import { readGameSettings } from '../games/game-settings.routes.ts';

type EventFacts = {
  id: number;
  accountId: number;
  state: GoLiveChecks['state'];
  published: boolean;
  startsAt: Date;
  endsAt: Date | null;
  activatedModules: string[];
  accountModules: string[];
};

/** The event with its account's modules, or null when there is no such event. */
export async function eventFacts(db: Db, eventId: number): Promise<EventFacts | null> {
  const [row] = await db
    .select({
      id: events.id,
      accountId: events.accountId,
      state: events.state,
      published: events.published,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      activatedModules: events.activatedModules,
      accountModules: accounts.modules,
    })
    .from(events)
    .innerJoin(accounts, eq(accounts.id, events.accountId))
    .where(eq(events.id, eventId))
    .limit(1);
  return row ?? null;
}

function item(
  check: GoLiveCheck['check'],
  status: GoLiveStatus,
  reason: GoLiveReason,
  more: Partial<Pick<GoLiveCheck, 'count' | 'total' | 'fix' | 'tab'>> = {},
): GoLiveCheck {
  return { check, status, reason, count: null, total: null, fix: null, tab: null, ...more };
}

/** A module the event lacks, fixed by activating it (the account holds it: the caller checked). */
const activate = (module: ModuleCode): GoLiveFix => ({ kind: 'activateModules', modules: [module] });

/**
 * The cameras of a content and how many of their inputs receive now (state 'live'). Events and
 * conferences alike: start-live refuses to go on air without one unless confirmed.
 */
export async function camerasReceiving(
  db: Db,
  content: { kind: 'events' | 'business-players'; id: number },
): Promise<{ inputIds: number[]; receiving: number }> {
  const rows = await db
    .select({ inputId: contentCameras.inputId, state: liveInputs.state })
    .from(contentCameras)
    .innerJoin(liveInputs, eq(liveInputs.id, contentCameras.inputId))
    .where(
      content.kind === 'events' ? eq(contentCameras.eventId, content.id) : eq(contentCameras.conferenceId, content.id),
    );
  return { inputIds: rows.map((row) => row.inputId), receiving: rows.filter((row) => row.state === 'live').length };
}

async function simulcastCheck(db: Db, accountId: number, inputIds: number[]): Promise<GoLiveCheck> {
  if (inputIds.length === 0) return item('simulcast', 'off', 'noSimulcast', { tab: 'stream' });
  const rows = await db
    .select({ simulcastId: simulcasts.id, targetId: simulcastTargets.id, running: simulcastTargets.running })
    .from(simulcasts)
    .leftJoin(simulcastTargets, eq(simulcastTargets.simulcastId, simulcasts.id))
    .where(and(eq(simulcasts.accountId, accountId), inArray(simulcasts.inputId, inputIds)))
    .orderBy(asc(simulcasts.id), asc(simulcastTargets.id));
  if (rows.length === 0) return item('simulcast', 'off', 'noSimulcast', { tab: 'stream' });
  const targets = rows.flatMap((row) => (row.targetId === null ? [] : [{ ...row, targetId: row.targetId }]));
  if (targets.length === 0) return item('simulcast', 'warning', 'noTargets', { tab: 'stream' });
  const stopped = targets.filter((target) => !target.running);
  const counts = { count: targets.length - stopped.length, total: targets.length, tab: 'stream' as const };
  if (stopped.length === 0) return item('simulcast', 'ok', 'targetsRunning', counts);
  const fix: GoLiveFix = {
    kind: 'startTargets',
    targets: stopped.map(({ simulcastId, targetId }) => ({ simulcastId, targetId })),
  };
  return item('simulcast', 'warning', 'targetsStopped', { ...counts, fix });
}

async function gameOf(db: Db, eventId: number, kind: 'motm' | 'predictor') {
  const [game] = await db
    .select()
    .from(fanGames)
    .where(and(eq(fanGames.eventId, eventId), eq(fanGames.kind, kind)))
    .limit(1);
  return game ?? null;
}

async function motmCheck(db: Db, event: EventFacts, now: Date): Promise<GoLiveCheck> {
  if (!event.activatedModules.includes('ADDON_MOTM')) {
    return item('motm', 'off', 'motmOff', { tab: 'settings' });
  }
  const game = await gameOf(db, event.id, 'motm');
  if (!game) return item('motm', 'off', 'noVote', { tab: 'motm' });
  const settings = await readGameSettings(db, event.accountId, 'motm');
  const window = motmWindow(event, { opensAt: game.opensAt, closesAt: game.closesAt }, settings);
  if (motmIsOpen(window, now)) return item('motm', 'ok', 'voteOpen', { tab: 'motm' });
  return item('motm', 'warning', 'voteClosed', { tab: 'motm', fix: { kind: 'openVote', gameId: game.id } });
}

async function predictorCheck(db: Db, event: EventFacts): Promise<GoLiveCheck> {
  if (!event.activatedModules.includes('ADDON_PREDICTOR')) {
    return item('predictor', 'off', 'predictorOff', { tab: 'settings' });
  }
  const game = await gameOf(db, event.id, 'predictor');
  return game
    ? item('predictor', 'ok', 'predictorReady', { tab: 'predictor' })
    : item('predictor', 'off', 'noPredictor', { tab: 'predictor' });
}

/**
 * Every check of contract go-live.ts for one event, in GO_LIVE_CHECKS' order: what fans get if it
 * goes live now. The checks of a module the account lacks are left out (nothing to offer).
 */
export async function goLiveChecks(db: Db, event: EventFacts, now = new Date()): Promise<GoLiveChecks> {
  const has = (module: ModuleCode) => event.accountModules.includes(module);
  const on = (module: ModuleCode) => event.activatedModules.includes(module);
  const checks: GoLiveCheck[] = [];
  checks.push(
    event.published
      ? item('published', 'ok', 'published', { tab: 'settings' })
      : item('published', 'warning', 'notPublished', { tab: 'settings', fix: { kind: 'publish' } }),
  );
  if (has('EMBED')) {
    checks.push(
      on('EMBED')
        ? item('embed', 'ok', 'embedOn', { tab: 'settings' })
        : item('embed', 'warning', 'embedOff', { tab: 'settings', fix: activate('EMBED') }),
    );
  }
  const cameras = await camerasReceiving(db, { kind: 'events', id: event.id });
  const total = cameras.inputIds.length;
  checks.push(
    total === 0
      ? item('camera', 'warning', 'noCamera', { tab: 'stream', count: 0, total: 0 })
      : item(
          'camera',
          cameras.receiving > 0 ? 'ok' : 'warning',
          cameras.receiving > 0 ? 'cameraReceiving' : 'cameraNotReceiving',
          {
            tab: 'stream',
            count: cameras.receiving,
            total,
          },
        ),
  );
  checks.push(await simulcastCheck(db, event.accountId, cameras.inputIds));
  if (has('CHAT')) {
    checks.push(
      on('CHAT')
        ? item('chat', 'ok', 'chatOpen', { tab: 'chat' })
        : item('chat', 'warning', 'chatOff', { tab: 'settings', fix: activate('CHAT') }),
    );
  }
  if (has('ADDON_MOTM')) checks.push(await motmCheck(db, event, now));
  if (has('ADDON_PREDICTOR')) checks.push(await predictorCheck(db, event));
  return {
    eventId: event.id,
    state: event.state,
    fans: fansCanWatch(event),
    needsCameraConfirmation: cameras.receiving === 0,
    checks,
  };
}
