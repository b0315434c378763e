import type { PublicationState } from '@regie/contract/publications';

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
