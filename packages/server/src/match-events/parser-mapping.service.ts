import type { AuditChanges } from '@regie/contract/audit';
import type { FeedAdapterInfo, FeedProvider } from '@regie/contract/feeds';
import {
  DEFAULT_MARKER_TYPES,
  DEFAULT_MEANING_CODES,
  type DefaultMarkerTypeCode,
  MATCH_EVENT_MESSAGES,
  type ParserMappingBody,
  type ParserMappingEntry,
  type ParserMappingMode,
  type ParserMappingResponse,
  type ParserMappingSource,
} from '@regie/contract/match-events';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { markerTypes } from '../db/marker-types.table.ts';
import { parserMappings } from '../db/match-events.table.ts';
import { languages } from '../db/reference.table.ts';
import { transaction } from '../db/transactions.ts';
import { translations } from '../db/translations.table.ts';
import { badRequest } from '../http/http.errors.ts';

/** Whose mapping: an account's, for one provider, sport and mode, maybe one data provider mapping's. */
export interface MappingScope {
  accountId: number;
  provider: FeedProvider;
  sportId: number;
  mode: ParserMappingMode;
  dataProviderMappingId?: number | null;
}

/** A key's marker type (null: nothing) and where it comes from. */
export interface ResolvedKey {
  markerTypeId: number | null;
  source: ParserMappingSource;
}

/**
 * The marker type of each key: this data provider mapping's row, else the account's, else the
 * default (a meaning's marker type, made on first use; nothing for a key without meaning).
 * `eventKeys` are the adapter's keys with their meanings; `keys` any other keys to resolve.
 */
export async function resolveParserMapping(
  db: Db,
  scope: MappingScope,
  eventKeys: FeedAdapterInfo['eventKeys'],
  keys: readonly string[] = [],
): Promise<Map<string, ResolvedKey>> {
  const rows = await db
    .select()
    .from(parserMappings)
    .where(
      and(
        eq(parserMappings.accountId, scope.accountId),
        eq(parserMappings.provider, scope.provider),
        eq(parserMappings.sportId, scope.sportId),
        eq(parserMappings.mode, scope.mode),
        scope.dataProviderMappingId
          ? or(
              isNull(parserMappings.dataProviderMappingId),
              eq(parserMappings.dataProviderMappingId, scope.dataProviderMappingId),
            )
          : isNull(parserMappings.dataProviderMappingId),
      ),
    );
  const saved = new Map<string, ResolvedKey>();
  for (const row of rows) {
    const source: ParserMappingSource = row.dataProviderMappingId === null ? 'account' : 'mapping';
    if (source === 'account' && saved.get(row.key)?.source === 'mapping') continue;
    saved.set(row.key, { markerTypeId: row.markerTypeId, source });
  }
  const meanings = new Map(eventKeys.map((entry) => [entry.key, entry.meaning]));
  const allKeys = [...new Set([...eventKeys.map((entry) => entry.key), ...keys])];
  const resolved = new Map<string, ResolvedKey>();
  const defaultCodes = new Set<DefaultMarkerTypeCode>();
  for (const key of allKeys) {
    const meaning = meanings.get(key);
    if (!saved.has(key) && meaning) defaultCodes.add(DEFAULT_MEANING_CODES[meaning]);
  }
  const typeOfCode = defaultCodes.size > 0 ? await defaultMarkerTypes(db, scope, [...defaultCodes]) : new Map();
  for (const key of allKeys) {
    const found = saved.get(key);
    if (found) {
      resolved.set(key, found);
      continue;
    }
    const meaning = meanings.get(key);
    resolved.set(key, {
      markerTypeId: meaning ? (typeOfCode.get(DEFAULT_MEANING_CODES[meaning]) ?? null) : null,
      source: 'default',
    });
  }
  return resolved;
}

/**
 * The account's marker types of the default codes, made when missing (for the mapping's sport,
 * named in English with their French translation), all in one savepoint and one statement of
 * each: two imports racing for the same type meet the unique code, and the loser reads the winner's.
 */
