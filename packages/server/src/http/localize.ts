import { HTTP_MESSAGES } from '@regie/contract/errors';
import { type Message, schemaIssueMessage } from '@regie/contract/messages';
import { type MessageLanguage, renderMessage } from '@regie/contract/messages.render';
import type { FastifyRequest } from 'fastify';
import enLocale from 'zod/v4/locales/en.js';
import frLocale from 'zod/v4/locales/fr.js';

export type { MessageLanguage };

/** Accept-Language values seen, and the language each means: a browser sends the same one all day. */
const languagesByHeader = new Map<string, MessageLanguage>();
const LANGUAGE_HEADERS_KEPT = 500;

/** The first language of Accept-Language the server speaks (`fr-FR;q=0.9` counts as fr), else en. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): MessageLanguage {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  let language = languagesByHeader.get(header);
  if (language === undefined) {
    language = headerLanguage(header);
    if (languagesByHeader.size >= LANGUAGE_HEADERS_KEPT) languagesByHeader.clear();
    languagesByHeader.set(header, language);
  }
  return language;
}

function headerLanguage(header: string): MessageLanguage {
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const q = Number(
        options
          .find((option) => option.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { language: tag.trim().slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    if (entry.language === 'fr' || entry.language === 'en') return entry.language;
  }
  return 'en';
}

/**
 * The Message of a zod issue: ours (schemaMessage, refineMessage), else zod's words as they are
 * (`HTTP_MESSAGES.clientError`).
 */
export function issueMessage(issue: { message: string; params?: Record<string, unknown> }): Message {
  return schemaIssueMessage(issue) ?? HTTP_MESSAGES.clientError(issue.message);
}

/** A message of the contract's catalogs in `language`. */
export function localize(message: Message, language: MessageLanguage): string {
  return renderMessage(message, language);
}

const en = enLocale().localeError;
const fr = frLocale().localeError;

/** A value of the type zod named in "received <type>" (final issues do not keep the input). */
const SAMPLES: Readonly<Record<string, unknown>> = {
  string: '',
  number: 0,
  boolean: false,
  array: [],
  object: {},
  null: null,
  undefined: undefined,
  bigint: 0n,
  date: new Date(0),
  NaN: Number.NaN,
};

type LocaleIssue = Parameters<typeof en>[0];

/**
 * A zod issue's default (English) message in `language`; null when the message is not zod's
 * default (a message of ours: errors.handler renders its Message instead).
 */
export function localizeZodIssue(
  issue: { keyword: string; message?: string; params: Record<string, unknown> },
  language: MessageLanguage,
): string | null {
  if (language === 'en' || !issue.message) return null;
  const raw: Record<string, unknown> = { code: issue.keyword, ...issue.params };
  const received = /received (\w+)$/.exec(issue.message)?.[1];
  if (issue.keyword === 'invalid_type' && received !== undefined && received in SAMPLES) raw.input = SAMPLES[received];
  const asText = (result: ReturnType<typeof en>) => (typeof result === 'string' ? result : result?.message);
  try {
    if (asText(en(raw as unknown as LocaleIssue)) !== issue.message) return null;
    return asText(fr(raw as unknown as LocaleIssue)) ?? null;
  } catch {
    return null;
  }
}
