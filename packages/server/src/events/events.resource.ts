import { EVENT_MESSAGES } from '@regie/contract/events';
import { eventsResource, initialEventState } from '@regie/contract/resources/events';
import { eq } from 'drizzle-orm';
import { purgeAttachmentsOf } from '../attachments/attachments.purge.job.ts';
import { accounts } from '../db/accounts.table.ts';
import { challengerAppearances } from '../db/actors.table.ts';
import { rounds, seasons } from '../db/competitions.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { badRequest } from '../http/http.errors.ts';
import { movePeriods } from '../match-events/match-events.periods.ts';
import { PRODUCT_ITEM_LINKS } from '../payments/product-items.ts';
import { deleteItemLinks } from '../resources/item-links.ts';
import { type Row, resourceEntry, type WriteContext } from '../resources/resources.types.ts';
import { cascadeProblem, modulesOutsideAccount } from './events.rules.ts';

type EventWrite = WriteContext<typeof events>;

/** The number in a field of the record as it will be stored (the body over the stored row). */
function storedNumber(values: Row, existing: Row | null, field: string): number | null {
  const value = field in values ? values[field] : existing?.[field];
  return typeof value === 'number' ? value : null;
}

async function parentOf(db: Db, table: typeof seasons | typeof rounds, id: number | null): Promise<number | null> {
  if (id === null) return null;
  if (table === seasons) {
    const [row] = await db.select({ parent: seasons.competitionId }).from(seasons).where(eq(seasons.id, id));
    return row?.parent ?? null;
  }
  const [row] = await db.select({ parent: rounds.seasonId }).from(rounds).where(eq(rounds.id, id));
  return row?.parent ?? null;
}

/** A season of the chosen competition, a round of the chosen season (400 naming the field otherwise). */
async function checkCascade(values: Row, { db, existing }: EventWrite): Promise<void> {
  const competitionId = storedNumber(values, existing, 'competitionId');
  const seasonId = storedNumber(values, existing, 'seasonId');
  const roundId = storedNumber(values, existing, 'roundId');
  const problem = cascadeProblem({
    competitionId,
    seasonId,
    roundId,
    seasonCompetitionId: await parentOf(db, seasons, seasonId),
    roundSeasonId: await parentOf(db, rounds, roundId),
  });
  if (problem) throw badRequest(problem.message, [{ path: problem.field, message: problem.message }]);
}

/** Only modules the event's account has (the request's account, or the record's for an admin). */
async function checkModules(values: Row, { db, auth, accountId }: EventWrite): Promise<void> {
  const asked = values.activatedModules;
  if (!Array.isArray(asked) || asked.length === 0) return;
  let owned = auth.account.modules;
  if (accountId !== null && accountId !== auth.account.id) {
    const [row] = await db.select({ modules: accounts.modules }).from(accounts).where(eq(accounts.id, accountId));
    owned = row?.modules ?? [];
  }
  const outside = modulesOutsideAccount(asked.map(String), owned);
  if (outside.length > 0) {
    const message = EVENT_MESSAGES.moduleNotInAccount(outside);
    throw badRequest(message, [{ path: 'activatedModules', message }]);
  }
}

/**
 * Sport events: the generic engine with the checks no field's schema can make (the competition
 * cascade, the account's modules); their challengers are read in order through
 * challenger_appearances (expand=[Challengers]) and written by PATCH
 * events/{id}/relationships/challengers (events.routes.ts).
 */
export const eventsEntry = resourceEntry({
  definition: eventsResource,
  table: events,
  joins: [
    {
      table: challengerAppearances,
      owner: challengerAppearances.eventId,
      target: challengerAppearances.challengerId,
      position: challengerAppearances.position,
    },
  ],
  hooks: {
    async prepare(given, context) {
      // A new event told no state takes it from its start: one for tonight is upcoming (issue 46.7).
      const values =
        context.existing === null && given.state === undefined
          ? { ...given, state: initialEventState(given.startsAt as string | undefined) }
          : given;
      await checkCascade(values, context);
      await checkModules(values, context);
      return movePeriods(values, context);
    },
    async beforeDelete(row, { db }) {
      // A deleted event leaves the products that sold it, and its attachment files in storage.
      await deleteItemLinks(db, PRODUCT_ITEM_LINKS, 'event', row.id);
      await purgeAttachmentsOf(db, row);
    },
  },
});
