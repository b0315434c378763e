import { embedSwitchOff } from '@regie/contract/embed';
import type { EmbedChapter } from '@regie/contract/embed.schemas';
import { DEFAULT_LANGUAGE, type Language } from '@regie/contract/languages';
import { isDataOnly } from '@regie/contract/no-video';
import { and, asc, eq } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { events, markers } from '../db/events.table.ts';
import { markerTypes } from '../db/marker-types.table.ts';
import { languages } from '../db/reference.table.ts';
import { translations } from '../db/translations.table.ts';
import type { EmbedContent } from './embed.sources.ts';

/** A marker's chapter title: its label, else its type's name (else empty: the page shows its time). */
export function chapterTitle(label: string, typeName: string | null): string {
  return label.trim() || typeName || '';
}

/** A record's name in the language, where it has a translation. */
export async function translatedName(
  db: Db,
  resource: 'events' | 'business-players',
  id: number,
  language: Language,
): Promise<string | null> {
  if (language === DEFAULT_LANGUAGE) return null;
  const [row] = await db
    .select({ values: translations.values })
    .from(translations)
    .innerJoin(languages, eq(languages.id, translations.languageId))
    .where(and(eq(translations.resource, resource), eq(translations.recordId, id), eq(languages.code, language)))
    .limit(1);
  return row?.values.name?.trim() || null;
}

/**
 * An event's embed: its name, state, kick-off, its replay video, whether it is published (its
 * own switch, settings tab) and its embed switch is on (contract embedSwitchOff: the account's
 * modules and the event's), and whether it is a data-only match (contract no-video.ts).
 */
export async function loadEventEmbed(
  db: Db,
  accountId: number,
  id: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<EmbedContent | null> {
  const [event] = await db
    .select({
      name: events.name,
      videoId: events.videoId,
      published: events.published,
      state: events.state,
      startsAt: events.startsAt,
      fansOnly: events.fansOnly,
      eventModules: events.activatedModules,
      accountModules: accounts.modules,
      // A data-only match's page reads these too: one query for both.
      periods: events.periods,
      homeChallengerId: events.homeChallengerId,
      awayChallengerId: events.awayChallengerId,
    })
    .from(events)
    .innerJoin(accounts, eq(accounts.id, events.accountId))
    .where(and(eq(events.id, id), eq(events.accountId, accountId)))
    .limit(1);
  if (!event) return null;
  const title = (await translatedName(db, 'events', id, language)) ?? event.name;
  return {
    title,
    state: event.state,
    startsAt: event.startsAt,
    published: event.published,
    embedOn: !embedSwitchOff(event.accountModules, event.eventModules),
    videoId: event.videoId,
    fansOnly: event.fansOnly,
    eventId: id,
    dataOnly: isDataOnly(event.accountModules, event.eventModules)
      ? {
          eventId: id,
          kickOff: event.startsAt,
          periods: event.periods,
          homeChallengerId: event.homeChallengerId,
          awayChallengerId: event.awayChallengerId,
        }
      : null,
  };
}

/** An event's markers as chapters, in time order. */
export async function eventChapters(db: Db, accountId: number, id: number): Promise<EmbedChapter[]> {
  const rows = await db
    .select({ label: markers.label, timeSeconds: markers.timeSeconds, typeName: markerTypes.name })
    .from(markers)
    .leftJoin(markerTypes, eq(markerTypes.id, markers.markerTypeId))
    .where(and(eq(markers.eventId, id), eq(markers.accountId, accountId)))
    .orderBy(asc(markers.timeSeconds), asc(markers.id));
  return rows.map((row) => ({ title: chapterTitle(row.label, row.typeName), startSeconds: row.timeSeconds }));
}
