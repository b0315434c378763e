import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';

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
 * declared relations on GET {base}/{id}.
 */
export const LIST_QUERY_KEYS = ['offset', 'limit', 'sort', 'search', 'after', 'expand'] as const;

/** GET {res}/{id}/translations → one entry per language that has values. */
export const translationEntry = z.object({
  LanguageId: z.number(),
  language: z.enum(LANGUAGES),
  /** Translated values of the resource's translatable fields. */
  values: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});
export type TranslationEntry = z.infer<typeof translationEntry>;

/** POST {res}/{id}/translations body; PUT …/translations/{langId} takes `{values}` only. */
export const translationBody = z
  .object({ LanguageId: z.number().int().positive(), values: z.record(z.string(), z.string()) })
  .strict();

/** DELETE returns 204 with no body; conflicts answer 409 with the field in `errors`. */
export const CRUD_MESSAGES = {
  notFound: (label: string, id: number | string) => `${label} ${id} not found`,
  duplicate: (field: string) => `This ${field} is already used`,
  stillReferenced: (label: string) => `This ${label} is still in use and cannot be deleted`,
} as const;
