import { z } from 'zod';
import { CSV_MAPPING_LIMITS, IMPORT_NAME_KINDS } from './data-import.ts';
import { isoDateTime } from './datetime.ts';
import { CSV_KINDS, FEED_MEANINGS, FEED_PROVIDERS } from './feeds.ts';

const provider = z.enum(FEED_PROVIDERS);
const id = z.number().int().positive();
const csvColumns = z
  .record(z.string().min(1).max(CSV_MAPPING_LIMITS.length), z.string().min(1).max(CSV_MAPPING_LIMITS.length))
  .refine((columns) => Object.keys(columns).length <= CSV_MAPPING_LIMITS.fields, {
    message: `At most ${CSV_MAPPING_LIMITS.fields} columns`,
  })
  .describe("CSV: for each field Regie reads, the header of the column holding it (feeds' CsvColumnMapping)");

export const importDecision = z
  .object({
    kind: z.enum(IMPORT_NAME_KINDS),
    ref: z.string().max(500).describe("The name's ref in the preview"),
    recordId: id.nullable().describe('An existing record to map it to; null: create it'),
  })
  .strict();

/** What the import call reads besides the document (the JSON body's fields, or multipart fields). */
export const importOptions = z
  .object({
    provider,
    eventId: id.optional().describe("The event a match's events go to"),
    sportId: id.optional().describe("The sport of what is created; default: the account's"),
    dryRun: z.boolean().optional().describe('Answer the preview; write nothing'),
    csvColumns: csvColumns.optional(),
    csvKind: z
      .enum(CSV_KINDS)
      .optional()
      .describe("csv: what the file holds; default fixtures when 'home' or 'away' is mapped"),
    timeZone: z.string().min(1).max(64).optional().describe('Of times given without an offset; default UTC'),
    decisions: z.array(importDecision).max(2_000).optional(),
  })
  .strict();
export type ImportOptions = z.infer<typeof importOptions>;

/** POST …/import as JSON: the options and one document, inline or by URL. */
export const importBody = importOptions
  .extend({
    document: z.unknown().optional().describe('The document: its JSON value, or its text (csv, or JSON as a string)'),
    url: z.string().min(1).max(2_000).optional().describe('Where to fetch the document (public http(s))'),
  })
  .strict();
export type ImportBody = z.infer<typeof importBody>;

const importName = z.object({
  kind: z.enum(IMPORT_NAME_KINDS),
  ref: z.string(),
  name: z.string(),
  match: z.object({ id, name: z.string(), by: z.enum(['provider', 'name', 'decision']) }).nullable(),
});

const refusedRow = z.object({ kind: z.string(), ref: z.string(), reason: z.string() });

export const importPreview = z
  .object({
    provider,
    counts: z.object({ fixtures: z.number(), teams: z.number(), people: z.number(), matchEvents: z.number() }),
    names: z.array(importName),
    fixtures: z.array(
      z.object({
        ref: z.string(),
        round: z.string().nullable(),
        home: z.string(),
        away: z.string(),
        startsAt: isoDateTime,
        action: z.enum(['create', 'update', 'unchanged']),
      }),
    ),
    refused: z.array(refusedRow),
  })
  .meta({ id: 'ImportPreview' });

export const importAccepted = z.object({ jobId: z.number() });

const counts = z.record(z.string(), z.number());
/** The finished import job's result (feeds' ImportReport). */
export const importReport = z
  .object({ created: counts, updated: counts, unchanged: counts, refused: z.array(refusedRow) })
  .meta({ id: 'ImportReport' });

export const feedProviderInfo = z.object({
  provider,
  documentation: z.string(),
  gives: z.object({ fixtures: z.boolean(), matchEvents: z.boolean(), stats: z.boolean() }),
  eventKeys: z.array(z.object({ key: z.string(), meaning: z.enum(FEED_MEANINGS).optional() })),
});
export const feedProvidersResponse = z.array(feedProviderInfo);

export const csvMappingParams = z.object({ sportId: z.coerce.number().int().positive() });
export const csvMappingBody = z.object({ columns: csvColumns }).strict();
export const csvMappingResponse = z.object({
  sportId: z.number(),
  /** null: none saved yet. */
  columns: z.record(z.string(), z.string()).nullable(),
});
