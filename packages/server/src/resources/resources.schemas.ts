import { FIELD_MESSAGES } from '@regie/contract/errors';
import { schemaMessage } from '@regie/contract/messages';
import { LIST_LIMITS, parseDateRange } from '@regie/contract/resources/define';
import { listResponse, systemFields } from '@regie/contract/resources/shapes';
import { z } from 'zod';
import type { EngineDefinition, ResourceEntry } from './resources.types.ts';

type FieldSchemas = Record<string, z.core.$ZodType>;

/** The schema under `.default()` / `.prefault()`: a PUT must not reset what it leaves out. */
export function withoutDefaults(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  while (current instanceof z.ZodDefault || current instanceof z.ZodPrefault) current = current.unwrap();
  return current;
}

/** The schema under its defaults, optional and nullable wrappers: what a filter value is. */
export function baseSchema(schema: z.core.$ZodType): z.core.$ZodType {
  let current = withoutDefaults(schema);
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
    current = withoutDefaults(current.unwrap());
  }
  return current;
}

function pickFields(definition: EngineDefinition, keep: (field: string) => boolean): FieldSchemas {
  const picked: FieldSchemas = {};
  for (const [field, schema] of Object.entries(definition.fields.shape)) if (keep(field)) picked[field] = schema;
  return picked;
}

/** Fields a body may carry: all but the server-set (`ui.readOnly`) ones. */
export function writableFields(definition: EngineDefinition): string[] {
  return Object.keys(pickFields(definition, (field) => !definition.ui[field]?.readOnly));
}

/** Fields a response carries: all but the write-only ones (passwords). */
export function outputFields(definition: EngineDefinition): string[] {
  return Object.keys(pickFields(definition, (field) => !definition.ui[field]?.writeOnly));
}

/**
 * One query value of a filter, from the field's schema: numbers and booleans from their text,
 * enums checked, an array field filtered by its elements. Null when the field cannot be filtered.
 */
export function filterValueSchema(schema: z.core.$ZodType): z.ZodType | null {
  const base = baseSchema(schema);
  if (base instanceof z.ZodArray) return filterValueSchema(base.element);
  if (base instanceof z.ZodEnum) return base;
  if (base instanceof z.ZodISODateTime) {
    return z
      .string()
      .max(100)
      .refine((value) => parseDateRange(value) !== null, schemaMessage(FIELD_MESSAGES.dateRange));
  }
  if (base instanceof z.ZodString) return z.string().max(200);
  if (base instanceof z.ZodNumber)
    return z.coerce
      .number()
      .int()
      .min(-(2 ** 31))
      .max(2 ** 31 - 1);
  if (base instanceof z.ZodBoolean) return z.enum(['true', 'false']).transform((value) => value === 'true');
  return null;
}

/** Relations an output may include, documented loosely: each related record is that resource's output. */
function relationSchemas(definition: EngineDefinition): FieldSchemas {
  const related = z.looseObject({ id: z.number() });
  const schemas: FieldSchemas = {};
  for (const [name, relation] of Object.entries(definition.relations ?? {})) {
    if (relation.kind === 'collected') schemas[name] = z.array(z.object({ name: z.string() })).optional();
    else schemas[name] = (relation.kind === 'one' ? related.nullable() : z.array(related)).optional();
  }
  return schemas;
}

export interface ResourceSchemas {
  create: z.ZodObject;
  update: z.ZodObject;
  output: z.ZodObject;
  list: z.ZodObject;
  listQuery: z.ZodObject;
  oneQuery: z.ZodObject;
  /** Filter value schemas by filter name (declared filters and AccountId). */
  filters: Record<string, z.ZodType>;
}

/** The array form the query normaliser gives every filter, context key and `expand`. */
const many = (schema: z.ZodType) => z.array(schema).max(100).optional();

/** A record's id in a query string. */
const recordId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export function buildSchemas(entry: ResourceEntry): ResourceSchemas {
  const { definition } = entry;
  // A nested resource's parent field comes from the path, never from the body.
  const writable = pickFields(
    definition,
    (field) => !definition.ui[field]?.readOnly && field !== definition.parent?.field,
  );
  const updatable: FieldSchemas = {};
  for (const [field, schema] of Object.entries(writable)) updatable[field] = z.optional(withoutDefaults(schema));
  const output = systemFields.extend({
    ...pickFields(definition, (field) => !definition.ui[field]?.writeOnly),
    ...relationSchemas(definition),
    // What the resource's presenter adds (videos: playback, clip).
    ...entry.presentedFields,
  });

  const filters: Record<string, z.ZodType> = { AccountId: recordId };
  for (const field of definition.filters) {
    if (field === 'AccountId') continue;
    const schema = definition.fields.shape[field];
    const value = schema ? filterValueSchema(schema) : null;
    if (!value) throw new Error(`Resource ${definition.name}: filter ${field} is not a filterable field`);
    filters[field] = value;
  }
  const filterQuery: FieldSchemas = {};
  for (const [field, schema] of Object.entries(filters)) filterQuery[field] = many(schema);
  const sortValues = definition.sortable.flatMap((field) => [field, `-${field}`]);
  const context = { expand: many(z.string().max(60)), SportId: many(recordId) };

  return {
    create: z.object(writable).strict(),
    update: z.object(updatable).strict(),
    output,
    list: listResponse(output),
    listQuery: z
      .object({
        offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
        /** Above LIST_LIMITS.maxLimit the list is capped, not refused. */
        limit: z.coerce.number().int().min(1).default(LIST_LIMITS.defaultLimit),
        sort: z.enum(sortValues).optional(),
        search: z.string().max(200).optional(),
        after: z.string().max(1000).optional(),
        /** Only these records (`id[]=1&id[]=2`): the labels of a page's references in one call. */
        id: many(recordId),
        ...context,
        ...filterQuery,
      })
      .strict(),
    oneQuery: z.object({ ...context, AccountId: many(filters.AccountId ?? z.never()) }).strict(),
    filters,
  };
}

/** Query keys the normaliser turns into arrays: `x=1`, `x[]=1&x[]=2` and `x=[1,2]` alike. */
export function arrayQueryKeys(definition: EngineDefinition): Set<string> {
  return new Set(['expand', 'AccountId', 'SportId', 'id', ...definition.filters]);
}
