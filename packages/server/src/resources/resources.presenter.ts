import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { ownerOf } from './resources.access.ts';
import { outputFields } from './resources.schemas.ts';
import type { EngineDefinition, ResourceEntry, Row } from './resources.types.ts';

type Primitive = string | number | boolean | bigint | null | undefined;

function isPrimitive(value: unknown): value is Primitive {
  return value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol');
}

/** How many primitive values of one field are remembered before the memory starts afresh. */
const REMEMBERED = 2048;

/**
 * Presented primitive values per field schema. Declaration schemas are pure, so a primitive value
 * presents to the same primitive every time: a page's names and types (the same from call to call)
 * are parsed once, not once per row per call. Only primitive results are kept (a default's array
 * or object is made afresh for each row, as zod does).
 */
const presented = new WeakMap<z.core.$ZodType, Map<Primitive, Primitive>>();

function parseValue(schema: z.core.$ZodType, value: unknown): unknown {
  const parsed = safeParse(schema, value ?? undefined);
  return parsed.success ? parsed.data : (value ?? null);
}

/** A stored value as the field's schema reads it (defaults filled in); as stored when it no longer fits. */
function presentValue(schema: z.core.$ZodType | undefined, value: unknown): unknown {
  // Timestamp columns come back as dates; the schemas speak ISO 8601 text.
  if (value instanceof Date) return value.toISOString();
  if (!schema) return value ?? null;
  if (!isPrimitive(value)) return parseValue(schema, value);
  let known = presented.get(schema);
  if (!known) {
    known = new Map();
    presented.set(schema, known);
  }
  if (known.has(value)) return known.get(value);
  const result = parseValue(schema, value);
  if (isPrimitive(result)) {
    if (known.size >= REMEMBERED) known.clear();
    known.set(value, result);
  }
  return result;
}

function isoDate(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

type OutputField = readonly [field: string, schema: z.core.$ZodType | undefined];

/** A declaration's output fields and their schemas, worked out once, not for every row of a page. */
const outputs = new WeakMap<EngineDefinition, readonly OutputField[]>();

function outputsOf(definition: EngineDefinition): readonly OutputField[] {
  let fields = outputs.get(definition);
  if (!fields) {
    fields = outputFields(definition).map((field) => [field, definition.fields.shape[field]] as const);
    outputs.set(definition, fields);
  }
  return fields;
}

/**
 * What leaves the server for one record: the system fields and the declaration's fields, less
 * write-only ones, whatever else the row holds (a password hash never gets out). `links` holds
 * the values of link fields.
 */
export function presentRow(entry: ResourceEntry, row: Row, links: Record<string, unknown[]> = {}): Row {
  const { definition } = entry;
  const record: Row = {
    id: row.id,
    AccountId: ownerOf(entry, row),
    createdAt: isoDate(row.createdAt),
    updatedAt: isoDate(row.updatedAt),
  };
  for (const [field, schema] of outputsOf(definition)) {
    const value = field in links ? links[field] : row[field];
    record[field] = presentValue(schema, value);
  }
  return record;
}
