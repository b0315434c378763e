import { aspectOfSize } from '@regie/contract/vertical';
import type { PublishableVideo } from './publish-form.ts';

/** What the Publish dialog needs of a video record as the server presents it (open fields). */
export function publishableOf(record: Readonly<Record<string, unknown>>): PublishableVideo {
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: Number(record.id),
    title: text(record.title) || `#${String(record.id)}`,
    description: text(record.description),
    durationSeconds: number(record.duration) ?? 0,
    sizeBytes: number(record.size) ?? 0,
    ownAspect: aspectOfSize(number(record.width), number(record.height)),
  };
}
