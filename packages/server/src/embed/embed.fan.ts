import { EMBED_GAME_MODULES, EMBED_MESSAGES, embedSwitchOff } from '@regie/contract/embed';
import type { EmbedFanResponse } from '@regie/contract/embed.schemas';
import { and, eq } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { notFound } from '../http/http.errors.ts';
import type { EmbedTarget } from './embed.tokens.ts';

/**
 * What the page's games panel needs (GET embed/{token}/fan): an event's, while fans may see it
 * (published, its embed switch on), with the games it runs. Its fans sign in on the public fan
 * API naming the club by the page's token (contract HEADER_EMBED_TOKEN); the games are read there
 * by event id, each behind the fan's session of that club. A conference, or an event fans may not
 * see: 404.
 */
export async function fanContext(db: Db, target: EmbedTarget): Promise<EmbedFanResponse> {
  if (target.kind !== 'events') throw notFound(EMBED_MESSAGES.noGames);
  const [event] = await db
    .select({
      published: events.published,
      eventModules: events.activatedModules,
      accountModules: accounts.modules,
    })
    .from(events)
    .innerJoin(accounts, eq(accounts.id, events.accountId))
    .where(and(eq(events.id, target.id), eq(events.accountId, target.accountId)))
    .limit(1);
  if (!event?.published || embedSwitchOff(event.accountModules, event.eventModules)) {
    throw notFound(EMBED_MESSAGES.noGames);
  }
  return {
    eventId: target.id,
    games: {
      motm: event.eventModules.includes(EMBED_GAME_MODULES.motm),
      predictor: event.eventModules.includes(EMBED_GAME_MODULES.predictor),
    },
  };
}
