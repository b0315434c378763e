import type { AuditOtherResource } from '@regie/contract/audit';
import { DATA_IMPORT_MESSAGES, type ImportDecision } from '@regie/contract/data-import';
import type { CsvColumnMapping, FeedParseOptions, FeedProvider, ParsedFeed } from '@regie/contract/feeds';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import { csvMappings } from '../db/data-import.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { sports } from '../db/sports.table.ts';
import { transaction } from '../db/transactions.ts';
import { badRequest, notFound } from '../http/http.errors.ts';
import type { MessageLanguage } from '../http/localize.ts';
import { parseDocument } from './data-import.parse.ts';
import { type ImportPlan, planImport } from './data-import.plan.ts';

/** The football formats fall back to the platform's football when the account names no sport. */
const FOOTBALL_PROVIDERS: readonly FeedProvider[] = ['openfootball', 'statsbomb'];

/** A sport the account sees (the platform's or its own), or a 404. */
export async function visibleSport(db: Db, accountId: number, sportId: number): Promise<number> {
  const [sport] = await db
    .select({ id: sports.id })
    .from(sports)
    .where(and(eq(sports.id, sportId), or(isNull(sports.accountId), eq(sports.accountId, accountId))));
  if (!sport) throw notFound(DATA_IMPORT_MESSAGES.sportNotFound(sportId));
  return sport.id;
}

/** The sport of what an import creates: the call's, else the account's, else football for football formats. */
export async function importSport(
  db: Db,
  account: { id: number; sportId: number | null },
  provider: FeedProvider,
  sportId: number | undefined,
): Promise<number> {
  if (sportId !== undefined) return visibleSport(db, account.id, sportId);
  if (account.sportId !== null) return account.sportId;
  if (FOOTBALL_PROVIDERS.includes(provider)) {
    const [football] = await db
      .select({ id: sports.id })
      .from(sports)
      .where(and(isNull(sports.accountId), sql`lower(${sports.name}) = 'football'`))
      .limit(1);
    if (football) return football.id;
  }
  throw badRequest(DATA_IMPORT_MESSAGES.noSport);
}

export async function savedCsvMapping(db: Db, accountId: number, sportId: number): Promise<CsvColumnMapping | null> {
  const [row] = await db
    .select({ columns: csvMappings.columns })
    .from(csvMappings)
    .where(
      and(eq(csvMappings.accountId, accountId), eq(csvMappings.provider, 'csv'), eq(csvMappings.sportId, sportId)),
    );
  return row?.columns ?? null;
}

/** The resource name of a saved CSV column mapping's audit entries. */
export const CSV_MAPPING_AUDIT_RESOURCE = 'csv-mappings' satisfies AuditOtherResource;

/** Saves the account's CSV column mapping for a sport; its entry only when the columns change. */
export async function saveCsvMapping(
  db: Db,
  source: AuditSource,
  accountId: number,
  sportId: number,
  columns: CsvColumnMapping,
): Promise<void> {
  const mine = and(
    eq(csvMappings.accountId, accountId),
    eq(csvMappings.provider, 'csv'),
    eq(csvMappings.sportId, sportId),
  );
  await transaction(db, async (tx) => {
    const [before] = await tx.select({ columns: csvMappings.columns }).from(csvMappings).where(mine).for('update');
    const [saved] = await tx
      .insert(csvMappings)
      .values({ accountId, provider: 'csv', sportId, columns })
      .onConflictDoUpdate({
        target: [csvMappings.accountId, csvMappings.provider, csvMappings.sportId],
        set: { columns, updatedAt: new Date() },
      })
      .returning({ id: csvMappings.id });
    const changes = diffFields(before ?? null, { columns }, ['columns']);
    if (!saved || Object.keys(changes).length === 0) return;
    await writeAudit(tx, source, {
      accountId,
      resource: CSV_MAPPING_AUDIT_RESOURCE,
      resourceId: saved.id,
      action: before ? 'update' : 'create',
      changes: { ...(before ? {} : { sportId: { before: null, after: sportId } }), ...changes },
    });
  });
}

/** The event a match's events go to: the account's, or a 404 (another account's included). */
export async function assertOwnEvent(db: Db, accountId: number, eventId: number): Promise<void> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.accountId, accountId)));
  if (!event) throw notFound(DATA_IMPORT_MESSAGES.eventNotFound(eventId));
}

/** What an import reads besides the document: the same in the preview, the call and the job. */
export interface ImportSettings {
  accountId: number;
  sportId: number;
  provider: FeedProvider;
  eventId?: number | undefined;
  parse: FeedParseOptions;
  decisions: ImportDecision[];
  language: MessageLanguage;
}

/** The parse options of a call: its CSV columns, else the mapping saved for the sport (400 without one). */
export async function parseOptions(
  db: Db,
  settings: Pick<ImportSettings, 'accountId' | 'sportId' | 'provider'>,
  given: FeedParseOptions,
): Promise<FeedParseOptions> {
  if (settings.provider !== 'csv' || given.csvColumns) return given;
  const saved = await savedCsvMapping(db, settings.accountId, settings.sportId);
  if (!saved) throw badRequest(DATA_IMPORT_MESSAGES.noCsvMapping);
  return { ...given, csvColumns: saved };
}

/** Parses and plans (nothing written): the document's records resolved against the account's. */
export async function prepareImport(
  db: Db,
  settings: ImportSettings,
  document: Buffer,
): Promise<{ feed: ParsedFeed; plan: ImportPlan }> {
  const feed = parseDocument(settings.provider, document, settings.parse);
  if (feed.fixtures.length === 0 && feed.teams.length === 0 && feed.matchEvents.length === 0) {
    throw badRequest(DATA_IMPORT_MESSAGES.nothingToImport);
  }
  if (feed.matchEvents.length > 0 && feed.fixtures.length === 0 && settings.eventId === undefined) {
    throw badRequest(DATA_IMPORT_MESSAGES.matchEventsNeedEvent);
  }
  const plan = await planImport(db, {
    accountId: settings.accountId,
    sportId: settings.sportId,
    feed,
    decisions: settings.decisions,
    language: settings.language,
  });
  return { feed, plan };
}

/** Before writing: a season's fixtures need a competition and a season, named or picked. */
export function assertWritable(plan: ImportPlan): void {
  if (plan.fixtures.length === 0) return;
  if (plan.competition && !plan.competition.match && !plan.competition.name) {
    throw badRequest(DATA_IMPORT_MESSAGES.noCompetition);
  }
  if (plan.season && !plan.season.match && !plan.season.name) throw badRequest(DATA_IMPORT_MESSAGES.noSeason);
}
