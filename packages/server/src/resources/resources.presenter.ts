import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { ownerOf } from './resources.access.ts';
import { outputFields } from './resources.schemas.ts';
import type { EngineDefinition, ResourceEntry, Row } from './resources.types.ts';

/** A stored value as the field's schema reads it (defaults filled in); as stored when it no longer fits. */
function presentValue(schema: z.core.$ZodType | undefined, value: unknown): unknown {
  // Timestamp columns come back as dates; the schemas speak ISO 8601 text.
  if (value instanceof Date) return value.toISOString();
  if (!schema) return value ?? null;
  const parsed = safeParse(schema, value ?? undefined);
  return parsed.success ? parsed.data : (value ?? null);
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
