import {
  emptyImportReport,
  type FeedMatchEvent,
  type FeedProvider,
  type ImportReport,
  type ParsedFeed,
} from '@regie/contract/feeds';
import { type PeriodStart, videoSecondsOf } from '@regie/contract/match-clock';
import { MATCH_EVENT_MESSAGES, type MatchSide, type ParserMappingMode } from '@regie/contract/match-events';
import type { MessageLanguage } from '@regie/contract/messages.render';
import { renderMessage } from '@regie/contract/messages.render';
import { MARKER_LABEL_MAX } from '@regie/contract/resources/events';
import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { events, markers } from '../db/events.table.ts';
import { eventFeeds, type StoredMatchDocument } from '../db/match-events.table.ts';
import { transaction } from '../db/transactions.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { publishMarkerChange } from '../markers/markers.published.ts';
import { presentMarker } from '../markers/markers.resource.ts';
import { eventKeysOf } from './feed-keys.ts';
import { applyStoredStats, sidesOfTeams } from './match-stats.apply.ts';
import { resolveParserMapping } from './parser-mapping.service.ts';

/**
 * A match's events → the event's markers (issue 25 points 4 to 6; contract match-events.ts holds
 * the rules). The import (POST data-providers-service-api/import with an eventId), the feed
 * subscriptions and POST jobs/importMarkers all come here.
 */

export interface ApplyMatchInput {
  accountId: number;
  eventId: number;
  provider: FeedProvider;
  /** The adapter's parse of the match document (its matchEvents, teams and stats are read). */
  feed: ParsedFeed;
  /** Which parser mapping: default the event's state ('live' while it is live, else 'replay'). */
  mode?: ParserMappingMode;
  /** A data provider mapping whose parser mapping overrides the account's. */
  dataProviderMappingId?: number | null;
  /** The language of the report's reasons. */
  language: MessageLanguage;
}

/** The event a match document is applied to, as the apply reads it. */
interface MatchEvent {
  id: number;
  accountId: number;
  sportId: number | null;
  state: string;
  periods: PeriodStart[];
  homeChallengerId: number | null;
  awayChallengerId: number | null;
}

