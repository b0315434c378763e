/**
 * Renders a Message (messages.ts) in a language: the English entry of its catalog, or its French
 * twin (i18n/server.fr.ts). Every catalog module is imported here, so whoever renders knows
 * every code. An unknown code (or parameters its entry cannot take) renders the catalogued
 * "unexpected error": rendering never throws.
 */
import './accounts.ts';
import './query-builder.ts';
import './match-events.ts';
import './generate-events.ts';
import './feeds.messages.ts';
import './data-provider-subscriptions.ts';
import './data-import.ts';
import './attachments.ts';
import './audit.ts';
import './auth.ts';
import './cache.ts';
import './chat.ts';
import './clip-rules.ts';
import './clips.ts';
import './conferences.ts';
import './data-providers.ts';
import './games.ts';
import './graphics.ts';
import './embed.ts';
import { HTTP_MESSAGES } from './errors.ts';
import './events.ts';
import { SERVER_MESSAGES_FR } from './i18n/server.fr.ts';
import './jobs.ts';
import './lifecycle.ts';
import './live.ts';
import './media.ts';
import { catalogEntry, type Message, type MessageEntry } from './messages.ts';
import './payments.ts';
import './resources/item-links.ts';
import './resources/playlists.ts';
import './reposts.ts';
import './resources/shapes.ts';
import './simulcast.ts';
import './sport-maps.ts';
import './stats.ts';
import './uploads.ts';
import './videos.ts';
import './watermark.ts';

/** The languages messages are rendered in; English is the one they are written in. */
export const MESSAGE_LANGUAGES = ['en', 'fr'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

const FRENCH: Readonly<Record<string, Readonly<Record<string, MessageEntry>>>> = SERVER_MESSAGES_FR;

function entryIn(code: string, language: MessageLanguage): MessageEntry | undefined {
  if (language === 'en') return catalogEntry(code);
  const dot = code.indexOf('.');
  return dot < 0 ? undefined : FRENCH[code.slice(0, dot)]?.[code.slice(dot + 1)];
}

function apply(entry: MessageEntry | undefined, message: Message): string | null {
  if (entry === undefined) return null;
  if (typeof entry === 'string') return entry;
  try {
    const text = entry(...((message.params ?? []) as never[]));
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

/** The words of `message` in `language` (any other language than fr: English). */
export function renderMessage(message: Message, language: string = 'en'): string {
  const lang: MessageLanguage = language.slice(0, 2).toLowerCase() === 'fr' ? 'fr' : 'en';
  return (
    apply(entryIn(message.code, lang), message) ??
    apply(entryIn(HTTP_MESSAGES.unexpected.code, lang), HTTP_MESSAGES.unexpected) ??
    'An unexpected error occurred'
  );
}
