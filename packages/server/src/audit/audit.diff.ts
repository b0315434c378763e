import { type AuditChanges, isSecretField } from '@regie/contract/audit';
import type { EngineDefinition, ResourceEntry, Row } from '../resources/resources.types.ts';
import { plain } from './audit.rows.ts';

/**
 * The field changes of a record's write (contract audit.ts `changes`): the declaration's fields
 * only (a password hash or a media key the server keeps beside them is not the API's), each as
 * the API speaks it, and a secret only as `{changed: true}`.
 */

function same(before: unknown, after: unknown): boolean {
  if (before === after) return true;
  if (before === null || after === null || typeof before !== 'object' || typeof after !== 'object') return false;
  return JSON.stringify(before) === JSON.stringify(after);
}

interface AuditedField {
  field: string;
  secret: boolean;
  /** Kept in a join table (entry.links), not a column. */
  link: boolean;
}

const fieldsOf = new WeakMap<EngineDefinition, readonly AuditedField[]>();

/** The declaration's fields, worked out once per resource. */
export function auditedFields(entry: ResourceEntry): readonly AuditedField[] {
  const { definition } = entry;
  let fields = fieldsOf.get(definition);
  if (!fields) {
    const ui: Readonly<Record<string, { writeOnly?: boolean }>> = definition.ui;
    fields = Object.keys(definition.fields.shape).map((field) => ({
      field,
      secret: isSecretField(field, ui[field]),
      link: Boolean(entry.links?.[field]),
    }));
    fieldsOf.set(definition, fields);
  }
  return fields;
}

/**
 * The changes between two states of a record. `before` is null at a create, `after` null at a
 * delete. A field a row does not hold (a link, a write-only password) is read from `given`, the
 * values written, when present there; `links` holds the link values before an update.
 */
export function diffRecord(
  entry: ResourceEntry,
  before: Row | null,
  after: Row | null,
  given: Row = {},
  linksBefore: Record<string, unknown[]> = {},
): AuditChanges {
  const changes: AuditChanges = {};
  for (const { field, secret, link } of auditedFields(entry)) {
    const stored = (row: Row | null): boolean => row !== null && field in row;
    let from: unknown;
    let to: unknown;
    if (link) {
      // A link is written only when given; a create or a delete records what is known of it.
      if (after !== null && !(field in given)) continue;
      from = before === null ? null : (linksBefore[field] ?? null);
      to = after === null ? null : given[field];
    } else if (stored(before) || stored(after)) {
      from = before === null ? null : before[field];
      to = after === null ? null : after[field];
    } else {
      // Not a column (a password the hook hashes away): it changed when it was given.
      if (given[field] === undefined || given[field] === null || given[field] === '') continue;
      if (before !== null && after === null) continue;
      changes[field] = { changed: true };
      continue;
    }
    from = plain(from);
    to = plain(to);
    if (same(from, to)) continue;
    changes[field] = secret ? { changed: true } : { before: from, after: to };
  }
  return changes;
}
