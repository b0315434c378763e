import { emptyImportReport, FEED_STAT_KEYS, type FeedStatKey, type ImportReport } from '@regie/contract/feeds';
import { type EventMatchStatsResponse, MATCH_EVENT_MESSAGES, type MatchSide } from '@regie/contract/match-events';
import { type MessageLanguage, renderMessage } from '@regie/contract/messages.render';
import { and, eq, inArray } from 'drizzle-orm';
import { challengers } from '../db/actors.table.ts';
import type { Db } from '../db/database.ts';
import { providerRefs } from '../db/feeds.table.ts';
import { eventMatchStats, type StoredMatchDocument } from '../db/match-events.table.ts';

/** The event as the stats need it. */
export interface StatsEvent {
  id: number;
  accountId: number;
  homeChallengerId: number | null;
  awayChallengerId: number | null;
}

type SideStats = Partial<Record<FeedStatKey, number>>;

/**
 * The side (home, away) of each team of the document: the challenger the provider's id was
 * imported as (provider_refs), else the event's challenger of the same name (case aside); a last
 * team left with a last side gets it; with no event challengers at all, the document's first
 * team is home (a match file lists the home team first). `teamIds`: the teams asked about (those
 * with figures, by default; those of the match events, for the markers' sides).
 */
export async function sidesOfTeams(
  db: Db,
  event: StatsEvent,
  document: StoredMatchDocument,
  teamIds: readonly string[] = Object.keys(document.stats ?? {}),
): Promise<Map<string, MatchSide>> {
  const sides = new Map<string, MatchSide>();
  const bySide: Record<MatchSide, number | null> = { home: event.homeChallengerId, away: event.awayChallengerId };
  const eventChallengers = [bySide.home, bySide.away].filter((id): id is number => id !== null);
  if (eventChallengers.length === 0) {
    const ordered = document.teams.map((team) => team.providerId).filter((id) => teamIds.includes(id));
    for (const id of teamIds) if (!ordered.includes(id)) ordered.push(id);
    if (ordered[0]) sides.set(ordered[0], 'home');
    if (ordered[1]) sides.set(ordered[1], 'away');
    return sides;
  }
  const refs =
    teamIds.length === 0
      ? []
      : await db
          .select({ providerId: providerRefs.providerId, recordId: providerRefs.recordId })
          .from(providerRefs)
          .where(
            and(
              eq(providerRefs.accountId, event.accountId),
              eq(providerRefs.provider, document.provider),
              eq(providerRefs.entity, 'challenger'),
              inArray(providerRefs.providerId, teamIds),
            ),
          );
  const names = await db
    .select({ id: challengers.id, name: challengers.name, shortName: challengers.shortName })
    .from(challengers)
    .where(inArray(challengers.id, eventChallengers));
  const sideOfChallenger = (id: number): MatchSide | null =>
    bySide.home === id ? 'home' : bySide.away === id ? 'away' : null;
  for (const ref of refs) {
    const side = sideOfChallenger(ref.recordId);
    if (side) sides.set(ref.providerId, side);
  }
  for (const team of document.teams) {
    if (sides.has(team.providerId) || !teamIds.includes(team.providerId)) continue;
    const wanted = team.name.trim().toLowerCase();
    const match = names.find(
      (row) =>
        row.name.trim().toLowerCase() === wanted ||
        (row.shortName !== '' && row.shortName.trim().toLowerCase() === wanted),
    );
    const side = match ? sideOfChallenger(match.id) : null;
    if (side && ![...sides.values()].includes(side)) sides.set(team.providerId, side);
  }
  const leftTeams = teamIds.filter((id) => !sides.has(id));
  const leftSides = (['home', 'away'] as const).filter((side) => ![...sides.values()].includes(side));
  if (leftTeams.length === 1 && leftSides.length === 1 && sides.size === 1) {
    const [team] = leftTeams;
    const [side] = leftSides;
    if (team && side) sides.set(team, side);
  }
  return sides;
}

/**
 * Stores the document's figures per side (home, away) for the event; a side whose figures are
 * the same is not written. Teams that are neither side are refused with their names.
 */
export async function applyStoredStats(
  db: Db,
  event: StatsEvent,
  document: StoredMatchDocument,
  language: MessageLanguage,
): Promise<ImportReport> {
  const report = emptyImportReport();
  const stats = document.stats ?? {};
  if (Object.keys(stats).length === 0) return report;
  const sides = await sidesOfTeams(db, event, document);
  const unplaced = Object.keys(stats).filter((id) => !sides.has(id));
  if (unplaced.length > 0) {
    const teamNames = unplaced.map((id) => document.teams.find((team) => team.providerId === id)?.name ?? id);
    const reason = renderMessage(MATCH_EVENT_MESSAGES.noEventTeams(teamNames), language);
    for (const id of unplaced) report.refused.push({ kind: 'stats', ref: id, reason });
  }
  const current = await db.select().from(eventMatchStats).where(eq(eventMatchStats.eventId, event.id));
  for (const [teamId, side] of sides) {
    const figures = cleanStats(stats[teamId] ?? {});
    const teamName = document.teams.find((team) => team.providerId === teamId)?.name ?? teamId;
    const stored = current.find((row) => row.side === side);
    if (
      stored &&
      stored.provider === document.provider &&
      stored.teamName === teamName &&
      sameStats(stored.stats, figures)
    ) {
      report.unchanged.stats = (report.unchanged.stats ?? 0) + 1;
      continue;
    }
    await db
      .insert(eventMatchStats)
      .values({
        accountId: event.accountId,
        eventId: event.id,
        side,
        provider: document.provider,
        teamName,
        stats: figures,
      })
      .onConflictDoUpdate({
        target: [eventMatchStats.eventId, eventMatchStats.side],
        set: { provider: document.provider, teamName, stats: figures, updatedAt: new Date() },
      });
    const counts = stored ? report.updated : report.created;
    counts.stats = (counts.stats ?? 0) + 1;
  }
  return report;
}

function cleanStats(figures: SideStats): SideStats {
  const clean: SideStats = {};
  for (const key of FEED_STAT_KEYS) {
    const value = figures[key];
    if (typeof value === 'number' && Number.isFinite(value)) clean[key] = value;
  }
  return clean;
}

function sameStats(a: SideStats, b: SideStats): boolean {
  return FEED_STAT_KEYS.every((key) => a[key] === b[key]);
}

/** GET events/{id}/match-stats: the stored figures, home and away (null sides when none). */
export async function readMatchStats(db: Db, eventId: number): Promise<EventMatchStatsResponse> {
  const rows = await db.select().from(eventMatchStats).where(eq(eventMatchStats.eventId, eventId));
  const side = (wanted: MatchSide) => {
    const row = rows.find((entry) => entry.side === wanted);
    return row ? { teamName: row.teamName, stats: row.stats } : null;
  };
  const latest = rows.reduce<Date | null>((last, row) => (last && last > row.updatedAt ? last : row.updatedAt), null);
  return {
    provider: rows[0]?.provider ?? null,
    home: side('home'),
    away: side('away'),
    updatedAt: latest ? latest.toISOString() : null,
  };
}