async function defaultMarkerTypes(
  db: Db,
  scope: MappingScope,
  codes: readonly DefaultMarkerTypeCode[],
): Promise<Map<DefaultMarkerTypeCode, number>> {
  const found = new Map<DefaultMarkerTypeCode, number>();
  const existing = await db
    .select({ id: markerTypes.id, code: markerTypes.code })
    .from(markerTypes)
    .where(and(eq(markerTypes.accountId, scope.accountId), inArray(markerTypes.code, [...codes])));
  for (const row of existing) found.set(row.code as DefaultMarkerTypeCode, row.id);
  const missing = codes.filter((code) => !found.has(code));
  if (missing.length === 0) return found;
  const [french] = await db.select({ id: languages.id }).from(languages).where(eq(languages.code, 'fr'));
  await transaction(db, async (tx) => {
    const taken = await tx
      .select({ name: markerTypes.name })
      .from(markerTypes)
      .where(eq(markerTypes.accountId, scope.accountId));
    const names = new Set(taken.map((row) => row.name));
    const values = missing.map((code) => {
      const made = DEFAULT_MARKER_TYPES[code];
      const name = freeName(names, made.en);
      names.add(name);
      return { accountId: scope.accountId, code, name, color: made.color, icon: made.icon, sportId: scope.sportId };
    });
    const rows = await tx
      .insert(markerTypes)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: markerTypes.id, code: markerTypes.code });
    if (rows.length > 0 && french) {
      await tx
        .insert(translations)
        .values(
          rows.map((row) => ({
            resource: 'marker-types',
            recordId: row.id,
            languageId: french.id,
            values: { name: DEFAULT_MARKER_TYPES[row.code as DefaultMarkerTypeCode].fr },
          })),
        )
        .onConflictDoNothing();
    }
    for (const row of rows) found.set(row.code as DefaultMarkerTypeCode, row.id);
  });
  const lost = missing.filter((code) => !found.has(code));
  if (lost.length > 0) {
    const winners = await db
      .select({ id: markerTypes.id, code: markerTypes.code })
      .from(markerTypes)
      .where(and(eq(markerTypes.accountId, scope.accountId), inArray(markerTypes.code, lost)));
    for (const row of winners) found.set(row.code as DefaultMarkerTypeCode, row.id);
  }
  return found;
}

/** The English name, or with a number after it when the account already has a type of that name. */
function freeName(names: ReadonlySet<string>, name: string): string {
  if (!names.has(name)) return name;
  for (let index = 2; ; index += 1) if (!names.has(`${name} ${index}`)) return `${name} ${index}`;
}

/** GET parser-mappings: the provider's keys (and any saved key) with their marker type now. */
export async function readParserMapping(
  db: Db,
  scope: MappingScope,
  eventKeys: FeedAdapterInfo['eventKeys'],
): Promise<ParserMappingResponse> {
  const savedKeys = await db
    .selectDistinct({ key: parserMappings.key })
    .from(parserMappings)
    .where(
      and(
        eq(parserMappings.accountId, scope.accountId),
        eq(parserMappings.provider, scope.provider),
        eq(parserMappings.sportId, scope.sportId),
        eq(parserMappings.mode, scope.mode),
      ),
    );
  const resolved = await resolveParserMapping(
    db,
    scope,
    eventKeys,
    savedKeys.map((row) => row.key),
  );
  const meanings = new Map(eventKeys.map((entry) => [entry.key, entry.meaning ?? null]));
  const entries: ParserMappingEntry[] = [...resolved.entries()].map(([key, value]) => ({
    key,
    meaning: meanings.get(key) ?? null,
    markerTypeId: value.markerTypeId,
    source: value.source,
  }));
  return {
    provider: scope.provider,
    sportId: scope.sportId,
    mode: scope.mode,
    dataProviderMappingId: scope.dataProviderMappingId ?? null,
    entries,
  };
}

