import { createHash } from 'node:crypto';
import type { ProviderRefEntity } from '../db/feeds.table.ts';

/**
 * How a name of a document finds a record of the account: case, accents, punctuation spacing and
 * repeated spaces do not count ("Olympique  Lyonnais" = "olympique lyonnais" = "Olympique Lyonnais").
 */
export function nameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The first record whose name matches `name` (nameKey), or undefined. */
export function findByName<T extends { name: string }>(records: readonly T[], name: string): T | undefined {
  const key = nameKey(name);
  return records.find((record) => nameKey(record.name) === key);
}

/** A stable hash of what an import wrote into a record: the same content, the same digest. */
export function digestOf(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('base64url');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The provider ref's key of a record of the document. */
export function refKey(entity: ProviderRefEntity, providerId: string): string {
  return `${entity}\u0000${providerId}`;
}

/** A round's provider id: rounds have none of their own, their season's and their name make one. */
export function roundProviderId(seasonRef: string, roundName: string): string {
  return `${seasonRef}/${nameKey(roundName)}`;
}
