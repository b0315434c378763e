import type { MessageKey } from '@regie/contract/i18n/en';
import type { AnyResource, ResourceRecord } from './any-resource.ts';

/** What a save of a record tells the user (issue 46.7): what was done, not 'Requested'. */
export interface SaveNotice {
  key: MessageKey;
  values?: Record<string, string>;
}

/** The record's name as users know it: its name or title, else none. */
function nameOf(record: ResourceRecord): string | null {
  for (const field of ['name', 'title', 'username']) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

/**
 * The notice of a save: a record made ("… created"), shown to fans or taken from them by its
 * `published` switch ("… published", "… unpublished"), else saved.
 */
export function saveNotice(
  resource: Pick<AnyResource, 'fields'>,
  before: ResourceRecord | null,
  saved: ResourceRecord,
): SaveNotice {
  const name = nameOf(saved);
  const named = (key: MessageKey, plain: MessageKey): SaveNotice =>
    name === null ? { key: plain } : { key, values: { name } };
  const publishes = 'published' in resource.fields.shape && typeof saved.published === 'boolean';
  if (publishes && saved.published !== Boolean(before?.published) && (before !== null || saved.published)) {
    return saved.published
      ? named('notification.publishedNamed', 'notification.published')
      : named('notification.unpublishedNamed', 'notification.unpublished');
  }
  if (before === null) return named('notification.createdNamed', 'notification.created');
  return { key: 'notification.saved' };
}
