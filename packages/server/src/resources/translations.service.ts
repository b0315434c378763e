import { HTTP_MESSAGES } from '@regie/contract/errors';
import { LANGUAGES } from '@regie/contract/languages';
import { CRUD_MESSAGES, type TranslationEntry } from '@regie/contract/resources/shapes';
import { and, asc, eq } from 'drizzle-orm';
import { safeParse } from 'zod/v4/core';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { languages } from '../db/reference.table.ts';
import { transaction } from '../db/transactions.ts';
import { translations } from '../db/translations.table.ts';
import { badRequest, type FieldError, notFound } from '../http/http.errors.ts';
import { issueMessage } from '../http/localize.ts';
import { withoutDefaults } from './resources.schemas.ts';
import type { ResourceEntry } from './resources.types.ts';

/** The translations sub-resource of every resource with `translatable` fields. */

type TranslationRow = typeof translations.$inferSelect;

function isLanguage(code: string): code is TranslationEntry['language'] {
  return (LANGUAGES as readonly string[]).includes(code);
}

function present(row: TranslationRow, code: string): TranslationEntry {
  return {
    LanguageId: row.languageId,
    language: isLanguage(code) ? code : 'en',
    values: row.values,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTranslations(db: Db, entry: ResourceEntry, recordId: number): Promise<TranslationEntry[]> {
  const rows = await db
    .select({ translation: translations, code: languages.code })
    .from(translations)
    .innerJoin(languages, eq(languages.id, translations.languageId))
    .where(and(eq(translations.resource, entry.definition.name), eq(translations.recordId, recordId)))
    .orderBy(asc(translations.languageId));
  return rows.map((row) => present(row.translation, row.code));
}

async function languageCode(db: Db, languageId: number): Promise<string> {
  const [language] = await db.select().from(languages).where(eq(languages.id, languageId)).limit(1);
  if (!language) {
    const message = CRUD_MESSAGES.unknownLanguage(languageId);
    throw badRequest(message, [{ path: 'LanguageId', message }]);
  }
  return language.code;
}

/** Only translatable fields, each value valid for its field (a translated name obeys the name's rules). */
function checkValues(entry: ResourceEntry, values: Record<string, string>): Record<string, string> {
  const translatable: readonly string[] = entry.definition.translatable ?? [];
  const errors: FieldError[] = [];
  const checked: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    const schema = entry.definition.fields.shape[field];
    if (!translatable.includes(field) || !schema) {
      errors.push({ path: `values.${field}`, message: CRUD_MESSAGES.notTranslatable(field) });
      continue;
    }
    const parsed = safeParse(withoutDefaults(schema), value);
    if (!parsed.success || typeof parsed.data !== 'string') {
      const issue = parsed.error?.issues[0];
      errors.push({ path: `values.${field}`, message: issue ? issueMessage(issue) : HTTP_MESSAGES.invalidValue });
      continue;
    }
    checked[field] = parsed.data;
  }
  if (errors.length) throw badRequest(HTTP_MESSAGES.validationFailed, errors);
  return checked;
}

/** Who writes a translation, for its audit entry: the request, and the record's account. */
export interface TranslationWrite {
  source: AuditSource;
  /** The translated record's account (null: a platform record). */
  accountId: number | null;
}

/** The audit entry of a language's values: an update of the record, field `translations.<code>`. */
function auditTranslation(
  db: Db,
  entry: ResourceEntry,
  recordId: number,
  code: string,
  write: TranslationWrite,
  before: Record<string, string> | null,
  after: Record<string, string> | null,
): Promise<void> {
  return writeAudit(db, write.source, {
    accountId: write.accountId,
    resource: entry.definition.name,
    resourceId: recordId,
    action: 'update',
    changes: { [`translations.${code}`]: { before, after } },
  });
}

/** Creates or replaces the values of one language. */
export async function saveTranslation(
  db: Db,
  entry: ResourceEntry,
  recordId: number,
  languageId: number,
  values: Record<string, string>,
  write: TranslationWrite,
): Promise<TranslationEntry> {
  const code = await languageCode(db, languageId);
  const checked = checkValues(entry, values);
  const row = await transaction(db, async (tx) => {
    const where = and(
      eq(translations.resource, entry.definition.name),
      eq(translations.recordId, recordId),
      eq(translations.languageId, languageId),
    );
    // The values before: the upsert does not say what it replaced.
    const [previous] = await tx.select({ values: translations.values }).from(translations).where(where).limit(1);
    const [saved] = await tx
      .insert(translations)
      .values({ resource: entry.definition.name, recordId, languageId, values: checked })
      .onConflictDoUpdate({
        target: [translations.resource, translations.recordId, translations.languageId],
        set: { values: checked, updatedAt: new Date() },
      })
      .returning();
    if (!saved) throw new Error('translation not stored');
    await auditTranslation(tx, entry, recordId, code, write, previous?.values ?? null, saved.values);
    return saved;
  });
  return present(row, code);
}

export async function deleteTranslation(
  db: Db,
  entry: ResourceEntry,
  recordId: number,
  languageId: number,
  write: TranslationWrite,
): Promise<void> {
  const code = await languageCode(db, languageId);
  await transaction(db, async (tx) => {
    const [deleted] = await tx
      .delete(translations)
      .where(
        and(
          eq(translations.resource, entry.definition.name),
          eq(translations.recordId, recordId),
          eq(translations.languageId, languageId),
        ),
      )
      .returning({ values: translations.values });
    if (!deleted) throw notFound(CRUD_MESSAGES.translationNotFound(languageId));
    await auditTranslation(tx, entry, recordId, code, write, deleted.values, null);
  });
}
