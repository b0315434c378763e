import { type AuditChanges, type AuditOtherResource, isSecretField } from '@regie/contract/audit';
import type { Db } from '../db/database.ts';
import { type AuditSource, writeAudit } from './audit.service.ts';

/**
 * The field changes of a write to a table outside the resource engine (contract audit.ts
 * `changes`), with the shape audit.diff.ts gives the engine's: `{field: {before, after}}`, a secret
 * (isSecretField) only as `{changed: true}`, a field left as it was not at all. `before` is null at
 * a create, `after` null at a delete; only `fields` are compared (what the API shows of the row).
 */
export function diffFields<Before extends object, After extends object>(
  before: Before | null,
  after: After | null,
  fields: readonly ((keyof Before | keyof After) & string)[],
  /** Fields recorded only as changed besides those named like a credential (a stream key). */
  secrets: readonly string[] = [],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const from = plain(read(before, field));
    const to = plain(read(after, field));
    if (canonical(from) === canonical(to)) continue;
    changes[field] = isSecretField(field) || secrets.includes(field) ? { changed: true } : { before: from, after: to };
  }
  return changes;
}

/** A field of a row (a field the row does not hold: null). */
function read(row: object | null, field: string): unknown {
  return row === null ? null : (row as Readonly<Record<string, unknown>>)[field];
}

/** A value as JSON holds it: dates as ISO text, big integers as text, nothing undefined. */
export function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** JSON text with every object's keys sorted: a jsonb column gives its keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/**
 * The entry writer of one kind of record outside the engine (a graphic, a simulcast…): its
 * create, update or delete on the record itself, with the field diffs of `fields` (`secrets` only
 * as changed). Called in the change's transaction.
 */
export function rowAudit<Row extends { id: number; accountId: number }>(
  resource: AuditOtherResource,
  fields: readonly (keyof Row & string)[],
  secrets: readonly string[] = [],
) {
  return (
    tx: Db,
    source: AuditSource,
    action: 'create' | 'update' | 'delete',
    before: Row | null,
    after: Row | null,
  ): Promise<void> => {
    const row = after ?? before;
    if (!row) throw new Error(`An entry of ${resource} needs the row before or after`);
    return writeAudit(tx, source, {
      accountId: row.accountId,
      resource,
      resourceId: row.id,
      action,
      changes: diffFields(before, after, fields, secrets),
    });
  };
}
