import { z } from 'zod';
import { isoDateTime } from '../datetime.ts';
import { LANGUAGES } from '../languages.ts';
import { messageCatalog } from '../messages.ts';

/**
 * What the generic calls of every resource send and answer (spec §7 "Generic CRUD"; the spec does
 * not show response shapes, so these are ours, used by the server and the web app alike).
 */

/** GET {base}?offset&limit&sort&search&<filters>&after → one page. */
export function listResponse<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    /** Rows matching the filters, all pages together. */
    total: z.number(),
    offset: z.number(),
    limit: z.number(),
    /** Opaque cursor for keyset paging (`after=`): null on the last page. */
    nextCursor: z.string().nullable(),
  });
}
export type ListResponse<T> = { data: T[]; total: number; offset: number; limit: number; nextCursor: string | null };

/**
 * List query: `offset`, `limit` (capped by LIST_LIMITS.maxLimit), `sort` (`name` ascending,
 * `-name` descending), `search` (matches the resource's search fields, case-insensitive), `after`
 * (keyset cursor from nextCursor; ignores offset), then one parameter per declared filter,
 * `field=value` or `field[]=value` for several values. `expand=[A,B]` or `expand[]=A` includes
 * declared relations on GET {base}/{id}. Any other parameter answers 400 naming it, except
 * LIST_CONTEXT_KEYS.
 */
export const LIST_QUERY_KEYS = ['offset', 'limit', 'sort', 'search', 'after', 'expand'] as const;

/**
 * Spec §6: the web client adds these to every query while an admin simulates an account. Always
 * accepted: `AccountId` narrows to rows of that account (never beyond what the caller may see),
 * `SportId` narrows by sport where the resource has one and is ignored elsewhere.
 */
export const LIST_CONTEXT_KEYS = ['AccountId', 'SportId'] as const;

/** GET /main-api/search/{entity}: how many records come back at most. */
export const SEARCH_LIMITS = { defaultLimit: 20, maxLimit: 50 } as const;

/** A record id sent in a body (a reference field): a positive 32-bit integer. */
export const referenceId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** What every record answers besides its fields (contract SYSTEM_FIELDS). */
export const systemFields = z.object({
  id: z.number(),
  /** The owning account; null for platform records ('platform' and 'shared' tenancies). */
  AccountId: z.number().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** GET {res}/{id}/translations → one entry per language that has values. */
export const translationEntry = z.object({
  LanguageId: z.number(),
  language: z.enum(LANGUAGES),
  /** Translated values of the resource's translatable fields. */
  values: z.record(z.string(), z.string()),
  updatedAt: isoDateTime,
});
export type TranslationEntry = z.infer<typeof translationEntry>;

/**
 * POST {res}/{id}/translations body (creates or replaces that language's values, 201); PUT
 * …/translations/{langId} takes `{values}` only (translationValuesBody, 200). Keys of `values` must
 * be translatable fields; each value is checked with the field's own schema.
 */
export const translationBody = z
  .object({ LanguageId: z.number().int().positive(), values: z.record(z.string(), z.string()) })
  .strict();
export const translationValuesBody = z.object({ values: z.record(z.string(), z.string()) }).strict();

/** DELETE returns 204 with no body; conflicts answer 409 with the field in `errors`. */
export const CRUD_MESSAGES = messageCatalog('CRUD_MESSAGES', {
  notFound: (label: string, id: number | string) => `${label} ${id} not found`,
  duplicate: (field: string) => `This ${field} is already used`,
  /** A value unique together with others (a tag's name within its type): the first field is what to change. */
  duplicateWith: (field: string, others: string) => `This ${field} is already used with the same ${others}`,
  stillReferenced: (label: string) => `This ${label} is still in use and cannot be deleted`,
  unknownRelation: (relation: string, known: readonly string[]) =>
    `Cannot expand ${relation}: ${known.length ? `expand one of ${known.join(', ')}` : 'nothing to expand here'}`,
  invalidCursor: 'Invalid cursor: use the nextCursor of a list with the same sort',
  unknownLanguage: (languageId: number | string) => `Unknown language ${languageId}`,
  notTranslatable: (field: string) => `${field} is not translatable`,
  translationNotFound: (languageId: number | string) => `No translation for language ${languageId}`,
  unknownReference: (field: string) => `${field} refers to a record that does not exist`,
  unknownLinked: (field: string, missing: readonly (number | string)[]) => `Unknown ${field}: ${missing.join(', ')}`,
  roleNeedsModules: (role: string, modules: readonly string[]) =>
    `Role ${role} needs one of the modules ${modules.join(', ')}, which the account does not have`,
});
