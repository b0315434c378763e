import type { EmbedKind } from '@regie/contract/embed';
import type { EmbedChapter } from '@regie/contract/embed.schemas';
import type { Language } from '@regie/contract/languages';
import type { Db } from '../db/database.ts';
import { loadConferenceEmbed } from './embed.conferences.ts';
import { loadEventEmbed } from './embed.events.ts';

/** What an embedded player shows of one piece of content. */
export interface EmbedContent {
  title: string;
  /** The content's own poster; the video's poster when absent. */
  posterUrl?: string | null;
  videoId: number;
  /** The event an event's page counts its plays for (its stats find them directly). */
  eventId?: number;
  chapters: EmbedChapter[];
}

/**
 * Where an embed kind reads its content: the content of that account with that id, or null when
 * there is none or it is not published (the page then says it is not available). With a
 * language, the title in that language where the content has a translation.
 */
export type EmbedSource = (db: Db, accountId: number, id: number, language?: Language) => Promise<EmbedContent | null>;

/** One source per kind: an event's markers, a conference's chapters, are the page's chapters. */
export const EMBED_SOURCES: Readonly<Record<EmbedKind, EmbedSource>> = {
  events: loadEventEmbed,
  'business-players': loadConferenceEmbed,
};
