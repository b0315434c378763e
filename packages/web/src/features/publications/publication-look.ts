import type { Publication, PublicationState } from '@regie/contract/publications';
import { SOCIAL_PLATFORM_NAMES } from '@regie/contract/social';
import { PLATFORM_ICONS } from '../settings/social/platform-display.ts';

/**
 * Where a publication goes, as every view of it names it: the platform (its name and icon), the
 * page or channel (else the linked account), and both as one label ("YouTube – Riverside FC").
 */
export function placeOf(publication: Pick<Publication, 'platform' | 'targetName' | 'accountName'>) {
  const name = SOCIAL_PLATFORM_NAMES[publication.platform];
  const where = publication.targetName ?? publication.accountName;
  return { name, where, label: `${name} – ${where}`, Icon: PLATFORM_ICONS[publication.platform] };
}

/** The colour of a state's badge; the state is always written in it. */
export const PUBLICATION_STATE_COLOURS: Readonly<Record<PublicationState, string>> = {
  approval: 'yellow',
  scheduled: 'indigo',
  queued: 'gray',
  rendering: 'violet',
  uploading: 'blue',
  processing: 'cyan',
  published: 'teal',
  failed: 'red',
  cancelled: 'gray',
};