/**
 * PUT parser-mappings: the listed keys get their marker type (or nothing); the others keep theirs.
 * With `source`, the keys whose marker type changed make one audit entry, in the save's
 * transaction (fields `<provider>.<sportId>.<mode>.<key>`, the marker type ids before and after).
 */
export async function saveParserMapping(
  db: Db,
  scope: MappingScope,
  body: ParserMappingBody,
  source: AuditSource | null = null,
): Promise<void> {
  const seen = new Set<string>();
  for (const [index, entry] of body.entries.entries()) {
    if (seen.has(entry.key)) {
      const message = MATCH_EVENT_MESSAGES.duplicateKey(entry.key);
      throw badRequest(message, [{ path: `entries.${index}.key`, message }]);
    }
    seen.add(entry.key);
  }
  const typeIds = [
    ...new Set(body.entries.flatMap((entry) => (entry.markerTypeId === null ? [] : [entry.markerTypeId]))),
  ];
  if (typeIds.length > 0) {
    const owned = await db
      .select({ id: markerTypes.id })
      .from(markerTypes)
      .where(and(eq(markerTypes.accountId, scope.accountId), inArray(markerTypes.id, typeIds)));
    const ownedIds = new Set(owned.map((row) => row.id));
    const unknown = typeIds.filter((id) => !ownedIds.has(id));
    if (unknown.length > 0) {
      const message = MATCH_EVENT_MESSAGES.unknownMarkerTypes(unknown);
      throw badRequest(message, [{ path: 'entries', message }]);
    }
  }
  if (body.entries.length === 0) return;
  const mappingId = scope.dataProviderMappingId ?? null;
  const listed = and(
    eq(parserMappings.accountId, scope.accountId),
    eq(parserMappings.provider, scope.provider),
    eq(parserMappings.sportId, scope.sportId),
    eq(parserMappings.mode, scope.mode),
    mappingId === null
      ? isNull(parserMappings.dataProviderMappingId)
      : eq(parserMappings.dataProviderMappingId, mappingId),
    inArray(
      parserMappings.key,
      body.entries.map((entry) => entry.key),
    ),
  );
  await transaction(db, async (tx) => {
    const saved = await tx
      .select({ key: parserMappings.key, markerTypeId: parserMappings.markerTypeId })
      .from(parserMappings)
      .where(listed);
    await tx.delete(parserMappings).where(listed);
    await tx.insert(parserMappings).values(
      body.entries.map((entry) => ({
        accountId: scope.accountId,
        provider: scope.provider,
        sportId: scope.sportId,
        mode: scope.mode,
        dataProviderMappingId: mappingId,
        key: entry.key,
        markerTypeId: entry.markerTypeId,
      })),
    );
    if (source) await auditMapping(tx, source, scope, saved, body);
  });
}

/** What a key never saved had before: the default mapping's marker type (readParserMapping). */
const NEVER_SAVED = 'default';

/** The entry of a save: the keys whose marker type changed. */
async function auditMapping(
  tx: Db,
  source: AuditSource,
  scope: MappingScope,
  saved: readonly { key: string; markerTypeId: number | null }[],
  body: ParserMappingBody,
): Promise<void> {
  const before = new Map(saved.map((row) => [row.key, row.markerTypeId]));
  const changes: AuditChanges = {};
  for (const entry of body.entries) {
    const was = before.has(entry.key) ? (before.get(entry.key) ?? null) : NEVER_SAVED;
    if (was === entry.markerTypeId) continue;
    changes[`${scope.provider}.${scope.sportId}.${scope.mode}.${entry.key}`] = {
      before: was,
      after: entry.markerTypeId,
    };
  }
  if (Object.keys(changes).length === 0) return;
  await writeAudit(tx, source, {
    accountId: scope.accountId,
    resource: 'parser-mappings',
    resourceId: scope.dataProviderMappingId ?? null,
    action: 'update',
    changes,
  });
}
