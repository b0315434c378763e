import { type AuditChanges, isSecretField } from '@regie/contract/audit';

/**
 * The field changes of a record that is not the engine's (a live input, a simulcast, a graphic):
 * the same shape as diffRecord's (audit.diff.ts), over the fields named. A field the contract
 * calls secret, or one of `secrets` (a stream key, a destination's key), is recorded only as
 * `{changed: true}`, never with a value.
 */

/** A value as JSON holds it: dates as ISO text, big integers as text, nothing undefined. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function same(before: unknown, after: unknown): boolean {
  if (before === after) return true;
  if (before === null || after === null || typeof before !== 'object' || typeof after !== 'object') return false;
  return JSON.stringify(before) === JSON.stringify(after);
}

type Fields = Readonly<Record<string, unknown>>;

/**
 * `fields` of `before` and `after` that differ (`before` null at a create, `after` null at a
 * delete); a field absent from a row counts as null.
 */
export function diffFields(
  before: Fields | null,
  after: Fields | null,
  fields: readonly string[],
  secrets: readonly string[] = [],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const from = plain(before?.[field]);
    const to = plain(after?.[field]);
    if (same(from, to)) continue;
    changes[field] = isSecretField(field) || secrets.includes(field) ? { changed: true } : { before: from, after: to };
  }
  return changes;
}
