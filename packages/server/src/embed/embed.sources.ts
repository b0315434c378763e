import type { EmbedKind } from '@regie/contract/embed';
import type { EmbedChapter } from '@regie/contract/embed.schemas';
import type { Language } from '@regie/contract/languages';
import type { EventState } from '@regie/contract/resources/events';
import type { Db } from '../db/database.ts';
import { conferenceChapters, loadConferenceEmbed } from './embed.conferences.ts';
import { eventChapters, loadEventEmbed } from './embed.events.ts';
import type { DataOnlyMatch } from './embed.match.ts';

/** What an embedded player knows of one piece of content, whatever its state. */
export interface EmbedContent {
  title: string;
  /** The content's own poster; the video's poster when absent. */
  posterUrl?: string | null;
  /** Its lifecycle state (upcoming → live → replay). */
  state: EventState;
  startsAt: Date | null;
  published: boolean;
  /** False when the content's embed switch is off (contract embedSwitchOff). */
  embedOn: boolean;
  /** Its replay video, if any. */
  videoId: number | null;
  /** Its own RESTRAINED_ACCESS switch (contract viewer-access.ts): for the club's signed-in fans. */
  fansOnly: boolean;
  /** The event an event's page counts its plays for (its stats find them directly). */
  eventId?: number;
  /** A data-only match (NO_VIDEO, contract no-video.ts): its page shows the match, no picture. */
  dataOnly?: DataOnlyMatch | null;
}

/**
 * Where an embed kind reads its content: the content of that account with that id, or null when
 * there is none. With a language, the title in that language where the content has a translation.
 * Its chapters (an event's markers, a conference's chapters) are read apart: only a page that
 * plays shows them.
 */
export interface EmbedSource {
  content(db: Db, accountId: number, id: number, language?: Language): Promise<EmbedContent | null>;
  chapters(db: Db, accountId: number, id: number): Promise<EmbedChapter[]>;
}

/** One source per kind: an event's markers, a conference's chapters, are the page's chapters. */
export const EMBED_SOURCES: Readonly<Record<EmbedKind, EmbedSource>> = {
  events: { content: loadEventEmbed, chapters: eventChapters },
  'business-players': { content: loadConferenceEmbed, chapters: conferenceChapters },
};