/** The event of the account (404 for another account's or a missing one, as the API answers). */
export async function findMatchEvent(db: Db, accountId: number, eventId: number): Promise<MatchEvent> {
  const [row] = await db
    .select({
      id: events.id,
      accountId: events.accountId,
      sportId: sql<
        number | null
      >`coalesce(${events.sportId}, case when jsonb_typeof(${accounts.config} -> 'sportId') = 'number' then (${accounts.config} ->> 'sportId')::int end)`,
      state: events.state,
      periods: events.periods,
      homeChallengerId: events.homeChallengerId,
      awayChallengerId: events.awayChallengerId,
    })
    .from(events)
    .innerJoin(accounts, eq(accounts.id, events.accountId))
    .where(and(eq(events.id, eventId), eq(events.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound(CRUD_MESSAGES.notFound('Event', eventId));
  return { ...row, sportId: row.sportId === null ? null : Number(row.sportId) };
}

/** What is kept of a parsed document: what markers and stats are made from. */
export function storedDocumentOf(feed: ParsedFeed): StoredMatchDocument {
  return {
    provider: feed.provider,
    teams: feed.teams,
    matchEvents: feed.matchEvents,
    ...(feed.stats ? { stats: feed.stats } : {}),
  };
}

/**
 * Keeps the event's match document of this provider (one per event and provider), so that
 * jobs/importMarkers, jobs/importEventStats and a change of the periods can apply it again.
 * Written only when it changed.
 */
export async function storeMatchDocument(
  db: Db,
  input: { accountId: number; eventId: number; provider: FeedProvider; feed: ParsedFeed },
): Promise<void> {
  const document = storedDocumentOf(input.feed);
  await db
    .insert(eventFeeds)
    .values({ accountId: input.accountId, eventId: input.eventId, provider: input.provider, document })
    .onConflictDoUpdate({
      target: [eventFeeds.eventId, eventFeeds.provider],
      // excluded.document, not the document again: it is sent once (a match's events are a megabyte).
      set: { document: excluded(eventFeeds.document), updatedAt: new Date() },
      setWhere: sql`${eventFeeds.document} is distinct from ${excluded(eventFeeds.document)}`,
    });
}

/**
 * Stores the match document, then makes the event's markers follow its match events: created,
 * moved or retyped (updated), left alone (unchanged), removed when now mapped to nothing or gone
 * from the document; a match event whose period has no kick-off yet waits (reported refused with
 * that reason). One transaction; each marker change is published once it commits. Applying the
 * same document twice changes and publishes nothing.
 */
export async function applyMatchEvents(db: Db, input: ApplyMatchInput): Promise<ImportReport> {
  return transaction(db, async (tx) => {
    const event = await findMatchEvent(tx, input.accountId, input.eventId);
    await storeMatchDocument(tx, input);
    return placeInputMarkers(tx, event, input);
  });
}

function placeInputMarkers(db: Db, event: MatchEvent, input: ApplyMatchInput): Promise<ImportReport> {
  return placeMarkers(db, event, storedDocumentOf(input.feed), {
    mode: input.mode,
    dataProviderMappingId: input.dataProviderMappingId ?? null,
    language: input.language,
  });
}

/**
 * The match events and the stats of a document, in one transaction: what an import of a match
 * file does (the event read once, the document stored once).
 */
export async function applyMatchDocument(db: Db, input: ApplyMatchInput): Promise<ImportReport> {
  return transaction(db, async (tx) => {
    const event = await findMatchEvent(tx, input.accountId, input.eventId);
    await storeMatchDocument(tx, input);
    const report = await placeInputMarkers(tx, event, input);
    const stats = await applyStoredStats(tx, event, storedDocumentOf(input.feed), input.language);
    return mergeReports(report, stats);
  });
}

/**
 * Applies the event's stored match documents again (jobs/importMarkers, a change of its periods):
 * the markers with today's parser mapping and `periods` when given (the event's stored ones
 * otherwise). 409 when the event has no match document.
 */
export async function reapplyMatchEvents(
  db: Db,
  input: { accountId: number; eventId: number; language: MessageLanguage; periods?: PeriodStart[] },
  options: { requireDocument: boolean } = { requireDocument: true },
): Promise<ImportReport> {
  return transaction(db, async (tx) => {
    const event = await findMatchEvent(tx, input.accountId, input.eventId);
    const documents = await storedDocuments(tx, event.id);
    if (documents.length === 0 && options.requireDocument) throw noMatchDocument();
    const placed = input.periods ? { ...event, periods: input.periods } : event;
    let report = emptyImportReport();
    for (const document of documents) {
      report = mergeReports(
        report,
        await placeMarkers(tx, placed, document, {
          dataProviderMappingId: null,
          language: input.language,
        }),
      );
    }
    return report;
  });
}

export function noMatchDocument(): HttpError {
  return new HttpError(409, MATCH_EVENT_MESSAGES.noMatchDocument);
}

export async function storedDocuments(db: Db, eventId: number): Promise<StoredMatchDocument[]> {
  const rows = await db
    .select({ document: eventFeeds.document })
    .from(eventFeeds)
    .where(eq(eventFeeds.eventId, eventId))
    .orderBy(eventFeeds.id);
  return rows.map((row) => row.document);
}

interface PlaceOptions {
  mode?: ParserMappingMode | undefined;
  dataProviderMappingId: number | null;
  language: MessageLanguage;
}

type MarkerRow = typeof markers.$inferSelect;

/** Markers written a statement (about ten parameters each, far below PostgreSQL's 65 535). */
const MARKERS_PER_STATEMENT = 500;

/** `excluded.<column>` of an INSERT … ON CONFLICT DO UPDATE: the value the row would have had. */
function excluded(column: { name: string }): SQL {
  return sql.raw(`excluded."${column.name}"`);
}

/** The markers of one provider's match events on the event, as the document now says. */
async function placeMarkers(
  db: Db,
  event: MatchEvent,
  document: StoredMatchDocument,
  options: PlaceOptions,
): Promise<ImportReport> {
  const { provider, matchEvents } = document;
  const report = emptyImportReport();
  // Whose match event each is (home, away): a caption's score counts each side's goals.
  const teamIds = [...new Set(matchEvents.map((matchEvent) => matchEvent.teamProviderId).filter(isText))];
  const sides = teamIds.length === 0 ? new Map<string, MatchSide>() : await sidesOfTeams(db, event, document, teamIds);
  const mode: ParserMappingMode = options.mode ?? (event.state === 'live' ? 'live' : 'replay');
  const keys = [...new Set(matchEvents.map((matchEvent) => matchEvent.key))];
  const mapping =
    event.sportId === null
      ? null
      : await resolveParserMapping(
          db,
          {
            accountId: event.accountId,
            provider,
            sportId: event.sportId,
            mode,
            dataProviderMappingId: options.dataProviderMappingId,
          },
          // Only the document's keys: a default marker type is made when a match event needs it.
          eventKeysOf(provider).filter((entry) => keys.includes(entry.key)),
          keys,
        );
  const existing = await db
    .select()
    .from(markers)
    .where(and(eq(markers.eventId, event.id), eq(markers.provider, provider)));
  const byProviderId = new Map(existing.map((row) => [row.providerEventId ?? '', row]));
  const seen = new Set<string>();
  const removed: MarkerRow[] = [];
  const written: { providerEventId: string; change: 'created' | 'updated'; values: MarkerValues }[] = [];
  for (const matchEvent of matchEvents) {
    if (seen.has(matchEvent.providerId)) continue;
    seen.add(matchEvent.providerId);
    const current = byProviderId.get(matchEvent.providerId);
    if (mapping === null) {
      refuse(report, matchEvent, MATCH_EVENT_MESSAGES.eventWithoutSport, options.language);
      continue;
    }
    const markerTypeId = mapping.get(matchEvent.key)?.markerTypeId ?? null;
    if (markerTypeId === null) {
      if (current) removed.push(current);
      else count(report.unchanged, 'unmapped');
      continue;
    }
    const timeSeconds = videoSecondsOf(event.periods, matchEvent.period, matchEvent.periodSeconds);
    if (timeSeconds === null) {
      refuse(report, matchEvent, MATCH_EVENT_MESSAGES.waitingForKickOff(matchEvent.period), options.language);
      continue;
    }
    const values: MarkerValues = {
      markerTypeId,
      label: matchEvent.label.slice(0, MARKER_LABEL_MAX).trim(),
      timeSeconds,
      period: matchEvent.period,
      periodSeconds: matchEvent.periodSeconds,
      feedKey: matchEvent.key,
      teamSide: matchEvent.teamProviderId ? (sides.get(matchEvent.teamProviderId) ?? null) : null,
      personName: matchEvent.personName?.slice(0, MARKER_LABEL_MAX).trim() || null,
    };
    if (current && sameMarker(current, values)) {
      count(report.unchanged, 'marker');
      continue;
    }
    written.push({ providerEventId: matchEvent.providerId, change: current ? 'updated' : 'created', values });
  }
  for (const row of existing) {
    if (!seen.has(row.providerEventId ?? '')) removed.push(row);
  }
  for (let start = 0; start < written.length; start += MARKERS_PER_STATEMENT) {
    const chunk = written.slice(start, start + MARKERS_PER_STATEMENT);
    // New and changed markers in one statement: an update is the insert meeting its marker.
    const rows = await db
      .insert(markers)
      .values(
        chunk.map(({ providerEventId, values }) => ({
          ...values,
          eventId: event.id,
          accountId: event.accountId,
          provider,
          providerEventId,
        })),
      )
      .onConflictDoUpdate({
        target: [markers.eventId, markers.provider, markers.providerEventId],
        targetWhere: sql.raw('provider is not null'),
        set: {
          markerTypeId: excluded(markers.markerTypeId),
          label: excluded(markers.label),
          timeSeconds: excluded(markers.timeSeconds),
          period: excluded(markers.period),
          periodSeconds: excluded(markers.periodSeconds),
          feedKey: excluded(markers.feedKey),
          teamSide: excluded(markers.teamSide),
          personName: excluded(markers.personName),
          updatedAt: new Date(),
        },
      })
      .returning();
    const byProviderEventId = new Map(rows.map((row) => [row.providerEventId ?? '', row]));
    for (const { providerEventId, change } of chunk) {
      const row = byProviderEventId.get(providerEventId);
      if (row) publishMarkerChange(db, change, { marker: presentMarker(row) });
      count(change === 'created' ? report.created : report.updated, 'marker');
    }
  }
  if (removed.length > 0) {
    const gone = await db
      .delete(markers)
      .where(
        inArray(
          markers.id,
          removed.map((row) => row.id),
        ),
      )
      .returning();
    for (const row of gone) publishMarkerChange(db, 'deleted', { marker: presentMarker(row) });
    report.removed = { ...report.removed, marker: gone.length };
  }
  return report;
}

interface MarkerValues {
  markerTypeId: number;
  label: string;
  timeSeconds: number;
  period: number;
  periodSeconds: number;
  feedKey: string;
  teamSide: MatchSide | null;
  personName: string | null;
}

const isText = (value: string | undefined): value is string => typeof value === 'string' && value !== '';

function sameMarker(row: MarkerRow, values: MarkerValues): boolean {
  return (
    row.markerTypeId === values.markerTypeId &&
    row.label === values.label &&
    row.timeSeconds === values.timeSeconds &&
    row.period === values.period &&
    row.periodSeconds === values.periodSeconds &&
    row.feedKey === values.feedKey &&
    row.teamSide === values.teamSide &&
    row.personName === values.personName
  );
}

function count(counts: Record<string, number>, kind: string): void {
  counts[kind] = (counts[kind] ?? 0) + 1;
}

function refuse(
  report: ImportReport,
  matchEvent: FeedMatchEvent,
  message: Parameters<typeof renderMessage>[0],
  language: MessageLanguage,
): void {
  report.refused.push({ kind: 'marker', ref: matchEvent.providerId, reason: renderMessage(message, language) });
}

/** Two reports as one: counts added, refusals listed together. */
export function mergeReports(first: ImportReport, second: ImportReport): ImportReport {
  const add = (a: Record<string, number> = {}, b: Record<string, number> = {}) => {
    const sum = { ...a };
    for (const [kind, value] of Object.entries(b)) sum[kind] = (sum[kind] ?? 0) + value;
    return sum;
  };
  const merged: ImportReport = {
    created: add(first.created, second.created),
    updated: add(first.updated, second.updated),
    unchanged: add(first.unchanged, second.unchanged),
    refused: [...first.refused, ...second.refused],
  };
  if (first.removed || second.removed) merged.removed = add(first.removed, second.removed);
  return merged;
}

/**
 * The document's stats → the event's stats tab (home, away), stored with the document: what an
 * import of a match file with figures does (its markers go through applyMatchEvents).
 */
export async function applyMatchStats(db: Db, input: ApplyMatchInput): Promise<ImportReport> {
  return transaction(db, async (tx) => {
    const event = await findMatchEvent(tx, input.accountId, input.eventId);
    await storeMatchDocument(tx, input);
    return applyStoredStats(tx, event, storedDocumentOf(input.feed), input.language);
  });
}

/** jobs/importEventStats: the stats of the event's stored match documents again. 409 without one. */
export async function reapplyMatchStats(
  db: Db,
  input: { accountId: number; eventId: number; language: MessageLanguage },
): Promise<ImportReport> {
  return transaction(db, async (tx) => {
    const event = await findMatchEvent(tx, input.accountId, input.eventId);
    const documents = await storedDocuments(tx, event.id);
    if (documents.length === 0) throw noMatchDocument();
    let report = emptyImportReport();
    for (const document of documents) {
      report = mergeReports(report, await applyStoredStats(tx, event, document, input.language));
    }
    return report;
  });
}
